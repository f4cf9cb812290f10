// The engine's public module: the only file of src/engine the UI may import (types only).
// The engine runs in a dedicated worker; the page reaches it through Comlink
// (src/ui/engine-bridge) and receives at most one coalesced FrameDiff per animation frame.
// Everything crossing the boundary is structured-clonable: decimals travel as DecStr.
import type { DecStr } from '../shared/decimal.ts';
import type { Lang } from '../shared/locales.ts';
import type { LoanApplication, LoanState, RepayCoin } from '../shared/lending.ts';
import type { KlinePeriod } from '../shared/constants.ts';
import type { SpotMode, SpotSide } from '../shared/spot.ts';
import type { AccountKind, ValidationId } from '../shared/validation.ts';
import type { CountryItem, CurrencyDetail, NewsDetail, NewsItem } from '../shared/wire.ts';

export type ConnectionState = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'offline';
export type LogStatus = 'indexeddb' | 'memory' | 'opening';
/**
 * Why the browser's storage is not (fully) in use (ConnectionView.storage):
 * - 'unavailable': there is no IndexedDB here (private mode, disabled, a sandbox);
 * - 'quota': the browser's storage quota is exhausted;
 * - 'blocked': an older tab keeps the database open and blocks its upgrade;
 * - 'other-tab': another tab records the stored log (one writer per browser);
 * - 'failed': any other storage failure;
 * - 'newer-version': another tab opened a newer schema; this tab closed its databases and
 *   needs a reload (the log keeps to memory meanwhile).
 */
export type StorageIssue =
  'unavailable' | 'quota' | 'blocked' | 'other-tab' | 'failed' | 'newer-version';

export interface SessionView {
  loggedIn: boolean;
  userId: number | null;
  /** Masked account for the header menu, e.g. "ab***@mail.com" or "138****5678". */
  maskedAccount: string | null;
  account: string | null;
  extensionCode: string | null;
  isSeller: boolean;
  email: string | null;
  phone: string | null;
  reviewStatus: number;
  /** Set when the server answered 999; the page shows "Please login again" and routes to login. */
  expiredAt: number | null;
}

export interface ConnectionView {
  state: ConnectionState;
  /** Estimated server time − local time, ms (from /api/server/time and push server_time). */
  clockOffsetMs: number;
  reconnects: number;
  log: LogStatus;
  /** Why the log keeps to memory, or why this tab must reload; null while all is well. */
  /** Absent (or null) while storage is in use; absent until a fault, so recordings made before
   * this field existed keep their projection hashes (tests/fixtures). */
  storage?: StorageIssue | null;
}

export interface Ticker {
  matchId: number;
  symbol: string; // "BTC/USDT"
  legalId: number;
  currencyId: number;
  legalName: string;
  currencyName: string;
  logo: string;
  price: DecStr;
  /** Percent change, signed, 2 decimals, e.g. "1.23" or "-0.50". */
  change: DecStr;
  high: DecStr;
  low: DecStr;
  volume: DecStr;
  /**
   * The mark price (extension of `daymarket`), at which contracts open, close and settle;
   * absent until a push carries one. `price` is the last trade.
   */
  markPrice?: DecStr;
  isDisplay: boolean;
  sort: number;
  /** Time of the last update (event time, ms). */
  at: number;
  /** Decimals of prices and of quantities on this pair (extension of quotation_new). */
  pricePrecision: number;
  amountPrecision: number;
}

export interface QuotationGroupView {
  legalId: number;
  name: string;
  /** Symbols of the group's pairs, in the server's sort order. */
  symbols: string[];
}

export interface MarketView {
  groups: QuotationGroupView[];
  loaded: boolean;
  error: string | null;
}

// ---- Spot (issue 3) ------------------------------------------------------------------------

/**
 * Price grouping of the order book: a whole multiple of the pair's tick (10^-pricePrecision).
 * The page offers 1, 10, 100 and 1000, and for high-priced pairs also 5000, 10000, … (5 or 10
 * times a power of ten; src/ui/screens/spot/book-math.ts `groupingOptions`). Anything that is
 * not a positive safe integer is taken as 1.
 */
export type BookGrouping = number;
/** How often the book is sent to the page: every frame, or at most every 250 ms / 1 s. */
export type BookRate = 'frame' | 250 | 1000;

/** One grouped price level, as the page paints it. */
export interface BookRow {
  /** Grouped price: bids rounded down, asks rounded up to the grouping step. */
  price: DecStr;
  amount: DecStr;
  /** Cumulative amount from the best level down to this one (inclusive). */
  total: DecStr;
  /** total / the larger of the two sides' totals over the whole book, 0..1 (depth bar width). */
  depth: number;
  /** The user has an open order at a price inside this level. */
  own: boolean;
}

