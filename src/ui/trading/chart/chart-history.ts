// The chart's numeric cache for a series, newest bars first (B11, ADR 0080). A new series of
// many bars is first computed from its tail only (bar-tail.ts: the bars in view and the
// studies' warm-up), so the chart is drawn after a few hundred bars' work instead of the whole
// history's; the whole history is then computed in the background, in slices of a few
// milliseconds between frames (no long task), and takes the tail's place: `grown(shift)` tells
// the chart by how many bars its indexes moved. Updates meanwhile (a live bar, new studies)
// go to both; the history's build goes on from what it has (syncBarCache rewrites only what
// changed).
//
// Invariants (chart-history.test.ts):
//   H1 ends-as-scratch: once built, the cache equals buildBarCache of the last bars, studies
//      and parameters given, whatever came in between.
//   H2 tail-is-the-newest: while building, the cache is syncBarCache of bars[offset..].
import type { Bar } from '../../../engine/api.ts';
import type { StudyParams } from '../../../shared/studies.ts';
import { syncBarCache, type BarCache } from '../paint/bar-cache.ts';
import { tailStart, vwapSeed } from '../paint/bar-tail.ts';
import type { VwapSeed } from '../paint/studies.ts';
import { DEFAULT_SPACING } from '../paint/viewport.ts';

export interface HistoryInput {
  key: string;
  bars: readonly Bar[];
  params: StudyParams;
  studies: readonly string[];
}

/** Runs `step` soon, in a task of its own; returns a cancel. */
export type Schedule = (step: () => void) => () => void;

const taskSoon: Schedule = (step) => {
  const id = setTimeout(step, 0);
  return () => clearTimeout(id);
};

/** Plot width (CSS px) a new series' first view is computed for when the canvas is narrower. */
const MIN_FIRST_VIEW = 1200;

/** Bars per slice of the history's build, and the time after which a slice yields. */
const SLICE_BARS = 256;
const SLICE_MS = 6;

/** How the last build went (read by the benchmark through the canvas). */
export interface HistoryBuilt {
  /** setData of the new series → the whole history in place, ms. */
  ms: number;
  /** The longest slice, ms. */
  sliceMs: number;
  bars: number;
}

export class ChartHistory {
  private cache: BarCache | null = null;
  /** Index in the bars of the cache's first row (0: the whole series). */
  private offset = 0;
  /** The whole series being built, and how many bars it has. */
  private whole: BarCache | null = null;
  private built = 0;
  private latest: HistoryInput | null = null;
  private cancel: (() => void) | null = null;
  private started = 0;
  private sliceMs = 0;
  /** The VWAP's sums before the tail, and the bar they end with (seedFor). */
  private seed: VwapSeed | null = null;
  private seedBar: Bar | undefined = undefined;

  constructor(
    private readonly grown: (cache: BarCache, shift: number, built: HistoryBuilt) => void,
    private readonly schedule: Schedule = taskSoon,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The cache to draw for `input`. `plotWidth` (CSS px): a new series shows its default view
   * (viewport.ts), at least MIN_FIRST_VIEW px of it. A new key (or a series that no longer
   * continues the tail) starts over.
   */
  sync(input: HistoryInput, plotWidth: number): BarCache {
    const viewBars = Math.max(plotWidth, MIN_FIRST_VIEW) / DEFAULT_SPACING;
    const { key, bars, params, studies } = input;
    this.latest = input;
    const fresh = this.cache === null || this.cache.key !== key;
    if (fresh || (this.building && bars.length < this.offset)) this.startTail(input, viewBars);
    const tail = this.offset === 0 ? bars : bars.slice(this.offset);
    const seed = this.seedFor(bars, studies);
    this.cache = syncBarCache(this.cache, key, tail, params, studies, seed).cache;
    return this.cache;
  }

  /**
   * The VWAP's sums before the tail (bar-tail.ts), kept while the bar before the tail is the
   * same object (a reset brings new ones); null for the whole series or without the VWAP.
   */
  private seedFor(bars: readonly Bar[], studies: readonly string[]): VwapSeed | null {
    if (this.offset === 0 || !studies.includes('vwap')) return (this.seed = null);
    const before = bars[this.offset - 1];
    if (this.seed === null || this.seedBar !== before) {
      this.seed = vwapSeed(bars, this.offset);
      this.seedBar = before;
    }
    return this.seed;
  }

  /** The whole history is being computed behind the tail. */
  get building(): boolean {
    return this.cancel !== null;
  }

  destroy(): void {
    this.stop();
  }

  private startTail(input: HistoryInput, viewBars: number): void {
    this.stop();
    this.cache = null;
    this.seed = null;
    this.seedBar = undefined;
    this.offset = tailStart(input.bars, viewBars, input.params, input.studies);
    if (this.offset === 0) return;
    this.whole = null;
    this.built = 0;
    this.started = this.now();
    this.sliceMs = 0;
    this.cancel = this.schedule(this.step);
  }

  private stop(): void {
    this.cancel?.();
    this.cancel = null;
    this.whole = null;
  }

  /** One slice of the build: bars until SLICE_MS have passed, then yield (or finish). */
  private readonly step = (): void => {
    const input = this.latest;
    if (input === null) return;
    const t0 = this.now();
    const { key, bars, params, studies } = input;
    do {
      const end = Math.min(bars.length, this.built + SLICE_BARS);
      const part = end === bars.length ? bars : bars.slice(0, end);
      this.whole = syncBarCache(this.whole, key, part, params, studies).cache;
      this.built = end;
    } while (this.built < bars.length && this.now() - t0 < SLICE_MS);
    this.sliceMs = Math.max(this.sliceMs, this.now() - t0);
    if (this.built < bars.length) {
      this.cancel = this.schedule(this.step);
      return;
    }
    this.finish(input);
  };

  /** The whole series is computed for the latest bars: it replaces the tail. */
  private finish(input: HistoryInput): void {
    const whole = this.whole;
    this.cancel = null;
    this.whole = null;
    if (whole === null) return;
    const shift = this.offset;
    this.cache = whole;
    this.offset = 0;
    const ms = this.now() - this.started;
    this.grown(whole, shift, { ms, sliceMs: this.sliceMs, bars: input.bars.length });
  }
}
