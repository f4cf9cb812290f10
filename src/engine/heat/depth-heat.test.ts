// The depth heatmap's history (issue 47): an engine in Node on fake services samples the watched
// book as it folds it — at most once a second, only when it changed, the best levels of each
// side as the book has them — and keeps the pair's trades; a slice is of the pair asked only.
import { describe, expect, it } from 'vitest';
import { HEAT_LEVELS, HEAT_REACH_MS, HEAT_SAMPLE_MS } from '../api/heat.ts';
import { foldEngine, initialEngineState } from '../store.ts';
import { checkedEvent } from '../events.ts';
import { testServices } from '../testing/fakes.ts';
import { depth, routes, started } from '../testing/spot-engine.ts';
import { DepthHeat } from './depth-heat.ts';
import type { EngineHandle } from '../engine.ts';
import { sideFromLevels } from '../projections/book/sorted-side.ts';
import type { DecStr } from '../../shared/decimal.ts';

const trade = (id: number, price: string, ts: number, direction: 'buy' | 'sell') => ({
  id,
  price,
  amount: '0.5',
  ts,
  time: '',
  direction,
});

/** An engine whose watched book gets four deltas and a trade a second, for twenty seconds. */
async function fed() {
  const t = testServices(routes());
  const run = await started(t, 'heat-book');
  await run.engine.watchSpot('BTC/USDT');
  const asks = Array.from({ length: 60 }, (_, i) => [String(200 + i), String(i + 1)]);
  run.socket.fire('market_depth', depth('snapshot', 1, null, [['90', '1']], asks));
  for (let s = 1; s <= 20; s += 1) {
    // four deltas a second: one sample of them a second
    for (let k = 0; k < 4; k += 1) {
      t.timers.advance(250);
      const seq = 1 + (s - 1) * 4 + k + 1;
      run.socket.fire('market_depth', depth('delta', seq, seq - 1, [[String(90 + s), '2']], []));
    }
    run.socket.fire('market_detail', {
      symbol: 'BTC/USDT',
      seq: s,
      data: [trade(100 + s, String(90 + s), 1_700_000_000_000 + s * 1000, s % 2 ? 'buy' : 'sell')],
    });
  }
  return { run };
}

/** A state whose book of `symbol` has one bid level (its `version` says when it changed). */
const book = (symbol: string, version: number, bid: number) => ({
  ...initialEngineState,
  spot: {
    ...initialEngineState.spot,
    book: {
      ...initialEngineState.spot.book,
      symbol,
      source: 'delta' as const,
      version,
      bids: sideFromLevels([[String(bid) as DecStr, '1' as DecStr]], 'bid'),
    },
  },
});

/** The best bids the fold of the log had at each time (several events can share a millisecond). */
async function bestBidsAt(engine: EngineHandle): Promise<Map<number, number[]>> {
  const events = await engine.log.read(0, 100_000);
  let state = initialEngineState;
  const bestBids = new Map<number, number[]>();
  for (const e of events) {
    state = foldEngine(state, checkedEvent(e));
    const best = state.spot.book.bids.chunks[0]?.levels[0]?.key;
    const at = e.at + state.session.connection.clockOffsetMs;
    if (best !== undefined) bestBids.set(at, [...(bestBids.get(at) ?? []), best]);
  }
  return bestBids;
}