/** The order book of the selected pair: only the rows inside the page's windows. */
export interface BookView {
  symbol: string;
  grouping: BookGrouping;
  /** The pair's tick, e.g. "0.01". */
  tick: DecStr;
  /** Grouped levels in the whole book, per side (for the virtualizer's scroll height). */
  bidCount: number;
  askCount: number;
  /** Index of bids[0] / asks[0] among the side's grouped levels (0 = best). */
  bidStart: number;
  askStart: number;
  /** Best first: bids descending, asks ascending. */
  bids: BookRow[];
  asks: BookRow[];
  bestBid: DecStr | null;
  bestAsk: DecStr | null;
  /** bestAsk − bestBid, null when a side is empty. */
  spread: DecStr | null;
  /** 'legacy' top-10 pushes or the snapshot/delta stream. */
  source: 'legacy' | 'delta' | 'rest' | 'none';
  /** How many times the book was replaced by a fresh snapshot after a gap or a reconnect. */
  resyncs: number;
  /** Time of the last change (event time, ms). */
  at: number;
}

/** The rows of the book the page shows; the engine sends only these. */
export interface BookWindow {
  bidStart: number;
  bidCount: number;
  askStart: number;
  askCount: number;
}

export interface TradeView {
  id: number;
  price: DecStr;
  amount: DecStr;
  direction: 'buy' | 'sell';
  /** ms */
  time: number;
}

export interface Bar {
  /** Open time, ms. */
  time: number;
  open: DecStr;
  high: DecStr;
  low: DecStr;
  close: DecStr;
  volume: DecStr;
}

/** Chart change: `reset` replaces all bars (new pair/period or history loaded); otherwise upsert by time. */
export interface ChartDiff {
  symbol: string;
  period: KlinePeriod;
  reset: boolean;
  bars: Bar[];
  loading: boolean;
  error: string | null;
}

export interface OpenOrderView {
  id: number;
  side: SpotSide;
  mode: SpotMode;
  symbol: string;
  price: DecStr;
  /** Remaining. */
  number: DecStr;
  totalNumber: DecStr;
  completeNumber: DecStr;
  totalMoney: DecStr;
  createTime: string;
}

/** How a finished spot order ended (issue 20): whole, partly then cancelled, or untouched. */
export type SpotOrderOutcome = 'filled' | 'part-cancelled' | 'cancelled';

/**
 * A row of the spot order history: one of the user's finished orders (`transaction_history`).
 * Rows recorded before issue 20, or read from a legacy server (`transaction_complete`), are
 * single fills: without `outcome`, `total`, `limitPrice` and `mode`.
 */
export interface FilledOrderView {
  id: number;
  side: SpotSide;
  symbol: string;
  /** The volume-weighted average fill price (a fill: its price); "0" when nothing filled. */
  price: DecStr;
  /** The filled quantity. */
  number: DecStr;
  fee: DecStr;
  time: string;
  outcome?: SpotOrderOutcome;
  /** The ordered quantity. */
  total?: DecStr;
  /** The limit of a limit order. */
  limitPrice?: DecStr;
  mode?: SpotMode;
}

export interface SpotOrdersView {
  open: OpenOrderView[];
  history: FilledOrderView[];
  openHasMore: boolean;
  historyHasMore: boolean;
  loading: boolean;
}

/** The selected spot pair: balances, last price, currency info. */
export interface SpotView {
  symbol: string;
  legalId: number;
  currencyId: number;
  legalName: string;
  currencyName: string;
  pricePrecision: number;
  amountPrecision: number;
  lastPrice: DecStr;
  cnyPrice: DecStr;
  /** Available quote (legal) and base (currency) balances; "0" for visitors. */
  userLegal: DecStr;
  userCurrency: DecStr;
  detail: CurrencyDetail | null;
  loaded: boolean;
}

export interface PlaceSpotOrder {
  side: SpotSide;
  mode: SpotMode;
  /** Ignored for market orders. */
  price: string;
  number: string;
}

// ---- Wallets and the account area (issue 6) ------------------------------------------------

export type AccountName = 'legal' | 'change' | 'lever' | 'micro';

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
}
export type AccountQueryKind = keyof AccountQueries;

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
  network: 'erc20' | 'trc20' | 'omni' | 'bank' | 'btc';
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
}
export type AccountCommandKind = keyof AccountCommands;

// ---- Leveraged contracts (issue 7) ---------------------------------------------------------

/** A lever position (contract §5.2) in domain form. */
export interface LeverPositionView {
  id: number;
  /** 1 long, 2 short. */
  side: 1 | 2;
  symbol: string;
  legalId: number;
  currencyId: number;
  /** 0 pending, 1 holding, 2 closing, 3 closed, 4 revoked. */
  status: number;
  share: DecStr;
  number: DecStr;
  multiple: number;
  /** The market price at order time, or the limit price. */
  originPrice: DecStr;
  /** The open price (with the spread). */
  price: DecStr;
  markPrice: DecStr;
  /** "0": not set. */
  takeProfit: DecStr;
  stopLoss: DecStr;
  margin: DecStr;
  originMargin: DecStr;
  fee: DecStr;
  overnightMoney: DecStr;
  /** Live profit (holding) or the realized one (closed). */
  profit: DecStr;
  openTime: string;
  closeTime: string;
  /** Unix seconds. */
  createTime: number;
}

