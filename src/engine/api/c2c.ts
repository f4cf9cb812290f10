// The engine's public types: c2c (re-exported by api.ts).
import type { C2cType, C2cWay } from '../../shared/c2c.ts';
import type { DecStr } from '../../shared/decimal.ts';

export type { C2cType, C2cWay };

// ---- C2C (issue 8) -------------------------------------------------------------------------

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

/**
 * A list: this page session's server answer (`loaded`), or (my deals) held from an earlier page
 * session of the same login (`held`, ADR 0032: as of `at`, never loaded; nothing acts on a held
 * deal), or not known (neither).
 */
export interface C2cListView<T> {
  rows: T[];
  page: number;
  hasMore: boolean;
  loaded: boolean;
  held: boolean;
  /** Event time of the reply the rows came from (0 while not known). */
  at: number;
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
