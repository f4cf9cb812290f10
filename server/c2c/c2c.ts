// C2C (issue 8, api-contract §8): users publish fiat ads (buy or sell a legal currency for CNY,
// paid outside the exchange); another user takes the whole ad, which opens a deal. The buyer
// side marks it paid (0 → 3) or cancels it (0 → 2, counted against the daily limit); the
// seller side confirms receipt (3 → 1), which moves the frozen coins to the buyer. Unpaid deals
// are cancelled after `user_legal_deal_cancel_time` minutes. No fees. Seller side: the
// publisher of a sell ad, the taker of a buy ad. What is frozen: a sell ad's total from its
// publication until it completes or is withdrawn; a buy ad's taker's number while the deal is
// open. Every change is one transaction with ledger rows (types 80–83). Pure of HTTP. The seller
// side is paid by the ad's way only (issue 20): it needs an account of that way, and a deal
// shows the parties' details of that way and no other.
import { canBePaidBy } from '../../src/shared/c2c.ts';
import { Decimal } from '../../src/shared/decimal.ts';
import type { Lang } from '../../src/shared/locales.ts';
import { cashInfoOf } from '../accounts/cash-routes.ts';
import type { CashInfo } from '../accounts/cash-routes.ts';
import { maskContact } from '../accounts/region-routes.ts';
import { userById } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import { PeriodicJob } from '../jobs/periodic-job.ts';
import type { Database, Param, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { formatTime } from '../http/format.ts';
import { t } from '../i18n/messages.ts';
import { setting } from '../wallet/funds.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import { offsetOf, pageData } from '../http/paging.ts';
import type { PageData } from '../http/paging.ts';

export type C2cType = 'buy' | 'sell';
export type C2cWay = 'bank' | 'we_chat' | 'ali_pay';
export const C2C_TYPES = ['buy', 'sell'] as const;
export const C2C_WAYS = ['bank', 'we_chat', 'ali_pay'] as const;
/** Deal states (is_sure). */
export const UNPAID = 0;
export const COMPLETED = 1;
export const CANCELLED = 2;
export const PAID = 3;
/** Ad states (is_done). */
export const AD_OPEN = 0;
export const AD_TAKEN = 1;
export const AD_WITHDRAWN = 2;

export const C2C_PAGE_SIZE = 10;
/** How often the service cancels unpaid deals past their window. */
export const C2C_TICK_MS = 10_000;
/** Quantities and CNY prices carry 2 decimals (spec §9). */
const DP = 2;
const MAX_VALUE = new Decimal('1e12');
const DAY_MS = 86_400_000;

const DEFAULT_CANCEL_LIMIT = 3;
const DEFAULT_WINDOW_MINUTES = 15;

/** The daily cancel limit and the unpaid window (ms), from settings. */
export async function c2cLimits(db: Queryable): Promise<{ cancelLimit: number; windowMs: number }> {
  const limit = Number.parseInt(await setting(db, 'user_legal_deal_cancel'), 10);
  const minutes = Number.parseFloat(await setting(db, 'user_legal_deal_cancel_time'));
  return {
    cancelLimit: Number.isFinite(limit) && limit >= 0 ? limit : DEFAULT_CANCEL_LIMIT,
    windowMs: (Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_WINDOW_MINUTES) * 60_000,
  };
}

/** 998 unless the user's identity is approved. */
export async function requireApprovedIdentity(db: Queryable, userId: number): Promise<void> {
  const user = await userById(db, userId);
  if (user?.review_status !== 2) throw new ApiError('identity.required', {}, '998');
}

/** A real name and at least one way to be paid. */
export function hasPayout(c: CashInfo): boolean {
  return (
    c.real_name !== '' &&
    (c.bank_account !== '' || c.alipay_account !== '' || c.wechat_account !== '')
  );
}

/** 997 unless the user saved payout details. */
export async function requirePayout(db: Queryable, userId: number): Promise<void> {
  if (!hasPayout(await cashInfoOf(db, userId)))
    throw new ApiError('c2c.cashInfoRequired', {}, '997');
}

/** Whether `c` can receive a payment by `way` (the shared rule, on the wire's field names). */
const paidBy = (c: CashInfo, way: C2cWay): boolean =>
  canBePaidBy(
    {
      bankAccount: c.bank_account,
      alipayAccount: c.alipay_account,
      wechatAccount: c.wechat_account,
    },
    way,
  );

/**
 * The seller side is paid by the ad's way, never another (issue 20). `who`: the publisher of a
 * sell ad at publication, the taker of a buy ad; both can fix it in their payout details (997).
 */
async function requirePaidBy(
  db: Queryable,
  userId: number,
  way: C2cWay,
  who: 'publisher' | 'taker',
): Promise<void> {
  if (!paidBy(await cashInfoOf(db, userId), way))
    throw new ApiError(
      who === 'publisher' ? 'c2c.publisherWayRequired' : 'c2c.takerWayRequired',
      { way },
      '997',
    );
}

/** The user's cancellations since the start of the (UTC) day of `nowMs`. */
export async function cancelsToday(db: Queryable, userId: number, nowMs: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM c2c_cancels WHERE user_id = $1 AND created_at >= $2',
    [userId, new Date(nowMs - (nowMs % DAY_MS))],
  );
  return rows[0]?.n ?? 0;
}