/** The lever panel of a pair (lever/deal): terms, multiples, hand presets, the free balance. */
export interface LeverDealView {
  symbol: string;
  legalId: number;
  currencyId: number;
  multiples: number[];
  shares: number[];
  minShare: number;
  /** 0: no maximum. */
  maxShare: number;
  shareNum: DecStr;
  /** Percents. */
  spreadPct: DecStr;
  feePct: DecStr;
  overnightPct: DecStr;
  pricePrecision: number;
  /** Liquidation line, risk rate in percent. */
  burstLine: DecStr;
  entrustOpen: boolean;
  lastPrice: DecStr;
  /**
   * The mark price when the panel was read (extension): positions open and close at it. The
   * live one is the ticker's `markPrice`.
   */
  markPrice?: DecStr;
  /** Free lever balance of the quote currency. */
  balance: DecStr;
  /** Aggregated open longs (bids) and shorts (asks) of all users. */
  longs: { price: DecStr; number: DecStr }[];
  shorts: { price: DecStr; number: DecStr }[];
  /** The pair's latest opened positions of all users (the spec's leverage transaction list). */
  recent: { time: number; side: 1 | 2; price: DecStr; number: DecStr }[];
}

/** Risk of the user's positions in one quote currency (from `lever_trade` and lists). */
export interface LeverRiskView {
  legalId: number;
  /** Percent, 2 decimals; null without open positions. */
  hazardRate: DecStr | null;
  profitsAll: DecStr;
  marginAll: DecStr;
  /** Free lever balance (extension of the push; null when unknown). */
  balance: DecStr | null;
  /** Event time of the figures. */
  at: number;
}

export interface LeverListView {
  rows: LeverPositionView[];
  hasMore: boolean;
  loaded: boolean;
}

export interface LeverView {
  symbol: string | null;
  deal: LeverDealView | null;
  holding: LeverListView;
  entrusts: LeverListView;
  closed: LeverListView;
  revoked: LeverListView;
  risk: LeverRiskView | null;
  error: string | null;
}

export type LeverTab = 'holding' | 'entrusts' | 'closed' | 'revoked';

export interface LeverCommands {
  submit: {
    side: 1 | 2;
    /** 1 market, 0 limit. */
    mode: 0 | 1;
    multiple: number | null;
    share: string;
    price: string;
  };
  close: { id: number };
  cancel: { id: number };
  'set-stop': { id: number; takeProfit: string; stopLoss: string };
  'batch-close': { type: 0 | 1 | 2; pairOnly: boolean };
}
export type LeverCommandKind = keyof LeverCommands;

// ---- Second contracts (issue 7) ------------------------------------------------------------

export interface MicroOrderView {
  id: number;
  /** id + 10000, the number users see. */
  showId: number;
  symbol: string;
  matchId: number;
  currency: string;
  /** 1 up, 2 down. */
  side: 1 | 2;
  seconds: number;
  number: DecStr;
  openPrice: DecStr;
  endPrice: DecStr;
  /** Percent paid on a win. */
  profitRatio: DecStr;
  fee: DecStr;
  /** 1 trading, 3 finished. */
  status: number;
  /** -1 loss, 0 draw, 1 win. */
  result: number;
  /** Realized profit (negative: the stake lost). */
  profit: DecStr;
  createdAt: string;
  /**
   * When it expires, on the engine's clock (event time of the reply or push that brought it
   * plus the time left the server gave): the countdown is deadline − now, in live and replay.
   */
  deadline: number;
  /** A settled order leaves the trading list at this time (push time + 500 ms); else null. */
  removeAt: number | null;
}

export interface MicroCurrencyView {
  id: number;
  name: string;
  feePct: DecStr;
  min: DecStr;
  max: DecStr;
  holdMax: number;
  presets: DecStr[];
  /** The user's micro balance; null for visitors. */
  balance: DecStr | null;
}

export interface MicroSecondsView {
  seconds: number;
  profitRatio: DecStr;
}

export interface MicroListView {
  rows: MicroOrderView[];
  hasMore: boolean;
  loaded: boolean;
}

export interface MicroView {
  currencies: MicroCurrencyView[];
  seconds: MicroSecondsView[];
  trading: MicroListView;
  closed: MicroListView;
  error: string | null;
}

