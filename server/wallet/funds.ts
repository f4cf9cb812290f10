// Moving money (api-contract §4): transfers between a user's four accounts, withdrawal
// requests (locked until an operator sends or rejects them), deposit requests (credited when an
// operator confirms them). Every change goes through `changeBalance`, so each is a ledger row;
// each operation is one transaction; an operator's decision writes the user's notification in
// it. Pure of HTTP: the routes and the admin API call these.
import { Decimal } from '../../src/shared/decimal.ts';
import type { AccountName, WithdrawNetwork } from '../../src/shared/wallet.ts';
import { TRANSFER_MAX, withdrawFee } from '../../src/shared/wallet.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { requireAmount } from '../http/amounts.ts';
import { currencyName, noteDec } from '../notify/note-values.ts';
import { addNotification } from '../notify/notifications.ts';
import { ACCOUNT_FIELDS, changeBalance, lockUser, LOG_TYPE } from './ledger.ts';

export interface CurrencyRules {
  id: number;
  name: string;
  is_legal: number;
  is_lever: number;
  is_micro: number;
  is_match: number;
  currency_type: string;
  deposit_networks: string;
  withdraw_networks: string;
  min_number: string;
  max_number: string;
  day_limit: string;
  withdraw_rate: string;
  decimal_scale: number;
}

export async function currencyRules(db: Queryable, id: number): Promise<CurrencyRules> {
  const rows = await db.query<CurrencyRules & Record<string, unknown>>(
    `SELECT id, name, is_legal, is_lever, is_micro, is_match, currency_type, deposit_networks,
            withdraw_networks, min_number, max_number, day_limit, withdraw_rate, decimal_scale
     FROM currencies WHERE id = $1 AND is_display = 1`,
    [id],
  );
  const row = rows[0];
  if (row === undefined) throw new ApiError('wallet.unknownCurrency');
  return row;
}

export const networksOf = (list: string): string[] => list.split(',').filter((n) => n !== '');

export async function setting(db: Queryable, key: string): Promise<string> {
  const rows = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
    key,
  ]);
  return rows[0]?.value ?? '';
}

/** Sets a setting (the operator's; the caller checked the value). */
export async function saveSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.query(
    'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2',
    [key, value],
  );
}

/** Whether deposits and withdrawals are open (`is_open_CTbi`). */
export async function fundingOpen(db: Queryable): Promise<boolean> {
  return (await setting(db, 'is_open_CTbi')) === '1';
}

/** Whether `account` lists `c` (legal only is_legal currencies, lever is_lever, micro is_micro). */
export function accountHolds(account: AccountName, c: CurrencyRules): boolean {
  if (account === 'legal') return c.is_legal === 1;
  if (account === 'lever') return c.is_lever === 1;
  if (account === 'micro') return c.is_micro === 1;
  return true;
}

