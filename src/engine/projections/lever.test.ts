// Properties LV1–LV6 of projections/lever.ts, and incremental = from scratch (CONVENTIONS 4).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import type { LeverPositionView, LeverTab } from '../api.ts';
import { foldLever, initialLeverState } from './lever.ts';
import type { LeverEvent, LeverState } from './lever.ts';
import { leverRow } from '../testing/lever-rows.ts';

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
  stopsBy: fc.constantFrom<'mark' | 'last'>('mark', 'last'),
  trailRate: dec,
  trailActivation: dec,
  trailPeak: dec,
  reduceOnly: fc.boolean(),
  splitFrom: fc.constantFrom(0, 7),
  trigger: fc.constantFrom(null, {
    price: '68000' as DecStr,
    direction: 'rises' as const,
    market: true,
    state: 'waiting' as const,
  }),
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

/** Two logins' tags (and older recordings' logins, with none). */
const tagArb = fc.constantFrom('t1', 't2');
const loginEvent = (restored: boolean, tag: string | undefined): LeverEvent => ({
  seq,
  at: 1,
  kind: 'reply',
  name: 'session.login',
  body: tag === undefined ? { restored } : { restored, tag },
});
const boot: LeverEvent = { seq, at: 1, kind: 'system', name: 'engine.boot', body: { app: '' } };
const watchOf = (s: 'BTC/USDT' | 'ETH/USDT' | null): LeverEvent => ({
  seq,
  at: 1,
  kind: 'command',
  name: 'ui.watch-lever',
  body:
    s === null
      ? { symbol: null, legalId: 1, currencyId: 0 }
      : { symbol: s, legalId: 1, currencyId: ids[s] },
});
const TABS = ['holding', 'entrusts', 'closed', 'revoked'] as const;

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
  fc
    .record({ restored: fc.boolean(), tag: fc.option(tagArb, { nil: undefined }) })
    .map(({ restored, tag }) => loginEvent(restored, tag)),
  fc.constant(boot),
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

  it('LV6 heldOnlyForItsLogin', () => {
    let cameBack = 0;
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 8 }),
        fc.oneof(
          { arbitrary: fc.constant({ restored: true, tag: 't1' }), weight: 2 },
          {
            arbitrary: fc.record({
              restored: fc.boolean(),
              tag: fc.option(tagArb, { nil: undefined }),
            }),
            weight: 1,
          },
        ),
        fc.boolean(),
        (events, { restored, tag }, watchFirst) => {
          // most runs start logged in, showing BTC's positions (so that something may be held)
          const start: LeverEvent[] = [
            loginEvent(false, 't1'),
            watchOf('BTC/USDT'),
            {
              seq,
              at: 5,
              kind: 'reply',
              name: 'lever.positions',
              body: {
                symbol: 'BTC/USDT',
                tab: 'closed',
                fromPage: 1,
                rows: [],
                hasMore: false,
                hazardRate: null,
              },
            },
          ];
          const before = foldAll(initialLeverState, [...start, ...events]);
          const again = watchFirst
            ? [boot, watchOf('BTC/USDT'), loginEvent(restored, tag)]
            : [boot, loginEvent(restored, tag), watchOf('BTC/USDT')];
          const after = foldAll(before, again);
          const same = restored && tag !== undefined && before.tag === tag;
          for (const t of TABS) {
            const list = before.view[t];
            const known = (list.loaded || list.held) && before.view.symbol === 'BTC/USDT';
            if (same && known) {
              cameBack += 1;
              expect(after.view[t].rows).toBe(list.rows);
              expect(after.view[t]).toMatchObject({ held: true, loaded: false, at: list.at });
            }
            // another login, a fresh one or none: nothing of it
            if (!same) expect(after.view[t]).toBe(initialLeverState.view[t]);
            // held is never loaded, whatever the history
            for (const s of [before, after]) expect(s.view[t].held && s.view[t].loaded).toBe(false);
          }
          // the risk is a live figure: never held
          expect(after.view.risk).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
    expect(cameBack).toBeGreaterThan(30);
  });

  it('LV6: a later page never appends to held rows; a push or a first page replaces them', () => {
    const p = (id: number): LeverPositionView => leverRow({ id, status: 3 });
    const list = (tab: LeverTab, fromPage: number, rows: number[], t: number): LeverEvent => ({
      seq,
      at: t,
      kind: 'reply',
      name: 'lever.positions',
      body: {
        symbol: 'BTC/USDT',
        tab,
        fromPage,
        rows: rows.map(p),
        hasMore: true,
        hazardRate: null,
      },
    });
    const live = foldAll(initialLeverState, [
      loginEvent(false, 't1'),
      watchOf('BTC/USDT'),
      list('closed', 1, [1, 2], 100),
      list('closed', 2, [3], 200),
      list('holding', 1, [7], 300),
      // the watch moves on, and back: what the login knew comes back at once, held
      watchOf('ETH/USDT'),
    ]);
    expect(foldAll(live, [watchOf('BTC/USDT')]).view.closed).toMatchObject({ held: true });
    // another pair shows nothing of BTC's
    expect(foldAll(live, [boot, loginEvent(true, 't1'), watchOf('ETH/USDT')]).view.closed).toBe(
      initialLeverState.view.closed,
    );
    const held = foldAll(live, [boot, loginEvent(true, 't1'), watchOf('BTC/USDT')]);
    expect(held.view.closed).toMatchObject({ held: true, loaded: false, at: 200 });
    expect(held.view.closed.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(held.pages.closed).toBe(2);
    expect(held.view.holding).toMatchObject({ held: true, at: 300 });
    expect(held.view.entrusts).toBe(initialLeverState.view.entrusts);
    expect(foldLever(held, list('closed', 3, [4], 400))).toBe(held);
    const fresh = foldLever(held, list('closed', 1, [5], 400));
    expect(fresh.view.closed).toMatchObject({ held: false, loaded: true, at: 400 });
    const pushed = foldLever(held, {
      seq,
      at: 500,
      kind: 'push',
      name: 'lever.trade',
      body: {
        legalId: 1,
        currencyId: null,
        hazardRate: null,
        profitsAll: '0' as DecStr,
        marginAll: '0' as DecStr,
        balance: null,
        holding: [],
        entrusts: [],
      },
    });
    expect(pushed.view.holding).toMatchObject({ rows: [], held: false, loaded: true, at: 500 });
    // another login's page session never sees them; nor one after a logout
    expect(foldAll(live, [boot, loginEvent(true, 't2'), watchOf('BTC/USDT')]).view.closed).toBe(
      initialLeverState.view.closed,
    );
    const out = foldAll(held, [
      { seq, at: 600, kind: 'command', name: 'session.logout', body: {} },
    ]);
    expect(foldAll(out, [boot, loginEvent(true, 't1'), watchOf('BTC/USDT')]).view.holding).toBe(
      initialLeverState.view.holding,
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
