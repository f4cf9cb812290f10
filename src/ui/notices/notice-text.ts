// How a notification reads (issue 25): the server sends facts (a kind and exact parameters), the
// page words them in the reader's language — a title and a line — so switching the language
// rewords every notification, and no sentence is stored anywhere. Amounts keep every decimal
// the server gave (never rounded, never a float), in the locale's digits and separators.
import {
  groupOf,
  type NotificationGroup,
  type NotificationKind,
  type NotificationRow,
} from '../../shared/notifications.ts';
import type { MessageId } from '../i18n/i18n.ts';

type T = (id: MessageId, values?: Record<string, string | number>) => string;
interface Fmt {
  fixed(value: string, dp: number): string;
}

/** Decimal places a decimal string has (its own precision is shown, whatever it is). */
const decimalsOf = (value: string): number => {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
};

/**
 * The decimals the page knows of a pair (its prices and its amounts, from its ticker) and of a
 * currency (from the wallet list): a notification's figures are shown with them, as the
 * screens show the same figures (issue 41). Null where not known.
 */
export interface NoticeDecimals {
  pair(symbol: string): { price: number; amount: number } | null;
  currency(name: string): number | null;
}

const UNKNOWN_DECIMALS: NoticeDecimals = { pair: () => null, currency: () => null };

/** Which decimals each amount parameter takes: the pair's price or amount, or a currency's. */
function decimalsFor(
  key: string,
  params: Readonly<Record<string, string>>,
  known: NoticeDecimals,
): number | null {
  const source = sourceOf(key, params);
  if (source === 'price' || source === 'amount') {
    const pair = params['symbol'] === undefined ? null : known.pair(params['symbol']);
    return pair === null ? null : pair[source];
  }
  return source === null ? null : known.currency(source.currency);
}

/** Whose decimals a figure has: the pair's prices, the pair's amounts, or a currency's. */
function sourceOf(
  key: string,
  params: Readonly<Record<string, string>>,
): 'price' | 'amount' | { currency: string } | null {
  const currency = (name: string | undefined) => (name === undefined ? null : { currency: name });
  // a second contract's stake and payout are in its coin, a deal's amount too
  if ('coin' in params && (key === 'amount' || key === 'payout')) return currency(params['coin']);
  if (key === 'total' || key === 'interest') return currency(params['currency']);
  if (key === 'price' || key === 'last' || key === 'level') return 'price';
  // a position's profit is in the pair's quote currency
  if (key === 'profit') return currency(params['symbol']?.split('/')[1]);
  return 'symbol' in params ? 'amount' : currency(params['currency']);
}

/** Parameters that are amounts (formatted per locale); the rest are passed as they are. */
const AMOUNTS = new Set([
  'amount',
  'price',
  'filled',
  'left',
  'profit',
  'payout',
  'total',
  'interest',
  'last',
  'level',
]);

/**
 * Message values: amounts in the locale's format, with the decimals of their pair or currency
 * (and never fewer than the server gave: no digit of an exact amount is dropped); enums and
 * names as sent (ICU selects).
 */
export function noticeValues(
  row: NotificationRow,
  fmt: Fmt,
  known: NoticeDecimals = UNKNOWN_DECIMALS,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(row.params)) {
    if (!AMOUNTS.has(key)) {
      out[key] = value;
      continue;
    }
    const own = decimalsFor(key, row.params, known);
    out[key] = fmt.fixed(value, Math.max(own ?? 0, decimalsOf(value)));
  }
  return out;
}

export interface NoticeWords {
  title: string;
  line: string;
}

