// Conditional contract orders (issue 44, ADR 0065) under random sequences, against a real database,
// the mark and the last trade under the test's control:
//  C1 firesAtMostOnce: an order leaves waiting once and never comes back; one `lever.triggered` or
//     `lever.triggerRefused` note per order at most.
//  C2 neverBeforeItsCondition: an order leaves waiting (fired or refused, not cancelled) only at a
//     tick whose watched price (its mark or last) reached its trigger; one still waiting after a
//     tick had not been reached at it. A stop-market opened at that tick's mark.
//  C3 conditionalCreatesNoMoney: the frozen balance is the margins of the open and pending rows, and
//     free + frozen is the grant minus the fees of every row not revoked plus what closed rows
//     realized (a liquidation).
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backends, openTestDatabase } from '../db/test-databases.ts';
import { STOP_STATE, triggerReached } from '../../src/shared/lever-conditional.ts';
import { LeverService } from './lever-service.ts';
import type { SubmitRequest } from './lever-submit.ts';
import { BTC_USDT_LEVER, CURRENCY_ID } from '../testing/fixtures.ts';
import { leverUserWith } from '../testing/lever-kit.ts';

let db: Database;
let lever: LeverService;
let mark = new Decimal(67_000);
let last = new Decimal(67_000);
const now = Date.UTC(2026, 11, 1, 12);
// small enough that a gap sometimes leaves a stop-market without the funds
const GRANT = new Decimal(2_000);
let seq = 0;

type Op =
  | {
      kind: 'place';
      side: 1 | 2;
      share: number;
      /** The trigger, in ‰ from the watched price (never 0). */
      away: number;
      market: boolean;
      by: 'mark' | 'last';
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'move'; mark: number; last: number };

const side = fc.constantFrom(1 as const, 2 as const);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    side,
    share: fc.integer({ min: 1, max: 20 }),
    away: fc.integer({ min: -30, max: 30 }).filter((n) => n !== 0),
    market: fc.boolean(),
    by: fc.constantFrom<'mark' | 'last'>('mark', 'last'),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(20) }),
  fc.record({
    kind: fc.constant('move' as const),
    mark: fc.integer({ min: -40, max: 40 }),
    last: fc.integer({ min: -40, max: 40 }),
  }),
);

/** Reaches a fired stop-market, a fired stop-limit that opens, and a cancel. */
const REACHES_EVERY_CASE: Op[] = [
  { kind: 'place', side: 1, share: 2, away: 10, market: true, by: 'mark' },
  { kind: 'place', side: 2, share: 2, away: 10, market: false, by: 'last' },
  { kind: 'place', side: 1, share: 20, away: -20, market: true, by: 'mark' },
  { kind: 'place', side: 2, share: 1, away: -5, market: true, by: 'mark' },
  { kind: 'cancel', pick: 3 },
  { kind: 'move', mark: 15, last: 12 },
  { kind: 'move', mark: -40, last: 0 },
  { kind: 'place', side: 1, share: 20, away: 10, market: true, by: 'mark' },
  { kind: 'move', mark: 40, last: 0 },
];

/**
 * Reaches a refusal: two stop-markets whose reserves take nearly the whole grant at their triggers,
 * and a mark that gaps past both, where their margins cost more than the grant.
 */
const REACHES_A_REFUSAL: Op[] = [
  { kind: 'place', side: 1, share: 9, away: 30, market: true, by: 'mark' },
  { kind: 'place', side: 1, share: 20, away: 10, market: true, by: 'mark' },
  { kind: 'move', mark: 40, last: 0 },
];

const watchedOf = (by: string) => (by === 'last' ? last : mark);

interface Row {
  id: number;
  type: number;
  status: number;
  origin_price: string;
  caution_money: string;
  trade_fee: string;
  fact_profits: string;
  stop_price: string;
  stop_dir: number;
  stop_market: number;
  stop_state: number;
  trigger_by: string;
}

