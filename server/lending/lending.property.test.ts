// Loans never create or lose money (issue 9, ADR 0017): random sequences of applications
// (some out of bounds), operator decisions on any loan (including ones already decided, so
// double approvals are tried), repayments in any coin (sometimes without a price) and decisions
// on any repayment run against a real database through the functions the routes call.
// After every step:
//  L1 ledgerMatchesBalances: each balance field equals the sum of its ledger rows.
//  L2 principalOnce: a loan's disbursement rows (type 100, memo #id) add up to its amount if it
//     was approved and to 0 otherwise: credited once, never twice, never when rejected.
//  L3 moneyConserved: the user's USDT equals the grant plus the amounts of approved loans
//     (repayments are paid outside the exchange and move nothing).
//  L4 statesConsistent: repayment_status is 0 unless approved; 2 exactly when a repayment is
//     under review, 1 exactly when one was approved; at most one open loan, at most one
//     repayment under review per loan.
//  L5 statesOnlyMoveForward: 0 → 1 | 2, 1 ⇄ 3, 3 → 4; 2 and 4 are final.
//  L6 recordedAsQuoted (issue 20, ADR 0023): every repayment names a quote of its user, loan and
//     coin, records exactly its owed amount, price, amount and address, was filed before the
//     quote expired, and no quote is used twice (repayments are sometimes tried after expiry).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import type { LoanState, RepayCoin } from '../../src/shared/lending.ts';
import { loanState, REPAY_COINS } from '../../src/shared/lending.ts';
import { insertUser } from '../accounts/users.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backends, openTestDatabase } from '../db/test-databases.ts';
import { ApiError } from '../http/api-error.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import type { CoinPrices } from './lending.ts';
import {
  applyLoan,
  decideLoan,
  decideRepayment,
  quoteRepayment,
  REPAY_QUOTE_TTL_MS,
  requestRepayment,
} from './lending.ts';

let db: Database;
const GRANT = new Decimal(500);
const TERMS = [
  { day: 7, rate: '0.15' },
  { day: 30, rate: '0.1' },
  { day: 90, rate: '0.07' },
] as const;
const PRICES: CoinPrices = { BTC: new Decimal('65000.5'), ETH: new Decimal('3210.25') };

type Op =
  | { kind: 'apply'; amount: Decimal; term: number }
  | { kind: 'decideLoan'; pick: number; approve: boolean }
  | { kind: 'repay'; pick: number; coin: RepayCoin; priced: boolean; late?: boolean }
  | { kind: 'decideRepayment'; pick: number; approve: boolean };

const amount = fc
  .tuple(fc.integer({ min: 50, max: 60_000 }), fc.integer({ min: 0, max: 99 }))
  .map(([i, f]) => new Decimal(`${i}.${String(f).padStart(2, '0')}`));

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('apply' as const),
    amount,
    term: fc.nat(TERMS.length - 1),
  }),
  fc.record({ kind: fc.constant('decideLoan' as const), pick: fc.nat(7), approve: fc.boolean() }),
  fc.record({
    kind: fc.constant('repay' as const),
    pick: fc.nat(7),
    coin: fc.constantFrom(...REPAY_COINS),
    priced: fc.boolean(),
    late: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('decideRepayment' as const),
    pick: fc.nat(7),
    approve: fc.boolean(),
  }),
);

/** A whole life, always run first: every state, a double approval, a refused repayment. */
const LIFE: Op[] = [
  { kind: 'apply', amount: new Decimal('1500.25'), term: 1 },
  { kind: 'decideLoan', pick: 0, approve: true },
  { kind: 'decideLoan', pick: 0, approve: true },
  { kind: 'repay', pick: 0, coin: 'eth', priced: false },
  { kind: 'repay', pick: 0, coin: 'btc', priced: true, late: true },
  { kind: 'repay', pick: 0, coin: 'btc', priced: true },
  { kind: 'decideRepayment', pick: 0, approve: false },
  { kind: 'repay', pick: 0, coin: 'usdt_erc20', priced: true },
  { kind: 'decideRepayment', pick: 1, approve: true },
  { kind: 'apply', amount: new Decimal('300'), term: 0 },
  { kind: 'decideLoan', pick: 1, approve: false },
];