async function requireUnderCancelLimit(
  db: Queryable,
  userId: number,
  nowMs: number,
): Promise<void> {
  const { cancelLimit } = await c2cLimits(db);
  if ((await cancelsToday(db, userId, nowMs)) >= cancelLimit)
    throw new ApiError('c2c.cancelLimit', { limit: cancelLimit });
}

function validAmount(v: Decimal): boolean {
  return (
    v.isFinite() && v.greaterThan(0) && v.decimalPlaces() <= DP && v.lessThanOrEqualTo(MAX_VALUE)
  );
}

async function requireLegalCurrency(db: Queryable, currencyId: number): Promise<void> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM currencies WHERE id = $1 AND is_legal = 1',
    [currencyId],
  );
  if (rows.length === 0) throw new ApiError('c2c.currencyNotLegal');
}

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

interface AdRow {
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
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO c2c_deals (ad_id, user_id, seller_id, number, price, is_sure, created_at,
         updated_at) VALUES ($1, $2, $3, $4, $5, 0, $6, $6) RETURNING id`,
      [ad.id, userId, ad.seller_id, number.toFixed(), ad.price, now],
    );
    const dealId = rows[0]?.id ?? 0;
    if (ad.type === 'buy') await freeze(tx, userId, ad.currency_id, number, ad.id, 'freeze', nowMs);
    await tx.query('UPDATE c2c_ads SET is_done = 1, surplus_number = 0 WHERE id = $1', [ad.id]);
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
    return cancelIn(tx, d, nowMs);
  });
}

/** Cancels every unpaid deal older than the window; the cancel counts for the buyer side. */
export async function expireDue(db: Database, nowMs: number): Promise<C2cChange[]> {
  const { windowMs } = await c2cLimits(db);
  const due = await db.query<{ id: number }>(
    'SELECT id FROM c2c_deals WHERE is_sure = 0 AND created_at <= $1 ORDER BY id',
    [new Date(nowMs - windowMs)],
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
      return cancelIn(tx, d, nowMs);
    });
    if (change !== null) out.push(change);
  }
  return out;
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

// ---- views ----------------------------------------------------------------------------------

/** A payout detail set as the deal view carries it. */
export type CashView = Pick<
  CashInfo,
  | 'real_name'
  | 'bank_name'
  | 'bank_account'
  | 'alipay_account'
  | 'wechat_nickname'
  | 'wechat_account'
>;

export interface AdView {
  id: number;
  seller_id: number;
  seller_name: string;
  currency_id: number;
  currency_name: string;
  type: C2cType;
  way: C2cWay;
  way_name: string;
  price: string;
  total_number: string;
  surplus_number: string;
  min_number: string;
  limitation: { min: string; max: string };
  is_done: number;
  create_time: string;
}

export interface DealView {
  id: number;
  legal_deal_send_id: number;
  user_id: number;
  seller_id: number;
  type: C2cType;
  way: C2cWay;
  way_name: string;
  currency_id: number;
  currency_name: string;
  number: string;
  price: string;
  deal_money: string;
  is_sure: number;
  seller_name: string;
  user_name: string;
  seller_phone: string;
  phone: string;
  hes_account: string;
  hes_realname: string;
  user_realname: string;
  user_cash_info: CashView;
  sell_cash_info: CashView;
  create_time: string;
  update_time: string;
  format_create_time: string;
  format_update_time: string;
  /** 1 when the viewer published the ad (legacy: seller_id is the publisher). */
  is_seller: 0 | 1;
  /** Extension: the viewer's side in the deal. */
  side: 'buy' | 'sell';
  /** Extension: when an unpaid deal is auto-cancelled (ms). */
  deadline: number;
  server_time: number;
}

export const wayName = (lang: Lang, way: string): string => t(lang, `c2c.way.${way}`);
const two = (v: string | Decimal): string => new Decimal(v).toFixed(DP);

interface AdDbRow extends AdRow {
  min_number: string;
  created_at: Date | string;
  currency_name: string;
  seller_account: string;
}

const AD_SELECT = `SELECT a.id, a.seller_id, a.currency_id, a.type, a.way, a.price, a.total_number,
  a.surplus_number, a.min_number, a.is_done, a.created_at, c.name AS currency_name,
  u.account AS seller_account
  FROM c2c_ads a JOIN currencies c ON c.id = a.currency_id JOIN users u ON u.id = a.seller_id`;

function adView(lang: Lang, r: AdDbRow): AdView {
  return {
    id: r.id,
    seller_id: r.seller_id,
    seller_name: maskContact(r.seller_account),
    currency_id: r.currency_id,
    currency_name: r.currency_name,
    type: r.type,
    way: r.way,
    way_name: wayName(lang, r.way),
    price: two(r.price),
    total_number: two(r.total_number),
    surplus_number: two(r.surplus_number),
    min_number: two(r.min_number),
    limitation: { min: two(r.total_number), max: two(r.total_number) },
    is_done: r.is_done,
    create_time: formatTime(new Date(r.created_at)),
  };
}

const pageOf = <T>(data: T[], page: number, total: number): PageData<T> =>
  pageData(data, page, total, C2C_PAGE_SIZE);

async function pagedAds(
  db: Queryable,
  lang: Lang,
  where: string,
  params: Param[],
  order: string,
  page: number,
): Promise<PageData<AdView>> {
  const total = await db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM c2c_ads a WHERE ${where}`,
    params,
  );
  const rows = await db.query<AdDbRow & Record<string, unknown>>(
    `${AD_SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${C2C_PAGE_SIZE} OFFSET $${params.length + 1}`,
    [...params, offsetOf(page, C2C_PAGE_SIZE)],
  );
  return pageOf(
    rows.map((r) => adView(lang, r)),
    page,
    total[0]?.n ?? 0,
  );
}