export interface MicroSubmit {
  matchId: number;
  currencyId: number;
  /** 1 up, 2 down. */
  side: 1 | 2;
  seconds: number | null;
  number: string;
}

// ---- C2C (issue 8) -------------------------------------------------------------------------

export type C2cType = 'buy' | 'sell';
export type C2cWay = 'bank' | 'we_chat' | 'ali_pay';

export interface C2cAdView {
  id: number;
  sellerName: string;
  currencyId: number;
  currency: string;
  /** The publisher's side. */
  type: C2cType;
  way: C2cWay;
  wayName: string;
  price: DecStr;
  total: DecStr;
  surplus: DecStr;
  /** 0 open, 1 taken, 2 withdrawn. */
  isDone: number;
  createTime: string;
}

export interface C2cPayout {
  realName: string;
  bankName: string;
  bankAccount: string;
  alipayAccount: string;
  wechatNickname: string;
  wechatAccount: string;
}

export interface C2cDealView {
  id: number;
  adId: number;
  /** The ad's type. */
  type: C2cType;
  way: C2cWay;
  wayName: string;
  currency: string;
  number: DecStr;
  price: DecStr;
  money: DecStr;
  /** 0 awaiting payment, 3 paid, 1 finished, 2 cancelled. */
  isSure: number;
  sellerName: string;
  userName: string;
  counterpartyName: string;
  /** The viewer published the ad. */
  isPublisher: boolean;
  /** The viewer's side: the buyer pays, the seller releases. */
  side: C2cType;
  /** Payout details of the seller side (what the buyer pays to). */
  payTo: C2cPayout | null;
  createTime: string;
  updateTime: string;
  /** When an unpaid deal cancels itself, on the engine's clock (null when not unpaid). */
  deadline: number | null;
}

export interface C2cListView<T> {
  rows: T[];
  page: number;
  hasMore: boolean;
  loaded: boolean;
}

export interface C2cView {
  currencies: { id: number; name: string }[];
  market: C2cListView<C2cAdView> & { type: C2cType; currencyId: number | null };
  myAds: C2cListView<C2cAdView>;
  deals: C2cListView<C2cDealView>;
  /** The user's cancellations today, the daily limit and the unpaid window (GET /api/c2c/limits). */
  limits: C2cLimits | null;
  error: string | null;
}

/** The token pre-sale (GET /api/iepn): amounts exact, moments as the server's UTC text. */
export interface PresaleView {
  name: string;
  total: DecStr;
  issued: DecStr;
  remaining: DecStr;
  price: DecStr;
  start: string;
  end: string;
  siteUrl: string;
  whitepaperUrl: string;
}

/** A lock-up savings product (GET /api/lh/deposit/config). Rates are percents. */
export interface LockProductView {
  id: number;
  currencyId: number;
  currency: string;
  logo: string;
  min: DecStr;
  max: DecStr;
  days: number;
  /** Daily percent. */
  dailyRate: DecStr;
  /** dailyRate × days. */
  totalRate: DecStr;
  /** Sold share of the quota, percent (0 when unlimited). */
  progress: DecStr;
  /** Early-cancel fee, percent of the principal. */
  cancelFeeRate: DecStr;
}

/** Spec §4: 1 in progress, 2 ended, 3 cancelled (ended early). */
export type LockOrderStatus = 1 | 2 | 3;

export interface LockOrderView {
  id: number;
  currency: string;
  /** The principal with the interest compounded into it. */
  amount: DecStr;
  /** The principal locked. */
  locked: DecStr;
  /** Current daily percent. */
  dailyRate: DecStr;
  days: number;
  interest: DecStr;
  /** Running: the spec's expected yield; ended: the interest earned. */
  expected: DecStr;
  /** Running: what cancelling now costs; cancelled: what it cost. */
  cancelFee: DecStr;
  start: string;
  end: string;
  status: LockOrderStatus;
}

export interface LockOrdersView extends PageView<LockOrderView> {
  totalInterest: DecStr;
}

/** The loan terms (GET /api/lending/config). Rates are daily percents. */
export interface LoanConfigView {
  currency: string;
  min: DecStr;
  max: DecStr;
  terms: { days: number; rate: DecStr }[];
  agreementTitle: string;
  /** Server HTML: the page sanitizes it before showing it. */
  agreementHtml: string;
  coins: RepayCoin[];
  addresses: Record<RepayCoin, string>;
}

/** 0 under review, 1 approved and owed, 2 rejected, 3 repayment under review, 4 repaid. */
export interface LoanView {
  id: number;
  time: string;
  amount: DecStr;
  currency: string;
  days: number;
  rate: DecStr;
  interest: DecStr;
  owed: DecStr;
  due: string;
  state: LoanState;
  overdue: boolean;
  reason: string;
  repayment: {
    coin: string;
    amount: DecStr;
    status: number;
    reason: string;
    time: string;
  } | null;
}

