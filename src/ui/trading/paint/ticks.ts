// Axis ticks and labels. Time ticks sit where a calendar bucket changes (every 15 minutes, every
// day, every month…), the bucket chosen so labels stay ~80 px apart at the current zoom; the
// label says what changed (a new year, month or day shows the date, otherwise the time).
// Times are shifted by the viewer's UTC offset and formatted in UTC, so these functions are pure.

import { formatFixed } from '../../i18n/format.ts';

export type TickLevel = 'year' | 'month' | 'day' | 'time';

export interface TimeTick {
  index: number;
  level: TickLevel;
}

/** Minimum distance between time labels (px). */
export const TIME_LABEL_PX = 80;

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
/** Bucket sizes in seconds; beyond two weeks, whole months. */
const SECOND_STEPS = [
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
];
const MONTH_STEPS = [1, 2, 3, 6, 12, 24, 60, 120];
const AVG_MONTH = 30.44 * DAY;

type Bucketer = (shiftedMs: number) => number;

/** Indices of [first, last) where a label goes, for bars `periodSec` apart drawn `spacing` px apart. */
export function timeTicks(
  time: Float64Array,
  first: number,
  last: number,
  periodSec: number,
  spacing: number,
  tzOffsetMs: number,
): TimeTick[] {
  const barsPerLabel = Math.max(1, Math.ceil(TIME_LABEL_PX / Math.max(spacing, 0.01)));
  const bucket = chooseBucket(barsPerLabel * periodSec);
  const ticks: TimeTick[] = [];
  let lastTick = -Infinity;
  for (let i = Math.max(1, first); i < last; i++) {
    const t = (time[i] ?? 0) + tzOffsetMs;
    const p = (time[i - 1] ?? 0) + tzOffsetMs;
    if (bucket(t) === bucket(p)) continue;
    if (i - lastTick < barsPerLabel * 0.6) continue;
    ticks.push({ index: i, level: levelOf(t, p, bucket === monthBucket(1)) });
    lastTick = i;
  }
  return ticks;
}

const monthBuckets = new Map<number, Bucketer>();
function monthBucket(k: number): Bucketer {
  let b = monthBuckets.get(k);
  if (b === undefined) {
    b = (ms) => {
      const d = new Date(ms);
      return Math.floor((d.getUTCFullYear() * 12 + d.getUTCMonth()) / k);
    };
    monthBuckets.set(k, b);
  }
  return b;
}

function chooseBucket(minSeconds: number): Bucketer {
  const s = SECOND_STEPS.find((step) => step >= minSeconds);
  if (s !== undefined) return (ms) => Math.floor(ms / (s * 1000));
  const months = MONTH_STEPS.find((m) => m * AVG_MONTH >= minSeconds) ?? 120;
  return monthBucket(months);
}

function levelOf(t: number, p: number, monthly: boolean): TickLevel {
  const a = new Date(t);
  const b = new Date(p);
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return 'year';
  if (a.getUTCMonth() !== b.getUTCMonth() && (monthly || a.getUTCDate() === 1)) return 'month';
  if (a.getUTCDate() !== b.getUTCDate() || monthly) return 'day';
  return 'time';
}

/** The viewer's UTC offset at a moment (ms), daylight saving included. */
export function localOffsetMs(timeMs: number): number {
  return -new Date(timeMs).getTimezoneOffset() * 60_000;
}

// ---- labels ---------------------------------------------------------------------------------

const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formats.set(key, f);
  }
  return f;
}

const TICK_OPTIONS: Record<TickLevel, Intl.DateTimeFormatOptions> = {
  year: { year: 'numeric' },
  month: { month: 'short' },
  day: { month: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

/** The label of a time tick. */
export function formatTimeTick(
  timeMs: number,
  level: TickLevel,
  locale: string,
  tzOffsetMs: number,
): string {
  return dateFormat(locale, TICK_OPTIONS[level]).format(timeMs + tzOffsetMs);
}

/** The time of one bar in the read-out and on the crosshair: as precise as its period. */
export function formatBarTime(
  timeMs: number,
  periodSec: number,
  locale: string,
  tzOffsetMs: number,
): string {
  const options: Intl.DateTimeFormatOptions =
    periodSec >= 28 * DAY
      ? { year: 'numeric', month: 'short' }
      : periodSec >= DAY
        ? { year: 'numeric', month: 'short', day: 'numeric' }
        : {
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          };
  return dateFormat(locale, options).format(timeMs + tzOffsetMs);
}

/** A price-axis label: the pair's decimals (a pixel position, not money). */
export function formatAxisPrice(value: number | string, precision: number, locale: string): string {
  const dp = Math.min(20, Math.max(0, Math.round(precision)));
  // Axis positions are plain numbers; the last-price tag passes the engine's decimal string.
  const text = typeof value === 'string' ? value : value.toFixed(dp);
  return formatFixed(text, dp, locale);
}

const compact = new Map<string, Intl.NumberFormat>();
/** A volume-axis label: 1.2K, 3.4M… */
export function formatAxisVolume(value: number, locale: string): string {
  let f = compact.get(locale);
  if (f === undefined) {
    f = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
    compact.set(locale, f);
  }
  return f.format(value);
}
