// A user's notifications (issue 25, ADR 0034): what happened to the user's money, kept by the
// server per user with a read mark, pushed on the private room and folded by the engine. One
// table names every kind, its group (what the preferences switch) and its parameters, so the
// server writes only what the page can say, and the engine checks a pushed row against it.
// A row carries facts, never text: the page words it in the reader's language, so a language
// switch rewords the whole centre and the server never stores a sentence.
//
// Parameters are strings: decimals exact (`dec`: the server's canonical decimal text), enums
// from a fixed list, or short text (a pair's symbol, a coin's name, an id).

export const NOTIFICATION_GROUPS = [
  'spot',
  'lever',
  'micro',
  'c2c',
  'wallet',
  'identity',
  'loan',
  'earn',
  'alert',
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

type ParamType = 'dec' | 'text' | readonly string[];

const SIDE = ['buy', 'sell'] as const;
const LEVER_SIDE = ['long', 'short'] as const;
const RESULT = ['approved', 'rejected'] as const;

const spotOrder = { order_id: 'text', symbol: 'text', side: SIDE } as const;
const deal = {
  deal_id: 'text',
  coin: 'text',
  amount: 'dec',
  currency: 'text',
  total: 'dec',
} as const;
const lever = { symbol: 'text', side: LEVER_SIDE, amount: 'dec', price: 'dec' } as const;
/** `id` is the order's number as the tables show it (its id + 10000). */
const leverTrigger = { ...lever, id: 'text', trigger: 'dec', kind: ['stop', 'tp'] } as const;

/** Every kind: its parameters, and whether it is one of the few that matter most (sound). */
export const NOTIFICATION_KINDS = {
  /**
   * A spot order filled completely: `amount` filled in all, at the average `price`. Also a market
   * order whose unfilled rest was dropped (never open): `amount` is what filled.
   */
  'spot.filled': { ...spotOrder, amount: 'dec', price: 'dec' },
  /** Part of a spot order filled by one match: `filled` now at its average `price`, `left` open. */
  'spot.partial': { ...spotOrder, filled: 'dec', price: 'dec', left: 'dec' },
  /** A spot order cancelled with `left` unfilled (by the user, or the exchange: `by`). */
  'spot.cancelled': { ...spotOrder, left: 'dec', by: ['user', 'system'] },
  /**
   * A conditional spot order's trigger price `level` was reached (the last price was `last`) and
   * it placed the order `order_id` (issue 44).
   */
  'spot.triggered': { ...spotOrder, level: 'dec', last: 'dec' },
  /**
   * A conditional spot order's `level` was reached but its order could not be placed: the `reason`
   * (the funds went elsewhere, no liquidity, trading closed); its reserve is back. `order_id` is
   * the conditional order's, `T<id>`.
   */
  'spot.triggerRefused': {
    ...spotOrder,
    level: 'dec',
    last: 'dec',
    reason: ['funds', 'liquidity', 'closed', 'other'],
  },
  /**
   * One leg of a spot OCO ended the other (issue 44, ADR 0056): `leg` is the one cancelled. The
   * stop leg (`T<id>`, trigger `level`) when the limit leg filled, even in part; the limit leg
   * (its order id) when the stop's trigger `level` was reached.
   */
  'spot.ocoCancelled': { ...spotOrder, level: 'dec', leg: ['limit', 'stop'] },
  /** A position opened (a market order, or a limit entrust reaching its price), at `price`. */
  'lever.opened': lever,
  /** A position closed by its owner at `price`: `profit` signed. */
  'lever.closed': { ...lever, profit: 'dec' },
  /** A position closed at its take-profit or stop-loss level, or by its trailing stop. */
  'lever.stop': { ...lever, profit: 'dec', trigger: ['profit', 'loss', 'trailing'] },
  /** A position closed by the exchange: its margin no longer covered the loss. */
  'lever.liquidated': { ...lever, profit: 'dec' },
  /**
   * A waiting reduce-only order (ADR 0061) held more hands than the owner's `side` positions on
   * the pair: trimmed from `amount` hands to `left`, or cancelled when `left` is 0.
   */
  'lever.trimmed': { symbol: 'text', side: LEVER_SIDE, amount: 'dec', left: 'dec' },
  /**
   * A conditional entry order's trigger was reached (ADR 0065): `price` is the price it watched
   * then, `amount` its hands; a limit order now waits at its price, or a market one opened.
   */
  'lever.triggered': { ...leverTrigger, order: ['limit', 'market'] },
  /** A stop-market's trigger was reached, but the free balance no longer paid `need` at the mark. */
  'lever.triggerRefused': { ...leverTrigger, need: 'dec' },
  /** A second contract settled: `payout` is what came back (0 when lost). */
  'micro.settled': {
    symbol: 'text',
    coin: 'text',
    amount: 'dec',
    payout: 'dec',
    outcome: ['win', 'lose', 'draw'],
  },
  /** A c2c deal on the user's ad was taken. (Acceptor deals say paid, released, cancelled too.) */
  'c2c.taken': deal,
  /** The buyer says they paid (to the seller). */
  'c2c.paid': deal,
  /** The seller released the coins (to the buyer). */
  'c2c.released': deal,
  /** The other side cancelled the deal. */
  'c2c.cancelled': deal,
  /** Nobody paid in time: the deal was cancelled by the exchange. */
  'c2c.expired': deal,
  'wallet.deposit': { currency: 'text', amount: 'dec', result: RESULT },
  'wallet.withdrawal': { currency: 'text', amount: 'dec', result: RESULT },
  'identity.review': { result: RESULT },
  'loan.decision': { currency: 'text', amount: 'dec', result: RESULT },
  /** A repayment decided: `amount` of `currency` is what the user sent. */
  'loan.repayment': { currency: 'text', amount: 'dec', result: RESULT },
  /** A lock-up order matured: the principal `amount` is back; `interest` it earned in all. */
  'earn.matured': { currency: 'text', amount: 'dec', interest: 'dec' },
  /** A price alert fired: `last` crossed `price` in `direction`. */
  'alert.price': { symbol: 'text', direction: ['above', 'below'], price: 'dec', last: 'dec' },
} as const satisfies Record<string, Readonly<Record<string, ParamType>>>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

type ParamValue<T> = T extends readonly (infer E)[] ? E : string;
/** The parameters of one kind, typed (enums as their literals). */
export type NotificationParams<K extends NotificationKind> = {
  -readonly [P in keyof (typeof NOTIFICATION_KINDS)[K]]: ParamValue<
    (typeof NOTIFICATION_KINDS)[K][P]
  >;
};

/** A notification as the wire carries it (GET /api/user/notifications, `notification` push). */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  params: Readonly<Record<string, string>>;
  /** When it happened, ms since the epoch (the server's clock). */
  created_at: number;
  read: boolean;
}

