// Lock-up savings as the API answers them: the product cards (`/api/lh/deposit/config`) and the
// user's orders (`/api/lh/deposit/order`). Decimals are canonical strings, times "Y-m-d H:i:s"
// (UTC). See docs/api-extensions.md "Lock-up savings (issue 9)".
import { Decimal } from '../../src/shared/decimal.ts';
import type { Queryable } from '../db/database.ts';
import { formatTime } from '../http/format.ts';
import type { LockupOrderRow, LockupProduct } from './lockup-rules.ts';
import { cancelFeeOf, cancelFeePct, clampScale, expectedYield } from './lockup-rules.ts';
import { lastPage, offsetOf } from '../http/paging.ts';

export { LOCKUP_PAGE_MAX, LOCKUP_PAGE_SIZE } from '../../src/shared/wire/earn.ts';

export interface LockupProductView {
  id: number;
  currency_id: number;
  currency_name: string;
  currency_logo: string;
  /** The spec's card field name for the logo. */
  image: string;
  save_min: string;
  save_max: string;
  day: number;
  /** Daily percent. */
  interest_rate: string;
  /** interest_rate × day: the card's total yield in percent (extension). */
  total_rate: string;
  quota: string;
  sold: string;
  /** sold / quota × 100, 2 decimals, at most 100; "0" when the quota is unlimited. */
  tempo: string;
  /** Setting cancel_deposit_fee: early-cancel fee in percent of the principal. */
  cancel_fee: string;
  sort: number;
}

export interface LockupOrderView {
  id: number;
  currency_id: number;
  currency_name: string;
  config_id: number;
  amount: string;
  lock_amount: string;
  day_rate: string;
  /** day_rate × 100: the current daily percent (extension). */
  interest_rate: string;
  day: number;
  total_interest: string;
  withdraw_amount: string;
  /** amount − lock_amount while running, else "0" (extension). */
  withdrawable: string;
  /** Running: what an early cancel would cost now; cancelled: what it cost; matured: "0". */
  cancel_fee: string;
  /** Running: lock_amount × day_rate × day (the spec's expected yield); ended: total_interest. */
  shouyi: string;
  start_at: string;
  end_at: string;
  /** 1 running, 2 ended. */
  status: 1 | 2;
  is_cancel: 0 | 1;
  created_at: string;
}

export interface LockupOrderPage {
  order_list: LockupOrderView[];
  /** Σ total_interest of the listed filter (all pages). */
  total_interest: string;
  total: number;
  page: number;
  pages: number;
}

const fixed = (v: Decimal.Value): string => new Decimal(v).toFixed();

/** Every product of a displayed currency, for the cards. */
export async function productViews(q: Queryable): Promise<LockupProductView[]> {
  const rows = await q.query<
    LockupProduct & { currency_name: string; logo: string } & Record<string, unknown>
  >(
    `SELECT p.*, c.name AS currency_name, c.logo FROM lh_deposit_config p
     JOIN currencies c ON c.id = p.currency_id WHERE c.is_display = 1 ORDER BY p.sort, p.id`,
  );
  const fee = fixed(await cancelFeePct(q));
  return rows.map((p) => ({
    id: p.id,
    currency_id: p.currency_id,
    currency_name: p.currency_name,
    currency_logo: p.logo,
    image: p.logo,
    save_min: fixed(p.save_min),
    save_max: fixed(p.save_max),
    day: p.day,
    interest_rate: fixed(p.interest_rate),
    total_rate: new Decimal(p.interest_rate).times(p.day).toFixed(),
    quota: fixed(p.quota),
    sold: fixed(p.sold),
    tempo: tempoOf(p.sold, p.quota),
    cancel_fee: fee,
    sort: p.sort,
  }));
}

export function tempoOf(sold: Decimal.Value, quota: Decimal.Value): string {
  const q = new Decimal(quota);
  if (!q.greaterThan(0)) return '0';
  const pct = new Decimal(sold).dividedBy(q).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return Decimal.min(pct, 100).toFixed();
}

export function orderView(o: LockupOrderRow, feePct: Decimal): LockupOrderView {
  const running = o.status === 1;
  const scale = clampScale(o.decimal_scale);
  const fee = running ? cancelFeeOf(o.lock_amount, feePct, scale) : new Decimal(o.cancel_fee);
  return {
    id: o.id,
    currency_id: o.currency_id,
    currency_name: o.currency_name,
    config_id: o.config_id,
    amount: fixed(o.amount),
    lock_amount: fixed(o.lock_amount),
    day_rate: fixed(o.day_rate),
    interest_rate: new Decimal(o.day_rate).times(100).toFixed(),
    day: o.day,
    total_interest: fixed(o.total_interest),
    withdraw_amount: fixed(o.withdraw_amount),
    withdrawable: running ? new Decimal(o.amount).minus(o.lock_amount).toFixed() : '0',
    cancel_fee: fee.toFixed(),
    shouyi: running
      ? expectedYield(o.lock_amount, o.day_rate, o.day, scale).toFixed()
      : fixed(o.total_interest),
    start_at: formatTime(new Date(o.start_at)),
    end_at: formatTime(new Date(o.end_at)),
    status: o.status,
    is_cancel: o.is_cancel,
    created_at: formatTime(new Date(o.created_at)),
  };
}

export interface OrderQuery {
  status: 1 | 2 | null;
  isCancel: 0 | 1 | null;
  page: number;
  limit: number;
}

/** The user's orders, newest first, with the sum of their interest. */
export async function listOrders(
  q: Queryable,
  userId: number,
  query: OrderQuery,
): Promise<LockupOrderPage> {
  const where = `o.user_id = $1 AND ($2::int IS NULL OR o.status = $2)
    AND ($3::int IS NULL OR o.is_cancel = $3)`;
  const params = [userId, query.status, query.isCancel] as const;
  const sums = await q.query<{ n: number; interest: string | null }>(
    `SELECT COUNT(*)::int AS n, SUM(o.total_interest) AS interest
     FROM lh_deposit_orders o WHERE ${where}`,
    params,
  );
  const rows = await q.query<LockupOrderRow & Record<string, unknown>>(
    `SELECT o.*, c.name AS currency_name, c.decimal_scale
     FROM lh_deposit_orders o JOIN currencies c ON c.id = o.currency_id
     WHERE ${where} ORDER BY o.id DESC LIMIT $4 OFFSET $5`,
    [...params, query.limit, offsetOf(query.page, query.limit)],
  );
  const feePct = await cancelFeePct(q);
  const total = sums[0]?.n ?? 0;
  return {
    order_list: rows.map((r) => orderView(r, feePct)),
    total_interest: fixed(sums[0]?.interest ?? '0'),
    total,
    page: query.page,
    pages: lastPage(total, query.limit),
  };
}
