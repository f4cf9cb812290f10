// The mark price (api-contract decision 10, ADR 0021): the one price every contract money
// decision takes — opening and closing, P&L, stop levels, limit activation, the risk rate and
// liquidation, the overnight fee, and second-contract opening and settlement. The last trade
// stays what screens show as "last price"; a trade, of any size, cannot move the mark at will.
//
// Sampled once a second per pair, in integer ticks:
// - With an index (the reference price source: the simulator's fair value, which no order on
//   this exchange moves): mark = index × (1 + premium), where the premium is the time-weighted
//   median, over the last minute, of (spot mid − index) / index, each sample clamped to ±band.
//   The mark never stands further than the band from the index.
// - Without one (SIM_OFF): mark = the time-weighted median, over the last minute, of the spot
//   mid (the last trade while one side of the book is empty), clamped to ±band around the mark
//   of one window earlier: a price must hold for half a minute to count at all, and the mark
//   moves at most one band per minute however long it holds.
import { Decimal } from '../../src/shared/decimal.ts';
import type { SpotService } from '../trading/spot-service.ts';
import type { MarketSimulator, PairSpec } from './simulator.ts';

export interface MarkRules {
  /** Basis points: the most the premium may be (index) or the mark may move per window. */
  bandBp: bigint;
  /** The median's window and the no-index clamp's period, ms. */
  windowMs: number;
}

/** 0.5 % over one minute. */
export const MARK_RULES: MarkRules = { bandBp: 50n, windowMs: 60_000 };
/** How often the timer samples (MarkPrices.sample). */
export const MARK_SAMPLE_MS = 1000;

export interface MarkSources {
  /**
   * The index of a pair in ticks, or null while it has none. Absent: no pair has an index
   * (the simulator is off), the mark follows the clamped median of the spot book.
   */
  index?: (matchId: number) => bigint | null;
  /** Best bid and ask of the pair's spot book, ticks (null: that side is empty). */
  quotes: (matchId: number) => { bid: bigint | null; ask: bigint | null };
  /** The last trade of the pair, ticks. */
  last: (matchId: number) => bigint | null;
}

/**
 * The running server's sources: the simulator's fair value as the index (no order on this
 * exchange moves it; none with SIM_OFF), the spot book's best quotes and its last trade.
 */
export function serverMarkSources(
  spot: SpotService,
  market: MarketSimulator,
  simOff: boolean,
): MarkSources {
  const index = (matchId: number): bigint | null => {
    const fair = market.fairPrice(matchId);
    return fair === null ? null : BigInt(fair);
  };
  return {
    ...(simOff ? {} : { index }),
    quotes: (matchId) => {
      const book = spot.core.book(matchId);
      return { bid: book.bestBid(), ask: book.bestAsk() };
    },
    last: (matchId) => spot.lastPrice(matchId),
  };
}

/** One sample: a premium in parts per billion (index) or a price in ticks (no index). */
interface Sample {
  t: number;
  v: bigint;
}

interface PairState {
  spec: PairSpec;
  samples: Sample[];
  /** Marks of the last window (no index: the clamp's anchor is the mark one window ago). */
  history: Sample[];
  mark: bigint | null;
  index: bigint | null;
}

/** Premiums in parts per billion: finer than a tick at any price below 10^9 ticks. */
const PPB = 1_000_000_000n;
const BP = 10_000n;

export class MarkPrices {
  private readonly states = new Map<number, PairState>();
  /** Mark prices as decimals in each pair's precision (what lever and micro take). */
  readonly priceOf = (matchId: number): Decimal | null => this.mark(matchId);

  constructor(
    pairs: readonly PairSpec[],
    private readonly sources: MarkSources,
    nowMs: number,
    private readonly rules: MarkRules = MARK_RULES,
  ) {
    for (const spec of pairs)
      this.states.set(spec.matchId, { spec, samples: [], history: [], mark: null, index: null });
    this.sample(nowMs);
  }

  /** Takes one sample of every pair and moves its mark to `nowMs`. */
  sample(nowMs: number): void {
    for (const s of this.states.values()) {
      if (this.sources.index === undefined) this.sampleBook(s, nowMs);
      else this.sampleIndexed(s, this.sources.index(s.spec.matchId), nowMs);
    }
  }

  /** The mark of a pair in ticks, or null before it has any price. */
  markTicks(matchId: number): bigint | null {
    return this.states.get(matchId)?.mark ?? null;
  }

