// The engine's public types: wallets and the account area (re-exported by api.ts).
import type { LeverPositionView, LeverTab } from './lever.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { SpotMode } from '../../shared/spot.ts';
import type { AccountName, WithdrawNetwork } from '../../shared/wallet.ts';
import type { SpotOrderOutcome } from './spot.ts';

// ---- Wallets and the account area (issue 6) ------------------------------------------------

// the four accounts' names are the shared rules' (src/shared/wallet.ts), declared once
export type { AccountName };

/** One currency in one account: available and locked amounts and the currency's prices. */
export interface BalanceRowView {
  currencyId: number;
  name: string;
  /** eth, btc, usdt, erc20, omni. */
  type: string;
  isLegal: boolean;
  isLever: boolean;
  isMatch: boolean;
  isMicro: boolean;
  available: DecStr;
  locked: DecStr;
  usdtPrice: DecStr;
  cnyPrice: DecStr;
  /** The currency's decimals (extension; absent when the server does not say). */
  decimals?: number;
}

export interface AccountView {
  rows: BalanceRowView[];
  totalUsdt: DecStr;
  totalCny: DecStr;
}

/** The user's four accounts (wallet/list), refreshed on `update_balance` while watched. */
export interface WalletView {
  loaded: boolean;
  /**
   * The accounts are the last ones known from an earlier page session of the same login, as of
   * `at`, not yet confirmed by the server in this one (offline, or before the first list). A
   * held view is never `loaded`: what acts on balances (forms, Max) treats them as unknown.
   */
  held: boolean;
  /** The last refresh failed (the rows are those of the last success). */
  error: string | null;
  /** `is_open_CTbi`: deposits and withdrawals are open. */
  fundingOpen: boolean;
  exRate: DecStr;
  accounts: Record<AccountName, AccountView>;
  /** Event time of the last list. */
  at: number;
}

export interface PageView<T> {
  rows: T[];
  page: number;
  pages: number;
  total: number;
  hasMore: boolean;
}

export interface LogRowView {
  id: number;
  /** Signed amount. */
  value: DecStr;
  info: string;
  time: string;
  /** legal, change, lever, micro (lock_… for the locked part). */
  account: string;
  currency: string;
  type: number;
}

export interface WalletDetailView {
  currencyId: number;
  name: string;
  type: 'legal' | 'change';
  available: DecStr;
  locked: DecStr;
  usdtPrice: DecStr;
  cnyPrice: DecStr;
}

export interface WithdrawInfoView {
  name: string;
  available: DecStr;
  min: DecStr;
  /** "0": no single maximum. */
  max: DecStr;
  dayLimit: DecStr;
  /** What may still be withdrawn today (null: the server does not say). */
  dayLeft: DecStr | null;
  /** Fee in percent. */
  rate: DecStr;
  /** The currency's decimals (null: the server does not say; the fee is then kept to 8). */
  decimals: number | null;
  /** Networks offered (null: the server does not say; the page offers the spec's tabs). */
  networks: string[] | null;
}

export interface DepositAddressView {
  network: string;
  address: string;
}

export interface FundingRecordView {
  id: number;
  kind: 'withdraw' | 'deposit';
  currency: string;
  network: string;
  number: DecStr;
  fee: DecStr;
  received: DecStr;
  address: string;
  /** 0 applying / pending, 1 sent / credited, 2 rejected. */
  status: number;
  reason: string;
  time: string;
  handledTime: string;
}

export interface WithdrawAddressView {
  id: number;
  currencyId: number;
  currency: string;
  address: string;
  notes: string;
}

export interface CurrencyView {
  id: number;
  name: string;
  type: string;
  isLegal: boolean;
  isLever: boolean;
  isMatch: boolean;
  isMicro: boolean;
  canDeposit: boolean;
  canWithdraw: boolean;
}

export interface IdentityView {
  reviewStatus: number;
  name: string;
  cardType: number | null;
  /** Why the last submission was rejected ('' otherwise). */
  reason: string;
  submittedTime: string;
}

export interface AcceptorView {
  id: number;
  name: string;
  rechargeAmount: DecStr;
  rechargeRate: DecStr;
  cashAmount: DecStr;
  cashRate: DecStr;
  wechatNickname: string;
  wechatAccount: string;
  aliNickname: string;
  aliAccount: string;
  bankName: string;
  bankAccount: string;
  bankAddress: string;
  balance: DecStr;
}

export interface AcceptorDealView {
  id: number;
  createTime: string;
  updateTime: string;
  dealAccount: string;
  acceptorName: string;
  acceptorAccount: string;
  way: string;
  type: 'buy' | 'sell';
  money: DecStr;
  number: DecStr;
  rate: DecStr;
  /** 0 waiting, 1 confirmed, 2 rejected. */
  isSure: number;
  paidTime: string;
  /** When an unconfirmed paid sell deal confirms itself (ms; event clock), or null. */
  autoConfirmAt: number | null;
}

export interface RegionUserView {
  city: string;
  district: string;
  phone: string;
  time: string;
}

