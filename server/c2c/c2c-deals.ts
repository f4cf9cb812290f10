// C2C deals (issue 8, api-contract §8): users publish fiat ads (buy or sell a legal currency for
// CNY, paid outside the exchange); another user takes the whole ad, which opens a deal. The
// buyer side marks it paid (0 → 3) or cancels it (0 → 2, counted against the daily limit); the
// seller side confirms receipt (3 → 1), which moves the frozen coins to the buyer. Unpaid deals
// are cancelled at their payment deadline: `user_legal_deal_cancel_time` minutes after they were
// taken, as the window stood then (a later change applies to later deals). No fees. Seller side: the
// publisher of a sell ad, the taker of a buy ad. What is frozen: a sell ad's total from its
// publication until it completes or is withdrawn; a buy ad's taker's number while the deal is
// open. Every change is one transaction with ledger rows (types 80–83) and the notification of
// the party who did not act (c2c-notes.ts). Pure of HTTP. The seller
// side is paid by the ad's way only (issue 20): it needs an account of that way, and a deal
// shows the parties' details of that way and no other. The rules it checks: c2c-rules.ts.
import { Decimal } from '../../src/shared/decimal.ts';
import { cashInfoOf } from '../accounts/cash-info.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import { c2cDealFacts, writeDealNote } from './c2c-notes.ts';
import type { DealKind } from './c2c-notes.ts';
import {
  AD_OPEN,
  DP,
  PAID,
  UNPAID,
  c2cLimits,
  paidBy,
  requireApprovedIdentity,
  requireLegalCurrency,
  requirePaidBy,
  requirePayout,
  requireUnderCancelLimit,
  validAmount,
} from './c2c-rules.ts';
import type { C2cType, C2cWay } from './c2c-rules.ts';

export interface NewAd {
  userId: number;
  currencyId: number;
  type: C2cType;
  way: C2cWay;
  price: Decimal;
  totalNumber: Decimal;
  nowMs: number;
}

