// The engine's public types: savings, loans and the pre-sale (re-exported by api.ts).
import type { DecStr } from '../../shared/decimal.ts';
import type { LoanApplication, LoanState, RepayCoin } from '../../shared/lending.ts';
import type { PageView } from './wallet.ts';

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
