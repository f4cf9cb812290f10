// Candles in integer units: prices in ticks (price × 10^price_precision), amounts in lots
// (amount × 10^amount_precision), turnover `q` in ticks × lots. Integers keep the money exact;
// they become decimal strings only at the wire (market/wire-format.ts).
import type { AggBar, TickBar, ServerPeriod } from '../kernel/market-types.ts';
import type { KlinePeriod } from '../../src/shared/constants.ts';
import { KLINE_PERIOD_ALIASES, KLINE_PERIODS } from '../../src/shared/constants.ts';

export type { AggBar, TickBar, ServerPeriod };

const FIXED_SECONDS: Partial<Record<ServerPeriod, number>> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '1day': 86400,
};
const MONDAY_OFFSET = 4 * 86400; // 1970-01-05 was a Monday

/** Normalises a period name of new_timeshar (aliases 1H 1D 1W 1M 1Y 1year), or null. */
export function toServerPeriod(value: string): ServerPeriod | null {
  if ((KLINE_PERIODS as readonly string[]).includes(value)) return value as KlinePeriod;
  if (value === '1Y' || value === '1year') return '1year';
  return KLINE_PERIOD_ALIASES[value] ?? null;
}

/** Open time (unix s) of the `period` bucket holding `t`; calendar (UTC) for weeks and up. */
export function bucketStart(period: ServerPeriod, t: number): number {
  const fixed = FIXED_SECONDS[period];
  if (fixed !== undefined) return Math.floor(t / fixed) * fixed;
  if (period === '1week') {
    return Math.floor((t - MONDAY_OFFSET) / 604800) * 604800 + MONDAY_OFFSET;
  }
  const d = new Date(t * 1000);
  const month = period === '1mon' ? d.getUTCMonth() : 0;
  return Date.UTC(d.getUTCFullYear(), month, 1) / 1000;
}

/** Whether bars of `period` are built from hourly (else from minute) bars. */
export const usesHours = (period: ServerPeriod): boolean =>
  (FIXED_SECONDS[period] ?? 86400) >= 3600;

/** Folds a bar or a tick (o = h = l = c) into the series' bucket `t` (appending when new). */
export function mergeInto(series: TickBar[], t: number, bar: Omit<TickBar, 't'>): void {
  const last = series[series.length - 1];
  if (last !== undefined && last.t === t) {
    last.h = Math.max(last.h, bar.h);
    last.l = Math.min(last.l, bar.l);
    last.c = bar.c;
    last.v += bar.v;
    last.q += bar.q;
  } else {
    series.push({ t, ...bar });
  }
}

/** Index of the first bar with open time >= t (series sorted by t). */
export function lowerBound(series: readonly TickBar[], t: number): number {
  let lo = 0;
  let hi = series.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const bar = series[mid];
    if (bar !== undefined && bar.t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Aggregates base bars with open time in [from, to] into `period` bars, oldest first. */
export function aggregate(
  base: readonly TickBar[],
  period: ServerPeriod,
  from: number,
  to: number,
): AggBar[] {
  const out: AggBar[] = [];
  for (let i = lowerBound(base, from); i < base.length; i++) {
    const b = base[i];
    if (b === undefined || b.t > to) break;
    const t = bucketStart(period, b.t);
    const last = out[out.length - 1];
    if (last !== undefined && last.t === t) {
      last.h = Math.max(last.h, b.h);
      last.l = Math.min(last.l, b.l);
      last.c = b.c;
      last.v += b.v;
      last.q += BigInt(b.q);
    } else {
      out.push({ t, o: b.o, h: b.h, l: b.l, c: b.c, v: b.v, q: BigInt(b.q) });
    }
  }
  return out;
}
