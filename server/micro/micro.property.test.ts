// Second contracts against a real migrated database, prices and the clock under the test's
// control. Random sequences of submissions (valid and invalid), price moves, clock moves and
// settlements run through the functions the routes and the timer call; a model written here
// from the contract's text (§6.2, §6.4, spec §9; plain decimal.js, not micro.ts) predicts
// every outcome. After every step:
//  S1 checksInOrder: a submission the model refuses is refused with the message of the first
//     failing check in the contract's order, and changes nothing (balances, ledger, orders).
//  S2 settlementArithmetic: the micro balance equals the grant − Σ (stake + stake × fee %) of
//     the placed orders + Σ payouts of the settled ones (win: stake × (1 + ratio / 100),
//     draw: the stake, loss: 0); each settled order carries the model's end price, result
//     and fact_profits.
//  S3 ledgerMatchesBalances / nothingNegative: each balance field equals the sum of its
//     ledger rows, and none is below zero.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../accounts/users.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backends, openTestDatabase } from '../db/test-databases.ts';
import { ApiError } from '../http/api-error.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import { BALANCE_FIELDS, changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import type { MicroType } from './micro-rules.ts';
import { settleDue, submitMicro } from './micro-orders.ts';

// The seed (migrations 0002, 0006 and 0019: fair to a bettor who guesses at random, ADR 0040).
const RATIOS: Readonly<Record<number, string>> = {
  30: '85',
  60: '85',
  180: '85',
  300: '80',
  600: '80',
  900: '75',
};
const USDT = { id: CURRENCY_ID.USDT, feePct: '1', min: 10, max: 10000, holdMax: 10 };
const PRICED_PAIR = 1; // BTC/USDT, open
const UNPRICED_PAIR = 3; // LTC/USDT, open, but the test's price source has no price
const CLOSED_PAIR = 7; // BCH/USDT, open_microtrade = 0
const GRANT = new Decimal(3000);

let db: Database;
const prices = new Map<number, Decimal>();
const priceOf = (matchId: number) => {
  const p = prices.get(matchId);
  return p === undefined ? null : new Decimal(p.toFixed());
};
let now = Date.UTC(2026, 10, 24, 12);
let seq = 0;

async function newUser(): Promise<number> {
  seq += 1;
  const id = await insertUser(db, {
    kind: 'email',
    account: `micro${seq}@example.com`,
    passwordHash: 'x',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: now,
  });
  await db.transaction((tx) =>
    changeBalance(tx, {
      userId: id,
      currencyId: USDT.id,
      field: 'micro_balance',
      delta: GRANT,
      type: LOG_TYPE.demoGrant,
      memo: 'grant',
      nowMs: now,
    }),
  );
  return id;
}

type Op =
  | {
      kind: 'submit';
      matchId: number;
      currencyId: number;
      seconds: number;
      type: MicroType;
      stake: string;
    }
  | { kind: 'price'; price: string }
  | { kind: 'clock'; ms: number }
  | { kind: 'settle' };

