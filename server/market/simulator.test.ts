import { describe, expect, it } from 'vitest';
import { bucketStart, toServerPeriod } from './candles.ts';
import type { PairSpec } from './simulator.ts';
import { Prng } from './prng.ts';
import { MarketSimulator } from './simulator.ts';
import { changeOf, price } from './wire-format.ts';
import { BTC_USDT_SPEC } from '../testing/fixtures.ts';

const BTC: PairSpec = BTC_USDT_SPEC;
const DOGE: PairSpec = {
  ...BTC,
  matchId: 5,
  currencyName: 'DOGE',
  pricePrecision: 5,
  amountPrecision: 0,
  refPrice: 0.16,
  dailyVolatility: 0.06,
  minuteVolume: 900000,
};
const NOW = Date.UTC(2026, 10, 22, 3, 15, 30);
const opts = { seed: 7, speed: 1, nowMs: NOW, hourHistoryDays: 60, minuteHistoryDays: 2 };

/** A reproducible live walk (tests only: the server's draws from the CSPRNG). */
const seededLive = (seed: number): (() => number) => {
  const rng = new Prng(seed);
  return () => rng.normal();
};

function run(seed: number): MarketSimulator {
  const sim = new MarketSimulator([BTC, DOGE], { ...opts, seed, liveNormal: seededLive(seed) });
  for (let i = 1; i <= 120; i++) sim.tick(NOW + i * 1000);
  return sim;
}

describe('MarketSimulator', () => {
  it('gives a quiet bucket (fair mode, no trade yet) a flat bar at the last price', () => {
    const sim = new MarketSimulator([BTC], opts);
    const later = NOW + 5 * 60_000;
    sim.advance(later);
    const last = sim.lastPrice(BTC.matchId);
    const t = Math.floor(later / 1000);
    expect(sim.history(BTC.matchId, '1min', t, t)).toEqual([]);
    expect(sim.current(BTC.matchId, '1min', later)).toEqual({
      t: bucketStart('1min', t),
      o: last,
      h: last,
      l: last,
      c: last,
      v: 0,
      q: 0n,
    });
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const now = Math.floor(NOW / 1000) + 120;
    const a = run(7).history(1, '1min', now - 86400, now);
    const b = run(7).history(1, '1min', now - 86400, now);
    const c = run(8).history(1, '1min', now - 86400, now);
    expect(a.length).toBeGreaterThan(1400);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('walks live on draws nobody can replay from the public seed (ADR 0040)', () => {
    // an attacker clones the simulator with the server's (public, default) seed and the same
    // tick times: the history agrees, the live index does not
    const server = new MarketSimulator([BTC, DOGE], opts);
    const clone = new MarketSimulator([BTC, DOGE], opts);
    expect(clone.fairPrice(1)).toBe(server.fairPrice(1));
    let same = 0;
    for (let i = 1; i <= 30; i++) {
      server.advance(NOW + i * 1000);
      clone.advance(NOW + i * 1000);
      if (server.fairPrice(1) === clone.fairPrice(1) && server.fairPrice(5) === clone.fairPrice(5))
        same++;
    }
    expect(same).toBeLessThan(3);
  });

  it('keeps prices positive and plausible, even at high speed', () => {
    const sim = new MarketSimulator([BTC, DOGE], { ...opts, speed: 20 });
    for (let i = 1; i <= 600; i++) sim.tick(NOW + i * 1000);
    const now = Math.floor(NOW / 1000) + 600;
    for (const id of [1, 5]) {
      for (const bar of sim.history(id, '60min', now - 60 * 86400, now)) {
        expect(bar.l).toBeGreaterThan(0);
        expect(bar.h).toBeGreaterThanOrEqual(Math.max(bar.o, bar.c));
        expect(bar.l).toBeLessThanOrEqual(Math.min(bar.o, bar.c));
      }
    }
    const normal = new MarketSimulator([BTC], opts);
    const last = Number(price(BTC, normal.lastPrice(1) ?? 0));
    expect(last).toBeGreaterThan(40000);
    expect(last).toBeLessThan(110000);
  });

  it('aggregates periods consistently: a day equals its minutes', () => {
    const sim = new MarketSimulator([BTC], opts);
    const now = Math.floor(NOW / 1000);
    const dayStart = bucketStart('1day', now);
    const day = sim.current(1, '1day', NOW);
    const minutes = sim.history(1, '1min', dayStart, now);
    expect(day?.t).toBe(dayStart);
    expect(day?.o).toBe(minutes[0]?.o);
    expect(day?.c).toBe(minutes[minutes.length - 1]?.c);
    expect(day?.h).toBe(Math.max(...minutes.map((m) => m.h)));
    expect(day?.v).toBe(minutes.reduce((s, m) => s + m.v, 0));
    const fives = sim.history(1, '5min', dayStart, now);
    expect(fives.length).toBe(Math.ceil(minutes.length / 5));
  });

  it('places calendar buckets in UTC and maps aliases', () => {
    const t = Date.UTC(2026, 10, 22, 3, 15) / 1000; // a Sunday
    expect(bucketStart('1week', t)).toBe(Date.UTC(2026, 10, 16) / 1000); // Monday
    expect(bucketStart('1mon', t)).toBe(Date.UTC(2026, 10, 1) / 1000);
    expect(bucketStart('1year', t)).toBe(Date.UTC(2026, 0, 1) / 1000);
    expect(bucketStart('15min', t)).toBe(Date.UTC(2026, 10, 22, 3, 15) / 1000);
    expect(toServerPeriod('1H')).toBe('60min');
    expect(toServerPeriod('1Y')).toBe('1year');
    expect(toServerPeriod('2min')).toBeNull();
  });

  it('writes change with an explicit sign and prices as fixed decimals', () => {
    const bar = { t: 0, o: 10000, h: 10200, l: 9900, c: 10123, v: 1, q: 1n };
    expect(changeOf(BTC, bar)).toBe('+1.23');
    expect(changeOf(BTC, { ...bar, c: 9950 })).toBe('-0.50');
    expect(changeOf(BTC, { ...bar, c: 10000 })).toBe('0.00');
    expect(price(DOGE, 16023)).toBe('0.16023');
    expect(price(BTC, 6700012)).toBe('67000.12');
  });
});
