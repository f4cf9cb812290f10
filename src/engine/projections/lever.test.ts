// Properties LV1–LV5 of projections/lever.ts, and incremental = from scratch (CONVENTIONS 4).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import type { LeverPositionView, LeverTab } from '../api.ts';
import { foldLever, initialLeverState } from './lever.ts';
import type { LeverEvent, LeverState } from './lever.ts';

const seq = 0;
const dec = fc.integer({ min: 0, max: 10_000_000 }).map((n) => String(n / 100) as DecStr);
const symbol = fc.constantFrom('BTC/USDT', 'ETH/USDT');
const ids = { 'BTC/USDT': 2, 'ETH/USDT': 3 } as const;

const position: fc.Arbitrary<LeverPositionView> = fc.record({
  id: fc.integer({ min: 1, max: 50 }),
  side: fc.constantFrom(1 as const, 2 as const),
  symbol,
  legalId: fc.constant(1),
  currencyId: fc.constantFrom(2, 3),
  status: fc.constantFrom(0, 1, 3, 4),
  share: dec,
  number: dec,
  multiple: fc.constantFrom(5, 10, 100),
  originPrice: dec,
  price: dec,
  markPrice: dec,
  takeProfit: dec,
  stopLoss: dec,
  margin: dec,
  originMargin: dec,
  fee: dec,
  overnightMoney: dec,
  profit: dec,
  openTime: fc.constant(''),
  closeTime: fc.constant(''),
  createTime: fc.nat(),
});
const at = fc.integer({ min: 1, max: 2_000_000_000_000 });
const tab = fc.constantFrom<LeverTab>('holding', 'entrusts', 'closed', 'revoked');

const event: fc.Arbitrary<LeverEvent> = fc.oneof(
  symbol.map((s) => ({
    seq,
    at: 1,
    kind: 'command' as const,
    name: 'ui.watch-lever' as const,
    body: { symbol: s, legalId: 1, currencyId: ids[s] },
  })),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('reply' as const),
    name: fc.constant('lever.positions' as const),
    body: fc.record(
      {
        symbol,
        tab,
        fromPage: fc.integer({ min: 1, max: 3 }),
        rows: fc.array(position, { maxLength: 4 }),
        hasMore: fc.boolean(),
        hazardRate: fc.option(dec, { nil: null }),
        profitsAll: dec,
        openPositions: fc.integer({ min: 0, max: 5 }),
      },
      { requiredKeys: ['symbol', 'tab', 'fromPage', 'rows', 'hasMore', 'hazardRate'] },
    ),
  }),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('push' as const),
    name: fc.constant('lever.trade' as const),
    body: fc.record({
      legalId: fc.constantFrom(1, 2, null),
      currencyId: fc.constant(null),
      hazardRate: fc.option(dec, { nil: null }),
      profitsAll: dec,
      marginAll: dec,
      balance: fc.option(dec, { nil: null }),
      holding: fc.array(position, { maxLength: 4 }),
      entrusts: fc.array(position, { maxLength: 4 }),
      serverTime: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
    }),
  }),
  fc.constant({ seq, at: 1, kind: 'command' as const, name: 'session.logout' as const, body: {} }),
);

const foldAll = (s: LeverState, events: LeverEvent[]): LeverState => events.reduce(foldLever, s);