export interface EntrustView {
  id: number;
  time: string;
  legal: string;
  currency: string;
  /** Open: what is left; finished: the filled quantity. */
  number: DecStr;
  /** Open: the limit; finished: the average fill price (the limit when nothing filled). */
  price: DecStr;
  account: string;
  type: 'in' | 'out';
  /** Issue 20 (absent from a legacy server): what the order really did. */
  total?: DecStr;
  filled?: DecStr;
  avgPrice?: DecStr;
  limitPrice?: DecStr;
  mode?: SpotMode;
  /** Only for a finished order. */
  outcome?: SpotOrderOutcome;
  /** Issue 41: the fee its fills paid, in the currency it received (coin of a buy, legal of a sell). */
  fee?: DecStr;
  /** Issue 41: Σ price × number of its fills, in the legal currency. */
  notional?: DecStr;
}

export interface UserCenterView {
  vipCode: string;
  totalAssets: DecStr;
}

/** Payout details (cash info, c2c): '' for what was not given. */
export interface CashInfoView {
  realName: string;
  bankName: string;
  bankAccount: string;
  alipayAccount: string;
  wechatNickname: string;
  wechatAccount: string;
}

/** Read-only account queries: kind → input and result. */
export interface AccountQueries {
  'wallet-detail': {
    input: { currencyId: number; type: 'legal' | 'change' };
    output: WalletDetailView;
  };
  'wallet-log': {
    input: { account: AccountName; currencyId: number | null; page: number };
    output: PageView<LogRowView>;
  };
  'account-log': { input: { page: number }; output: PageView<LogRowView> };
  'transfer-log': { input: { page: number }; output: PageView<LogRowView> };
  'withdraw-info': { input: { currencyId: number }; output: WithdrawInfoView };
  'deposit-addresses': { input: { currencyId: number }; output: DepositAddressView[] };
  'funding-records': {
    input: { kind: 'withdraw' | 'deposit'; page: number };
    output: PageView<FundingRecordView>;
  };
  addresses: { input: { currencyId: number }; output: WithdrawAddressView[] };
  currencies: { input: { withdrawable: boolean }; output: CurrencyView[] };
  identity: { input: Record<string, never>; output: IdentityView };
  acceptors: { input: Record<string, never>; output: AcceptorView[] };
  acceptor: { input: { id: number }; output: AcceptorView };
  'acceptor-deals': { input: { type: 'buy' | 'sell' | null }; output: AcceptorDealView[] };
  'region-users': { input: { page: number }; output: PageView<RegionUserView> };
  entrusts: {
    input: { type: 'in' | 'out' | 'complete'; page: number };
    output: PageView<EntrustView>;
  };
  'user-center': { input: Record<string, never>; output: UserCenterView };
  'cash-info': { input: Record<string, never>; output: CashInfoView };
  sessions: { input: Record<string, never>; output: SessionRowView[] };
  /** A page of the user's contract orders of one tab, every pair (the CSV export). */
  'lever-positions': {
    input: { tab: LeverTab; page: number };
    output: PageView<LeverPositionView>;
  };
}
export type AccountQueryKind = keyof AccountQueries;

/** One of the user's live sessions (GET /api/user/sessions, ADR 0042), the newest first. */
export interface SessionRowView {
  id: number;
  /** ms */
  createdAt: number;
  /** ms; written by the server at most once a minute */
  lastUsedAt: number;
  /** "Chrome 131", or null when the browser is not known */
  browser: string | null;
  /** "Windows", or null */
  os: string | null;
  /** The session of this browser. */
  current: boolean;
}

export interface TransferInput {
  currencyId: number;
  from: AccountName;
  to: AccountName;
  amount: string;
  /** The source's available amount as the page shows it (checked before sending). */
  available: string | null;
  /** The lever transfer page's minimum of 100. */
  leverPage?: boolean;
}

export interface WithdrawInput {
  currencyId: number;
  network: WithdrawNetwork;
  amount: string;
  address: string;
  realName: string;
  bankName: string;
  bankAddress: string;
  rules: { min: string; max: string; rate: string } | null;
  available: string | null;
}

/** State-changing account commands: kind → input. */
export interface AccountCommands {
  transfer: TransferInput;
  withdraw: WithdrawInput;
  deposit: {
    currencyId: number;
    network: string;
    amount: string;
    source: string;
    hash: string;
    pic: string;
  };
  'address-add': { currencyId: number | null; address: string; notes: string };
  'address-delete': { id: number };
  identity: {
    name: string;
    cardId: string;
    cardType: number;
    front: string;
    reverse: string;
    hand: string;
  };
  'acceptor-deal': {
    acceptorId: number;
    type: 'buy' | 'sell';
    way: string;
    mobile: string;
    dealAccount: string;
    money: string;
  };
  'acceptor-confirm': { id: number };
  'cash-save': CashInfoView;
  /** Ends one of the user's other sessions (ADR 0042). */
  'session-end': { id: number };
}
export type AccountCommandKind = keyof AccountCommands;
