// B2 (BUDGETS.md): the book fold's cost per level change at 1,000 and at 5,000 levels a side,
// beside a naive book (a Map per side, fully re-sorted after every push), and how each grows
// from 1,000 to 5,000 levels: O(log n) per change predicts ×1.23, a full sort per push
// (O(n log n) per push) about ×5.8, any O(n) work per change ×5.
//
// The stream is generated (seeded, so every run folds the same one) the way the reference
// server's load driver moves a deep book: a price on a grid of 1.15 n ticks per side, a new
// amount where a level exists (sometimes its removal), a new level where none does; 60
// changes per push. The real path is `foldBook` on `book.delta` events, exactly as the
// engine folds them (snapshot first, untimed).
import type { DecStr } from '../src/shared/decimal.ts';
import type { BookLevel, EngineEvent } from '../src/engine/events.ts';
import { foldBook, initialBookState } from '../src/engine/projections/book/book.ts';
import type { BookEvent } from '../src/engine/projections/book/book.ts';
import { NaiveBook } from './naive-book.ts';
import { cpuMs, median, prng, spread } from './stats.ts';
import type { Benchmark, BenchRow } from './types.ts';

const SYMBOL = 'BTC/USDT';
const MID_CENTS = 7_000_000; // 70,000.00
const CHANGES_PER_PUSH = 60;
/** Growth from 1,000 to 5,000 levels that still counts as flat (log n: 1.23; n: 5). */
const MAX_GROWTH = 2;

const bench: Benchmark = {
  name: 'book-apply',
  ids: ['B2'],
  async run({ quick }) {
    const pushes = quick ? 150 : 800;
    // the engine's runs are cheap: many of them steady the growth ratio on a noisy machine;
    // the naive peer is slow and only needs to be known to within a few per cent
    const runs = quick ? 7 : 21;
    const naiveRuns = quick ? 3 : 5;
    const small = measure(1000, pushes, runs, naiveRuns);
    const large = measure(5000, pushes, runs, naiveRuns);
    await Promise.resolve();
    return [sizeRow(small), sizeRow(large), growthRow(small, large)];
  },
};
export default bench;

interface Measured {
  levels: number;
  changes: number;
  /** ns per level change, per run. */
  real: number[];
  naive: number[];
}

function measure(levels: number, pushes: number, runs: number, naiveRuns: number): Measured {
  const stream = generate(levels, pushes, levels);
  const changes = stream.deltas.reduce((n, d) => n + d.bids.length + d.asks.length, 0);
  const out: Measured = { levels, changes, real: [], naive: [] };
  for (let i = 0; i < runs + 1; i += 1) {
    const real = timeReal(stream);
    // interleaved with the first runs of the engine, so both see the same machine
    const naive = i <= naiveRuns ? timeNaive(stream) : null;
    if (i === 0) continue; // warm-up
    out.real.push((real * 1e6) / changes);
    if (naive !== null) out.naive.push((naive * 1e6) / changes);
  }
  return out;
}

let _sink = 0;

function timeReal(stream: Stream): number {
  let state = foldBook(initialBookState, stream.watch);
  state = foldBook(state, stream.snapshot);
  const t0 = cpuMs();
  for (const e of stream.events) state = foldBook(state, e);
  const ms = cpuMs() - t0;
  if (state.bids.size + state.asks.size === 0 || state.resyncs > 0)
    throw new Error('the generated stream did not fold as a gap-free delta book');
  _sink += state.version;
  return ms;
}

function timeNaive(stream: Stream): number {
  const book = new NaiveBook();
  book.replace(stream.snapshotBids, stream.snapshotAsks);
  const t0 = cpuMs();
  for (const d of stream.deltas) book.apply(d.bids, d.asks);
  const ms = cpuMs() - t0;
  _sink += book.sortedBids.length;
  return ms;
}

const fmtNs = (ns: number): string => `${ns.toFixed(0)} ns`;

function sizeRow(m: Measured): BenchRow {
  const real = median(m.real);
  const naive = median(m.naive);
  return {
    id: 'B2',
    what: `book apply, ${m.levels.toLocaleString('en-US')} levels a side, per level change`,
    value: real,
    unit: 'ns',
    budget: 'O(log n); no full sort per push (< ½ of the naive peer)',
    peer: `naive full sort per push ${fmtNs(naive)} a change`,
    ratio: real / naive,
    pass: real < naive / 2,
    note: `${m.changes.toLocaleString('en-US')} changes in pushes of ${CHANGES_PER_PUSH}; real ${spread(m.real, 'ns', 0)}; naive ${spread(m.naive, 'ns', 0)} (process CPU time)`,
  };
}

