// Events read back (a recorded file, the stored log) are checked against the schema of their
// name before a projection folds them (issue 22, CONVENTIONS 6).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkedEvent, eventDefinition, eventIssue } from './events.ts';
import type { EngineEvent, EventName } from './events.ts';
import { foldEngine, initialEngineState } from './store.ts';
import { anyBookEventArb, decArb, marketEventArb, sessionEventArb } from './testing/arbitraries.ts';
import type { LogEvent } from '../shared/log-event.ts';

const T = 1_700_000_000_000;
const delta = (bids: unknown, extra: Record<string, unknown> = {}): LogEvent => ({
  seq: 7,
  at: T,
  kind: 'push',
  name: 'book.delta',
  body: { symbol: 'BTC/USDT', seq: 12, prevSeq: 11, bids, asks: [['101', '2']], ...extra },
});

describe('event schemas', () => {
  it('E1: accept every event the projections are tested with', () => {
    fc.assert(
      fc.property(fc.oneof(marketEventArb, sessionEventArb, anyBookEventArb), (e) => {
        expect(eventIssue({ ...e, seq: 1 })).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('E2: refuse a body that is not what its name says, naming the field', () => {
    expect(eventIssue(delta([['100', '1']]))).toBeNull();
    const cases: [unknown, string][] = [
      [5, 'bids'],
      [[['100.0', '1']], 'bids'],
      [[['1e3', '1']], 'bids'],
      [[['01', '1']], 'bids'],
      [[[100, '1']], 'bids'],
      [[['abc', '1']], 'bids'],
      [[['100', '1', '2']], 'bids'],
      [[['9'.repeat(500), '1']], 'bids'],
    ];
    for (const [bids, field] of cases)
      expect(eventIssue(delta(bids))).toMatch(new RegExp(`^book\\.delta: ${field}: `));
    expect(eventIssue(delta([], { seq: 1.5 }))).toMatch(/^book\.delta: seq: /);
    expect(eventIssue(delta([], { symbol: undefined }))).toMatch(/^book\.delta: symbol: /);
    expect(
      eventIssue({
        seq: 1,
        at: T,
        kind: 'reply',
        name: 'wallet.list',
        body: { fundingOpen: true },
      }),
    ).toMatch(/^wallet\.list: exRate: /);
    expect(
      eventIssue({
        seq: 1,
        at: T,
        kind: 'push',
        name: 'market.daymarket',
        body: {
          symbol: 'BTC/USDT',
          price: '1',
          change: '-0.00',
          high: '1',
          low: '1',
          volume: '1',
          seq: null,
          serverTime: null,
        },
      }),
    ).toMatch(/^market\.daymarket: change: /);
    // the c2c pay window is the operator's setting in minutes: a fraction is a window, zero is not
    const limits = (payMinutes: number) => ({
      seq: 1,
      at: T,
      kind: 'reply' as const,
      name: 'c2c.limits',
      body: { cancelToday: 0, cancelLimit: 3, payMinutes },
    });
    expect(eventIssue(limits(0.05))).toBeNull();
    expect(eventIssue(limits(0))).toMatch(/^c2c\.limits: payMinutes: /);
  });

  it('E3: refuse a known event logged under another kind', () => {
    expect(eventIssue({ ...delta([]), kind: 'command' })).toBe(
      'book.delta is a push, not a command',
    );
    expect(() => checkedEvent({ ...delta([]), kind: 'reply' })).toThrow(TypeError);
  });

  it('E4: let through an event no projection knows (an older version logged it): it folds to nothing', () => {
    const old = { seq: 1, at: T, kind: 'system' as const, name: 'retired.event', body: 5 };
    expect(eventIssue(old)).toBeNull();
    expect(foldEngine(initialEngineState, checkedEvent(old))).toBe(initialEngineState);
  });

  it('E5: keep the body as logged (the check does not rewrite it)', () => {
    const e = delta([['100', '1']], { extra: 'kept' });
    const checked: EngineEvent = checkedEvent(e);
    expect(checked).toBe(e);
    expect(checked.body).toHaveProperty('extra', 'kept');
  });

  it('E6: the quick checks of the hottest events say yes to every valid body, and only to what the schema accepts', () => {
    const hot = new Set<string>([
      'book.top',
      'book.snapshot',
      'book.delta',
      'market.kline',
      'market.daymarket',
      'trades.push',
    ]);
    const tradesPush = fc
      .record({
        symbol: fc.constantFrom('BTC/USDT', 'ETH/USDT'),
        seq: fc.option(fc.nat(), { nil: null }),
        trades: fc.array(
          fc.record({
            id: fc.nat(),
            price: decArb,
            amount: decArb,
            direction: fc.constantFrom('buy', 'sell'),
            time: fc.nat(),
          }),
          { maxLength: 5 },
        ),
      })
      .map((body) => ({ at: T, kind: 'push' as const, name: 'trades.push' as const, body }));
    const hostile = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(undefined, '1.50', '-0', '1e3', '01', 1.5, -1, 2 ** 60, NaN, Infinity, ''),
      fc.jsonValue().map((v) => [[v, '1']]),
      fc.jsonValue().map((v) => [{ id: 1, price: v, amount: '1', direction: 'buy', time: 1 }]),
    );
    fc.assert(
      fc.property(
        fc.oneof(marketEventArb, anyBookEventArb, tradesPush).filter((e) => hot.has(e.name)),
        fc.option(fc.tuple(fc.nat(), hostile), { nil: null }),
        (e, change) => {
          const def = eventDefinition(e.name as EventName);
          let body: unknown = e.body;
          if (change !== null) {
            const keys = [...Object.keys(e.body), 'markPrice'];
            const key = keys[change[0] % keys.length] ?? 'symbol';
            body = { ...e.body, [key]: change[1] };
          }
          const quick = def.quick?.(body);
          if (change === null) expect(quick).toBe(true);
          if (quick === true) expect(def.body.safeParse(body).success).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