export interface LoanListView extends PageView<LoanView> {
  /** USDT prices of btc and eth for the payable amounts ('0' when unknown). */
  prices: { btc: DecStr; eth: DecStr };
}

/**
 * A repayment quote (issue 20, ADR 0023): what to send for one loan in one coin, held until it
 * expires; the repayment names it and records exactly these figures.
 */
export interface LoanQuoteView {
  id: number;
  orderId: number;
  coin: RepayCoin;
  /** BTC, ETH or USDT. */
  currency: string;
  /** The USDT owed. */
  owed: DecStr;
  /** The coin's USDT price (1 for USDT). */
  price: DecStr;
  /** Send exactly this, in `currency`. */
  amount: DecStr;
  address: string;
  /** How long the quote held when the server answered (its clock: expiry − server time). */
  leftMs: number;
  /** How long a quote holds (seconds). */
  ttlSeconds: number;
}

/** Read-only queries of the savings, loan and pre-sale screens: kind → input and output. */
export interface EarnQueries {
  presale: { input: Record<string, never>; output: PresaleView };
  'lock-products': { input: Record<string, never>; output: LockProductView[] };
  'lock-orders': { input: { page: number }; output: LockOrdersView };
  'loan-config': { input: Record<string, never>; output: LoanConfigView };
  'loan-orders': { input: { page: number }; output: LoanListView };
  'loan-quote': { input: { orderId: number; coin: RepayCoin }; output: LoanQuoteView };
}
export type EarnQueryKind = keyof EarnQueries;

/** State-changing savings and loan commands: kind → input. */
export interface EarnCommands {
  'lock-buy': {
    productId: number;
    amount: string;
    /** The product as the page shows it, for the shared checks (min, max, balance). */
    min: DecStr;
    max: DecStr;
    dailyRate: DecStr;
    days: number;
    /** The change account's available amount of the product's coin, as the page shows it. */
    available: DecStr | null;
  };
  'lock-cancel': { id: number };
  'loan-apply': LoanApplication & {
    /** The term's rate as the page showed it (the server refuses a changed rate). */
    rate: DecStr | null;
    bounds: { min: DecStr; max: DecStr } | null;
  };
  'loan-repay': { orderId: number; coin: RepayCoin; quoteId: number; image: string };
}
export type EarnCommandKind = keyof EarnCommands;

export interface C2cLimits {
  cancelToday: number;
  cancelLimit: number;
  payMinutes: number;
}

export interface C2cCommands {
  publish: {
    type: C2cType;
    way: C2cWay | null;
    price: string;
    number: string;
    currencyId: number | null;
  };
  take: { id: number };
  pay: { id: number };
  cancel: { id: number };
  confirm: { id: number; isPublisher: boolean };
  withdraw: { id: number };
}
export type C2cCommandKind = keyof C2cCommands;

/** One coalesced change set, at most one per animation frame, none while hidden. */
/** What changed since the last diff; the view projections' views under their names. */
export interface FrameDiff extends Partial<Views> {
  frame: number;
  session?: SessionView;
  connection?: ConnectionView;
  market?: MarketView;
  /** Changed tickers only, by symbol. */
  tickers?: Record<string, Ticker>;
  /** Changed sparklines only: the last closes (≤ 60), oldest first. */
  sparklines?: Record<string, DecStr[]>;
  /** null when no pair is watched any more (watchSpot(null)). */
  spot?: SpotView | null;
  book?: BookView | null;
  /** Recent trades of the selected pair, newest first (at most 20). */
  trades?: TradeView[];
  chart?: ChartDiff | null;
  orders?: SpotOrdersView;
}

/** A full snapshot, used when the page (re)attaches. */
export interface EngineSnapshot {
  session: SessionView;
  connection: ConnectionView;
  market: MarketView;
  tickers: Record<string, Ticker>;
  sparklines: Record<string, DecStr[]>;
  spot: SpotView | null;
  book: BookView | null;
  trades: TradeView[];
  chart: ChartDiff | null;
  orders: SpotOrdersView;
  wallet: WalletView;
  lever: LeverView;
  micro: MicroView;
  c2c: C2cView;
}

/**
 * The views sent whole whenever they change (FrameDiff and EngineSnapshot field of the same
 * name), one per projection of the registry (projections/registry.ts, ADR 0030).
 */
export const VIEW_NAMES = ['wallet', 'lever', 'micro', 'c2c'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];
export type Views = Pick<EngineSnapshot, ViewName>;

const ZERO = '0' as DecStr;
const NO_ACCOUNT: AccountView = { rows: [], totalUsdt: ZERO, totalCny: ZERO };
const NO_POSITIONS: LeverListView = { rows: [], hasMore: false, loaded: false };
const NO_MICRO_ORDERS: MicroListView = { rows: [], hasMore: false, loaded: false };
const noC2cRows = <T>(): C2cListView<T> => ({ rows: [], page: 0, hasMore: false, loaded: false });