/** Open ads of others (everyone's for a visitor): best price first, then oldest. */
export function platformAds(
  db: Queryable,
  lang: Lang,
  q: { type: C2cType; currencyId: number | null; page: number; viewer: number | null },
): Promise<PageData<AdView>> {
  const params: Param[] = [q.type];
  let where = 'a.is_done = 0 AND a.type = $1';
  if (q.currencyId !== null) {
    params.push(q.currencyId);
    where += ` AND a.currency_id = $${params.length}`;
  }
  if (q.viewer !== null) {
    params.push(q.viewer);
    where += ` AND a.seller_id <> $${params.length}`;
  }
  // a sell ad is best when cheap, a buy ad when it pays most
  const order = `a.price ${q.type === 'sell' ? 'ASC' : 'DESC'}, a.id ASC`;
  return pagedAds(db, lang, where, params, order, q.page);
}

/** My ads, newest first; withdrawn ones are left out. */
export function myAds(
  db: Queryable,
  lang: Lang,
  q: { userId: number; type: C2cType | null; currencyId: number | null; page: number },
): Promise<PageData<AdView>> {
  const params: Param[] = [q.userId];
  let where = 'a.seller_id = $1 AND a.is_done <> 2';
  if (q.type !== null) {
    params.push(q.type);
    where += ` AND a.type = $${params.length}`;
  }
  if (q.currencyId !== null) {
    params.push(q.currencyId);
    where += ` AND a.currency_id = $${params.length}`;
  }
  return pagedAds(db, lang, where, params, 'a.id DESC', q.page);
}

