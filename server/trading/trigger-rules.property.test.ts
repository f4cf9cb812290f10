// Properties of the trigger rules (issue 44): waiting orders placed at random moments of a random
// price path, and checked at every price as the service does (due, then fired and removed).
// Each property is named after its invariant. The database side of "once" (a row leaves
// `waiting` once, whoever reads it) is spot-triggers.test.ts's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  reached,
  reserveOf,
  TRIGGER_KINDS,
  TriggerBook,
  type TriggerKind,
  type WaitingTrigger,
} from './trigger-rules.ts';

const MATCH = 1;

interface Planned {
  at: number;
  kind: TriggerKind;
  side: 'buy' | 'sell';
  trigger: bigint;
}

const planned = fc.record({
  at: fc.nat({ max: 40 }),
  kind: fc.constantFrom(...TRIGGER_KINDS),
  side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
  trigger: fc.bigInt({ min: 1n, max: 60n }),
});

const path = fc.array(fc.bigInt({ min: 1n, max: 60n }), { minLength: 2, maxLength: 40 });

interface Run {
  /** Each order placed (not refused at placement): id → the step it was placed at. */
  placedAt: Map<number, number>;
  orders: Map<number, Planned>;
  /** Each firing: id, step, the price then. */
  fired: { id: number; step: number; last: bigint }[];
}

/** The service's loop: place what is due at a step (refused when already reached), then fire. */
function run(prices: bigint[], plans: Planned[]): Run {
  const book = new TriggerBook();
  const out: Run = { placedAt: new Map(), orders: new Map(), fired: [] };
  let nextId = 1;
  prices.forEach((last, step) => {
    for (const p of plans.filter((x) => x.at === step)) {
      const previous = step === 0 ? null : (prices[step - 1] ?? null);
      if (previous !== null && reached(p.kind, p.side, previous, p.trigger)) continue;
      const id = nextId++;
      book.add(waiting(id, p));
      out.placedAt.set(id, step);
      out.orders.set(id, p);
    }
    for (const t of book.due(MATCH, last)) {
      out.fired.push({ id: t.id, step, last });
      book.remove(MATCH, t.id);
    }
  });
  return out;
}

function waiting(id: number, p: Planned): WaitingTrigger {
  return {
    id,
    userId: 1,
    matchId: MATCH,
    side: p.side,
    kind: p.kind,
    trigger: p.trigger,
    price: 0n,
    qty: 1n,
    reserved: 1n,
    reserveCurrency: 1,
    ocoOrderId: null,
  };
}

describe('trigger rules', () => {
  it('eachOrderFiresAtMostOnce', () => {
    fc.assert(
      fc.property(path, fc.array(planned, { maxLength: 30 }), (prices, plans) => {
        const ids = run(prices, plans).fired.map((f) => f.id);
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });

  it('neverFiresBeforeItsConditionHolds', () => {
    fc.assert(
      fc.property(path, fc.array(planned, { maxLength: 30 }), (prices, plans) => {
        const r = run(prices, plans);
        for (const f of r.fired) {
          const o = r.orders.get(f.id);
          if (o === undefined) throw new Error('fired an order never placed');
          expect(reached(o.kind, o.side, f.last, o.trigger)).toBe(true);
          expect(f.step).toBeGreaterThanOrEqual(r.placedAt.get(f.id) ?? Infinity);
        }
      }),
    );
  });

  it('firesAtTheFirstPriceThatReachesIt', () => {
    fc.assert(
      fc.property(path, fc.array(planned, { maxLength: 30 }), (prices, plans) => {
        const r = run(prices, plans);
        const firedAt = new Map(r.fired.map((f) => [f.id, f.step]));
        for (const [id, o] of r.orders) {
          const from = r.placedAt.get(id) ?? 0;
          const first = prices.findIndex(
            (last, step) => step >= from && reached(o.kind, o.side, last, o.trigger),
          );
          expect(firedAt.get(id) ?? -1).toBe(first);
        }
      }),
    );
  });

  it('ordersReachedByOnePriceFireInTheOrderTheyWerePlaced', () => {
    fc.assert(
      fc.property(path, fc.array(planned, { maxLength: 30 }), (prices, plans) => {
        const r = run(prices, plans);
        for (let i = 1; i < r.fired.length; i++) {
          const [a, b] = [r.fired[i - 1], r.fired[i]];
          if (a !== undefined && b !== undefined && a.step === b.step)
            expect(a.id).toBeLessThan(b.id);
        }
      }),
    );
  });

  it('aStopBuysOnTheWayUpAndSellsOnTheWayDownATakeProfitTheOpposite', () => {
    expect(reached('stop_limit', 'buy', 100n, 100n)).toBe(true);
    expect(reached('stop_market', 'buy', 99n, 100n)).toBe(false);
    expect(reached('stop_limit', 'sell', 100n, 100n)).toBe(true);
    expect(reached('stop_market', 'sell', 101n, 100n)).toBe(false);
    expect(reached('tp_limit', 'buy', 99n, 100n)).toBe(true);
    expect(reached('tp_market', 'buy', 101n, 100n)).toBe(false);
    expect(reached('tp_limit', 'sell', 101n, 100n)).toBe(true);
    expect(reached('tp_market', 'sell', 99n, 100n)).toBe(false);
  });

  it('aReserveCoversWhatItsOrderMayPayAtItsTrigger', () => {
    const units = { base: 10n ** 14n, quote: 10n ** 12n, bandBp: 500n };
    fc.assert(
      fc.property(
        fc.constantFrom(...TRIGGER_KINDS),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (kind, trigger, price, qty) => {
          const o = { kind, side: 'buy' as const, trigger, price, qty };
          const reserve = reserveOf(o, units);
          const limit = kind.endsWith('_limit') ? price : (trigger * 10500n) / 10000n;
          // a limit buy pays at most its limit; a market buy at most the band over the trigger
          expect(reserve).toBeGreaterThanOrEqual(limit * qty * units.quote);
          expect(reserveOf({ ...o, side: 'sell' }, units)).toBe(qty * units.base);
        },
      ),
    );
  });
});