  /** The mark of a pair in its price precision, or null. */
  mark(matchId: number): Decimal | null {
    const s = this.states.get(matchId);
    return s?.mark == null ? null : ticksToPrice(s.spec, s.mark);
  }

  /** The index a pair's mark follows, or null (no index, or none yet). */
  index(matchId: number): Decimal | null {
    const s = this.states.get(matchId);
    return s?.index == null ? null : ticksToPrice(s.spec, s.index);
  }

  private sampleIndexed(s: PairState, index: bigint | null, nowMs: number): void {
    if (index === null || index <= 0n) return; // no index now: the mark stays where it was
    s.index = index;
    const mid = midOf(this.sources.quotes(s.spec.matchId));
    if (mid !== null) {
      const band = (this.rules.bandBp * PPB) / BP;
      push(s.samples, { t: nowMs, v: clamp(((mid - index) * PPB) / index, -band, band) });
    }
    const from = nowMs - this.rules.windowMs;
    trim(s.samples, from);
    const premium = weightedMedian(s.samples, from, nowMs) ?? 0n;
    s.mark = maxTick((index * (PPB + premium) + PPB / 2n) / PPB);
  }

  private sampleBook(s: PairState, nowMs: number): void {
    const price = midOf(this.sources.quotes(s.spec.matchId)) ?? this.sources.last(s.spec.matchId);
    if (price === null || price <= 0n) return;
    push(s.samples, { t: nowMs, v: price });
    const from = nowMs - this.rules.windowMs;
    trim(s.samples, from);
    const target = weightedMedian(s.samples, from, nowMs) ?? price;
    trim(s.history, from);
    const anchor = s.history[0]?.v ?? s.mark ?? target;
    const band = (anchor * this.rules.bandBp) / BP;
    s.mark = maxTick(clamp(target, anchor - band, anchor + band));
    push(s.history, { t: nowMs, v: s.mark });
  }
}

/** The mid of a two-sided book in ticks (rounded down), else null. */
function midOf(q: { bid: bigint | null; ask: bigint | null }): bigint | null {
  if (q.bid === null || q.ask === null || q.bid <= 0n || q.ask <= 0n) return null;
  return (q.bid + q.ask) / 2n;
}

const clamp = (v: bigint, lo: bigint, hi: bigint): bigint => (v < lo ? lo : v > hi ? hi : v);
const maxTick = (v: bigint): bigint => (v < 1n ? 1n : v);

/** Appends a sample (a second one at the same time replaces the first). */
function push(samples: Sample[], s: Sample): void {
  const last = samples[samples.length - 1];
  if (last !== undefined && last.t >= s.t) samples[samples.length - 1] = s;
  else samples.push(s);
}

/**
 * Drops the samples that no longer reach into the window [from, …): those followed by another
 * sample at or before `from`. The one in force at `from` stays (it covers the window's start).
 */
function trim(samples: Sample[], from: number): void {
  let drop = 0;
  while (drop + 1 < samples.length && (samples[drop + 1]?.t ?? Infinity) <= from) drop++;
  if (drop > 0) samples.splice(0, drop);
}

/**
 * The time-weighted median of step samples over [from, to]: each value holds from its time
 * until the next sample (the last one until `to`). Null when no sample covers any time yet.
 */
export function weightedMedian(
  samples: readonly Sample[],
  from: number,
  to: number,
): bigint | null {
  const spans: { v: bigint; w: number }[] = [];
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    if (s === undefined) continue;
    const start = Math.max(s.t, from);
    const end = Math.min(samples[i + 1]?.t ?? to, to);
    if (end > start) spans.push({ v: s.v, w: end - start });
  }
  if (spans.length === 0) return null;
  spans.sort((a, b) => (a.v < b.v ? -1 : a.v > b.v ? 1 : 0));
  const total = spans.reduce((sum, x) => sum + x.w, 0);
  let acc = 0;
  for (const x of spans) {
    acc += x.w;
    if (2 * acc >= total) return x.v;
  }
  return spans[spans.length - 1]?.v ?? null;
}

function ticksToPrice(p: PairSpec, ticks: bigint): Decimal {
  return new Decimal(ticks.toString())
    .dividedBy(new Decimal(10).pow(p.pricePrecision))
    .toDecimalPlaces(p.pricePrecision);
}