describe('lever projection', () => {
  it('LV1 positionsClearedWithoutSession', () => {
    fc.assert(
      fc.property(fc.array(event), (events) => {
        const s = foldLever(foldAll(initialLeverState, events), {
          seq,
          at: 2,
          kind: 'reply',
          name: 'session.expired',
          body: {},
        });
        for (const t of ['holding', 'entrusts', 'closed', 'revoked'] as const)
          expect(s.view[t].rows).toEqual([]);
        expect(s.view.risk).toBeNull();
        expect(s.view.deal?.balance ?? '0').toBe('0');
        const boot = foldLever(s, {
          seq,
          at: 3,
          kind: 'system',
          name: 'engine.boot',
          body: { app: '' },
        });
        expect(boot).toBe(initialLeverState);
      }),
    );
  });

  it('LV2 otherSymbolsIgnored', () => {
    fc.assert(
      fc.property(fc.array(event), position, (events, p) => {
        const s = foldAll(initialLeverState, events);
        const other = s.view.symbol === 'BTC/USDT' ? 'ETH/USDT' : 'BTC/USDT';
        const next = foldLever(s, {
          seq,
          at: 5,
          kind: 'reply',
          name: 'lever.positions',
          body: {
            symbol: other,
            tab: 'closed',
            fromPage: 1,
            rows: [p],
            hasMore: false,
            hazardRate: null,
          },
        });
        expect(next).toBe(s);
      }),
    );
  });

  it('LV3 pushReplacesLiveLists', () => {
    fc.assert(
      fc.property(
        fc.array(event),
        fc.array(position, { maxLength: 5 }),
        fc.array(position, { maxLength: 5 }),
        dec,
        (events, holding, entrusts, rate) => {
          const watched = foldAll(
            foldLever(initialLeverState, {
              seq,
              at: 1,
              kind: 'command',
              name: 'ui.watch-lever',
              body: { symbol: 'BTC/USDT', legalId: 1, currencyId: 2 },
            }),
            events,
          );
          if (watched.view.symbol === null) return;
          const s = foldLever(watched, {
            seq,
            at: 9,
            kind: 'push',
            name: 'lever.trade',
            body: {
              legalId: 1,
              currencyId: null,
              hazardRate: rate,
              profitsAll: '0' as DecStr,
              marginAll: '0' as DecStr,
              balance: null,
              holding,
              entrusts,
            },
          });
          expect(s.view.holding.rows).toEqual(
            holding.filter((p) => p.currencyId === watched.currencyId),
          );
          expect(s.view.entrusts.rows).toEqual(
            entrusts.filter((p) => p.currencyId === watched.currencyId),
          );
          // a push without open positions has no rate (LV5)
          expect(s.view.risk?.hazardRate).toBe(holding.length === 0 ? null : rate);
        },
      ),
    );
  });

  it('LV4 stalePushIgnored', () => {
    fc.assert(
      fc.property(
        fc.array(event),
        fc.array(position, { maxLength: 3 }),
        fc.integer({ min: 1, max: 100 }),
        (events, holding, back) => {
          const s = foldAll(initialLeverState, events);
          if (s.pushTime === undefined) return;
          const stale = foldLever(s, {
            seq,
            at: 9,
            kind: 'push',
            name: 'lever.trade',
            body: {
              legalId: null,
              currencyId: null,
              hazardRate: null,
              profitsAll: '0' as DecStr,
              marginAll: '0' as DecStr,
              balance: null,
              holding,
              entrusts: [],
              serverTime: s.pushTime - back,
            },
          });
          expect(stale).toBe(s);
        },
      ),
    );
  });

  it('LV5 riskFollowsPositions', () => {
    const watchBtc = foldLever(initialLeverState, {
      seq,
      at: 1,
      kind: 'command',
      name: 'ui.watch-lever',
      body: { symbol: 'BTC/USDT', legalId: 1, currencyId: 2 },
    });
    const holdingReply = (
      symbolOf: string,
      extra: { hazardRate: DecStr | null; profitsAll?: DecStr; openPositions?: number },
      rows: LeverPositionView[] = [],
    ): LeverEvent => ({
      seq,
      at: 9,
      kind: 'reply',
      name: 'lever.positions',
      body: { symbol: symbolOf, tab: 'holding', fromPage: 1, rows, hasMore: false, ...extra },
    });
    const nothingOpen = (symbolOf: string): fc.Arbitrary<LeverEvent> =>
      fc.oneof(
        // the list call counts none open (whatever rate and P&L it also sends) …
        fc
          .record({ rate: fc.option(dec, { nil: null }), profits: dec })
          .map(({ rate, profits }) =>
            holdingReply(symbolOf, { hazardRate: rate, profitsAll: profits, openPositions: 0 }),
          ),
        // … or, from a server without the count, the pair's holding list is empty
        fc.option(dec, { nil: null }).map((rate) => holdingReply(symbolOf, { hazardRate: rate })),
        // a push that lists no open position of the quote currency
        fc
          .record({ rate: fc.option(dec, { nil: null }), profits: dec, margin: dec })
          .map(({ rate, profits, margin }): LeverEvent => ({
            seq,
            at: 9,
            kind: 'push',
            name: 'lever.trade',
            body: {
              legalId: 1,
              currencyId: 2,
              hazardRate: rate,
              profitsAll: profits,
              marginAll: margin,
              balance: null,
              holding: [],
              entrusts: [],
              serverTime: null,
            },
          })),
      );
    fc.assert(
      fc.property(
        fc.array(event),
        nothingOpen('BTC/USDT'),
        nothingOpen('ETH/USDT'),
        (events, btc, eth) => {
          const watched = foldAll(watchBtc, events);
          const symbolOf = watched.view.symbol;
          if (symbolOf === null) return;
          const s = foldLever(watched, symbolOf === 'BTC/USDT' ? btc : eth);
          expect(s.view.risk).toMatchObject({
            hazardRate: null,
            profitsAll: '0',
            marginAll: '0',
          });
        },
      ),
    );
    // with positions open, the P&L is the reply's, never an earlier one
    fc.assert(
      fc.property(
        fc.array(event),
        dec,
        dec,
        fc.integer({ min: 1, max: 5 }),
        (events, rate, profits, open) => {
          const watched = foldAll(watchBtc, events);
          const symbolOf = watched.view.symbol;
          if (symbolOf === null) return;
          const s = foldLever(
            watched,
            holdingReply(symbolOf, { hazardRate: rate, profitsAll: profits, openPositions: open }),
          );
          expect(s.view.risk).toMatchObject({ hazardRate: rate, profitsAll: profits });
        },
      ),
    );
  });

  it('folding in chunks equals folding at once', () => {
    fc.assert(
      fc.property(fc.array(event), fc.nat(), (events, cut) => {
        const k = events.length === 0 ? 0 : cut % events.length;
        expect(foldAll(foldAll(initialLeverState, events.slice(0, k)), events.slice(k))).toEqual(
          foldAll(initialLeverState, events),
        );
      }),
    );
  });
});
