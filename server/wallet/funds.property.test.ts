// Money is neither created nor destroyed (issue 6): random sequences of transfers, withdrawal
// requests with sends and rejections, deposit requests with confirmations and rejections, and
// acceptor deals run against a real database through the same functions the routes call.
// After every step:
//  M1 ledgerMatchesBalances: each balance field equals the sum of its ledger rows.
//  M2 nothingNegative: no field is below zero (only lever settlement may go negative, and no
//     lever settlement runs here).
//  M3 moneyConserved: the user's total per currency plus the acceptors' USDT float equals the
//     grants plus confirmed deposits minus sent withdrawals plus the acceptors' starting float.
// Amounts include dust (down to 10^-20), the currency's last decimal and one beyond it, the
// bounds and far beyond them (issue 18); some users hold 10^15 USDT, where a dust transfer
// used to be rounded away on one side (decimal.js's 20 significant digits).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { ACCOUNTS } from '../../src/shared/wallet.ts';
import { confirmDeal, createDeal, markPaid, rejectDeal } from '../acceptors/acceptors.ts';
import { insertUser } from '../accounts/users.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backends, openTestDatabase } from '../db/test-databases.ts';
import { ApiError } from '../http/api-error.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import {
  decideDeposit,
  decideWithdrawal,
  requestDeposit,
  requestWithdrawal,
  transfer,
} from './funds.ts';
import { BALANCE_FIELDS, changeBalance, LOG_TYPE } from './ledger.ts';

let db: Database;
const { USDT, BTC } = CURRENCY_ID;
const CURRENCIES = [USDT, BTC] as const; // USDT (all four accounts), BTC (not legal)
const GRANT = { [USDT]: '1000', [BTC]: '2' } as const;

const cents = fc
  .tuple(fc.integer({ min: 0, max: 1200 }), fc.integer({ min: 0, max: 99 }))
  .map(([i, f]) => new Decimal(`${i}.${String(f).padStart(2, '0')}`));
/** 0.000…0n with 1 to 20 zeros: within USDT's 6 decimals and BTC's 8, and beyond them. */
const dust = fc
  .tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 9 }))
  .map(([zeros, n]) => new Decimal(`0.${'0'.repeat(zeros)}${n}`));
const boundary = fc.constantFrom(
  ...[
    '0.000001',
    '0.0000001',
    '0.00000001',
    '0.000000001',
    '99999999',
    '99999999.000001',
    '100000000',
    '1e-30',
    '1e20',
    '999999999999.999999',
    '1000000000000.000001',
    '12345678901234567890.123456789',
  ].map((v) => new Decimal(v)),
);
const amount = fc.oneof(
  { weight: 6, arbitrary: cents },
  { weight: 3, arbitrary: dust },
  { weight: 1, arbitrary: boundary },
);
const currency = fc.constantFrom(...CURRENCIES);
const account = fc.constantFrom(...ACCOUNTS);

type Op =
  | {
      kind: 'transfer';
      currency: number;
      from: (typeof ACCOUNTS)[number];
      to: (typeof ACCOUNTS)[number];
      amount: Decimal;
    }
  | { kind: 'withdraw'; currency: number; amount: Decimal }
  | { kind: 'decideWithdrawal'; pick: number; approve: boolean }
  | { kind: 'deposit'; currency: number; amount: Decimal }
  | { kind: 'decideDeposit'; pick: number; confirm: boolean }
  | { kind: 'acceptor'; type: 'buy' | 'sell'; money: Decimal }
  | { kind: 'decideDeal'; pick: number; action: 'paid' | 'confirm' | 'userConfirm' | 'reject' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('transfer' as const),
    currency,
    from: account,
    to: account,
    amount,
  }),
  fc.record({ kind: fc.constant('withdraw' as const), currency, amount }),
  fc.record({
    kind: fc.constant('decideWithdrawal' as const),
    pick: fc.nat(5),
    approve: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('deposit' as const), currency, amount }),
  fc.record({
    kind: fc.constant('decideDeposit' as const),
    pick: fc.nat(5),
    confirm: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('acceptor' as const),
    type: fc.constantFrom('buy' as const, 'sell' as const),
    money: amount,
  }),
  fc.record({
    kind: fc.constant('decideDeal' as const),
    pick: fc.nat(5),
    action: fc.constantFrom(
      'paid' as const,
      'confirm' as const,
      'userConfirm' as const,
      'reject' as const,
    ),
  }),
);