let now = Date.UTC(2031, 2, 3, 10);
const visited = new Set<LoanState>();
let seq = 0;

async function newUser(): Promise<number> {
  seq += 1;
  const id = await insertUser(db, {
    kind: 'email',
    account: `loanprop${seq}@example.com`,
    passwordHash: 'x',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: now,
  });
  await changeBalance(db, {
    userId: id,
    currencyId: CURRENCY_ID.USDT,
    field: 'change_balance',
    delta: GRANT,
    type: LOG_TYPE.demoGrant,
    memo: 'grant',
    nowMs: now,
  });
  return id;
}

const ids = async (sql: string, userId: number): Promise<number[]> =>
  (await db.query<{ id: number }>(sql, [userId])).map((r) => r.id);

const pick = (list: number[], i: number): number | undefined =>
  list.length === 0 ? undefined : list[i % list.length];

async function apply(userId: number, o: Op): Promise<void> {
  now += 60_000;
  if (o.kind === 'apply') {
    const term = TERMS[o.term] ?? TERMS[0];
    await applyLoan(
      db,
      userId,
      {
        amount: o.amount,
        day: term.day,
        rate: new Decimal(term.rate),
        tel: '+1 555 0100',
        address: 'Somewhere 1',
        age: 40,
        income: new Decimal(3000),
        country: 'Nowhere',
      },
      now,
    );
  } else if (o.kind === 'decideLoan') {
    // Any loan of the user, decided or not: a second decision must be refused.
    const id = pick(
      await ids('SELECT id FROM loan_orders WHERE user_id = $1 ORDER BY id', userId),
      o.pick,
    );
    if (id !== undefined) await decideLoan(db, id, o.approve, '', now);
  } else if (o.kind === 'repay') {
    const id = pick(
      await ids('SELECT id FROM loan_orders WHERE user_id = $1 ORDER BY id', userId),
      o.pick,
    );
    if (id === undefined) return;
    const quote = await quoteRepayment(db, {
      userId,
      orderId: id,
      coin: o.coin,
      prices: o.priced ? PRICES : {},
      nowMs: now,
    });
    if (o.late === true) now += REPAY_QUOTE_TTL_MS;
    await requestRepayment(db, {
      userId,
      orderId: id,
      coin: o.coin,
      quoteId: quote.id,
      image: '/api/upload/voucher.png',
      nowMs: now,
    });
  } else {
    const id = pick(
      await ids('SELECT id FROM loan_repayments WHERE user_id = $1 ORDER BY id', userId),
      o.pick,
    );
    if (id !== undefined) await decideRepayment(db, id, o.approve, '', now);
  }
}

const FORWARD: Readonly<Record<LoanState, readonly LoanState[]>> = {
  0: [0, 1, 2],
  1: [1, 3],
  2: [2],
  3: [3, 1, 4],
  4: [4],
};

