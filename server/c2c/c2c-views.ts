// C2C views and queries: ads and deals as the wire carries them (api-contract §8), in the
// reader's language, and the paged lists (platform ads, my ads, my deals, the deals of an ad).
// A deal shows its parties' payout details of the ad's way only (issue 20).
import { Decimal } from '../../src/shared/decimal.ts';
import type { Lang } from '../../src/shared/locales.ts';
import { cashInfoOf } from '../accounts/cash-info.ts';
import type { CashInfo } from '../accounts/cash-info.ts';
import { maskContact } from '../accounts/region-agents.ts';
import type { Param, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { formatTime } from '../http/format.ts';
import { offsetOf, pageData } from '../http/paging.ts';
import type { PageData } from '../http/paging.ts';
import { t } from '../i18n/messages.ts';
import { sellerOf } from './c2c-deals.ts';
import type { AdRow } from './c2c-deals.ts';
import { C2C_PAGE_SIZE, DP } from './c2c-rules.ts';
import type { C2cType, C2cWay } from './c2c-rules.ts';

/** The legal currencies shown for c2c (`currency/list`), in their display order. */
export function legalCurrencies(db: Queryable): Promise<{ id: number; name: string }[]> {
  return db.query<{ id: number; name: string }>(
    'SELECT id, name FROM currencies WHERE is_legal = 1 AND is_display = 1 ORDER BY sort, id',
  );
}

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
  /** Fixed when the deal was taken (migration 0020): a later change of the window moves it not. */
  pay_deadline: Date | string;
  type: C2cType;
  way: C2cWay;
  currency_id: number;
  currency_name: string;
  taker_account: string;
  publisher_account: string;
}

const DEAL_SELECT = `SELECT d.id, d.ad_id, d.user_id, d.seller_id, d.number, d.price, d.is_sure,
  d.created_at, d.updated_at, d.pay_deadline, a.type, a.way, a.currency_id, c.name AS currency_name,
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
    deadline: new Date(r.pay_deadline).getTime(),
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
  return dealView(db, lang, row, viewer, nowMs);
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
  const data: DealView[] = [];
  for (const r of rows) data.push(await dealView(db, lang, r, viewer, nowMs));
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
