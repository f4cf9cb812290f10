import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRADES_KEPT } from '../../shared/constants.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { TradeView } from '../api.ts';
import type { NewEvent } from '../events.ts';
import { chunk, withSeq } from '../testing/arbitraries.ts';
import { SYMBOL, T0, watchEvent } from '../testing/spot-fixtures.ts';
import { foldTrades, initialTradesState, isTradesEvent } from './trades.ts';
import type { TradesState } from './trades.ts';

const tradeArb: fc.Arbitrary<TradeView> = fc.record({
  id: fc.nat(60),
  price: fc.constantFrom('100', '100.5', '99.25') as fc.Arbitrary<DecStr>,
  amount: fc.constantFrom('1', '0.5') as fc.Arbitrary<DecStr>,
  direction: fc.constantFrom('buy' as const, 'sell' as const),
  time: fc.integer({ min: T0, max: T0 + 60_000 }),
});
const eventArb: fc.Arbitrary<NewEvent> = fc.oneof(
  fc.constant(watchEvent()),
  fc
    .record({
      symbol: fc.constantFrom(SYMBOL, 'ETH/USDT'),
      trades: fc.array(tradeArb, { maxLength: 30 }),
    })
    .map((b): NewEvent => ({
      at: T0,
      kind: 'push',
      name: 'trades.push',
      body: { ...b, seq: null },
    })),
  fc
    .record({
      symbol: fc.constantFrom(SYMBOL, 'ETH/USDT'),
      trades: fc.array(tradeArb, { maxLength: 30 }),
    })
    .map((b): NewEvent => ({ at: T0, kind: 'reply', name: 'trades.history', body: b })),
);
const fold = (s: TradesState, events: readonly NewEvent[]): TradesState =>
  withSeq(events).reduce((acc, e) => (isTradesEvent(e) ? foldTrades(acc, e) : acc), s);

describe('trades projection', () => {
  it('T1 newestFirst, T2 bounded, T3 uniqueIds', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 20 }), (events) => {
        const s = fold(initialTradesState, [watchEvent(), ...events]);
        expect(s.list.length).toBeLessThanOrEqual(TRADES_KEPT);
        expect(new Set(s.list.map((t) => t.id)).size).toBe(s.list.length);
        s.list.forEach((t, i) => {
          const prev = s.list[i - 1];
          if (prev)
            expect(prev.time > t.time || (prev.time === t.time && prev.id > t.id)).toBe(true);
        });
      }),
    );
  });

  it('T4 chunkedFoldEqualsWholeFold', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (events, cuts) => {
          const whole = fold(initialTradesState, events);
          const parts = chunk(events, cuts).reduce(fold, initialTradesState);
          expect(parts).toEqual(whole);
        },
      ),
    );
  });

  it('T5 otherSymbolsIgnored; history and pushes merge by id', () => {
    const t = (id: number, time: number): TradeView => ({
      id,
      price: '1' as DecStr,
      amount: '1' as DecStr,
      direction: 'buy',
      time,
    });
    const s = fold(initialTradesState, [
      watchEvent(),
      {
        at: T0,
        kind: 'reply',
        name: 'trades.history',
        body: { symbol: SYMBOL, trades: [t(2, 20), t(1, 10)] },
      },
      {
        at: T0,
        kind: 'push',
        name: 'trades.push',
        body: { symbol: SYMBOL, seq: 1, trades: [t(3, 30), t(2, 20)] },
      },
      {
        at: T0,
        kind: 'push',
        name: 'trades.push',
        body: { symbol: 'ETH/USDT', seq: 1, trades: [t(9, 90)] },
      },
    ]);
    expect(s.list.map((x) => x.id)).toEqual([3, 2, 1]);
  });
});