/**
 * Each view before the engine knows anything: the projections start from these, and so do the
 * page's signals (one definition, not a copy on each side).
 */
export const INITIAL_VIEWS: Readonly<Views> = {
  wallet: {
    loaded: false,
    error: null,
    fundingOpen: false,
    exRate: ZERO,
    accounts: { legal: NO_ACCOUNT, change: NO_ACCOUNT, lever: NO_ACCOUNT, micro: NO_ACCOUNT },
    at: 0,
  },
  lever: {
    symbol: null,
    deal: null,
    holding: NO_POSITIONS,
    entrusts: NO_POSITIONS,
    closed: NO_POSITIONS,
    revoked: NO_POSITIONS,
    risk: null,
    error: null,
  },
  micro: {
    currencies: [],
    seconds: [],
    trading: NO_MICRO_ORDERS,
    closed: NO_MICRO_ORDERS,
    error: null,
  },
  c2c: {
    currencies: [],
    market: { ...noC2cRows<C2cAdView>(), type: 'sell', currencyId: null },
    myAds: noC2cRows<C2cAdView>(),
    deals: noC2cRows<C2cDealView>(),
    limits: null,
    error: null,
  },
};

/** Result of a command. `message` is the server's text (already in the user's language). */
export type CommandResult<T = undefined> =
  | { ok: true; message: string; data: T }
  | { ok: false; code: 'invalid'; fields: Record<string, ValidationId> }
  | { ok: false; code: 'busy' }
  | { ok: false; code: 'network'; message: string }
  | { ok: false; code: 'server'; type: string; message: string }
  /** Refused because the page shows a replay (nothing is sent anywhere). */
  | { ok: false; code: 'replay' }
  /**
   * A placement no reply settled (lost or late, retried with the same client_id until the
   * retries ran out): it may or may not have been placed; the open orders will tell.
   */
  | {
      ok: false;
      code: 'unknown';
      message: string;
      /** The engine's own code threw after the request went out (`message`: the cause). */
      internal?: true;
    }
  /**
   * The engine itself failed (an exception in its code, a TypeError included) before anything
   * was sent: nothing happened on the server. `message` is the cause, for the log and the
   * developer; the page shows its own words. A command that failed after sending is `unknown`.
   */
  | { ok: false; code: 'internal'; message: string };

export interface EngineConfig {
  /** Origin of the API, '' for same-origin. */
  baseUrl: string;
  lang: Lang;
  /** Whether the page is visible right now. */
  visible: boolean;
  /** Benchmarks: also measure the size of every posted FrameDiff (see `EngineStats`). */
  bench?: boolean;
  /** The event log's window (ADR 0013); defaults: 200,000 events, 60 minutes. */
  logRetention?: { events?: number; minutes?: number };
}

/**
 * Counters since the engine started (benchmarks, diagnostics). Counts are cumulative: a
 * benchmark reads them at the start and the end of its window and takes the difference.
 */
export interface EngineStats {
  /** Whether frame sizes are being measured (`EngineConfig.bench`). */
  bench: boolean;
  /** Socket pushes received, in all and by socket event name. */
  socketMessages: number;
  socketByEvent: Record<string, number>;
  /** Events logged and folded (pushes, replies, commands, system events). */
  events: number;
  /** Of those, `system.malformed`: input rejected at the edge and dropped. */
  malformed: number;
  /** Level changes carried by folded `book.delta` events. */
  levelChanges: number;
  /** FrameDiffs posted to the page. */
  frames: number;
  /** Their summed size, JSON characters (≈ bytes); 0 unless `bench`. */
  frameBytes: number;
  /** Sizes of the frames posted since the last `stats(true)` (bench only, bounded). */
  frameSizes: number[];
  /** Changes that arrived while hidden: folded but not posted (they go out in one diff on return). */
  heldWhileHidden: number;
  /** The event log: events appended, IndexedDB transactions, events waiting for a flush. */
  log: { appended: number; transactions: number; pending: number };
}

export interface SendCodeInput {
  kind: AccountKind;
  account: string;
  /** Area code without "+", for phones. */
  areaCode: string;
  /** What the code is for: register, forget, bind. */
  purpose: 'register' | 'forget' | 'bind';
}

export interface RegisterCommand {
  kind: AccountKind;
  account: string;
  code: string;
  password: string;
  confirm: string;
  agreement: boolean;
  extensionCode: string;
  areaCode: string;
  countryId: number | null;
}

export interface LoginCommand {
  account: string;
  password: string;
  areaCodeId: number | null;
}