/** Publishes an ad; a sell ad freezes its total. Returns the ad id. */
export async function publishAd(db: Database, a: NewAd): Promise<number> {
  await requireApprovedIdentity(db, a.userId);
  await requirePayout(db, a.userId);
  if (a.type === 'sell') await requirePaidBy(db, a.userId, a.way, 'publisher');
  await requireLegalCurrency(db, a.currencyId);
  if (!validAmount(a.totalNumber)) throw new ApiError('c2c.numberInvalid');
  if (!validAmount(a.price)) throw new ApiError('c2c.priceInvalid');
  return db.transaction(async (tx) => {
    await lockUser(tx, a.userId);
    await requireUnderCancelLimit(tx, a.userId, a.nowMs);
    const number = a.totalNumber.toFixed(DP);
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO c2c_ads (seller_id, currency_id, type, way, price, total_number, surplus_number,
         min_number, is_done, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $6, 0, $7) RETURNING id`,
      [a.userId, a.currencyId, a.type, a.way, a.price.toFixed(DP), number, new Date(a.nowMs)],
    );
    const id = rows[0]?.id ?? 0;
    if (a.type === 'sell')
      await freeze(tx, a.userId, a.currencyId, a.totalNumber, id, 'freeze', a.nowMs);
    return id;
  });
}

/** legal → lock_legal (freeze) or back (unfreeze); memo names the ad. */
async function freeze(
  tx: Queryable,
  userId: number,
  currencyId: number,
  number: Decimal,
  adId: number,
  step: 'freeze' | 'unfreeze',
  nowMs: number,
): Promise<void> {
  const sign = step === 'freeze' ? number.negated() : number;
  const type = step === 'freeze' ? LOG_TYPE.c2cFreeze : LOG_TYPE.c2cUnfreeze;
  const base = { userId, currencyId, memo: `#${adId}`, nowMs, type };
  if (step === 'freeze') {
    await changeBalance(tx, { ...base, field: 'legal_balance', delta: sign });
    await changeBalance(tx, { ...base, field: 'lock_legal_balance', delta: sign.negated() });
  } else {
    await changeBalance(tx, { ...base, field: 'lock_legal_balance', delta: sign.negated() });
    await changeBalance(tx, { ...base, field: 'legal_balance', delta: sign });
  }
}

async function lockUser(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export interface AdRow {
  id: number;
  seller_id: number;
  currency_id: number;
  type: C2cType;
  way: C2cWay;
  price: string;
  total_number: string;
  surplus_number: string;
  is_done: number;
}

async function adForUpdate(tx: Queryable, id: number): Promise<AdRow> {
  const rows = await tx.query<AdRow & Record<string, unknown>>(
    `SELECT id, seller_id, currency_id, type, way, price, total_number, surplus_number, is_done
     FROM c2c_ads WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const row = rows[0];
  if (row === undefined) throw new ApiError('c2c.adNotFound');
  return row;
}

/** What an operation changed: the deal (for the push) and whose balances moved. */
export interface C2cChange {
  dealId: number;
  parties: [number, number];
  balances: number[];
}

/** Takes the whole ad: opens a deal; on a buy ad the taker (the seller side) is frozen. */
export async function takeAd(
  db: Database,
  userId: number,
  adId: number,
  nowMs: number,
): Promise<C2cChange> {
  await requireApprovedIdentity(db, userId);
  await requirePayout(db, userId);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const ad = await adForUpdate(tx, adId);
    if (ad.is_done !== AD_OPEN) throw new ApiError('c2c.adNotFound');
    if (ad.seller_id === userId) throw new ApiError('c2c.ownAd');
    // the seller side must be payable by the ad's way: the taker of a buy ad can add it; the
    // publisher of a sell ad may have removed it since publishing (the taker chooses another ad)
    if (ad.type === 'buy') await requirePaidBy(tx, userId, ad.way, 'taker');
    else if (!paidBy(await cashInfoOf(tx, ad.seller_id), ad.way))
      throw new ApiError('c2c.sellerWayGone', { way: ad.way });
    const open = await tx.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM c2c_deals
       WHERE (user_id = $1 OR seller_id = $1) AND is_sure IN (0, 3)`,
      [userId],
    );
    if ((open[0]?.n ?? 0) > 0) throw new ApiError('c2c.openDeal');
    await requireUnderCancelLimit(tx, userId, nowMs);
    const number = new Decimal(ad.total_number);
    const now = new Date(nowMs);
    // the payment deadline the buyer is shown, fixed now: an operator's later change of the
    // window applies to the deals taken after it
    const { windowMs } = await c2cLimits(tx);
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO c2c_deals (ad_id, user_id, seller_id, number, price, is_sure, created_at,
         updated_at, pay_deadline) VALUES ($1, $2, $3, $4, $5, 0, $6, $6, $7) RETURNING id`,
      [ad.id, userId, ad.seller_id, number.toFixed(), ad.price, now, new Date(nowMs + windowMs)],
    );
    const dealId = rows[0]?.id ?? 0;
    if (ad.type === 'buy') await freeze(tx, userId, ad.currency_id, number, ad.id, 'freeze', nowMs);
    await tx.query('UPDATE c2c_ads SET is_done = 1, surplus_number = 0 WHERE id = $1', [ad.id]);
    await note(tx, 'c2c.taken', ad.seller_id, dealId, nowMs);
    return {
      dealId,
      parties: [userId, ad.seller_id],
      balances: ad.type === 'buy' ? [userId] : [],
    };
  });
}

interface DealRow {
  id: number;
  ad_id: number;
  user_id: number;
  seller_id: number;
  number: string;
  is_sure: number;
  type: C2cType;
  currency_id: number;
}

async function dealForUpdate(tx: Queryable, id: number, userId: number): Promise<DealRow> {
  const rows = await tx.query<DealRow & Record<string, unknown>>(
    `SELECT d.id, d.ad_id, d.user_id, d.seller_id, d.number, d.is_sure, a.type, a.currency_id
     FROM c2c_deals d JOIN c2c_ads a ON a.id = d.ad_id WHERE d.id = $1 FOR UPDATE`,
    [id],
  );
  const row = rows[0];
  if (row === undefined || (row.user_id !== userId && row.seller_id !== userId))
    throw new ApiError('c2c.dealNotFound');
  return row;
}

/** The buyer side: the taker of a sell ad, the publisher of a buy ad. */
export const buyerOf = (d: { type: C2cType; user_id: number; seller_id: number }): number =>
  d.type === 'sell' ? d.user_id : d.seller_id;
export const sellerOf = (d: { type: C2cType; user_id: number; seller_id: number }): number =>
  d.type === 'sell' ? d.seller_id : d.user_id;

const changeOf = (d: DealRow, balances: number[]): C2cChange => ({
  dealId: d.id,
  parties: [d.user_id, d.seller_id],
  balances,
});

/** The buyer side says it paid: 0 → 3. */
export async function markPaid(
  db: Database,
  userId: number,
  dealId: number,
  nowMs: number,
): Promise<C2cChange> {
  return db.transaction(async (tx) => {
    const d = await dealForUpdate(tx, dealId, userId);
    if (buyerOf(d) !== userId) throw new ApiError('c2c.buyerOnly');
    if (d.is_sure !== UNPAID) throw new ApiError('c2c.wrongState');
    const now = new Date(nowMs);
    await tx.query(
      'UPDATE c2c_deals SET is_sure = 3, paid_at = $1, updated_at = $1 WHERE id = $2',
      [now, d.id],
    );
    await note(tx, 'c2c.paid', sellerOf(d), d.id, nowMs);
    return changeOf(d, []);
  });
}

/**
 * The seller side confirms receipt: 3 → 1, the seller's frozen number goes to the buyer.
 * `by` (the legacy routes): 'publisher' only for sell ads, 'taker' only for buy ads.
 */
export async function confirmDeal(
  db: Database,
  userId: number,
  dealId: number,
  nowMs: number,
  by?: 'publisher' | 'taker',
): Promise<C2cChange> {
  return db.transaction(async (tx) => {
    const d = await dealForUpdate(tx, dealId, userId);
    const seller = sellerOf(d);
    if (seller !== userId) throw new ApiError('c2c.sellerOnly');
    if (by !== undefined && (by === 'publisher') !== (d.type === 'sell'))
      throw new ApiError('c2c.sellerOnly');
    if (d.is_sure !== PAID) throw new ApiError('c2c.wrongState');
    const buyer = buyerOf(d);
    const number = new Decimal(d.number);
    const base = { currencyId: d.currency_id, memo: `#${d.ad_id}`, nowMs };
    await changeBalance(tx, {
      ...base,
      userId: seller,
      field: 'lock_legal_balance',
      delta: number.negated(),
      type: LOG_TYPE.c2cRelease,
    });
    await changeBalance(tx, {
      ...base,
      userId: buyer,
      field: 'legal_balance',
      delta: number,
      type: LOG_TYPE.c2cReceive,
    });
    const now = new Date(nowMs);
    await tx.query(
      'UPDATE c2c_deals SET is_sure = 1, finished_at = $1, updated_at = $1 WHERE id = $2',
      [now, d.id],
    );
    await note(tx, 'c2c.released', buyer, d.id, nowMs);
    return changeOf(d, [seller, buyer]);
  });
}

/** Cancels an unpaid deal (in `tx`): refunds a buy ad's taker, reopens the ad, counts it. */
async function cancelIn(tx: Queryable, d: DealRow, nowMs: number): Promise<C2cChange> {
  const number = new Decimal(d.number);
  if (d.type === 'buy')
    await freeze(tx, d.user_id, d.currency_id, number, d.ad_id, 'unfreeze', nowMs);
  const now = new Date(nowMs);
  await tx.query(
    'UPDATE c2c_deals SET is_sure = 2, finished_at = $1, updated_at = $1 WHERE id = $2',
    [now, d.id],
  );
  await tx.query(
    'UPDATE c2c_ads SET is_done = 0, surplus_number = total_number WHERE id = $1 AND is_done = 1',
    [d.ad_id],
  );
  await tx.query('INSERT INTO c2c_cancels (user_id, deal_id, created_at) VALUES ($1, $2, $3)', [
    buyerOf(d),
    d.id,
    now,
  ]);
  return changeOf(d, d.type === 'buy' ? [d.user_id] : []);
}

/** The buyer side cancels an unpaid deal: → 2. */
export async function cancelDeal(
  db: Database,
  userId: number,
  dealId: number,
  nowMs: number,
): Promise<C2cChange> {
  return db.transaction(async (tx) => {
    const d = await dealForUpdate(tx, dealId, userId);
    if (buyerOf(d) !== userId) throw new ApiError('c2c.buyerOnly');
    if (d.is_sure !== UNPAID) throw new ApiError('c2c.wrongState');
    await note(tx, 'c2c.cancelled', sellerOf(d), d.id, nowMs);
    return cancelIn(tx, d, nowMs);
  });
}

/**
 * Cancels every unpaid deal past its payment deadline (fixed when it was taken); the cancel
 * counts for the buyer side.
 */
export async function expireDue(db: Database, nowMs: number): Promise<C2cChange[]> {
  const due = await db.query<{ id: number }>(
    'SELECT id FROM c2c_deals WHERE is_sure = 0 AND pay_deadline <= $1 ORDER BY id',
    [new Date(nowMs)],
  );
  const out: C2cChange[] = [];
  for (const { id } of due) {
    const change = await db.transaction(async (tx) => {
      const rows = await tx.query<DealRow & Record<string, unknown>>(
        `SELECT d.id, d.ad_id, d.user_id, d.seller_id, d.number, d.is_sure, a.type, a.currency_id
         FROM c2c_deals d JOIN c2c_ads a ON a.id = d.ad_id WHERE d.id = $1 FOR UPDATE`,
        [id],
      );
      const d = rows[0];
      if (d?.is_sure !== UNPAID) return null;
      for (const party of [d.user_id, d.seller_id])
        await note(tx, 'c2c.expired', party, d.id, nowMs);
      return cancelIn(tx, d, nowMs);
    });
    if (change !== null) out.push(change);
  }
  return out;
}

/** A deal's notification to `userId`, in the step's transaction. */
async function note(
  tx: Queryable,
  kind: DealKind,
  userId: number,
  dealId: number,
  nowMs: number,
): Promise<void> {
  await writeDealNote(tx, kind, userId, await c2cDealFacts(tx, dealId), nowMs);
}

/** The publisher withdraws an open ad; a sell ad's frozen amount is refunded. */
export async function withdrawAd(
  db: Database,
  userId: number,
  adId: number,
  nowMs: number,
): Promise<{ balances: number[] }> {
  return db.transaction(async (tx) => {
    const ad = await adForUpdate(tx, adId);
    if (ad.seller_id !== userId) throw new ApiError('c2c.adNotFound');
    const open = await tx.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM c2c_deals WHERE ad_id = $1 AND is_sure IN (0, 3)',
      [ad.id],
    );
    if (ad.is_done !== AD_OPEN || (open[0]?.n ?? 0) > 0) throw new ApiError('c2c.adBusy');
    const surplus = new Decimal(ad.surplus_number);
    if (ad.type === 'sell' && surplus.greaterThan(0))
      await freeze(tx, userId, ad.currency_id, surplus, ad.id, 'unfreeze', nowMs);
    await tx.query('UPDATE c2c_ads SET is_done = 2, surplus_number = 0 WHERE id = $1', [ad.id]);
    return { balances: ad.type === 'sell' ? [userId] : [] };
  });
}