async function checkInvariants(userId: number, seen: Map<number, LoanState>): Promise<void> {
  const fields = await db.query<{ field: string; value: string; total: string | null }>(
    `SELECT f.field, f.value, (SELECT SUM(delta) FROM account_log l WHERE l.user_id = $1
       AND l.currency_id = $2 AND l.field = f.field) AS total
     FROM (SELECT 'change_balance' AS field, change_balance::text AS value FROM users_wallet
           WHERE user_id = $1 AND currency_id = $2) f`,
    [userId, CURRENCY_ID.USDT],
  );
  const balance = new Decimal(fields[0]?.value ?? '0');
  // L1
  expect(balance.equals(fields[0]?.total ?? '0')).toBe(true);
  const loans = await db.query<{
    id: number;
    amount: string;
    status: number;
    repayment_status: number;
    credited: string | null;
    pending: number;
    approved: number;
  }>(
    `SELECT o.id, o.amount, o.status, o.repayment_status,
       (SELECT SUM(delta) FROM account_log l WHERE l.user_id = o.user_id AND l.type = $2
          AND l.memo = '#' || o.id) AS credited,
       (SELECT COUNT(*)::int FROM loan_repayments r WHERE r.order_id = o.id AND r.status = 0) AS pending,
       (SELECT COUNT(*)::int FROM loan_repayments r WHERE r.order_id = o.id AND r.status = 1) AS approved
     FROM loan_orders o WHERE o.user_id = $1 ORDER BY o.id`,
    [userId, LOG_TYPE.loanDisbursed],
  );
  let lent = new Decimal(0);
  let open = 0;
  for (const l of loans) {
    const credited = new Decimal(l.credited ?? '0');
    // L2
    expect(credited.toFixed(), `loan ${l.id}`).toBe(
      l.status === 1 ? new Decimal(l.amount).toFixed() : '0',
    );
    if (l.status === 1) lent = lent.plus(l.amount);
    // L4
    if (l.status !== 1) expect(l.repayment_status).toBe(0);
    expect(l.pending).toBeLessThanOrEqual(1);
    expect(l.repayment_status === 2).toBe(l.pending === 1);
    expect(l.repayment_status === 1).toBe(l.approved === 1);
    const state = loanState(l.status, l.repayment_status);
    if (state === 0 || state === 1 || state === 3) open += 1;
    // L5
    const before = seen.get(l.id);
    if (before !== undefined) expect(FORWARD[before], `loan ${l.id}`).toContain(state);
    seen.set(l.id, state);
    visited.add(state);
  }
  expect(open).toBeLessThanOrEqual(1);
  // L3
  expect(balance.toFixed()).toBe(GRANT.plus(lent).toFixed());
  await checkQuotes(userId);
}

/** L6: each repayment records its own quote's figures, filed in time; a quote is used once. */
async function checkQuotes(userId: number): Promise<void> {
  const rows = await db.query<{
    id: number;
    quote_id: number | null;
    mine: boolean;
    same: boolean;
    in_time: boolean;
    uses: number;
  }>(
    `SELECT r.id, r.quote_id,
       (q.user_id = r.user_id AND q.order_id = r.order_id AND q.coin = r.coin) AS mine,
       (q.repayment_amount = r.repayment_amount AND q.price = r.price AND q.amount = r.amount
         AND q.address = r.address) AS same,
       (r.created_at < q.expires_at AND q.used_at IS NOT NULL) AS in_time,
       (SELECT COUNT(*)::int FROM loan_repayments x WHERE x.quote_id = r.quote_id) AS uses
     FROM loan_repayments r LEFT JOIN loan_repayment_quotes q ON q.id = r.quote_id
     WHERE r.user_id = $1`,
    [userId],
  );
  for (const r of rows)
    expect(r, `repayment ${r.id}`).toMatchObject({
      mine: true,
      same: true,
      in_time: true,
      uses: 1,
    });
}

describe.each(backends())('loans: money model on %s', (backend) => {
  beforeAll(async () => {
    db = await openTestDatabase(backend);
    await migrate(db);
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  it('L1–L6 hold after every step of random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const userId = await newUser();
        const seen = new Map<number, LoanState>();
        for (const o of ops) {
          try {
            await apply(userId, o);
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
          }
          await checkInvariants(userId, seen);
        }
      }),
      { numRuns: 40, examples: [[LIFE]] },
    );
    // The sequences pass through every state (the property is not vacuous).
    expect(visited).toEqual(new Set([0, 1, 2, 3, 4]));
  }, 240_000);

  it('credits the principal once even when the approval is repeated', async () => {
    const userId = await newUser();
    await apply(userId, { kind: 'apply', amount: new Decimal('1234.56'), term: 1 });
    const seen = new Map<number, LoanState>();
    for (let i = 0; i < 3; i++) {
      try {
        await apply(userId, { kind: 'decideLoan', pick: 0, approve: true });
      } catch (err) {
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).id).toBe('admin.notPending');
      }
      await checkInvariants(userId, seen);
    }
    const rows = await db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM account_log WHERE user_id = $1 AND type = $2',
      [userId, LOG_TYPE.loanDisbursed],
    );
    expect(rows[0]?.n).toBe(1);
  });
});
