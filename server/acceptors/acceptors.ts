// Acceptors: fiat agents who sell USDT to users (a "buy" deal, the user's deposit) and buy it
// from them (a "sell" deal, the user's withdrawal), for CNY paid outside the exchange.
// Buy: the user pays, the acceptor confirms (is_sure 1: USDT from the acceptor's float to the
// user's legal account) or rejects (2). Sell: the user's USDT is locked at once; the acceptor
// pays and marks it paid; the user confirms receipt, or 20 minutes after "paid" it confirms
// itself (spec §4); then the locked USDT goes to the acceptor. A rejection refunds the lock.
// What the acceptor does is told to the user as the c2c deal kinds (the acceptor is the other
// party, c2c/c2c-notes.ts), in the step's transaction: `c2c.paid` when it marks a sell deal paid,
// `c2c.released` when it confirms a buy deal, `c2c.cancelled` when it rejects a deal. A sell deal
// completed by the user, by the operator or by the 20-minute confirmation tells nothing new: the
// user was told it was paid, and the deal shows when it confirms itself.
import { Decimal } from '../../src/shared/decimal.ts';
import type { AcceptorWay } from '../../src/shared/wallet.ts';
import { ACCEPTOR_AUTO_CONFIRM_MS } from '../../src/shared/wallet.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { formatTime } from '../http/format.ts';
import { writeDealNote } from '../c2c/c2c-notes.ts';
import type { DealKind } from '../c2c/c2c-notes.ts';
import { changeBalance, lockUser, LOG_TYPE } from '../wallet/ledger.ts';

/** Acceptor deals settle in USDT in the legal account. */
export const ACCEPTOR_CURRENCY_NAME = 'USDT';

/** The id of the currency acceptor deals settle in, found by name (ids are data: ADR 0029). */
async function acceptorCurrencyId(tx: Queryable): Promise<number> {
  const rows = await tx.query<{ id: number }>('SELECT id FROM currencies WHERE name = $1', [
    ACCEPTOR_CURRENCY_NAME,
  ]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no ${ACCEPTOR_CURRENCY_NAME} currency`);
  return id;
}

/** An acceptor as the server writes it (src/shared/wire/c2c.ts `acceptorRow`). */
export interface AcceptorOut {
  id: number;
  name: string;
  user_id: number | null;
  recharge_amount: string;
  recharge_rate: string;
  cash_amount: string;
  cash_rate: string;
  wechat_nickname: string;
  wechat_account: string;
  ali_nickname: string;
  ali_account: string;
  bank_name: string;
  bank_account: string;
  bank_address: string;
  user_balance: string;
}

/** An acceptor's row: the same fields, its decimals as the database gives them. */
type AcceptorRow = AcceptorOut;

/** One of the user's deals as the server writes it (src/shared/wire/c2c.ts `acceptorDealRow`). */
export interface AcceptorDealOut {
  id: number;
  create_time: string;
  update_time: string;
  deal_account: string;
  acceptor_name: string;
  /** The acceptor's receiving account for the deal's way. */
  hes_account: string;
  way: string;
  type: 'buy' | 'sell';
  money: string;
  number: string;
  rate: string;
  is_sure: number;
  /** Extension: the acceptor marked a sell deal paid ("" otherwise); auto-confirm deadline (ms). */
  paid_time: string;
  auto_confirm_at: number | null;
}

const ACCEPTOR_COLUMNS = `id, name, user_id, recharge_amount, recharge_rate, cash_amount, cash_rate,
  wechat_nickname, wechat_account, ali_nickname, ali_account, bank_name, bank_account,
  bank_address, user_balance`;

export async function listAcceptors(db: Queryable): Promise<AcceptorOut[]> {
  const rows = await db.query<AcceptorRow & Record<string, unknown>>(
    `SELECT ${ACCEPTOR_COLUMNS} FROM acceptors WHERE is_open = 1 ORDER BY id`,
  );
  return rows.map(toAcceptor);
}

export async function acceptorById(db: Queryable, id: number): Promise<AcceptorOut> {
  const rows = await db.query<AcceptorRow & Record<string, unknown>>(
    `SELECT ${ACCEPTOR_COLUMNS} FROM acceptors WHERE id = $1 AND is_open = 1`,
    [id],
  );
  const row = rows[0];
  if (row === undefined) throw new ApiError('acceptor.notFound');
  return toAcceptor(row);
}

function toAcceptor(r: AcceptorRow): AcceptorOut {
  const dec = (v: string) => new Decimal(v).toFixed();
  return {
    ...r,
    recharge_amount: dec(r.recharge_amount),
    recharge_rate: dec(r.recharge_rate),
    cash_amount: dec(r.cash_amount),
    cash_rate: dec(r.cash_rate),
    user_balance: dec(r.user_balance),
  };
}

export interface NewDeal {
  userId: number;
  acceptorId: number;
  type: 'buy' | 'sell';
  way: AcceptorWay;
  mobile: string;
  dealAccount: string;
  money: Decimal;
  nowMs: number;
}

export async function createDeal(db: Database, d: NewDeal): Promise<number> {
  const a = await acceptorById(db, d.acceptorId);
  const buy = d.type === 'buy';
  const limit = new Decimal(buy ? a.recharge_amount : a.cash_amount);
  if (d.money.greaterThan(limit))
    throw new ApiError('acceptor.aboveLimit', { limit: limit.toFixed() });
  const rate = new Decimal(buy ? a.recharge_rate : a.cash_rate);
  const number = d.money.dividedBy(rate).toDecimalPlaces(6, Decimal.ROUND_DOWN);
  if (number.lessThanOrEqualTo(0)) throw new ApiError('validation.acceptor.amountRequired');
  if (buy && number.greaterThan(a.user_balance)) throw new ApiError('acceptor.noFloat');
  return db.transaction(async (tx) => {
    // One open deal per user and acceptor, also when requests race: decided under the user's lock.
    await lockUser(tx, d.userId);
    const open = await tx.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM acceptor_deals WHERE user_id = $1 AND acceptor_id = $2 AND is_sure = 0',
      [d.userId, d.acceptorId],
    );
    if ((open[0]?.n ?? 0) > 0) throw new ApiError('acceptor.openDeal');
    const now = new Date(d.nowMs);
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO acceptor_deals (acceptor_id, user_id, type, way, mobile, deal_account, money,
         rate, number, is_sure, create_time, update_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $10) RETURNING id`,
      [
        d.acceptorId,
        d.userId,
        d.type,
        d.way,
        d.mobile,
        d.dealAccount,
        d.money.toFixed(),
        rate.toFixed(),
        number.toFixed(),
        now,
      ],
    );
    const id = rows[0]?.id ?? 0;
    if (!buy) await moveSellLock(tx, d.userId, number, id, 'lock', d.nowMs);
    return id;
  });
}

