// Leveraged contracts against a real database, prices under the test's control. Each property
// recomputes the contract's formulas here, independently of src/shared/lever.ts (plain
// decimal.js from the contract's text):
//  L1 openingCharges: open price = reference ± spread %, margin = value / multiple, fee =
//     value × fee %, the free balance pays margin + fee and the margin is held as frozen.
//  L2 markToMarket: after a tick at a mark, the position's profit and the risk rate are the
//     contract's; closing credits margin + profit to the free balance.
//  L3 liquidationLine: a tick liquidates exactly when the risk rate is at or below the line,
//     one price tick either side of the boundary.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backends, openTestDatabase } from '../db/test-databases.ts';
import type { LeverPair } from './lever-service.ts';
import { LeverService } from './lever-service.ts';
import { BTC_USDT_LEVER, CURRENCY_ID } from '../testing/fixtures.ts';
import { leverUserWith } from '../testing/lever-kit.ts';

let db: Database;
let lever: LeverService;
const marks = new Map<number, Decimal>();
const now = Date.UTC(2026, 10, 24, 12);
let seq = 0;

const PAIR: LeverPair = BTC_USDT_LEVER;
const MULTIPLES = [5, 10, 20, 50, 100];
const LINE = new Decimal(10);

async function userWith(balance: Decimal): Promise<number> {
  seq += 1;
  return leverUserWith(db, `lever${seq}@example.com`, balance, now);
}

async function wallet(userId: number): Promise<{ free: Decimal; locked: Decimal }> {
  const rows = await db.query<{ a: string; l: string }>(
    'SELECT lever_balance AS a, lock_lever_balance AS l FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [userId, CURRENCY_ID.USDT],
  );
  return { free: new Decimal(rows[0]?.a ?? 0), locked: new Decimal(rows[0]?.l ?? 0) };
}

async function position(id: number) {
  const rows = await db.query<{
    price: string;
    number: string;
    caution_money: string;
    trade_fee: string;
    update_price: string;
    status: number;
  }>(
    'SELECT price, number, caution_money, trade_fee, update_price, status FROM lever_transactions WHERE id = $1',
    [id],
  );
  const p = rows[0];
  if (p === undefined) throw new Error('no position');
  return p;
}

