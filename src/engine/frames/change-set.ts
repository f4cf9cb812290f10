// What changed since the last frame, as one set (the frame scheduler keeps one): the parts the
// page is sent whole (by name), the tickers and sparklines by symbol, and what of the chart
// changed (everything, some bars, or only its loading and error). The book and the depth are
// paced on their own (paced.ts). `fill` reads the marked parts into a diff and `clear` forgets
// them.
import type { ChartDiff, FrameDiff, Ticker } from '../api.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { WholePart, WholeValue } from '../projections/whole-parts.ts';

/** The parts sent by key. */
export type KeyedPart = 'tickers' | 'sparklines';

/** What changed in the chart: everything, one bar (its time), or only loading/error. */
export type ChartMark = 'reset' | 'meta' | number;

/** What a change set reads at the frame. */
export interface ChangeReader {
  whole<K extends WholePart>(part: K): WholeValue<K>;
  ticker(symbol: string): Ticker | undefined;
  sparkline(symbol: string): DecStr[] | undefined;
  /** All bars when `reset`, else the bars at `times` (and the loading/error state). */
  chart(reset: boolean, times: ReadonlySet<number>): ChartDiff | null;
}

export class ChangeSet {
  private wholes = new Set<WholePart>();
  private keyed: Record<KeyedPart, Set<string>> = { tickers: new Set(), sparklines: new Set() };
  private chartReset = false;
  private chartMeta = false;
  private chartTimes = new Set<number>();

  whole(part: WholePart): void {
    this.wholes.add(part);
  }

  key(part: KeyedPart, key: string): void {
    this.keyed[part].add(key);
  }

  chart(mark: ChartMark): void {
    if (mark === 'reset') this.chartReset = true;
    else if (mark === 'meta') this.chartMeta = true;
    else this.chartTimes.add(mark);
  }

  get empty(): boolean {
    return (
      this.wholes.size === 0 &&
      this.keyed.tickers.size === 0 &&
      this.keyed.sparklines.size === 0 &&
      !this.chartChanged
    );
  }

  /** Puts every marked part, as `read` has it now, into `diff`. */
  fill(diff: FrameDiff, read: ChangeReader): void {
    for (const part of this.wholes) putWhole(diff, part, read.whole(part));
    const { tickers, sparklines } = this.keyed;
    if (tickers.size > 0) diff.tickers = collect(tickers, (s) => read.ticker(s));
    if (sparklines.size > 0) diff.sparklines = collect(sparklines, (s) => read.sparkline(s));
    if (this.chartChanged) diff.chart = read.chart(this.chartReset, this.chartTimes);
  }

  clear(): void {
    this.wholes = new Set();
    this.keyed = { tickers: new Set(), sparklines: new Set() };
    this.chartReset = this.chartMeta = false;
    this.chartTimes = new Set();
  }

  private get chartChanged(): boolean {
    return this.chartReset || this.chartMeta || this.chartTimes.size > 0;
  }
}

function putWhole<K extends WholePart>(diff: FrameDiff, part: K, value: WholeValue<K>): void {
  (diff as Required<FrameDiff>)[part] = value;
}

function collect<T>(keys: Set<string>, get: (key: string) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of keys) {
    const value = get(key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
