// The heatmap's feed on the page: it adds what is newer than what it holds, and when the engine's history is another generation (older history put before it after a
// reload) it drops what it holds and asks again from the start.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeatSample, HeatSlice } from '../../../engine/api.ts';
import { HEAT_POLL_MS, HeatFeed } from './chart-heat.ts';
import type { HeatData } from './chart-surface.ts';

const sample = (t: number): HeatSample => ({ t, bids: [1, 1], asks: [2, 1] });

/** An engine holding `samples` in generation `epoch`, answering what is newer than asked. */
function engine() {
  const held = { epoch: 1, samples: [sample(10_000)] };
  const ask = (symbol: string, since: number): Promise<HeatSlice | null> => {
    const samples = held.samples.filter((x) => x.t > since);
    return Promise.resolve({ symbol, epoch: held.epoch, samples, trades: [] });
  };
  return { held, ask };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the heatmap feed', () => {
  it('adds what is newer, and starts over when the history is another generation', async () => {
    vi.useFakeTimers();
    const e = engine();
    const seen: (HeatData | null)[] = [];
    const feed = new HeatFeed(e.ask, (h) => seen.push(h && { ...h, samples: [...h.samples] }));
    feed.watch('BTC/USDT');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)?.samples.map((x) => x.t)).toEqual([10_000]);
    e.held.samples.push(sample(11_000));
    await vi.advanceTimersByTimeAsync(HEAT_POLL_MS);
    expect(seen.at(-1)?.samples.map((x) => x.t)).toEqual([10_000, 11_000]);
    // the engine put the log's older history before it: a new generation
    e.held.epoch = 2;
    e.held.samples.unshift(sample(8_000), sample(9_000));
    await vi.advanceTimersByTimeAsync(HEAT_POLL_MS);
    const last = seen.at(-1);
    expect(last?.samples.map((x) => x.t)).toEqual([8_000, 9_000, 10_000, 11_000]);
    // a new key: the paint worker is sent the history whole
    expect(last?.key).not.toBe(seen[1]?.key);
    feed.destroy();
  });

  it('takes an hour of a busy pair at once (200,000 trades after a reload)', async () => {
    vi.useFakeTimers();
    const trades = Array.from({ length: 200_000 }, (_, i) => ({
      id: i,
      t: 1_000 + i,
      price: 1,
      amount: 1,
      side: 'buy' as const,
    }));
    const ask = (symbol: string): Promise<HeatSlice> =>
      Promise.resolve({ symbol, epoch: 1, samples: [sample(500)], trades });
    let held: HeatData | null = null;
    const feed = new HeatFeed(ask, (h) => (held = h));
    feed.watch('BTC/USDT');
    await vi.advanceTimersByTimeAsync(0);
    expect((held as HeatData | null)?.trades.length).toBe(200_000);
    feed.destroy();
  });
});