export const isNotificationKind = (kind: unknown): kind is NotificationKind =>
  typeof kind === 'string' && Object.hasOwn(NOTIFICATION_KINDS, kind);

export const groupOf = (kind: NotificationKind): NotificationGroup =>
  kind.slice(0, kind.indexOf('.')) as NotificationGroup;

/** Longest text parameter (a symbol, a coin, an id); decimals are bounded by their own rule. */
export const PARAM_TEXT_MAX = 40;
const DEC = /^-?(0|[1-9]\d{0,29})(\.\d{1,18})?$/;

/**
 * Why `params` are not those of `kind` (a missing, extra or ill-formed one), or null. Decimals
 * must be plain canonical-looking text (no exponent, no grouping), at most 30 integer digits.
 */
export function paramsIssue(kind: NotificationKind, params: unknown): string | null {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    return 'params: not an object';
  const spec: Readonly<Record<string, ParamType>> = NOTIFICATION_KINDS[kind];
  const given = params as Record<string, unknown>;
  for (const key of Object.keys(given))
    if (!Object.hasOwn(spec, key)) return `params.${key}: not a parameter of ${kind}`;
  for (const [key, type] of Object.entries(spec)) {
    const value = given[key];
    if (typeof value !== 'string') return `params.${key}: missing`;
    if (!paramFits(type, value)) return `params.${key}: not a valid value`;
  }
  return null;
}

function paramFits(type: ParamType, value: string): boolean {
  if (type === 'dec') return DEC.test(value) && value !== '-0';
  if (type === 'text') return value.length > 0 && value.length <= PARAM_TEXT_MAX;
  return type.includes(value);
}

// ---- preferences ----------------------------------------------------------------------------

/** What a group of notifications does when one arrives. */
export interface GroupPrefs {
  /** A toast on the page. */
  toast: boolean;
  /** A short sound with the toast. */
  sound: boolean;
  /** The browser's notification while the tab is hidden (needs the browser's permission). */
  system: boolean;
}

export type NotificationPrefs = Readonly<Record<NotificationGroup, GroupPrefs>>;

export const DEFAULT_GROUP_PREFS: GroupPrefs = { toast: true, sound: false, system: false };

export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = Object.fromEntries(
  NOTIFICATION_GROUPS.map((g) => [g, DEFAULT_GROUP_PREFS]),
) as Record<NotificationGroup, GroupPrefs>;

/** A stored or sent preferences document; never throws (unknown fields dropped, bad ones default). */
export function parseNotificationPrefs(input: unknown): NotificationPrefs {
  const given = isObject(input) ? input : {};
  const out = {} as Record<NotificationGroup, GroupPrefs>;
  for (const group of NOTIFICATION_GROUPS) {
    const g = isObject(given[group]) ? given[group] : {};
    out[group] = {
      toast: flag(g.toast, DEFAULT_GROUP_PREFS.toast),
      sound: flag(g.sound, DEFAULT_GROUP_PREFS.sound),
      system: flag(g.system, DEFAULT_GROUP_PREFS.system),
    };
  }
  return out;
}

/** Whether two preference documents say the same for every group. */
export function samePrefs(a: NotificationPrefs, b: NotificationPrefs): boolean {
  return NOTIFICATION_GROUPS.every(
    (g) => a[g].toast === b[g].toast && a[g].sound === b[g].sound && a[g].system === b[g].system,
  );
}

const flag = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- price alerts ---------------------------------------------------------------------------

/** At most this many waiting price alerts per user (issue 25). */
export const PRICE_ALERT_LIMIT = 20;
export const PRICE_ALERT_DIRECTIONS = ['above', 'below'] as const;
export type PriceAlertDirection = (typeof PRICE_ALERT_DIRECTIONS)[number];
