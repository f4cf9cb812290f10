// The chart's studies and their parameters (issue 46): EMA, Bollinger bands, VWAP, RSI, MACD
// and the volume's moving average, beside the MA 15 and the MA 10/20 cross the chart always had.
// Kept in the workspace (parseWorkspace checks them); the paint code computes them
// (ui/trading/paint/studies.ts).

export interface StudyParams {
  ema: { period: number };
  /** `mult`: how many standard deviations the bands are from their middle (tenths). */
  boll: { period: number; mult: number };
  rsi: { period: number };
  macd: { fast: number; slow: number; signal: number };
  volma: { period: number };
}

export const DEFAULT_STUDY_PARAMS: StudyParams = {
  ema: { period: 21 },
  boll: { period: 20, mult: 2 },
  rsi: { period: 14 },
  macd: { fast: 12, slow: 26, signal: 9 },
  volma: { period: 20 },
};

/** A period: whole bars, 2 to 500. */
export const PERIOD_MIN = 2;
export const PERIOD_MAX = 500;
/** The bands' width: 0.5 to 5 standard deviations, in tenths. */
export const MULT_MIN = 0.5;
export const MULT_MAX = 5;

export const isPeriod = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= PERIOD_MIN && v <= PERIOD_MAX;

export const isMult = (v: unknown): v is number =>
  typeof v === 'number' &&
  Number.isFinite(v) &&
  v >= MULT_MIN &&
  v <= MULT_MAX &&
  Math.abs(v * 10 - Math.round(v * 10)) < 1e-9;

/** The parameters from anything: each one checked, a wrong or missing one its default. */
export function parseStudyParams(raw: unknown): StudyParams {
  const r = obj(raw);
  const d = DEFAULT_STUDY_PARAMS;
  const ema = obj(r.ema);
  const boll = obj(r.boll);
  const rsi = obj(r.rsi);
  const macd = obj(r.macd);
  const volma = obj(r.volma);
  const fast = isPeriod(macd.fast) ? macd.fast : d.macd.fast;
  const slow = isPeriod(macd.slow) ? macd.slow : d.macd.slow;
  // a MACD's fast average is faster than its slow one
  const pair = fast < slow ? { fast, slow } : { fast: d.macd.fast, slow: d.macd.slow };
  return {
    ema: { period: isPeriod(ema.period) ? ema.period : d.ema.period },
    boll: {
      period: isPeriod(boll.period) ? boll.period : d.boll.period,
      mult: isMult(boll.mult) ? Math.round(boll.mult * 10) / 10 : d.boll.mult,
    },
    rsi: { period: isPeriod(rsi.period) ? rsi.period : d.rsi.period },
    macd: { ...pair, signal: isPeriod(macd.signal) ? macd.signal : d.macd.signal },
    volma: { period: isPeriod(volma.period) ? volma.period : d.volma.period },
  };
}

export function sameParams(a: StudyParams, b: StudyParams): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function obj(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : {};
}