let now = Date.UTC(2026, 10, 24, 12);
let seq = 0;

/** What a user is granted: `scale` 1 (1,000 USDT, 2 BTC) or 10^12 (10^15 USDT, 2·10^12 BTC). */
const grantOf = (c: (typeof CURRENCIES)[number], scale: Decimal): Decimal =>
  new Decimal(GRANT[c]).times(scale);

async function newUser(scale: Decimal): Promise<number> {
  seq += 1;
  const id = await insertUser(db, {
    kind: 'email',
    account: `prop${seq}@example.com`,
    passwordHash: 'x',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: now,
  });
  await db.transaction(async (tx) => {
    for (const c of CURRENCIES)
      await changeBalance(tx, {
        userId: id,
        currencyId: c,
        field: c === USDT ? 'legal_balance' : 'change_balance',
        delta: grantOf(c, scale),
        type: LOG_TYPE.demoGrant,
        memo: 'grant',
        nowMs: now,
      });
    // USDT also in the change account, so withdrawals and deposits have something to move.
    await changeBalance(tx, {
      userId: id,
      currencyId: USDT,
      field: 'change_balance',
      delta: grantOf(USDT, scale),
      type: LOG_TYPE.demoGrant,
      memo: 'grant',
      nowMs: now,
    });
  });
  return id;
}

async function pendingIds(sql: string, userId: number): Promise<number[]> {
  return (await db.query<{ id: number }>(sql, [userId])).map((r) => r.id);
}

const pick = <T>(list: T[], i: number): T | undefined =>
  list.length === 0 ? undefined : list[i % list.length];

async function apply(userId: number, o: Op): Promise<void> {
  now += 1000;
  switch (o.kind) {
    case 'transfer':
      return transfer(db, {
        userId,
        currencyId: o.currency,
        number: o.amount,
        from: o.from,
        to: o.to,
        nowMs: now,
      });
    case 'withdraw':
      await requestWithdrawal(db, {
        userId,
        currencyId: o.currency,
        network: o.currency === BTC ? 'btc' : 'erc20',
        number: o.amount,
        address: '0xabc',
        realName: '',
        bankName: '',
        bankAddress: '',
        nowMs: now,
      });
      return;
    case 'deposit':
      await requestDeposit(db, {
        userId,
        currencyId: o.currency,
        network: '',
        amount: o.amount,
        source: 'default',
        hash: '',
        pic: '/x.png',
        nowMs: now,
      });
      return;
    case 'acceptor':
      await createDeal(db, {
        userId,
        acceptorId: 1,
        type: o.type,
        way: 'bank',
        mobile: '1',
        dealAccount: '1',
        money: o.money,
        nowMs: now,
      });
      return;
    default:
      return decide(userId, o);
  }
}

async function decide(userId: number, o: Op): Promise<void> {
  if (o.kind === 'decideWithdrawal') {
    const ids = await pendingIds(
      'SELECT id FROM withdrawals WHERE user_id = $1 AND status = 0 ORDER BY id',
      userId,
    );
    const id = pick(ids, o.pick);
    if (id !== undefined) await decideWithdrawal(db, id, o.approve, '', now);
  } else if (o.kind === 'decideDeposit') {
    const ids = await pendingIds(
      'SELECT id FROM deposits WHERE user_id = $1 AND status = 0 ORDER BY id',
      userId,
    );
    const id = pick(ids, o.pick);
    if (id !== undefined) await decideDeposit(db, id, o.confirm, '', now);
  } else if (o.kind === 'decideDeal') {
    const ids = await pendingIds(
      'SELECT id FROM acceptor_deals WHERE user_id = $1 AND is_sure = 0 ORDER BY id',
      userId,
    );
    const id = pick(ids, o.pick);
    if (id !== undefined) await decideDeal(id, userId, o.action);
  }
}