export interface ForgetCommand {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

export interface BindEmailCommand {
  email: string;
  code: string;
}

/** An exported log (replay/format.ts). */
export interface ExportFile {
  bytes: Uint8Array;
  events: number;
  /** Times of the first and last event (null when none). */
  from: number | null;
  to: number | null;
}

/** Methods the page may call on the engine (through Comlink, so every result is a Promise). */
export interface EngineApi {
  /**
   * Start (or re-attach to) the engine; `onFrame` receives the coalesced diffs. When it returns
   * a promise, the next diff waits until it settles (at most ACK_TIMEOUT_MS): the page's
   * back-pressure.
   */
  start(config: EngineConfig, onFrame: (diff: FrameDiff) => unknown): Promise<EngineSnapshot>;
  setVisible(visible: boolean): Promise<void>;
  setLang(lang: Lang): Promise<void>;

  sendCode(input: SendCodeInput): Promise<CommandResult>;
  /** Checks a verification code before step 2 of forgot-password (check_mobile / check_email). */
  checkCode(input: { kind: AccountKind; account: string; code: string }): Promise<CommandResult>;
  register(cmd: RegisterCommand): Promise<CommandResult>;
  login(cmd: LoginCommand): Promise<CommandResult<{ userId: number }>>;
  forget(cmd: ForgetCommand): Promise<CommandResult>;
  bindEmail(cmd: BindEmailCommand): Promise<CommandResult>;
  logout(): Promise<void>;
  /** Acknowledge a 999 once the page has shown it (clears `session.expiredAt`). */
  ackExpired(): Promise<void>;

  countries(): Promise<CommandResult<CountryItem[]>>;
  newsList(cId?: number): Promise<CommandResult<NewsItem[]>>;
  newsDetail(id: number): Promise<CommandResult<NewsDetail>>;
  /** The customer-service URL with {id} and {name} filled, or '' when none is configured. */
  customerService(): Promise<CommandResult<string>>;
  /** Data URL of the app-download QR code. */
  appQrCode(text: string): Promise<CommandResult<string>>;
  /** Select the pair the trading screens open on (the page also stores it under the spec keys). */
  selectPair(symbol: string): Promise<void>;

  /**
   * Open (symbol) or close (null) the spot screen's live data: book, trades, chart, balances,
   * orders of that pair. While open, the engine subscribes to the pair's delta depth stream.
   */
  watchSpot(symbol: string | null): Promise<void>;
  setBookGrouping(grouping: BookGrouping): Promise<void>;
  setBookWindow(window: BookWindow): Promise<void>;
  setBookRate(rate: BookRate): Promise<void>;
  setChartPeriod(period: KlinePeriod): Promise<void>;
  /**
   * Place a spot order on the watched pair (a second identical submit in flight is `busy`).
   * When the reply is lost or late the engine retries with the same client_id (placed once at
   * most) and calls `onUnknown` once: the outcome is unknown until the promise settles.
   */
  placeSpotOrder(order: PlaceSpotOrder, onUnknown?: () => void): Promise<CommandResult>;
  cancelSpotOrder(input: { id: number; side: SpotSide }): Promise<CommandResult>;
  /** Next page of open orders or of history. */
  loadMoreSpotOrders(tab: 'open' | 'history'): Promise<void>;

  /** Keep the wallet list fresh (fetch now, again on `update_balance`) while `on`. */
  watchWallet(on: boolean): Promise<void>;
  /** A read-only account query (lists, details, rules); identical calls in flight share one request. */
  accountQuery<K extends AccountQueryKind>(
    kind: K,
    input: AccountQueries[K]['input'],
  ): Promise<CommandResult<AccountQueries[K]['output']>>;
  /** A read-only query of the savings, loan or pre-sale screens. */
  earnQuery<K extends EarnQueryKind>(
    kind: K,
    input: EarnQueries[K]['input'],
  ): Promise<CommandResult<EarnQueries[K]['output']>>;
  /** A savings or loan command, validated with src/shared/earn.ts before it is sent. */
  earnCommand<K extends EarnCommandKind>(kind: K, input: EarnCommands[K]): Promise<CommandResult>;
  /** A state-changing account command, validated with the shared rules before it is sent. */
  accountCommand<K extends AccountCommandKind>(
    kind: K,
    input: AccountCommands[K],
  ): Promise<CommandResult>;
  /** Open (symbol) or close (null) the lever screens' data: panel, positions, live risk. */
  watchLever(symbol: string | null): Promise<void>;
  /** A lever command on the watched pair, validated with src/shared/lever.ts first. */
  leverCommand<K extends LeverCommandKind>(
    kind: K,
    input: LeverCommands[K],
    /** A submit only: called once when its reply is lost or late (the engine is checking). */
    onUnknown?: () => void,
  ): Promise<CommandResult>;
  /** The next page of closed or revoked positions. */
  loadMoreLever(tab: 'closed' | 'revoked'): Promise<void>;
  /** Keep the second-contract data (durations, currencies, orders) fresh while `on`. */
  watchMicro(on: boolean): Promise<void>;
  /** Places a second-contract order (validated with src/shared/micro.ts first). */
  submitMicro(order: MicroSubmit, onUnknown?: () => void): Promise<CommandResult>;
  loadMoreMicro(tab: 'trading' | 'closed'): Promise<void>;
  /** Open (or refilter) the c2c screens' data: the market of one side and coin, my ads, my deals. */
  watchC2c(filter: { type: C2cType; currencyId: number | null } | null): Promise<void>;
  c2cCommand<K extends C2cCommandKind>(kind: K, input: C2cCommands[K]): Promise<CommandResult>;
  loadMoreC2c(list: 'market' | 'myAds' | 'deals'): Promise<void>;
  /** Uploads a jpg or png (≤ 4 MB); the result is the URL the other calls take. */
  uploadImage(
    file: Blob,
    onProgress?: (sent: number, total: number) => void,
  ): Promise<CommandResult<{ url: string }>>;

