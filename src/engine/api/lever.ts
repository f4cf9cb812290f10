// The engine's public types: leveraged contracts (re-exported by api.ts).
import type { DecStr } from '../../shared/decimal.ts';

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
  /** What the levels watch (ADR 0059). */
  stopsBy: 'mark' | 'last';
  /** The trailing stop (ADR 0060): rate in % and activation ("0": none), best price since ("0": not active). */
  trailRate: DecStr;
  trailActivation: DecStr;
  trailPeak: DecStr;
  /** A reduce-only order (ADR 0061): closes hands of the other side, holds no margin. */
  reduceOnly: boolean;
  /** The hands a partial close took off the position with this id (ADR 0061); 0: none. */
  splitFrom: number;
  /** A conditional entry order (ADR 0065); null: none. */
  trigger: LeverTriggerView | null;
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

/** A conditional entry order's trigger (ADR 0065). */
export interface LeverTriggerView {
  price: DecStr;
  /** Which way the watched price must move to reach it. */
  direction: 'rises' | 'falls';
  /** Opens at the mark when reached (stop-market); else becomes a limit order (stop-limit). */
  market: boolean;
  state: 'waiting' | 'triggered' | 'refused';
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

/**
 * One tab's positions: this page session's server answer (`loaded`), or held from an earlier
 * page session or watch of the same login and pair (`held`, ADR 0032: as of `at`, never loaded;
 * nothing acts on held positions), or not known (neither).
 */
export interface LeverListView {
  rows: LeverPositionView[];
  hasMore: boolean;
  loaded: boolean;
  held: boolean;
  /** Event time of the reply or push the rows came from (0 while not known). */
  at: number;
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
    /** Take profit and stop loss set with the order, as trigger prices; '' or absent: none. */
    takeProfit?: string;
    stopLoss?: string;
    /** What the levels watch (ADR 0059); absent: the mark. */
    triggerBy?: 'mark' | 'last';
    /** A trailing stop (ADR 0060): callback rate in %, activation price; '' or absent: none. */
    trailRate?: string;
    trailActivation?: string;
    /** Reduce-only (ADR 0061): closes hands of the other side's positions, never opens. */
    reduceOnly?: boolean;
    /**
     * A conditional entry (ADR 0065): its trigger price and kind; '' or absent: none. With a
     * trigger, `mode` 1 opens at market when reached, 0 becomes a limit order at `price`.
     */
    stopPrice?: string;
    stopKind?: 'stop' | 'tp';
  };
  /** `share`: the hands to close (ADR 0061); absent: all of them. */
  close: { id: number; share?: string };
  cancel: { id: number };
  /**
   * Changes a waiting order in place (ADR 0068): its hands, limit price and trigger; '' or
   * absent keeps a value as it is.
   */
  amend: { id: number; share?: string; price?: string; trigger?: string };
  'set-stop': { id: number; takeProfit: string; stopLoss: string };
  /** A trailing stop on an open position (ADR 0062): rate '' removes it; activation '' none. */
  'set-trail': { id: number; trailRate: string; trailActivation: string };
  'batch-close': { type: 0 | 1 | 2; pairOnly: boolean };
}
export type LeverCommandKind = keyof LeverCommands;
