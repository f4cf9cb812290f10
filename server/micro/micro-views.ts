// Second contracts as the wire carries them (api-contract §6): an order's view in the reader's
// language with its countdown, and the paged list of a user's orders (a Laravel page).
import { Decimal } from '../../src/shared/decimal.ts';
import type { Lang } from '../../src/shared/locales.ts';
import type { Queryable } from '../db/database.ts';
import { formatTime } from '../http/format.ts';
import { laravelPage, offsetOf } from '../http/paging.ts';
import type { LaravelPage } from '../http/paging.ts';
import { t } from '../i18n/messages.ts';
import { SHOW_ID_OFFSET } from './micro-rules.ts';
import type { MicroResult, MicroStatus, MicroType } from './micro-rules.ts';

/** A `micro_orders` row joined with the payment currency's name and the pair's symbol. */
export interface MicroOrderRow {
  id: number;
  user_id: number;
  match_id: number;
  currency_id: number;
  type: MicroType;
  seconds: number;
  number: string;
  open_price: string;
  end_price: string;
  profit_ratio: string;
  fee: string;
  status: MicroStatus;
  profit_result: MicroResult;
  fact_profits: string;
  created_at: Date | string;
  handled_at: Date | string;
  complete_at: Date | string | null;
  client_id: string | null;
  currency_name: string;
  symbol_name: string;
}

/** An order as `microtrade/lists`, `microtrade/submit` and `closed_microorder` send it. */
export interface MicroOrderOut {
  id: number;
  user_id: number;
  match_id: number;
  currency_id: number;
  type: MicroType;
  seconds: number;
  number: string;
  open_price: string;
  end_price: string;
  profit_ratio: string;
  fee: string;
  status: MicroStatus;
  profit_result: MicroResult;
  fact_profits: string;
  /** "Y-m-d H:i:s" (UTC). */
  created_at: string;
  /** The expiry, "Y-m-d H:i:s" (UTC). */
  handled_at: string;
  /** The settlement time, "Y-m-d H:i:s" (UTC); null while trading. */
  complete_at: string | null;
  currency_name: string;
  symbol_name: string;
  type_name: string;
  status_name: string;
  profit_result_name: string;
  show_micro_id: number;
  /** (whole seconds until handled_at + 1.3) × 1000, or 0 once handled_at has passed. */
  remain_milli_seconds: number;
  /** Extension: the expiry in ms. */
  end_time: number;
  /** Extension: the server clock in ms when this view was written. */
  server_time: number;
}

export const ORDER_SELECT = `
  SELECT o.*, c.name AS currency_name, b.name || '/' || l.name AS symbol_name
  FROM micro_orders o
  JOIN currencies c ON c.id = o.currency_id
  JOIN currency_matches m ON m.id = o.match_id
  JOIN currencies b ON b.id = m.currency_id
  JOIN currencies l ON l.id = m.legal_id`;

const ms = (d: Date | string): number => new Date(d).getTime();

/** Contract §6.3: (whole seconds until handled_at + 1.3) × 1000, or 0 once it has passed. */
export function remainMilliSeconds(handledAtMs: number, nowMs: number): number {
  const whole = Math.floor(handledAtMs / 1000) - Math.floor(nowMs / 1000);
  return whole > 0 ? whole * 1000 + 1300 : 0;
}

const RESULT_NAME: Readonly<Record<MicroResult, string>> = {
  [-1]: 'micro.result.loss',
  0: 'micro.result.none',
  1: 'micro.result.profit',
};

export function orderView(r: MicroOrderRow, lang: Lang, nowMs: number): MicroOrderOut {
  const handled = ms(r.handled_at);
  return {
    id: r.id,
    user_id: r.user_id,
    match_id: r.match_id,
    currency_id: r.currency_id,
    type: r.type,
    seconds: r.seconds,
    number: new Decimal(r.number).toFixed(),
    open_price: new Decimal(r.open_price).toFixed(),
    end_price: new Decimal(r.end_price).toFixed(),
    profit_ratio: new Decimal(r.profit_ratio).toFixed(),
    fee: new Decimal(r.fee).toFixed(),
    status: r.status,
    profit_result: r.profit_result,
    fact_profits: new Decimal(r.fact_profits).toFixed(),
    created_at: formatTime(new Date(r.created_at)),
    handled_at: formatTime(new Date(handled)),
    complete_at: r.complete_at === null ? null : formatTime(new Date(r.complete_at)),
    currency_name: r.currency_name,
    symbol_name: r.symbol_name,
    type_name: t(lang, r.type === 1 ? 'micro.type.up' : 'micro.type.down'),
    status_name: t(lang, `micro.status.${r.status}`),
    profit_result_name: t(lang, RESULT_NAME[r.profit_result]),
    show_micro_id: r.id + SHOW_ID_OFFSET,
    remain_milli_seconds: r.status === 1 ? remainMilliSeconds(handled, nowMs) : 0,
    end_time: handled,
    server_time: nowMs,
  };
}

// ---- listing ------------------------------------------------------------------------------

export interface ListQuery {
  /** -1 all; 1 trading, 2 closing (never stored here), 3 finished. */
  status: number;
  matchId: number | null;
  currencyId: number | null;
  page: number;
  limit: number;
}

export type MicroPage = LaravelPage<MicroOrderOut>;

/** The user's orders, newest first, as a Laravel paginator. */
export async function listMicro(
  q: Queryable,
  userId: number,
  query: ListQuery,
  lang: Lang,
  nowMs: number,
): Promise<MicroPage> {
  const where = `o.user_id = $1 AND ($2::int = -1 OR o.status = $2)
    AND ($3::int IS NULL OR o.match_id = $3) AND ($4::int IS NULL OR o.currency_id = $4)`;
  const params = [userId, query.status, query.matchId, query.currencyId] as const;
  const count = await q.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM micro_orders o WHERE ${where}`,
    params,
  );
  const rows = await q.query<MicroOrderRow & Record<string, unknown>>(
    `${ORDER_SELECT} WHERE ${where} ORDER BY o.id DESC LIMIT $5 OFFSET $6`,
    [...params, query.limit, offsetOf(query.page, query.limit)],
  );
  const total = count[0]?.n ?? 0;
  const data = rows.map((r) => orderView(r, lang, nowMs));
  return laravelPage(data, query.page, total, query.limit);
}
