import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SPARKLINE_POINTS } from '../../shared/constants.ts';
import { decStr } from '../../shared/decimal.ts';
import { foldMarket, foldMarketAll, initialMarketState } from './market.ts';
import type { MarketState } from './market.ts';
import { chunk, marketEventArb, withSeq } from '../testing/arbitraries.ts';
import type { EngineEvent } from '../events.ts';

const eventsArb = fc.array(marketEventArb, { maxLength: 60 }).map(withSeq);

/** Every state reached while folding the events. */
function states(events: EngineEvent[]): MarketState[] {
  const out = [initialMarketState];
  for (const e of events) out.push(foldMarket(out[out.length - 1] ?? initialMarketState, e));
  return out;
}

describe('market projection', () => {
  it('M1 groupsMatchTickers', () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        for (const s of states(events)) {
          const listed = s.market.groups.flatMap((g) => g.symbols);
          expect(new Set(listed).size).toBe(listed.length);
          expect([...listed].sort()).toEqual(Object.keys(s.tickers).sort());
        }
      }),
    );
  });

  it('M2 sparklineBounded', () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        for (const line of Object.values(foldMarketAll(initialMarketState, events).sparklines)) {
          expect(line.closes.length).toBeLessThanOrEqual(SPARKLINE_POINTS);
          expect(line.minutes.length).toBe(line.closes.length);
        }
      }),
    );
  });

  it('M3 sparklineMinutesIncrease', () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        for (const s of states(events)) {
          for (const line of Object.values(s.sparklines)) {
            line.minutes.forEach((m, i) => {
              if (i > 0) expect(m).toBeGreaterThan(line.minutes[i - 1] ?? -Infinity);
            });
          }
        }
      }),
    );
  });

  it('M4 unknownSymbolIgnored', () => {
    fc.assert(
      fc.property(eventsArb, marketEventArb, (events, extra) => {
        const s = foldMarketAll(initialMarketState, events);
        if (extra.name !== 'market.daymarket' && extra.name !== 'market.kline') return;
        if (extra.body.symbol in s.tickers) return;
        expect(foldMarket(s, { ...extra, seq: events.length + 1 } as EngineEvent)).toBe(s);
      }),
    );
  });

  it('M5 stalePushIgnored', () => {
    fc.assert(
      fc.property(eventsArb, marketEventArb, (events, extra) => {
        const s = foldMarketAll(initialMarketState, events);
        if (extra.name !== 'market.daymarket') return;
        const ticker = s.tickers[extra.body.symbol];
        const last = s.pushSeq[extra.body.symbol];
        if (ticker === undefined) return;
        const stale =
          extra.at < ticker.at ||
          (extra.body.seq !== null && last !== undefined && extra.body.seq <= last);
        if (stale)
          expect(foldMarket(s, { ...extra, seq: events.length + 1 } as EngineEvent)).toBe(s);
      }),
    );
  });

  it('M6 chunkedFoldEqualsWholeFold (and checkpoint + tail equals whole)', () => {
    fc.assert(
      fc.property(eventsArb, fc.array(fc.nat(), { maxLength: 6 }), (events, cuts) => {
        const whole = foldMarketAll(initialMarketState, events);
        const chunked = chunk(events, cuts).reduce(foldMarketAll, initialMarketState);
        expect(chunked).toEqual(whole);
        const [head = [], ...rest] = chunk(events, cuts.slice(0, 1));
        const checkpoint = structuredClone(foldMarketAll(initialMarketState, head));
        expect(foldMarketAll(checkpoint, rest.flat())).toEqual(whole);
      }),
    );
  });

  it('M7 decimalsCanonical', () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        const s = foldMarketAll(initialMarketState, events);
        for (const t of Object.values(s.tickers))
          for (const d of [
            t.price,
            t.high,
            t.low,
            t.volume,
            t.markPrice ?? t.price,
            t.turnover ?? t.price,
          ])
            expect(decStr(d)).toBe(d);
        for (const line of Object.values(s.sparklines))
          for (const c of line.closes) expect(decStr(c)).toBe(c);
      }),
    );
  });

  it('a kline push for the current minute replaces the last point; a new minute appends and drops the oldest', () => {
    const t0 = 1_700_000_000_000 - (1_700_000_000_000 % 60_000);
    let s = foldMarket(initialMarketState, {
      seq: 1,
      at: t0,
      kind: 'reply',
      name: 'market.quotation',
      body: {
        groups: [
          {
            legalId: 1,
            name: 'USDT',
            pairs: [
              {
                matchId: 1,
                symbol: 'BTC/USDT',
                legalId: 1,
                currencyId: 2,
                legalName: 'USDT',
                currencyName: 'BTC',
                logo: '',
                price: '1' as never,
                change: '0.00' as never,
                high: '1' as never,
                low: '1' as never,
                volume: '1' as never,
                isDisplay: true,
                sort: 0,
                pricePrecision: 2,
                amountPrecision: 4,
              },
            ],
          },
        ],
      },
    });
    const bars = Array.from({ length: SPARKLINE_POINTS }, (_, i) => ({
      time: t0 + i * 60_000,
      close: String(i) as never,
    }));
    s = foldMarket(s, {
      seq: 2,
      at: t0,
      kind: 'reply',
      name: 'market.history',
      body: { symbol: 'BTC/USDT', period: '1min', bars },
    });
    const push = (seq: number, minute: number, close: string): EngineEvent => ({
      seq,
      at: t0,
      kind: 'push',
      name: 'market.kline',
      body: {
        symbol: 'BTC/USDT',
        period: '1min',
        time: t0 + minute * 60_000 + 5_000,
        open: close as never,
        high: close as never,
        low: close as never,
        close: close as never,
        volume: '1' as never,
        seq: null,
        serverTime: null,
      },
    });
    s = foldMarket(s, push(3, SPARKLINE_POINTS - 1, '99'));
    expect(s.sparklines['BTC/USDT']?.closes.at(-1)).toBe('99');
    expect(s.sparklines['BTC/USDT']?.closes).toHaveLength(SPARKLINE_POINTS);
    s = foldMarket(s, push(4, SPARKLINE_POINTS, '100'));
    expect(s.sparklines['BTC/USDT']?.closes[0]).toBe('1');
    expect(s.sparklines['BTC/USDT']?.closes.at(-1)).toBe('100');
    expect(s.sparklines['BTC/USDT']?.closes).toHaveLength(SPARKLINE_POINTS);
  });
});