/** Any lever record that is not closed (3) or cancelled (4): blocks leaving the lever account. */
export async function hasOpenLever(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM lever_transactions WHERE user_id = $1 AND status NOT IN (3, 4)',
    [userId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

export interface TransferRequest {
  userId: number;
  currencyId: number;
  number: Decimal;
  from: AccountName;
  to: AccountName;
  nowMs: number;
}

export async function transfer(db: Database, r: TransferRequest): Promise<void> {
  if (r.from === r.to) throw new ApiError('validation.wallet.sameAccount');
  if (!r.number.isFinite() || r.number.lessThanOrEqualTo(0))
    throw new ApiError('validation.wallet.amountRequired');
  if (r.number.greaterThan(TRANSFER_MAX)) throw new ApiError('validation.wallet.amountTooLarge');
  const c = await currencyRules(db, r.currencyId);
  requireAmount(r.number, c.decimal_scale);
  if (!accountHolds(r.from, c) || !accountHolds(r.to, c))
    throw new ApiError('wallet.accountNotForCurrency', { currency: c.name });
  const memo = `${r.from}>${r.to}`;
  await db.transaction(async (tx) => {
    if (r.from === 'lever') {
      // Under the user's lock: a contract position opening now (lever-service submit) is seen.
      await lockUser(tx, r.userId);
      if (await hasOpenLever(tx, r.userId)) throw new ApiError('wallet.leverOpen');
    }
    await changeBalance(tx, {
      userId: r.userId,
      currencyId: r.currencyId,
      field: ACCOUNT_FIELDS[r.from][0],
      delta: r.number.negated(),
      type: LOG_TYPE.transfer,
      memo,
      nowMs: r.nowMs,
    });
    await changeBalance(tx, {
      userId: r.userId,
      currencyId: r.currencyId,
      field: ACCOUNT_FIELDS[r.to][0],
      delta: r.number,
      type: LOG_TYPE.transfer,
      memo,
      nowMs: r.nowMs,
    });
  });
}

export interface WithdrawRequest {
  userId: number;
  currencyId: number;
  network: WithdrawNetwork;
  number: Decimal;
  address: string;
  realName: string;
  bankName: string;
  bankAddress: string;
  nowMs: number;
}

/** Locks the amount in the change account and files the request; returns its id. */
export async function requestWithdrawal(db: Database, r: WithdrawRequest): Promise<number> {
  if (!(await fundingOpen(db))) throw new ApiError('wallet.notOpen');
  const c = await currencyRules(db, r.currencyId);
  if (!networksOf(c.withdraw_networks).includes(r.network))
    throw new ApiError('wallet.networkUnsupported', { currency: c.name });
  if (!r.number.isFinite() || r.number.lessThanOrEqualTo(0))
    throw new ApiError('validation.wallet.amountRequired');
  requireAmount(r.number, c.decimal_scale);
  if (r.number.lessThan(c.min_number))
    throw new ApiError('wallet.belowMinimum', { min: new Decimal(c.min_number).toFixed() });
  const max = new Decimal(c.max_number);
  if (max.greaterThan(0) && r.number.greaterThan(max))
    throw new ApiError('wallet.aboveMaximum', { max: max.toFixed() });
  const { fee, received } = withdrawFee(r.number, c.withdraw_rate, c.decimal_scale);
  return db.transaction(async (tx) => {
    // Under the user's lock: parallel requests see each other's withdrawals and positions.
    await lockUser(tx, r.userId);
    if (await hasOpenLever(tx, r.userId)) throw new ApiError('wallet.leverHold');
    await checkDayLimit(tx, r, c);
    await changeBalance(tx, {
      userId: r.userId,
      currencyId: r.currencyId,
      field: 'change_balance',
      delta: r.number.negated(),
      type: LOG_TYPE.withdrawLock,
      memo: 'withdrawal',
      nowMs: r.nowMs,
    });
    await changeBalance(tx, {
      userId: r.userId,
      currencyId: r.currencyId,
      field: 'lock_change_balance',
      delta: r.number,
      type: LOG_TYPE.withdrawLock,
      memo: 'withdrawal',
      nowMs: r.nowMs,
    });
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO withdrawals (user_id, currency_id, network, address, real_name, bank_name,
         bank_address, number, rate, fee, received, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12) RETURNING id`,
      [
        r.userId,
        r.currencyId,
        r.network,
        r.address,
        r.realName,
        r.bankName,
        r.bankAddress,
        r.number.toFixed(),
        new Decimal(c.withdraw_rate).toFixed(),
        fee.toFixed(),
        received.toFixed(),
        new Date(r.nowMs),
      ],
    );
    return rows[0]?.id ?? 0;
  });
}

/** Withdrawals applying or sent since 00:00 UTC of `nowMs`, plus this one, within day_limit. */
async function checkDayLimit(tx: Queryable, r: WithdrawRequest, c: CurrencyRules): Promise<void> {
  const limit = new Decimal(c.day_limit);
  if (limit.lessThanOrEqualTo(0)) return;
  const dayStart = new Date(r.nowMs - (r.nowMs % 86_400_000));
  const rows = await tx.query<{ total: string | null }>(
    `SELECT SUM(number) AS total FROM withdrawals
     WHERE user_id = $1 AND currency_id = $2 AND status IN (0, 1) AND created_at >= $3`,
    [r.userId, r.currencyId, dayStart],
  );
  const used = new Decimal(rows[0]?.total ?? '0');
  if (used.plus(r.number).greaterThan(limit))
    throw new ApiError('wallet.dayLimit', {
      limit: limit.toFixed(),
      left: Decimal.max(limit.minus(used), 0).toFixed(),
    });
}

interface PendingRow {
  id: number;
  user_id: number;
  currency_id: number;
  amount: string;
}

/** An operator's decision on a withdrawal still applying; returns the user's id. */
export async function decideWithdrawal(
  db: Database,
  id: number,
  approve: boolean,
  reason: string,
  nowMs: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await pending(
      tx,
      'SELECT id, user_id, currency_id, number AS amount FROM withdrawals WHERE id = $1 AND status = 0 FOR UPDATE',
      id,
    );
    const base = { userId: row.user_id, currencyId: row.currency_id, memo: `#${id}`, nowMs };
    const amount = new Decimal(row.amount);
    const type = approve ? LOG_TYPE.withdrawSent : LOG_TYPE.withdrawRefund;
    await changeBalance(tx, {
      ...base,
      field: 'lock_change_balance',
      delta: amount.negated(),
      type,
    });
    if (!approve)
      await changeBalance(tx, { ...base, field: 'change_balance', delta: amount, type });
    await tx.query(
      'UPDATE withdrawals SET status = $1, reason = $2, handled_at = $3 WHERE id = $4',
      [approve ? 1 : 2, reason, new Date(nowMs), id],
    );
    await writeDecisionNote(tx, 'wallet.withdrawal', row, approve, nowMs);
    return row.user_id;
  });
}

export interface DepositRequest {
  userId: number;
  currencyId: number;
  network: string;
  amount: Decimal;
  source: string;
  hash: string;
  pic: string;
  nowMs: number;
}

export async function requestDeposit(db: Database, r: DepositRequest): Promise<number> {
  if (!(await fundingOpen(db))) throw new ApiError('wallet.notOpen');
  const c = await currencyRules(db, r.currencyId);
  const networks = networksOf(c.deposit_networks);
  if (networks.length === 0) throw new ApiError('wallet.depositUnsupported', { currency: c.name });
  if (!r.amount.isFinite() || r.amount.lessThanOrEqualTo(0))
    throw new ApiError('validation.wallet.amountRequired');
  requireAmount(r.amount, c.decimal_scale);
  const network = r.network === '' ? (networks[0] ?? '') : r.network;
  if (!networks.includes(network))
    throw new ApiError('wallet.networkUnsupported', { currency: c.name });
  const rows = await db.query<{ id: number }>(
    `INSERT INTO deposits (user_id, currency_id, network, amount, source, hash, pic, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8) RETURNING id`,
    [
      r.userId,
      r.currencyId,
      network,
      r.amount.toFixed(),
      r.source,
      r.hash,
      r.pic,
      new Date(r.nowMs),
    ],
  );
  return rows[0]?.id ?? 0;
}

/** An operator confirms (credits the change account) or rejects a pending deposit. */
export async function decideDeposit(
  db: Database,
  id: number,
  confirm: boolean,
  reason: string,
  nowMs: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await pending(
      tx,
      'SELECT id, user_id, currency_id, amount FROM deposits WHERE id = $1 AND status = 0 FOR UPDATE',
      id,
    );
    if (confirm)
      await changeBalance(tx, {
        userId: row.user_id,
        currencyId: row.currency_id,
        field: 'change_balance',
        delta: new Decimal(row.amount),
        type: LOG_TYPE.deposit,
        memo: `#${id}`,
        nowMs,
      });
    await tx.query('UPDATE deposits SET status = $1, reason = $2, handled_at = $3 WHERE id = $4', [
      confirm ? 1 : 2,
      reason,
      new Date(nowMs),
      id,
    ]);
    await writeDecisionNote(tx, 'wallet.deposit', row, confirm, nowMs);
    return row.user_id;
  });
}

/** The user's notification of the operator's decision, in the decision's transaction. */
async function writeDecisionNote(
  tx: Queryable,
  kind: 'wallet.deposit' | 'wallet.withdrawal',
  row: PendingRow,
  approve: boolean,
  nowMs: number,
): Promise<void> {
  const params = {
    currency: await currencyName(tx, row.currency_id),
    amount: noteDec(row.amount),
    result: approve ? ('approved' as const) : ('rejected' as const),
  };
  await addNotification(tx, row.user_id, kind, params, nowMs);
}

async function pending(tx: Queryable, sql: string, id: number): Promise<PendingRow> {
  const rows = await tx.query<PendingRow & Record<string, unknown>>(sql, [id]);
  const row = rows[0];
  if (row === undefined) throw new ApiError('admin.notPending', { id });
  return row;
}