interface DealDbRow {
  id: number;
  ad_id: number;
  user_id: number;
  seller_id: number;
  number: string;
  price: string;
  is_sure: number;
  created_at: Date | string;
  updated_at: Date | string;
  type: C2cType;
  way: C2cWay;
  currency_id: number;
  currency_name: string;
  taker_account: string;
  publisher_account: string;
}

const DEAL_SELECT = `SELECT d.id, d.ad_id, d.user_id, d.seller_id, d.number, d.price, d.is_sure,
  d.created_at, d.updated_at, a.type, a.way, a.currency_id, c.name AS currency_name,
  tu.account AS taker_account, pu.account AS publisher_account
  FROM c2c_deals d JOIN c2c_ads a ON a.id = d.ad_id JOIN currencies c ON c.id = a.currency_id
  JOIN users tu ON tu.id = d.user_id JOIN users pu ON pu.id = d.seller_id`;

/** A party's payout details as the deal shows them: the real name and the ad's way only. */
const cashView = (c: CashInfo, way: C2cWay): CashView => ({
  real_name: c.real_name,
  bank_name: way === 'bank' ? c.bank_name : '',
  bank_account: way === 'bank' ? c.bank_account : '',
  alipay_account: way === 'ali_pay' ? c.alipay_account : '',
  wechat_nickname: way === 'we_chat' ? c.wechat_nickname : '',
  wechat_account: way === 'we_chat' ? c.wechat_account : '',
});

async function dealView(
  db: Queryable,
  lang: Lang,
  r: DealDbRow,
  viewer: number,
  nowMs: number,
  windowMs: number,
): Promise<DealView> {
  const taker = await cashInfoOf(db, r.user_id);
  const publisher = await cashInfoOf(db, r.seller_id);
  const iPublished = viewer === r.seller_id;
  const created = new Date(r.created_at);
  const updated = new Date(r.updated_at);
  return {
    id: r.id,
    legal_deal_send_id: r.ad_id,
    user_id: r.user_id,
    seller_id: r.seller_id,
    type: r.type,
    way: r.way,
    way_name: wayName(lang, r.way),
    currency_id: r.currency_id,
    currency_name: r.currency_name,
    number: two(r.number),
    price: two(r.price),
    deal_money: two(new Decimal(r.number).times(r.price)),
    is_sure: r.is_sure,
    seller_name: maskContact(r.publisher_account),
    user_name: maskContact(r.taker_account),
    seller_phone: maskContact(r.publisher_account),
    phone: maskContact(r.taker_account),
    hes_account: maskContact(iPublished ? r.taker_account : r.publisher_account),
    hes_realname: iPublished ? taker.real_name : publisher.real_name,
    user_realname: taker.real_name,
    user_cash_info: cashView(taker, r.way),
    sell_cash_info: cashView(publisher, r.way),
    create_time: formatTime(created),
    update_time: formatTime(updated),
    format_create_time: formatTime(created),
    format_update_time: formatTime(updated),
    is_seller: iPublished ? 1 : 0,
    side: sellerOf(r) === viewer ? 'sell' : 'buy',
    deadline: created.getTime() + windowMs,
    server_time: nowMs,
  };
}

/** One deal as `viewer` (a party) sees it; not found for anybody else. */
export async function dealFor(
  db: Queryable,
  lang: Lang,
  dealId: number,
  viewer: number,
  nowMs: number,
): Promise<DealView> {
  const rows = await db.query<DealDbRow & Record<string, unknown>>(
    `${DEAL_SELECT} WHERE d.id = $1 AND (d.user_id = $2 OR d.seller_id = $2)`,
    [dealId, viewer],
  );
  const row = rows[0];
  if (row === undefined) throw new ApiError('c2c.dealNotFound');
  const { windowMs } = await c2cLimits(db);
  return dealView(db, lang, row, viewer, nowMs, windowMs);
}