function growthRow(small: Measured, large: Measured): BenchRow {
  const growth = median(large.real) / median(small.real);
  const naive = median(large.naive) / median(small.naive);
  return {
    id: 'B2',
    what: 'book apply growth from 1,000 to 5,000 levels a side, per level change',
    value: growth,
    unit: '×',
    budget: `≈ flat: ≤ ${MAX_GROWTH}× (O(log n) ⇒ 1.23×, O(n) ⇒ 5×)`,
    peer: `naive full sort grows ${naive.toFixed(1)}×`,
    ratio: growth,
    pass: growth <= MAX_GROWTH,
    note: `${fmtNs(median(small.real))} → ${fmtNs(median(large.real))} a change`,
  };
}

interface Stream {
  watch: BookEvent;
  snapshot: BookEvent;
  events: BookEvent[];
  snapshotBids: BookLevel[];
  snapshotAsks: BookLevel[];
  deltas: { bids: BookLevel[]; asks: BookLevel[] }[];
}

/** A snapshot of `levels` a side, then `pushes` deltas as the load driver makes them. */
function generate(levels: number, pushes: number, seed: number): Stream {
  const next = prng(seed);
  const range = Math.round(levels * 1.15);
  const sides = { bid: new Map<number, DecStr>(), ask: new Map<number, DecStr>() };
  const amount = (): DecStr => decimalOf(1 + Math.floor(next() * 50_000), 4);
  const priceOf = (side: 'bid' | 'ask', tick: number): DecStr =>
    decimalOf(side === 'bid' ? MID_CENTS - 1 - tick : MID_CENTS + 1 + tick, 2);
  for (let i = 0; i < levels; i += 1) {
    sides.bid.set(i, amount());
    sides.ask.set(i, amount());
  }
  const levelsOf = (side: 'bid' | 'ask'): BookLevel[] =>
    [...sides[side].entries()].sort((a, b) => a[0] - b[0]).map(([t, a]) => [priceOf(side, t), a]);
  const snapshotBids = levelsOf('bid');
  const snapshotAsks = levelsOf('ask');
  const deltas: Stream['deltas'] = [];
  for (let p = 0; p < pushes; p += 1) {
    const d = { bids: [] as BookLevel[], asks: [] as BookLevel[] };
    for (let c = 0; c < CHANGES_PER_PUSH; c += 1) {
      const side = next() < 0.5 ? 'bid' : 'ask';
      const tick = Math.floor(next() * range);
      const book = sides[side];
      // an existing level mostly changes size, sometimes goes; a missing one appears
      const value = book.has(tick) && next() < 0.15 ? ('0' as DecStr) : amount();
      if (value === '0') book.delete(tick);
      else book.set(tick, value);
      (side === 'bid' ? d.bids : d.asks).push([priceOf(side, tick), value]);
    }
    deltas.push(d);
  }
  return {
    watch: event({
      kind: 'command',
      name: 'ui.watch-spot',
      body: { symbol: SYMBOL, pair: null, period: '1min', loggedIn: false },
    }),
    snapshot: event({
      kind: 'push',
      name: 'book.snapshot',
      body: { symbol: SYMBOL, seq: 1, bids: snapshotBids, asks: snapshotAsks },
    }),
    events: deltas.map((d, i) =>
      event({
        kind: 'push',
        name: 'book.delta',
        body: { symbol: SYMBOL, seq: i + 2, prevSeq: i + 1, bids: d.bids, asks: d.asks },
      }),
    ),
    snapshotBids,
    snapshotAsks,
    deltas,
  };
}

let seq = 0;
function event(e: Omit<BookEvent, 'seq' | 'at'>): BookEvent {
  seq += 1;
  return { ...e, seq, at: seq } as EngineEvent as BookEvent;
}

/** units / 10^scale as a canonical decimal string (exact; no floats). */
function decimalOf(units: number, scale: number): DecStr {
  const digits = String(units).padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return (frac === '' ? int : `${int}.${frac}`) as DecStr;
}