/** The contract's figures, computed here from its text. */
function expected(side: 1 | 2, reference: Decimal, share: number, multiple: number) {
  const spread = new Decimal(PAIR.spreadPct).dividedBy(100);
  const raw =
    side === 1 ? reference.times(spread.plus(1)) : reference.times(new Decimal(1).minus(spread));
  const price = raw.toDecimalPlaces(2, side === 1 ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
  const number = new Decimal(PAIR.shareNum).times(share);
  const value = price.times(number);
  const margin = value.dividedBy(multiple).toDecimalPlaces(8, Decimal.ROUND_UP);
  const fee = value.times(PAIR.feePct).dividedBy(100).toDecimalPlaces(8, Decimal.ROUND_UP);
  return { price, number, margin, fee };
}

const profitAt = (side: 1 | 2, price: Decimal, mark: Decimal, number: Decimal) =>
  (side === 1 ? mark.minus(price) : price.minus(mark)).times(number);

const rateOf = (free: Decimal, margin: Decimal, profit: Decimal) =>
  free
    .plus(margin)
    .plus(profit)
    .dividedBy(margin)
    .times(100)
    .toDecimalPlaces(2, Decimal.ROUND_DOWN);

const cents = (lo: number, hi: number) =>
  fc.integer({ min: lo * 100, max: hi * 100 }).map((n) => new Decimal(n).dividedBy(100));
const scenario = fc.record({
  side: fc.constantFrom(1 as const, 2 as const),
  share: fc.integer({ min: 1, max: 40 }),
  multiple: fc.constantFrom(...MULTIPLES),
  reference: cents(20_000, 90_000),
  extra: cents(0, 3_000),
  move: fc.integer({ min: -2_000, max: 2_000 }).map((n) => new Decimal(n).dividedBy(1000)),
});

async function open(s: {
  side: 1 | 2;
  share: number;
  multiple: number;
  reference: Decimal;
  extra: Decimal;
}) {
  const e = expected(s.side, s.reference, s.share, s.multiple);
  const userId = await userWith(e.margin.plus(e.fee).plus(s.extra));
  marks.set(1, s.reference);
  const { id } = await lever.submit({
    userId,
    legalId: CURRENCY_ID.USDT,
    currencyId: CURRENCY_ID.BTC,
    side: s.side,
    share: s.share,
    multiple: s.multiple,
    mode: 1,
    targetPrice: null,
    clientId: null,
    stops: { tp: null, sl: null },
    triggerBy: 'mark',
    trail: { rate: null, activation: null },
  });
  return { userId, id, e };
}

describe.each(backends())('lever (fast-check, real database) on %s', (backend) => {
  beforeAll(async () => {
    db = await openTestDatabase(backend);
    await migrate(db);
    lever = new LeverService(
      db,
      () => [PAIR],
      (id) => marks.get(id) ?? null,
      () => now,
    );
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  it('L1 openingCharges', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { userId, id, e } = await open(s);
        const p = await position(id);
        expect(new Decimal(p.price).equals(e.price)).toBe(true);
        expect(new Decimal(p.number).equals(e.number)).toBe(true);
        expect(new Decimal(p.caution_money).equals(e.margin)).toBe(true);
        expect(new Decimal(p.trade_fee).equals(e.fee)).toBe(true);
        const w = await wallet(userId);
        expect(w.free.equals(s.extra)).toBe(true);
        expect(w.locked.equals(e.margin)).toBe(true);
        await lever.close(userId, id);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('L2 markToMarket: profit, risk rate, and a close credits margin + profit', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { userId, id, e } = await open(s);
        const mark = s.reference.times(s.move.dividedBy(100).plus(1)).toDecimalPlaces(2);
        marks.set(1, mark);
        await lever.tick();
        const p = await position(id);
        const profit = profitAt(s.side, e.price, mark, e.number);
        const rate = rateOf(s.extra, e.margin, profit);
        if (rate.lessThanOrEqualTo(LINE)) {
          expect(p.status).toBe(3); // liquidated by the tick
          return;
        }
        expect(p.status).toBe(1);
        expect(new Decimal(p.update_price).equals(mark)).toBe(true);
        const before = await wallet(userId);
        const credited = await lever.close(userId, id);
        expect(credited.equals(profit)).toBe(true);
        const after = await wallet(userId);
        expect(after.free.equals(before.free.plus(e.margin).plus(profit))).toBe(true);
        expect(after.locked.isZero()).toBe(true);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('L3 liquidationLine: liquidated exactly when the rate is at or below the line', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, fc.boolean(), async (s, beyond) => {
        const { userId, id, e } = await open(s);
        // the boundary mark, from rate = line: profit = margin × line / 100 − free − margin
        const needed = e.margin.times(LINE).dividedBy(100).minus(s.extra).minus(e.margin);
        const step = needed.dividedBy(e.number);
        const boundary = s.side === 1 ? e.price.plus(step) : e.price.minus(step);
        const tick = new Decimal('0.01');
        const toward = s.side === 1 ? tick : tick.negated(); // the direction that lowers the risk
        const rate = (m: Decimal) =>
          rateOf(s.extra, e.margin, profitAt(s.side, e.price, m, e.number));
        // the first mark (in ticks) whose rate, as the contract rounds it, is above the line,
        // and the last one at or below it
        let safe = boundary.toDecimalPlaces(
          2,
          s.side === 1 ? Decimal.ROUND_DOWN : Decimal.ROUND_UP,
        );
        while (rate(safe).lessThanOrEqualTo(LINE)) safe = safe.plus(toward);
        const edge = safe.minus(toward);
        const mark = beyond ? edge : safe;
        if (mark.lessThanOrEqualTo(0)) return;
        expect(rate(edge).lessThanOrEqualTo(LINE)).toBe(true);
        marks.set(1, mark);
        await lever.tick();
        const p = await position(id);
        expect(p.status).toBe(beyond ? 3 : 1);
        if (p.status === 1) await lever.close(userId, id);
        else {
          const w = await wallet(userId);
          const profit = profitAt(s.side, e.price, mark, e.number);
          expect(w.free.equals(s.extra.plus(e.margin).plus(profit))).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
