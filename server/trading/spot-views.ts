// The user's spot lists as the API answers them (transaction_in / _out: open orders;
// transaction_complete: fills), the pair's open switch, a currency's stored description and the
// deal panel's balances. Amounts are fixed to the pair's precisions.
import { Decimal } from '../../src/shared/decimal.ts';
import type { EntrustRow, HistoryRow, PagedList } from '../../src/shared/wire.ts';
import type { Queryable } from '../db/database.ts';
import { formatTime } from '../http/format.ts';
import { offsetOf, paged } from '../http/paging.ts';
import type { SpotService } from './spot-service.ts';

export const PAGE_SIZE = 10;

type Pairs = Pick<SpotService, 'pairByIds'>;

/** What the lists may be narrowed to, and the page. */
export interface ListFilter {
  page: number;
  currency_id?: number | undefined;
  legal_id?: number | undefined;
}

interface EntrustDbRow {
  id: number;
  side: string;
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  price: string;
  number: string;
  total_number: string;
  mode: number;
  created_at: Date | string;
  group_id: number | null;
}

/** The user's open orders on one side, newest first (of one currency or legal when given). */
export async function openOrders(
  db: Queryable,
  pairs: Pairs,
  userId: number,
  side: 'in' | 'out',
  b: ListFilter,
): Promise<PagedList<EntrustRow>> {
  const where = `o.user_id = $1 AND o.side = $2 AND o.status = 0
    AND ($3::int IS NULL OR o.currency_id = $3) AND ($4::int IS NULL OR o.legal_id = $4)`;
  const params = [userId, side, b.currency_id ?? null, b.legal_id ?? null] as const;
  const count = await db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM spot_orders o WHERE ${where}`,
    params,
  );
  const rows = await db.query<EntrustDbRow & Record<string, unknown>>(
    `SELECT o.id, o.side, o.legal_id, o.currency_id, l.name AS legal_name, c.name AS currency_name,
            o.price, o.number, o.total_number, o.mode, o.created_at, o.group_id
     FROM spot_orders o JOIN currencies l ON l.id = o.legal_id JOIN currencies c ON c.id = o.currency_id
     WHERE ${where} ORDER BY o.id DESC LIMIT ${PAGE_SIZE} OFFSET ${offsetOf(b.page, PAGE_SIZE)}`,
    params,
  );
  const list = rows.map((r): EntrustRow => {
    const pair = pairs.pairByIds(r.legal_id, r.currency_id);
    const pp = pair?.pricePrecision ?? 8;
    const ap = pair?.amountPrecision ?? 8;
    const price = new Decimal(r.price);
    const number = new Decimal(r.number);
    const total = new Decimal(r.total_number);
    return {
      id: r.id,
      type: r.side === 'in' ? 'in' : 'out',
      legal_id: r.legal_id,
      currency_id: r.currency_id,
      legal_name: r.legal_name,
      currency_name: r.currency_name,
      price: price.toFixed(pp),
      number: number.toFixed(ap),
      total_number: total.toFixed(ap),
      complete_number: total.minus(number).toFixed(ap),
      total_money: price.times(number).toFixed(pp + ap),
      mode: r.mode,
      create_time: formatTime(new Date(r.created_at)),
      ...(r.group_id === null ? {} : { group_id: r.group_id }),
    };
  });
  return paged(list, b.page, count[0]?.n ?? 0, PAGE_SIZE);
}

interface FillDbRow {
  id: number;
  user_id: number;
  from_user_id: number;
  way: number;
  legal: number;
  currency: number;
  legal_name: string;
  currency_name: string;
  price: string;
  number: string;
  taker_fee: string;
  maker_fee: string;
  create_time: number;
}

/** The user's fills, as taker or maker, newest first (of one currency or legal when given). */
export async function fills(
  db: Queryable,
  pairs: Pairs,
  userId: number,
  b: ListFilter,
): Promise<PagedList<HistoryRow>> {
  const where = `(f.user_id = $1 OR f.from_user_id = $1)
    AND ($2::int IS NULL OR f.currency = $2) AND ($3::int IS NULL OR f.legal = $3)`;
  const params = [userId, b.currency_id ?? null, b.legal_id ?? null] as const;
  const count = await db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM transaction_complete f WHERE ${where}`,
    params,
  );
  const rows = await db.query<FillDbRow & Record<string, unknown>>(
    `SELECT f.id, f.user_id, f.from_user_id, f.way, f.legal, f.currency, l.name AS legal_name,
            c.name AS currency_name, f.price, f.number, f.taker_fee, f.maker_fee, f.create_time
     FROM transaction_complete f JOIN currencies l ON l.id = f.legal JOIN currencies c ON c.id = f.currency
     WHERE ${where} ORDER BY f.id DESC LIMIT ${PAGE_SIZE} OFFSET ${offsetOf(b.page, PAGE_SIZE)}`,
    params,
  );
  const list = rows.map((r): HistoryRow => {
    const pair = pairs.pairByIds(r.legal, r.currency);
    const pp = pair?.pricePrecision ?? 8;
    const ap = pair?.amountPrecision ?? 8;
    // `way` is stored for the taker; the maker traded the other way.
    const takerBuys = r.way === 2;
    const isTaker = r.user_id === userId;
    const buys = isTaker ? takerBuys : !takerBuys;
    const fee = new Decimal(isTaker ? r.taker_fee : r.maker_fee);
    return {
      id: r.id,
      way: buys ? 2 : 1,
      type: buys ? 'in' : 'out',
      legal_id: r.legal,
      currency_id: r.currency,
      legal_name: r.legal_name,
      currency_name: r.currency_name,
      price: new Decimal(r.price).toFixed(pp),
      number: new Decimal(r.number).toFixed(ap),
      in_fee: buys ? fee.toFixed() : '0',
      out_fee: buys ? '0' : fee.toFixed(),
      time: formatTime(new Date(r.create_time * 1000)),
      create_time: r.create_time,
    };
  });
  return paged(list, b.page, count[0]?.n ?? 0, PAGE_SIZE);
}

export interface CurrencyRow {
  id: number;
  name: string;
  full_name: string;
  description: string;
}

export async function currencyRow(db: Queryable, id: number): Promise<CurrencyRow | null> {
  const rows = await db.query<CurrencyRow & Record<string, unknown>>(
    'SELECT id, name, full_name, description FROM currencies WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** The user's spendable balances of the pair's two currencies ("0" for one without a wallet). */
export async function pairBalances(
  db: Queryable,
  userId: number,
  legalId: number,
  currencyId: number,
): Promise<{ legal: string; currency: string }> {
  const rows = await db.query<{ currency_id: number; change_balance: string }>(
    'SELECT currency_id, change_balance FROM users_wallet WHERE user_id = $1 AND currency_id IN ($2, $3)',
    [userId, legalId, currencyId],
  );
  const out = { legal: '0', currency: '0' };
  for (const r of rows) {
    const v = new Decimal(r.change_balance).toFixed();
    if (r.currency_id === legalId) out.legal = v;
    else out.currency = v;
  }
  return out;
}