describe('the depth heatmap history', () => {
  it('D1: samples the book as folded, once a second at most, and the trades oldest first', async () => {
    const { run } = await fed();
    const slice = await run.engine.depthHeat('BTC/USDT', -Infinity);
    if (slice === null) throw new Error('no heat');
    expect(slice.samples.length).toBeGreaterThanOrEqual(20);
    expect(slice.samples.length).toBeLessThanOrEqual(22);
    for (let i = 1; i < slice.samples.length; i += 1) {
      const gap = (slice.samples[i]?.t ?? 0) - (slice.samples[i - 1]?.t ?? 0);
      expect(gap).toBeGreaterThanOrEqual(HEAT_SAMPLE_MS);
    }
    // each sample is the book of the fold at an event: its best bid, its asks best first
    const bestBids = await bestBidsAt(run.engine);
    for (const sample of slice.samples) {
      expect(bestBids.get(sample.t)).toContain(sample.bids[0]);
    }
    const last = slice.samples.at(-1);
    expect(last?.asks.length).toBe(HEAT_LEVELS * 2);
    expect(last?.asks.slice(0, 4)).toEqual([200, 1, 201, 2]);
    expect(last?.bids.slice(0, 2)).toEqual([110, 2]);
    expect(slice.trades.map((x) => x.id)).toEqual(
      [...slice.trades.map((x) => x.id)].sort((a, b) => a - b),
    );
    expect(slice.trades.at(-1)).toMatchObject({ id: 120, price: 110, amount: 0.5, side: 'sell' });
    // since: only what is newer
    const later = await run.engine.depthHeat('BTC/USDT', last?.t ?? 0);
    expect(later?.samples).toEqual([]);
    // D2: another pair is not answered
    expect(await run.engine.depthHeat('ETH/USDT', -Infinity)).toBeNull();
  });

  it('D3: keeps an hour; D2: a new pair starts over', () => {
    const heat = new DepthHeat();
    for (let s = 0; s < 4_000; s += 1) heat.add(s * 1000, book('BTC/USDT', s, 100 + s));
    const all = heat.since('BTC/USDT', -Infinity);
    expect(all?.samples[0]?.t).toBe(3_999_000 - HEAT_REACH_MS);
    expect(all?.samples.length).toBe(HEAT_REACH_MS / 1000 + 1);
    // half a minute on: the answer moves with the reach (what is kept is copied once a minute)
    for (let s = 4_000; s < 4_030; s += 1) heat.add(s * 1000, book('BTC/USDT', s, 100 + s));
    expect(heat.since('BTC/USDT', -Infinity)?.samples[0]?.t).toBe(4_029_000 - HEAT_REACH_MS);
    expect(heat.since('BTC/USDT', -Infinity, 1_000_000)?.samples.at(-1)?.t).toBe(1_000_000);
    // the same version again: no sample
    heat.add(5_000_000, book('BTC/USDT', 4_029, 1));
    expect(heat.since('BTC/USDT', 4_029_000)?.samples).toEqual([]);
    heat.add(5_001_000, book('ETH/USDT', 1, 7));
    expect(heat.since('BTC/USDT', -Infinity)).toBeNull();
    expect(heat.since('ETH/USDT', -Infinity)?.samples.map((x) => x.bids)).toEqual([[7, 1]]);
  });

  it('D4: older history goes before what is held, a sample period apart, in a new epoch', () => {
    const live = new DepthHeat();
    for (let s = 100; s < 110; s += 1) live.add(s * 1000, book('BTC/USDT', s, s));
    const older = new DepthHeat('BTC/USDT');
    for (let s = 0; s < 105; s += 1) {
      // another pair between: skipped by a sampler of one pair, not a new history
      older.add(s * 1000, s === 50 ? book('ETH/USDT', s, s) : book('BTC/USDT', s, s));
    }
    const before = live.since('BTC/USDT', -Infinity);
    const olderSlice = older.since('BTC/USDT', -Infinity);
    if (before === null || olderSlice === null) throw new Error('no history');
    expect(olderSlice.samples.map((x) => x.t / 1000)).not.toContain(50);
    expect(olderSlice.samples[0]?.t).toBe(0);
    live.backfill(olderSlice);
    const after = live.since('BTC/USDT', -Infinity);
    expect(after?.epoch).not.toBe(before.epoch);
    // up to 99 s from the log, from 100 s the live samples
    const times = after?.samples.map((x) => x.t / 1000) ?? [];
    expect(times.slice(-11)).toEqual([99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
    for (let i = 1; i < times.length; i += 1)
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(HEAT_SAMPLE_MS / 1000);
    // another pair's history is not filled in
    const eth = new DepthHeat();
    eth.add(1, book('ETH/USDT', 1, 1));
    eth.backfill(olderSlice);
    expect(eth.since('ETH/USDT', -Infinity)?.samples).toHaveLength(1);
  });
});