async function decideDeal(
  id: number,
  userId: number,
  action: 'paid' | 'confirm' | 'userConfirm' | 'reject',
): Promise<void> {
  if (action === 'paid') await markPaid(db, id, now);
  else if (action === 'confirm') await confirmDeal(db, id, null, now);
  else if (action === 'userConfirm') await confirmDeal(db, id, userId, now);
  else await rejectDeal(db, id, now);
}

async function checkInvariants(
  userId: number,
  floatAtStart: Decimal,
  scale: Decimal,
): Promise<void> {
  const wallets = await db.query<Record<string, string | number>>(
    'SELECT * FROM users_wallet WHERE user_id = $1',
    [userId],
  );
  const sums = await db.query<{ currency_id: number; field: string; total: string }>(
    'SELECT currency_id, field, SUM(delta) AS total FROM account_log WHERE user_id = $1 GROUP BY currency_id, field',
    [userId],
  );
  const float = new Decimal(
    (await db.query<{ f: string }>('SELECT SUM(user_balance) AS f FROM acceptors'))[0]?.f ?? '0',
  );
  for (const w of wallets) {
    const c = Number(w.currency_id);
    let total = new Decimal(0);
    for (const f of BALANCE_FIELDS) {
      const value = new Decimal(String(w[f]));
      const ledger = new Decimal(
        sums.find((s) => s.currency_id === c && s.field === f)?.total ?? '0',
      );
      expect(
        value.equals(ledger),
        `M1 ${f} of ${c}: ${value.toFixed()} vs ledger ${ledger.toFixed()}`,
      ).toBe(true);
      expect(value.isNegative(), `M2 ${f} of ${c}`).toBe(false);
      total = total.plus(value);
    }
    const flows = await db.query<{ dep: string | null; wd: string | null }>(
      `SELECT (SELECT SUM(amount) FROM deposits WHERE user_id = $1 AND currency_id = $2 AND status = 1) AS dep,
              (SELECT SUM(number) FROM withdrawals WHERE user_id = $1 AND currency_id = $2 AND status = 1) AS wd`,
      [userId, c],
    );
    const grant = c === USDT ? grantOf(USDT, scale).times(2) : grantOf(BTC, scale);
    const expected = grant.plus(flows[0]?.dep ?? '0').minus(flows[0]?.wd ?? '0');
    const acceptorShare = c === USDT ? floatAtStart.minus(float) : new Decimal(0);
    expect(total.equals(expected.plus(acceptorShare)), `M3 currency ${c}: ${total.toFixed()}`).toBe(
      true,
    );
  }
}

describe.each(backends())('funds (fast-check, real database) on %s', (backend) => {
  beforeAll(async () => {
    db = await openTestDatabase(backend);
    await migrate(db);
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  it('M1–M3 hold after every step of any sequence; refused steps change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(op, { minLength: 1, maxLength: 14 }),
        async (rich, ops) => {
          const scale = new Decimal(rich ? '1e12' : 1);
          const userId = await newUser(scale);
          const floatAtStart = new Decimal(
            (await db.query<{ f: string }>('SELECT SUM(user_balance) AS f FROM acceptors'))[0]?.f ??
              '0',
          );
          for (const o of ops) {
            try {
              await apply(userId, o);
            } catch (err) {
              if (!(err instanceof ApiError)) throw err;
            }
            await checkInvariants(userId, floatAtStart, scale);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