const stake = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 50 }).map((k) => String(k * 10)) },
  { weight: 1, arbitrary: fc.integer({ min: -20, max: 10_020 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('10.5', '0', '10000', '10010', '10005', '20000', '5') },
);
const P = PRICED_PAIR;
const U = USDT.id;

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      matchId: fc.constantFrom(P, P, P, P, P, P, P, P, UNPRICED_PAIR, CLOSED_PAIR),
      currencyId: fc.constantFrom(U, U, U, U, U, U, U, U, U, CURRENCY_ID.BTC),
      seconds: fc.constantFrom(30, 60, 180, 300, 600, 900, 30, 60, 45),
      type: fc.constantFrom(1 as const, 2 as const),
      stake,
    }),
  },
  {
    weight: 2,
    // few distinct prices, so draws happen
    arbitrary: fc.record({
      kind: fc.constant('price' as const),
      price: fc.constantFrom('99.99', '100', '100.01', '100', '250.5'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      // around the durations' edges, so expiries are met exactly and just missed
      ms: fc.constantFrom(0, 1, 999, 29_999, 30_000, 31_000, 60_000, 180_000, 900_000),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
);

interface ModelOrder {
  id: number | null;
  stake: Decimal;
  type: MicroType;
  open: Decimal;
  ratio: Decimal;
  handledAt: number;
  settled: boolean;
}

interface Model {
  balance: Decimal;
  orders: ModelOrder[];
}

/** The message id the contract's checks give, in its order, or null when it is accepted. */
function refusal(m: Model, o: Extract<Op, { kind: 'submit' }>): string | null {
  if (o.matchId === CLOSED_PAIR) return 'micro.pairClosed';
  if (o.currencyId !== USDT.id) return 'micro.currencyNotPayable';
  if (RATIOS[o.seconds] === undefined) return 'micro.secondsUnknown';
  const n = new Decimal(o.stake);
  if (!n.isInteger()) return 'micro.numberInteger';
  if (n.lessThan(USDT.min)) return 'micro.numberBelowMin';
  if (n.greaterThan(USDT.max)) return 'micro.numberAboveMax';
  if (!n.mod(USDT.min).isZero()) return 'micro.numberStep';
  if (m.orders.filter((x) => !x.settled).length >= USDT.holdMax) return 'micro.holdMax';
  if (o.matchId === UNPRICED_PAIR) return 'micro.noPrice';
  const fee = n.times(USDT.feePct).dividedBy(100);
  if (m.balance.lessThan(n.plus(fee))) return 'micro.insufficient';
  return null;
}

async function snapshot(userId: number) {
  const wallet = await db.query<Record<string, unknown>>(
    'SELECT * FROM users_wallet WHERE user_id = $1 ORDER BY currency_id',
    [userId],
  );
  const counts = await db.query<{ logs: number; orders: number }>(
    `SELECT (SELECT COUNT(*)::int FROM account_log WHERE user_id = $1) AS logs,
            (SELECT COUNT(*)::int FROM micro_orders WHERE user_id = $1) AS orders`,
    [userId],
  );
  return JSON.stringify({ wallet, counts });
}

async function microBalance(userId: number): Promise<Decimal> {
  const rows = await db.query<{ b: string }>(
    'SELECT micro_balance AS b FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [userId, USDT.id],
  );
  return new Decimal(rows[0]?.b ?? '0');
}

async function step(userId: number, m: Model, o: Op): Promise<void> {
  if (o.kind === 'price') prices.set(PRICED_PAIR, new Decimal(o.price));
  else if (o.kind === 'clock') now += o.ms;
  else if (o.kind === 'settle') await settleStep(userId, m);
  else await submitStep(userId, m, o);
}

/** The contract's outcome of a model order at `end` (§6.4), computed here. */
function expectedOutcome(x: ModelOrder, end: Decimal) {
  const cmp = end.comparedTo(x.open) * (x.type === 1 ? 1 : -1);
  if (cmp > 0)
    return {
      result: 1,
      credit: x.stake.times(x.ratio.dividedBy(100).plus(1)),
      fact: x.stake.times(x.ratio).dividedBy(100),
    };
  if (cmp === 0) return { result: 0, credit: x.stake, fact: new Decimal(0) };
  return { result: -1, credit: new Decimal(0), fact: x.stake.negated() };
}

async function settleStep(userId: number, m: Model): Promise<void> {
  const settled = (await settleDue(db, priceOf, now)).filter((r) => r.user_id === userId);
  const due = m.orders.filter((x) => !x.settled && x.handledAt <= now);
  expect(settled.map((r) => r.id).sort()).toEqual(due.map((x) => x.id).sort());
  const end = prices.get(PRICED_PAIR);
  if (end === undefined) throw new Error('no price');
  for (const x of due) {
    x.settled = true;
    const want = expectedOutcome(x, end);
    m.balance = m.balance.plus(want.credit);
    const row = settled.find((r) => r.id === x.id);
    if (row === undefined) throw new Error(`order ${x.id} not settled`);
    expect(row.status).toBe(3);
    expect(row.profit_result).toBe(want.result);
    expect(new Decimal(row.fact_profits).equals(want.fact)).toBe(true);
    expect(new Decimal(row.end_price).equals(end)).toBe(true);
    expect(new Date(row.complete_at ?? 0).getTime()).toBe(now);
  }
}

async function submitStep(
  userId: number,
  m: Model,
  o: Extract<Op, { kind: 'submit' }>,
): Promise<void> {
  const expectedRefusal = refusal(m, o);
  const before = await snapshot(userId);
  now += 1;
  try {
    const r = await submitMicro(db, priceOf, {
      userId,
      matchId: o.matchId,
      currencyId: o.currencyId,
      type: o.type,
      seconds: o.seconds,
      number: new Decimal(o.stake),
      clientId: null,
      nowMs: now,
    });
    expect(expectedRefusal, `accepted ${JSON.stringify(o)}`).toBeNull();
    const n = new Decimal(o.stake);
    const fee = n.times(USDT.feePct).dividedBy(100);
    m.balance = m.balance.minus(n).minus(fee);
    const open = prices.get(o.matchId);
    if (open === undefined) throw new Error('no price');
    const ratio = new Decimal(RATIOS[o.seconds] ?? 'NaN');
    const handledAt = now + o.seconds * 1000;
    m.orders.push({
      id: r.order.id,
      stake: n,
      type: o.type,
      open,
      ratio,
      handledAt,
      settled: false,
    });
    // no random offset: the open price is the current price exactly (decision 6)
    expect(new Decimal(r.order.open_price).equals(open)).toBe(true);
    expect(new Decimal(r.order.end_price).equals(open)).toBe(true);
    expect(new Decimal(r.order.fee).equals(fee)).toBe(true);
    expect(new Decimal(r.order.profit_ratio).equals(ratio)).toBe(true);
    expect(new Date(r.order.handled_at).getTime()).toBe(handledAt);
    expect(r.order.status).toBe(1);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    expect(err.id, `refused ${JSON.stringify(o)}`).toBe(expectedRefusal);
    expect(await snapshot(userId)).toBe(before);
  }
}

async function checkInvariants(userId: number, m: Model): Promise<void> {
  const balance = await microBalance(userId);
  expect(balance.equals(m.balance), `S2 ${balance.toFixed()} vs ${m.balance.toFixed()}`).toBe(true);
  const wallets = await db.query<Record<string, string | number>>(
    'SELECT * FROM users_wallet WHERE user_id = $1',
    [userId],
  );
  const sums = await db.query<{ currency_id: number; field: string; total: string }>(
    'SELECT currency_id, field, SUM(delta) AS total FROM account_log WHERE user_id = $1 GROUP BY currency_id, field',
    [userId],
  );
  for (const w of wallets) {
    const c = Number(w.currency_id);
    for (const f of BALANCE_FIELDS) {
      const value = new Decimal(String(w[f]));
      const ledger = new Decimal(
        sums.find((s) => s.currency_id === c && s.field === f)?.total ?? '0',
      );
      expect(value.equals(ledger), `S3 ${f} of ${c}`).toBe(true);
      expect(value.isNegative(), `S3 negative ${f} of ${c}`).toBe(false);
    }
  }
}

describe.each(backends())('second contracts (fast-check, real database) on %s', (backend) => {
  beforeAll(async () => {
    db = await openTestDatabase(backend);
    await migrate(db);
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  it('S1–S3 hold after every step of any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40, size: 'max' }), async (ops) => {
        // settle whatever earlier runs left open, far in the future, then start afresh
        now += 86_400_000;
        prices.set(PRICED_PAIR, new Decimal('100'));
        await settleDue(db, priceOf, now);
        const userId = await newUser();
        const m: Model = { balance: GRANT, orders: [] };
        for (const o of ops) {
          await step(userId, m, o);
          await checkInvariants(userId, m);
        }
      }),
      { numRuns: 60 },
    );
  }, 180_000);

  it('a win at the 30 s ratio pays stake × 1.85; the fee is kept', async () => {
    now += 86_400_000;
    prices.set(PRICED_PAIR, new Decimal('100'));
    const userId = await newUser();
    const r = await submitMicro(db, priceOf, {
      userId,
      matchId: PRICED_PAIR,
      currencyId: USDT.id,
      type: 2,
      seconds: 30,
      number: new Decimal(500),
      clientId: null,
      nowMs: now,
    });
    expect(await microBalance(userId)).toEqual(new Decimal('2495'));
    prices.set(PRICED_PAIR, new Decimal('99.99'));
    now += 29_999;
    expect((await settleDue(db, priceOf, now)).filter((x) => x.user_id === userId)).toHaveLength(0);
    now += 1;
    const [settled] = (await settleDue(db, priceOf, now)).filter((x) => x.user_id === userId);
    expect(settled?.id).toBe(r.order.id);
    expect(settled?.profit_result).toBe(1);
    expect(new Decimal(settled?.fact_profits ?? 'NaN').toFixed()).toBe('425');
    expect((await microBalance(userId)).toFixed()).toBe('3420');
    const log = await db.query<{ type: number; delta: string; memo: string }>(
      'SELECT type, delta, memo FROM account_log WHERE user_id = $1 ORDER BY id',
      [userId],
    );
    expect(log.map((l) => [l.type, new Decimal(l.delta).toFixed(), l.memo])).toEqual([
      [LOG_TYPE.demoGrant, '3000', 'grant'],
      [LOG_TYPE.microStake, '-500', `#${r.order.id + 10000}`],
      [LOG_TYPE.microFee, '-5', `#${r.order.id + 10000}`],
      [LOG_TYPE.microWin, '925', `#${r.order.id + 10000}`],
    ]);
  });
});
