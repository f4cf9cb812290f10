// The depth heatmap's feed on the page (issue 47, ADR 0081): while a pair's heatmap is on, it asks
// the engine once a second for the book's samples and trades newer than those it holds (the
// engine keeps them as it folds its events: engine/heat/depth-heat.ts) and hands the chart the
// growing history; the paint worker is sent only what it does not hold. Off, another pair, or
// another generation of the engine's history (older history put before it after a reload:
// heat-backfill.ts): the history is dropped and asked for again from the start.
import type { HeatSample, HeatSlice, HeatTrade } from '../../../engine/api.ts';
import { appendAll, HEAT_REACH_MS } from '../../../engine/api.ts';
import type { HeatData } from './chart-surface.ts';

/** How often the feed asks the engine (ms). */
export const HEAT_POLL_MS = 1_000;

export type HeatAsk = (symbol: string, since: number) => Promise<HeatSlice | null>;

interface Held {
  key: string;
  symbol: string;
  /** The engine's generation of the history (HeatSlice.epoch); null until it answered. */
  epoch: number | null;
  samples: HeatSample[];
  trades: HeatTrade[];
}

export class HeatFeed {
  private held: Held | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;

  constructor(
    private readonly ask: HeatAsk,
    private readonly changed: (heat: HeatData | null) => void,
  ) {}

  /** The pair whose heatmap is on (null: off). */
  watch(symbol: string | null): void {
    if (symbol === (this.held?.symbol ?? null)) return;
    this.stop();
    this.held = symbol === null ? null : this.fresh(symbol, [], []);
    this.changed(this.held);
    if (symbol !== null) void this.poll();
  }

  destroy(): void {
    this.stop();
    this.held = null;
  }

  private fresh(
    symbol: string,
    samples: HeatSample[],
    trades: HeatTrade[],
    epoch: number | null = null,
  ): Held {
    this.generation += 1;
    return { key: `${symbol}#${this.generation}`, symbol, epoch, samples, trades };
  }

  private stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    const held = this.held;
    if (held === null) return;
    const lastSample = held.samples.at(-1)?.t ?? -Infinity;
    const lastTrade = held.trades.at(-1);
    const since = Math.min(lastSample, lastTrade?.t ?? -Infinity);
    const slice = await this.ask(held.symbol, since).catch(() => null);
    if (this.held !== held) return;
    if (slice !== null && slice.symbol === held.symbol && !sameHistory(held, slice)) {
      // another generation: its history from the start, asked for at once
      this.held = this.fresh(held.symbol, [], []);
      this.changed(this.held);
      void this.poll();
      return;
    }
    if (slice !== null && slice.symbol === held.symbol) {
      held.epoch = slice.epoch;
      const samples = slice.samples.filter((s) => s.t > lastSample);
      const trades = slice.trades.filter((tr) => lastTrade === undefined || newer(tr, lastTrade));
      if (samples.length + trades.length > 0) this.append(held, samples, trades);
    }
    this.timer = setTimeout(() => void this.poll(), HEAT_POLL_MS);
  }

  private append(held: Held, samples: HeatSample[], trades: HeatTrade[]): void {
    appendAll(held.samples, samples);
    appendAll(held.trades, trades);
    // past twice the engine's reach, start a trimmed history (the worker is sent it whole)
    const newest = held.samples.at(-1)?.t ?? held.trades.at(-1)?.t ?? 0;
    if (held.samples.length > (2 * HEAT_REACH_MS) / 1000) {
      const cut = newest - HEAT_REACH_MS;
      this.held = this.fresh(
        held.symbol,
        held.samples.filter((s) => s.t >= cut),
        held.trades.filter((tr) => tr.t >= cut),
        held.epoch,
      );
    }
    this.changed(this.held);
  }
}

/** The slice continues the history held (the first answer starts it). */
const sameHistory = (held: Held, slice: HeatSlice): boolean =>
  held.epoch === null || held.epoch === slice.epoch;

const newer = (tr: HeatTrade, last: HeatTrade): boolean =>
  tr.t > last.t || (tr.t === last.t && tr.id > last.id);