  /**
   * The log of about the last `sinceMs` (from the checkpoint at or before it) as an exported file:
   * gzipped NDJSON, personal identifiers masked ("Report a problem"). Rejects with a reason.
   */
  exportLog(
    sinceMs: number,
    onProgress?: (done: number, total: number) => void,
  ): Promise<ExportFile>;

  /** Counters since start; `resetSamples` empties `frameSizes` after reading them. */
  stats(resetSamples?: boolean): Promise<EngineStats>;
  /**
   * Benchmarks only (refused unless started with `bench`): append `count` copies of the logged
   * events through the log's writer, as a long session would leave it; resolves once written.
   */
  benchFillLog(count: number): Promise<number>;
  /** Stops timers and the network and flushes the log (before the page ends this engine). */
  close(): Promise<void>;
}

// ---- Replay (issue 5) ----------------------------------------------------------------------

/** How fast a replay plays: recorded time ×1 or ×10 with pauses over 1 s cut to 1 s, as fast
 *  as the fold goes, or exactly the recorded timing (pauses included). */
export type ReplaySpeed = '1x' | '10x' | 'max' | 'original';

export const PROJECTION_NAMES = [
  'session',
  'market',
  'spot.view',
  'spot.book',
  'spot.trades',
  'spot.chart',
  'spot.orders',
  'wallet',
  'lever',
  'micro',
  'c2c',
] as const;
export type ProjectionName = (typeof PROJECTION_NAMES)[number];

export interface ReplayInfo {
  app: string;
  events: number;
  /** Times of the first and last event (null when the file holds none). */
  from: number | null;
  to: number | null;
  firstSeq: number | null;
  lastSeq: number | null;
  exportedAt: number;
  /** Distinct event names (the list's filter offers them). */
  names: string[];
  /** Projections whose final hash differs from the one recorded (empty: reproduced exactly). */
  mismatches: ProjectionName[];
  finalHashes: Record<ProjectionName, string>;
}

export type ReplayLoadResult =
  | { ok: true; info: ReplayInfo }
  | { ok: false; code: string; params: Record<string, string | number> };

export interface ReplayStatus {
  /** Index of the last event applied (-1: the start state). */
  index: number;
  seq: number;
  /** The replay clock: time of the last event applied (ms). */
  at: number;
  playing: boolean;
  speed: ReplaySpeed;
}

export interface ReplayRow {
  index: number;
  seq: number;
  at: number;
  kind: string;
  name: string;
}

/** The replay worker: the engine's page interface (commands refused) plus the replay controls. */
export interface ReplayApi extends EngineApi {
  replayLoad(
    bytes: Uint8Array,
    onProgress: (done: number, total: number) => void,
  ): Promise<ReplayLoadResult>;
  replayWatch(onStatus: (status: ReplayStatus) => void): Promise<void>;
  replaySeek(index: number): Promise<void>;
  /** Index of the last event with seq ≤ `seq`, or time ≤ `at` (-1 when none). */
  replayFind(target: { seq: number } | { at: number }): Promise<number>;
  replayPlay(speed: ReplaySpeed): Promise<void>;
  replaySetSpeed(speed: ReplaySpeed): Promise<void>;
  replayPause(): Promise<void>;
  /** Filters the event list by name (case-insensitive substring); returns the rows' count. */
  replayFilter(text: string): Promise<number>;
  replayRows(start: number, count: number): Promise<ReplayRow[]>;
  /** Row of the filtered list at or before event `index` (-1 when none). */
  replayRowOf(index: number): Promise<number>;
  replayEvent(index: number): Promise<LogEventView>;
  /** A projection's state at the cursor, and its hash. */
  replayProjection(name: ProjectionName): Promise<{ state: unknown; hash: string }>;
}

export interface LogEventView {
  seq: number;
  at: number;
  kind: string;
  name: string;
  body: unknown;
}