async function rows(userId: number): Promise<Row[]> {
  return db.query<Row & Record<string, unknown>>(
    `SELECT id, type, status, origin_price::text, caution_money::text, trade_fee::text,
            fact_profits::text, stop_price::text, stop_dir, stop_market, stop_state, trigger_by
       FROM lever_transactions WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
}

async function notesPerOrder(userId: number): Promise<Map<string, number>> {
  const found = await db.query<{ params: string }>(
    `SELECT params FROM user_notification WHERE user_id = $1
       AND kind IN ('lever.triggered', 'lever.triggerRefused')`,
    [userId],
  );
  const counts = new Map<string, number>();
  for (const n of found) {
    const key = (JSON.parse(n.params) as { id: string }).id;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

async function wallet(userId: number): Promise<{ free: Decimal; locked: Decimal }> {
  const w = await db.query<{ a: string; l: string }>(
    `SELECT lever_balance::text AS a, lock_lever_balance::text AS l FROM users_wallet
       WHERE user_id = $1 AND currency_id = $2`,
    [userId, CURRENCY_ID.USDT],
  );
  return { free: new Decimal(w[0]?.a ?? 0), locked: new Decimal(w[0]?.l ?? 0) };
}

function request(userId: number, o: Extract<Op, { kind: 'place' }>): SubmitRequest {
  const watched = watchedOf(o.by);
  const trigger = watched.times(new Decimal(o.away).dividedBy(1000).plus(1)).toDP(2);
  // a stop-limit's price: a little past its trigger, the way it was reached
  const limit = trigger.times(o.away > 0 ? '1.001' : '0.999').toDP(2);
  return {
    userId,
    legalId: CURRENCY_ID.USDT,
    currencyId: CURRENCY_ID.BTC,
    side: o.side,
    share: o.share,
    multiple: 10,
    mode: o.market ? 1 : 0,
    targetPrice: o.market ? null : limit,
    clientId: null,
    stops: { tp: null, sl: null },
    triggerBy: o.by,
    trail: { rate: null, activation: null },
    trigger: { price: trigger, kind: null },
  };
}

/** One step; refusals (not enough funds, a row no longer pending) are outcomes too. */
async function step(userId: number, o: Op, pending: Row[]): Promise<void> {
  const refused = () => undefined;
  if (o.kind === 'place') await lever.submit(request(userId, o)).catch(refused);
  else if (o.kind === 'cancel') {
    const p = pending[o.pick % Math.max(1, pending.length)];
    if (p !== undefined) await lever.cancel(userId, p.id).catch(refused);
  } else {
    mark = mark.times(new Decimal(o.mark).dividedBy(1000).plus(1)).toDP(2);
    last = last.times(new Decimal(o.last).dividedBy(1000).plus(1)).toDP(2);
    await lever.tick();
  }
}

/** C1 and C2 for one step: what left waiting, and how. */
function checkTransitions(o: Op, before: Row[], after: Row[]): void {
  for (const b of before) {
    const a = after.find((r) => r.id === b.id);
    if (a === undefined) throw new Error(`row ${b.id} vanished`);
    // C1: out of waiting once, never back
    if (b.stop_state !== STOP_STATE.waiting) expect(a.stop_state).toBe(b.stop_state);
    if (b.stop_state !== STOP_STATE.waiting || b.status !== 0) continue;
    const direction = b.stop_dir === 1 ? 'rises' : 'falls';
    const reached = triggerReached(direction, b.stop_price, watchedOf(b.trigger_by));
    if (o.kind !== 'move') {
      // nothing but a tick fires it; a cancel only revokes it
      expect(a.stop_state).toBe(STOP_STATE.waiting);
      continue;
    }
    // C2: it leaves waiting exactly when the tick's watched price reached it
    expect(a.stop_state !== STOP_STATE.waiting, JSON.stringify({ b, mark, last })).toBe(reached);
    if (a.stop_state === STOP_STATE.triggered && b.stop_market === 1)
      expect(new Decimal(a.origin_price).equals(mark)).toBe(true);
  }
}

describe.each(backends())('conditional contract orders (fast-check) on %s', (backend) => {
  beforeAll(async () => {
    db = await openTestDatabase(backend);
    await migrate(db);
    lever = new LeverService(
      db,
      () => [BTC_USDT_LEVER],
      (id) => (id === 1 ? mark : null),
      () => now,
      (id) => (id === 1 ? last : null),
    );
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  it('C1 firesAtMostOnce, C2 neverBeforeItsCondition, C3 conditionalCreatesNoMoney', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 16 }), async (ops) => {
        mark = new Decimal(67_000);
        last = new Decimal(67_000);
        const userId = await leverUserWith(db, `cond-prop-${++seq}@example.com`, GRANT, now);
        for (const o of ops) {
          const before = await rows(userId);
          await step(
            userId,
            o,
            before.filter((r) => r.status === 0),
          );
          const after = await rows(userId);
          checkTransitions(o, before, after);
          for (const n of (await notesPerOrder(userId)).values()) expect(n).toBeLessThanOrEqual(1);
          // C3
          const held = after.filter((r) => r.status === 0 || r.status === 1);
          const margins = held.reduce((s, r) => s.plus(r.caution_money), new Decimal(0));
          const fees = after
            .filter((r) => r.status !== 4)
            .reduce((s, r) => s.plus(r.trade_fee), new Decimal(0));
          // a liquidation may close what opened: its realized profit counts
          const profits = after
            .filter((r) => r.status === 3)
            .reduce((s, r) => s.plus(r.fact_profits), new Decimal(0));
          const w = await wallet(userId);
          expect(w.locked.toFixed()).toBe(margins.toFixed());
          expect(w.free.plus(w.locked).toFixed()).toBe(GRANT.minus(fees).plus(profits).toFixed());
        }
      }),
      { numRuns: 25, examples: [[REACHES_EVERY_CASE], [REACHES_A_REFUSAL]] },
    );
    // the sequences reached the cases: fired at market and as a limit, opened, cancelled, refused
    const reached = await db.query<{
      market: number;
      limit: number;
      cancelled: number;
      refused: number;
    }>(
      `SELECT COUNT(*) FILTER (WHERE stop_state = 2 AND stop_market = 1)::int AS market,
              COUNT(*) FILTER (WHERE stop_state = 2 AND stop_market = 0)::int AS limit,
              COUNT(*) FILTER (WHERE stop_state = 1 AND status = 4)::int AS cancelled,
              COUNT(*) FILTER (WHERE stop_state = 3)::int AS refused
         FROM lever_transactions`,
    );
    expect(reached[0]?.market).toBeGreaterThan(0);
    expect(reached[0]?.limit).toBeGreaterThan(0);
    expect(reached[0]?.cancelled).toBeGreaterThan(0);
    expect(reached[0]?.refused).toBeGreaterThan(0);
  }, 240_000);
});