/** Each kind's title and line (literal ids: the catalogue test finds every id in the code). */
const KIND_MESSAGES: Record<NotificationKind, { title: MessageId; line: MessageId }> = {
  'spot.filled': { title: 'notice.kind.spot.filled.title', line: 'notice.kind.spot.filled.line' },
  'spot.partial': {
    title: 'notice.kind.spot.partial.title',
    line: 'notice.kind.spot.partial.line',
  },
  'spot.cancelled': {
    title: 'notice.kind.spot.cancelled.title',
    line: 'notice.kind.spot.cancelled.line',
  },
  'spot.triggered': {
    title: 'notice.kind.spot.triggered.title',
    line: 'notice.kind.spot.triggered.line',
  },
  'spot.triggerRefused': {
    title: 'notice.kind.spot.triggerRefused.title',
    line: 'notice.kind.spot.triggerRefused.line',
  },
  'spot.ocoCancelled': {
    title: 'notice.kind.spot.ocoCancelled.title',
    line: 'notice.kind.spot.ocoCancelled.line',
  },
  'lever.opened': {
    title: 'notice.kind.lever.opened.title',
    line: 'notice.kind.lever.opened.line',
  },
  'lever.closed': {
    title: 'notice.kind.lever.closed.title',
    line: 'notice.kind.lever.closed.line',
  },
  'lever.stop': { title: 'notice.kind.lever.stop.title', line: 'notice.kind.lever.stop.line' },
  'lever.liquidated': {
    title: 'notice.kind.lever.liquidated.title',
    line: 'notice.kind.lever.liquidated.line',
  },
  'lever.trimmed': {
    title: 'notice.kind.lever.trimmed.title',
    line: 'notice.kind.lever.trimmed.line',
  },
  'lever.triggered': {
    title: 'notice.kind.lever.triggered.title',
    line: 'notice.kind.lever.triggered.line',
  },
  'lever.triggerRefused': {
    title: 'notice.kind.lever.triggerRefused.title',
    line: 'notice.kind.lever.triggerRefused.line',
  },
  'micro.settled': {
    title: 'notice.kind.micro.settled.title',
    line: 'notice.kind.micro.settled.line',
  },
  'c2c.taken': { title: 'notice.kind.c2c.taken.title', line: 'notice.kind.c2c.taken.line' },
  'c2c.paid': { title: 'notice.kind.c2c.paid.title', line: 'notice.kind.c2c.paid.line' },
  'c2c.released': {
    title: 'notice.kind.c2c.released.title',
    line: 'notice.kind.c2c.released.line',
  },
  'c2c.cancelled': {
    title: 'notice.kind.c2c.cancelled.title',
    line: 'notice.kind.c2c.cancelled.line',
  },
  'c2c.expired': { title: 'notice.kind.c2c.expired.title', line: 'notice.kind.c2c.expired.line' },
  'wallet.deposit': {
    title: 'notice.kind.wallet.deposit.title',
    line: 'notice.kind.wallet.deposit.line',
  },
  'wallet.withdrawal': {
    title: 'notice.kind.wallet.withdrawal.title',
    line: 'notice.kind.wallet.withdrawal.line',
  },
  'identity.review': {
    title: 'notice.kind.identity.review.title',
    line: 'notice.kind.identity.review.line',
  },
  'loan.decision': {
    title: 'notice.kind.loan.decision.title',
    line: 'notice.kind.loan.decision.line',
  },
  'loan.repayment': {
    title: 'notice.kind.loan.repayment.title',
    line: 'notice.kind.loan.repayment.line',
  },
  'earn.matured': {
    title: 'notice.kind.earn.matured.title',
    line: 'notice.kind.earn.matured.line',
  },
  'alert.price': { title: 'notice.kind.alert.price.title', line: 'notice.kind.alert.price.line' },
};

export function noticeWords(
  row: NotificationRow,
  t: T,
  fmt: Fmt,
  known: NoticeDecimals = UNKNOWN_DECIMALS,
): NoticeWords {
  const values = noticeValues(row, fmt, known);
  const ids = KIND_MESSAGES[row.kind];
  return { title: t(ids.title, values), line: t(ids.line, values) };
}

/** What "while you were away" counts: kinds that read as one thing to a trader. */
export const AWAY_BUCKETS = [
  'fills',
  'cancels',
  'positions',
  'settlements',
  'deals',
  'funding',
  'decisions',
  'loans',
  'repayments',
  'savings',
  'alerts',
] as const;
type Bucket = (typeof AWAY_BUCKETS)[number];

const BUCKET_MESSAGES: Record<Bucket, MessageId> = {
  fills: 'notice.away.fills',
  cancels: 'notice.away.cancels',
  positions: 'notice.away.positions',
  settlements: 'notice.away.settlements',
  deals: 'notice.away.deals',
  funding: 'notice.away.funding',
  decisions: 'notice.away.decisions',
  loans: 'notice.away.loans',
  repayments: 'notice.away.repayments',
  savings: 'notice.away.savings',
  alerts: 'notice.away.alerts',
};

const BUCKET_OF_GROUP: Record<NotificationGroup, Bucket> = {
  spot: 'fills',
  lever: 'positions',
  micro: 'settlements',
  c2c: 'deals',
  wallet: 'funding',
  identity: 'decisions',
  loan: 'loans',
  earn: 'savings',
  alert: 'alerts',
};

/** A cancellation is not a fill, and a repayment is not a loan decision: their own words. */
const OWN_BUCKET: Partial<Record<NotificationKind, Bucket>> = {
  'spot.cancelled': 'cancels',
  'spot.triggerRefused': 'cancels',
  'spot.ocoCancelled': 'cancels',
  'lever.triggerRefused': 'cancels',
  'loan.repayment': 'repayments',
};

const bucketOf = (kind: NotificationKind): Bucket =>
  OWN_BUCKET[kind] ?? BUCKET_OF_GROUP[groupOf(kind)];

/** "While you were away: 3 fills, 1 settlement" — counts in a fixed order, the locale's list. */
export function awaySummary(rows: readonly NotificationRow[], t: T, locale: string): string {
  const counts = new Map<Bucket, number>();
  for (const r of rows) counts.set(bucketOf(r.kind), (counts.get(bucketOf(r.kind)) ?? 0) + 1);
  const parts = AWAY_BUCKETS.filter((b) => counts.has(b)).map((b) =>
    t(BUCKET_MESSAGES[b], { n: counts.get(b) ?? 0 }),
  );
  // "2 fills, 1 deposit decision and 1 loan repayment": the locale's own list, with its "and"
  const list = listFormat(locale).format(parts);
  return t('notice.away.summary', { list });
}

const listFormats = new Map<string, Intl.ListFormat>();
function listFormat(locale: string): Intl.ListFormat {
  let f = listFormats.get(locale);
  if (f === undefined) {
    f = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
    listFormats.set(locale, f);
  }
  return f;
}