/** Sell deals: lock (available → locked), done (locked leaves), refund (locked → available). */
async function moveSellLock(
  tx: Queryable,
  userId: number,
  number: Decimal,
  dealId: number,
  step: 'lock' | 'done' | 'refund',
  nowMs: number,
): Promise<void> {
  const base = { userId, currencyId: await acceptorCurrencyId(tx), memo: `#${dealId}`, nowMs };
  const type =
    step === 'lock'
      ? LOG_TYPE.acceptorSellLock
      : step === 'done'
        ? LOG_TYPE.acceptorSellDone
        : LOG_TYPE.acceptorSellRefund;
  if (step !== 'done')
    await changeBalance(tx, {
      ...base,
      field: 'legal_balance',
      delta: step === 'lock' ? number.negated() : number,
      type,
    });
  await changeBalance(tx, {
    ...base,
    field: 'lock_legal_balance',
    delta: step === 'lock' ? number : number.negated(),
    type,
  });
}

interface DealRow {
  id: number;
  acceptor_id: number;
  user_id: number;
  type: string;
  number: string;
  money: string;
  is_sure: number;
  paid_at: Date | null;
}

/** The user's notification of what the acceptor did to the deal. */
async function note(tx: Queryable, kind: DealKind, row: DealRow, nowMs: number): Promise<void> {
  const facts = { dealId: row.id, coin: ACCEPTOR_CURRENCY_NAME, amount: row.number };
  await writeDealNote(tx, kind, row.user_id, { ...facts, total: row.money }, nowMs);
}

async function openDeal(tx: Queryable, id: number, userId: number | null): Promise<DealRow> {
  const rows = await tx.query<DealRow & Record<string, unknown>>(
    `SELECT id, acceptor_id, user_id, type, number, money, is_sure, paid_at FROM acceptor_deals
     WHERE id = $1 AND is_sure = 0 ${userId === null ? '' : 'AND user_id = $2'} FOR UPDATE`,
    userId === null ? [id] : [id, userId],
  );
  const row = rows[0];
  if (row === undefined)
    throw new ApiError(userId === null ? 'admin.notPending' : 'acceptor.dealNotOpen', { id });
  return row;
}

/** The acceptor (operator) marks a sell deal paid: the 20-minute confirmation clock starts. */
export async function markPaid(db: Database, id: number, nowMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await openDeal(tx, id, null);
    if (row.type !== 'sell' || row.paid_at !== null) throw new ApiError('admin.notPending', { id });
    await tx.query('UPDATE acceptor_deals SET paid_at = $1, update_time = $1 WHERE id = $2', [
      new Date(nowMs),
      id,
    ]);
    await note(tx, 'c2c.paid', row, nowMs);
    return row.user_id;
  });
}

