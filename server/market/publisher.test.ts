// The market publisher, running and held: held (the development switch), the market stands still
// and its tickers still go out once a second, unchanged, so a client's watchdog never takes the
// quiet socket for a dead one; started again, the market moves and every stream goes out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Server } from 'socket.io';
import { MarketSimulator } from './simulator.ts';
import { MarketPublisher } from './publisher.ts';
import { BTC_USDT_SPEC } from '../testing/fixtures.ts';
import { Prng } from './prng.ts';

const NOW = Date.UTC(2026, 10, 22, 3, 15, 30);

interface Sent {
  event: string;
  payload: { close?: string; seq: number };
}

function setup(): { publisher: MarketPublisher; sent: Sent[]; clock: { now: number } } {
  const rng = new Prng(3);
  const market = new MarketSimulator([BTC_USDT_SPEC], {
    seed: 3,
    speed: 1,
    nowMs: NOW,
    hourHistoryDays: 2,
    minuteHistoryDays: 1,
    liveNormal: () => rng.normal(),
  });
  const sent: Sent[] = [];
  const io = {
    to: () => ({
      emit: (event: string, payload: Sent['payload']) => sent.push({ event, payload }),
    }),
  } as unknown as Server;
  const clock = { now: NOW };
  const publisher = new MarketPublisher(market, io, () => clock.now, 'candles');
  return { publisher, sent, clock };
}

describe('MarketPublisher', () => {
  afterEach(() => vi.useRealTimers());

  it('held, sends the unchanged tickers each second and no kline; started, moves again', () => {
    vi.useFakeTimers();
    const { publisher, sent, clock } = setup();
    publisher.start(1000);
    for (let i = 0; i < 3; i++) {
      clock.now += 1000;
      vi.advanceTimersByTime(1000);
    }
    expect(sent.some((s) => s.event === 'kline')).toBe(true);
    sent.length = 0;

    publisher.hold(1000);
    for (let i = 0; i < 5; i++) {
      clock.now += 1000;
      vi.advanceTimersByTime(1000);
    }
    expect(sent.map((s) => s.event)).toEqual(Array(5).fill('daymarket'));
    expect(new Set(sent.map((s) => s.payload.close)).size).toBe(1);
    const seqs = sent.map((s) => s.payload.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(5);
    sent.length = 0;

    publisher.start(1000);
    for (let i = 0; i < 30; i++) {
      clock.now += 1000;
      vi.advanceTimersByTime(1000);
    }
    expect(sent.some((s) => s.event === 'kline')).toBe(true);
    const closes = sent.filter((s) => s.event === 'daymarket').map((s) => s.payload.close);
    expect(new Set(closes).size).toBeGreaterThan(1);

    publisher.stop();
    sent.length = 0;
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([]);
  });
});