async function pagedDeals(
  db: Queryable,
  lang: Lang,
  where: string,
  params: Param[],
  page: number,
  viewer: number,
  nowMs: number,
): Promise<PageData<DealView>> {
  const total = await db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM c2c_deals d JOIN c2c_ads a ON a.id = d.ad_id WHERE ${where}`,
    params,
  );
  const rows = await db.query<DealDbRow & Record<string, unknown>>(
    `${DEAL_SELECT} WHERE ${where} ORDER BY d.id DESC LIMIT ${C2C_PAGE_SIZE} OFFSET $${params.length + 1}`,
    [...params, offsetOf(page, C2C_PAGE_SIZE)],
  );
  const { windowMs } = await c2cLimits(db);
  const data: DealView[] = [];
  for (const r of rows) data.push(await dealView(db, lang, r, viewer, nowMs, windowMs));
  return pageOf(data, page, total[0]?.n ?? 0);
}

/** My deals as taker and as publisher, newest first. */
export function myDeals(
  db: Queryable,
  lang: Lang,
  q: {
    userId: number;
    isSure: number | null;
    type: C2cType | null;
    currencyId: number | null;
    page: number;
    nowMs: number;
  },
): Promise<PageData<DealView>> {
  const params: Param[] = [q.userId];
  let where = '(d.user_id = $1 OR d.seller_id = $1)';
  if (q.isSure !== null) {
    params.push(q.isSure);
    where += ` AND d.is_sure = $${params.length}`;
  }
  if (q.type !== null) {
    params.push(q.type);
    where += ` AND a.type = $${params.length}`;
  }
  if (q.currencyId !== null) {
    params.push(q.currencyId);
    where += ` AND a.currency_id = $${params.length}`;
  }
  return pagedDeals(db, lang, where, params, q.page, q.userId, q.nowMs);
}

/** The deals of one of my ads. */
export async function dealsOfAd(
  db: Queryable,
  lang: Lang,
  q: { userId: number; adId: number; page: number; nowMs: number },
): Promise<PageData<DealView>> {
  const own = await db.query<{ id: number }>(
    'SELECT id FROM c2c_ads WHERE id = $1 AND seller_id = $2',
    [q.adId, q.userId],
  );
  if (own.length === 0) throw new ApiError('c2c.adNotFound');
  return pagedDeals(db, lang, 'd.ad_id = $1', [q.adId], q.page, q.userId, q.nowMs);
}

// ---- the service: pushes and the auto-cancel timer ------------------------------------------

/** `c2c_deal` to both parties (each with their own view) and `update_balance` where it moved. */
export async function pushChange(ctx: AppContext, change: C2cChange): Promise<void> {
  const nowMs = ctx.config.now();
  for (const userId of new Set(change.parties)) {
    // a push has no request to take a language from: names in English (clients use the codes)
    const deal = await dealFor(ctx.db, 'en', change.dealId, userId, nowMs);
    ctx.notify.push(userId, 'c2c_deal', { type: 'c2c_deal', deal });
  }
  for (const userId of new Set(change.balances)) ctx.notify.balance(userId);
}

export class C2cService {
  private readonly job: PeriodicJob<C2cChange[]>;

  constructor(private readonly ctx: AppContext) {
    this.job = new PeriodicJob(
      'c2c auto-cancel',
      C2C_TICK_MS,
      async () => {
        const changes = await expireDue(this.ctx.db, this.ctx.config.now());
        for (const c of changes) await pushChange(this.ctx, c);
        return changes;
      },
      ctx.config.log,
    );
  }

  start(): void {
    this.job.start();
  }

  stop(): void {
    this.job.stop();
  }

  /** Cancels the unpaid deals past their window at `ctx.config.now()` and pushes. */
  expire(): Promise<C2cChange[]> {
    return this.job.run();
  }

  /** Resolves once no expiry run is going on (server close). */
  idle(): Promise<void> {
    return this.job.idle();
  }
}