/**
 * Completes a deal: a buy credits the user from the acceptor's float; a sell (which must be
 * marked paid when the user confirms it) releases the lock to the acceptor. `userId` null:
 * the operator acting for the acceptor.
 */
export async function confirmDeal(
  db: Database,
  id: number,
  userId: number | null,
  nowMs: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await openDeal(tx, id, userId);
    const number = new Decimal(row.number);
    if (row.type === 'buy') {
      if (userId !== null) throw new ApiError('acceptor.dealNotOpen', { id });
      const left = await tx.query<{ id: number }>(
        'UPDATE acceptors SET user_balance = user_balance - $1 WHERE id = $2 AND user_balance >= $1 RETURNING id',
        [number.toFixed(), row.acceptor_id],
      );
      if (left.length === 0) throw new ApiError('acceptor.noFloat');
      await changeBalance(tx, {
        userId: row.user_id,
        currencyId: await acceptorCurrencyId(tx),
        field: 'legal_balance',
        delta: number,
        type: LOG_TYPE.acceptorBuy,
        memo: `#${id}`,
        nowMs,
      });
      await note(tx, 'c2c.released', row, nowMs);
    } else {
      if (userId !== null && row.paid_at === null) throw new ApiError('acceptor.notPaidYet');
      await moveSellLock(tx, row.user_id, number, id, 'done', nowMs);
      await tx.query('UPDATE acceptors SET user_balance = user_balance + $1 WHERE id = $2', [
        number.toFixed(),
        row.acceptor_id,
      ]);
    }
    await tx.query('UPDATE acceptor_deals SET is_sure = 1, update_time = $1 WHERE id = $2', [
      new Date(nowMs),
      id,
    ]);
    return row.user_id;
  });
}

export async function rejectDeal(db: Database, id: number, nowMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await openDeal(tx, id, null);
    if (row.type === 'sell')
      await moveSellLock(tx, row.user_id, new Decimal(row.number), id, 'refund', nowMs);
    await tx.query('UPDATE acceptor_deals SET is_sure = 2, update_time = $1 WHERE id = $2', [
      new Date(nowMs),
      id,
    ]);
    await note(tx, 'c2c.cancelled', row, nowMs);
    return row.user_id;
  });
}

/** Confirms every sell deal marked paid 20 minutes ago or more; returns the users touched. */
export async function autoConfirm(db: Database, nowMs: number): Promise<number[]> {
  const due = await db.query<{ id: number }>(
    'SELECT id FROM acceptor_deals WHERE is_sure = 0 AND type = $1 AND paid_at IS NOT NULL AND paid_at <= $2',
    ['sell', new Date(nowMs - ACCEPTOR_AUTO_CONFIRM_MS)],
  );
  const users: number[] = [];
  for (const d of due) users.push(await confirmDeal(db, d.id, null, nowMs));
  return users;
}

interface DealListRow {
  id: number;
  create_time: Date;
  update_time: Date;
  deal_account: string;
  acceptor_name: string;
  way: string;
  type: 'buy' | 'sell';
  money: string;
  number: string;
  rate: string;
  is_sure: number;
  paid_at: Date | null;
  wechat_account: string;
  ali_account: string;
  bank_account: string;
}

export async function myDeals(
  db: Queryable,
  userId: number,
  filter: { type: string | null; way: string | null },
): Promise<AcceptorDealOut[]> {
  const rows = await db.query<DealListRow & Record<string, unknown>>(
    `SELECT d.id, d.create_time, d.update_time, d.deal_account, a.name AS acceptor_name, d.way,
            d.type, d.money, d.number, d.rate, d.is_sure, d.paid_at, a.wechat_account,
            a.ali_account, a.bank_account
     FROM acceptor_deals d JOIN acceptors a ON a.id = d.acceptor_id
     WHERE d.user_id = $1 AND ($2::text IS NULL OR d.type = $2) AND ($3::text IS NULL OR d.way = $3)
     ORDER BY d.id DESC LIMIT 100`,
    [userId, filter.type, filter.way],
  );
  return rows.map((r) => ({
    id: r.id,
    create_time: formatTime(new Date(r.create_time)),
    update_time: formatTime(new Date(r.update_time)),
    deal_account: r.deal_account,
    acceptor_name: r.acceptor_name,
    hes_account:
      r.way === 'we_chat' ? r.wechat_account : r.way === 'ali_pay' ? r.ali_account : r.bank_account,
    way: r.way,
    type: r.type,
    money: new Decimal(r.money).toFixed(2),
    number: new Decimal(r.number).toFixed(),
    rate: new Decimal(r.rate).toFixed(),
    is_sure: r.is_sure,
    paid_time: r.paid_at === null ? '' : formatTime(new Date(r.paid_at)),
    auto_confirm_at:
      r.paid_at === null || r.is_sure !== 0
        ? null
        : new Date(r.paid_at).getTime() + ACCEPTOR_AUTO_CONFIRM_MS,
  }));
}
