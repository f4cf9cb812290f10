// The depth heatmap's history (issue 47, ADR 0081): the watched spot pair's book sampled as the
// engine folds its events — once per HEAT_SAMPLE_MS of the exchange's clock at most, and only
// when the book changed — and the pair's trades, kept for HEAT_REACH_MS. The live engine feeds
// it after each dispatched event, the replay as it folds a recording, so a replay draws the
// heatmap the recorded session had.
//
// Invariants (depth-heat.test.ts):
//   D1 samples-are-the-book: every sample is the book's best HEAT_LEVELS levels a side at an
//      event, in the book's order, and samples are ascending in time, at least HEAT_SAMPLE_MS apart.
//   D2 one-pair: a new watched pair starts a new history; a slice is only of the pair asked.
//   D3 reach: nothing older than HEAT_REACH_MS before the newest sample or trade is answered
//      (and nothing a minute older than that is kept).
//   D4 backfill-before: older history (the stored log's: heat-backfill.ts) goes only before what
//      is held, D1 still holds after it, and the epoch changes.
import type { HeatSample, HeatSlice, HeatTrade } from '../api/heat.ts';
import { HEAT_LEVELS, HEAT_REACH_MS, HEAT_SAMPLE_MS } from '../api/heat.ts';
import type { BookSide } from '../projections/book/sorted-side.ts';
import type { EngineState } from '../store.ts';

/** How far past the reach the oldest may be before trim() copies what is kept (ms). */
const TRIM_SLACK_MS = 60_000;

/** Generations of every history of the worker (a page holding one can tell it changed). */
let epochs = 0;

export class DepthHeat {
  private symbol: string | null = null;
  /** The current history: changes with its pair and when older history is put before it. */
  private epoch = 0;
  /** Which pair's history this is: 1, 2, … (a new pair or a new start). */
  private historyNo = 0;
  private samples: HeatSample[] = [];
  private trades: HeatTrade[] = [];
  private bookVersion = -1;
  private nextAt = -Infinity;
  private lastTrade = -1;
  private tradeList: unknown = null;

  /** `only`: the history of that pair alone, others skipped (a backfill's fold), not restarted. */
  constructor(private readonly only: string | null = null) {}

  /** Takes what the fold of one event changed (`at`: the event's time, ms). */
  add(at: number, state: EngineState): void {
    const { book, trades } = state.spot;
    const symbol = book.symbol;
    if (this.only !== null && symbol !== this.only) return;
    if (symbol !== this.symbol) this.reset(symbol);
    if (symbol === null) return;
    const t = at + state.session.connection.clockOffsetMs;
    if (book.version !== this.bookVersion && t >= this.nextAt && book.source !== 'none') {
      this.bookVersion = book.version;
      this.nextAt = t + HEAT_SAMPLE_MS;
      this.samples.push({ t, bids: top(book.bids), asks: top(book.asks) });
      this.trim();
    }
    if (trades.list !== this.tradeList && trades.symbol === symbol) {
      this.tradeList = trades.list;
      this.takeTrades(trades.list);
      this.trim();
    }
  }

  /**
   * Samples and trades of `symbol` newer than `since` and not after `until` (a replay's cursor);
   * null when another pair is held.
   */
  since(symbol: string, since: number, until = Infinity): HeatSlice | null {
    if (symbol !== this.symbol) return null;
    // what trim() still holds past the reach is not answered
    const from = Math.max(since, this.reachCut());
    const part = <T extends { t: number }>(items: T[]): T[] =>
      items.slice(firstAfter(items, from), firstAfter(items, until));
    return { symbol, epoch: this.epoch, samples: part(this.samples), trades: part(this.trades) };
  }

  /** The pair held and which of its histories this is (a backfill is for one of them). */
  get history(): { symbol: string | null; no: number } {
    return { symbol: this.symbol, no: this.historyNo };
  }

  /**
   * Puts `older` (the same pair's history from the stored log) before what is held: its samples
   * at least HEAT_SAMPLE_MS before the first held, its trades before the first held.
   */
  backfill(older: HeatSlice): void {
    if (older.symbol !== this.symbol) return;
    const firstSample = this.samples[0]?.t ?? Infinity;
    const firstTrade = this.trades[0]?.t ?? Infinity;
    const samples = older.samples.filter((x) => x.t <= firstSample - HEAT_SAMPLE_MS);
    const trades = older.trades.filter((x) => x.t < firstTrade);
    if (samples.length + trades.length === 0) return;
    this.samples = [...samples, ...this.samples];
    this.trades = [...trades, ...this.trades];
    this.trim();
    this.epoch = ++epochs;
  }

  private reset(symbol: string | null): void {
    this.symbol = symbol;
    this.epoch = ++epochs;
    this.historyNo += 1;
    this.samples = [];
    this.trades = [];
    this.bookVersion = -1;
    this.nextAt = -Infinity;
    this.lastTrade = -1;
    this.tradeList = null;
  }

  /** The list is newest first: the trades after the last one taken, oldest first. */
  private takeTrades(list: EngineState['spot']['trades']['list']): void {
    const fresh: HeatTrade[] = [];
    for (const tr of list) {
      if (tr.id <= this.lastTrade) break;
      const price = Number(tr.price);
      const amount = Number(tr.amount);
      if (Number.isFinite(price) && Number.isFinite(amount))
        fresh.push({ id: tr.id, t: tr.time, price, amount, side: tr.direction });
    }
    if (fresh.length === 0) return;
    fresh.reverse();
    this.lastTrade = fresh[fresh.length - 1]?.id ?? this.lastTrade;
    // a trade older than one held (a page of history) goes where its time puts it
    for (const tr of fresh) insertByTime(this.trades, tr);
  }

  private newest(): number {
    return Math.max(this.samples.at(-1)?.t ?? -Infinity, this.trades.at(-1)?.t ?? -Infinity);
  }

  /**
   * Drops what is older than the reach, once it is TRIM_SLACK_MS past it: a copy of the hour
   * a minute, not one per event (an hour of a busy pair's trades is a hundred thousand).
   */
  private trim(): void {
    const cut = this.reachCut();
    const stale = (items: readonly { t: number }[]) =>
      (items[0]?.t ?? Infinity) <= cut - TRIM_SLACK_MS;
    if (stale(this.samples)) this.samples = this.samples.slice(firstAfter(this.samples, cut));
    if (stale(this.trades)) this.trades = this.trades.slice(firstAfter(this.trades, cut));
  }

  /** The reach's edge: what is at or before it is past the reach (newest − HEAT_REACH_MS − 1). */
  private reachCut(): number {
    return this.newest() - HEAT_REACH_MS - 1;
  }
}

/** The best HEAT_LEVELS levels of a side as [price, amount, …]. */
function top(side: BookSide): number[] {
  const out: number[] = [];
  for (const chunk of side.chunks) {
    for (const level of chunk.levels) {
      out.push(Number(level.price), Number(level.amount));
      if (out.length >= HEAT_LEVELS * 2) return out;
    }
  }
  return out;
}

/** Index of the first item with t > `since` (items ascending by t). */
function firstAfter(items: readonly { t: number }[], since: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid]?.t ?? Infinity) <= since) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertByTime(list: HeatTrade[], tr: HeatTrade): void {
  if ((list.at(-1)?.t ?? -Infinity) <= tr.t) list.push(tr);
  else list.splice(firstAfter(list, tr.t), 0, tr);
}
