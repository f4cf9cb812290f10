import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import type { NewEvent } from '../events.ts';
import { withSeq } from '../testing/arbitraries.ts';
import { SYMBOL, T0, watchEvent } from '../testing/spot-fixtures.ts';
import { foldSpotView, initialSpotViewState, isSpotViewEvent } from './spot-view.ts';
import type { SpotViewState } from './spot-view.ts';

const dec = fc.constantFrom('0', '1.5', '100', '7.25') as fc.Arbitrary<DecStr>;
const symbolArb = fc.constantFrom(SYMBOL, 'ETH/USDT');
const eventArb: fc.Arbitrary<NewEvent> = fc.oneof(
  fc
    .record({ symbol: symbolArb, lastPrice: dec, cnyPrice: dec, userLegal: dec, userCurrency: dec })
    .map((b): NewEvent => ({
      at: T0,
      kind: 'reply',
      name: 'spot.deal',
      body: { ...b, bids: [], asks: [] },
    })),
  fc.record({ symbol: symbolArb, price: dec }).map((b): NewEvent => ({
    at: T0,
    kind: 'push',
    name: 'market.daymarket',
    body: {
      ...b,
      change: '0.00' as DecStr,
      high: b.price,
      low: b.price,
      volume: b.price,
      seq: null,
      serverTime: null,
    },
  })),
  fc.record({ currencyId: fc.constantFrom(2, 3), lastPrice: dec }).map((b): NewEvent => ({
    at: T0,
    kind: 'push',
    name: 'spot.transaction',
    body: { legalId: 1, ...b, bids: [], asks: [] },
  })),
  fc.constantFrom<NewEvent>(
    { at: T0, kind: 'command', name: 'session.logout', body: {} },
    { at: T0, kind: 'reply', name: 'session.expired', body: {} },
  ),
);
const fold = (s: SpotViewState, events: readonly NewEvent[]): SpotViewState =>
  withSeq(events).reduce((acc, e) => (isSpotViewEvent(e) ? foldSpotView(acc, e) : acc), s);
const logout: NewEvent = { at: T0, kind: 'command', name: 'session.logout', body: {} };

describe('spot view projection', () => {
  it('V1 zeroBalancesWithoutSession', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 20 }), (events) => {
        const s = fold(initialSpotViewState, [watchEvent(), ...events, logout]);
        expect(s.view).toMatchObject({ userLegal: '0', userCurrency: '0' });
        expect(s.view?.lastPrice).not.toBe('0');
      }),
    );
  });

  it('V2 otherSymbolsIgnored', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 20 }), (events) => {
        const other = events.filter(
          (e) =>
            ('symbol' in e.body && e.body.symbol !== SYMBOL) ||
            ('currencyId' in e.body && e.body.currencyId !== 2),
        );
        const start = fold(initialSpotViewState, [watchEvent()]);
        expect(fold(start, other)).toBe(start);
      }),
    );
  });
});
