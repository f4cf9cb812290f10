// A user's price alerts in the database (issue 25; table price_alert, migration 0017): add under
// the user's lock (at most PRICE_ALERT_LIMIT waiting, however many adds run at once), remove a
// waiting one of the user's own, list, and fire one: a single conditional UPDATE and the
// notification in the same transaction, so an alert fires once even when two jobs race.
// The routes check the input first (price-alert-routes.ts); the job finds what is due
// (price-alert-service.ts).
import {
  PRICE_ALERT_FIRED_SHOWN,
  PRICE_ALERT_LIMIT,
  type PriceAlertDirection,
} from '../../src/shared/price-alerts.ts';
import { Decimal } from '../../src/shared/decimal.ts';
import type { PriceAlertRow } from '../../src/shared/wire/alerts.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { lockUser } from '../wallet/ledger.ts';
import { addNotification } from '../notify/notifications.ts';

/** Fired alerts kept per user (the list shows them; older ones are deleted as new ones fire). */
export const PRICE_ALERT_FIRED_KEPT = PRICE_ALERT_FIRED_SHOWN;

interface DbRow {
  id: number;
  user_id: number;
  symbol: string;
  direction: PriceAlertDirection;
  price: string;
  created_at: Date;
  fired_at: Date | null;
  fired_price: string | null;
}

const COLUMNS =
  'id, user_id, symbol, direction, price::text AS price, created_at, fired_at, fired_price::text AS fired_price';

/** Price decimals of a pair by symbol (null: a pair this server no longer lists). */
export type PriceDecimals = (symbol: string) => number | null;

/** The canonical text of a stored decimal ("67000.500000…" → "67000.5"). */
export const canonical = (value: string): string => new Decimal(value).toFixed();

function toRow(r: DbRow, dpOf: PriceDecimals): PriceAlertRow {
  const dp = dpOf(r.symbol);
  const show = (v: string): string => (dp === null ? canonical(v) : new Decimal(v).toFixed(dp));
  return {
    id: r.id,
    symbol: r.symbol,
    direction: r.direction,
    price: show(r.price),
    created_at: r.created_at.getTime(),
    fired_at: r.fired_at === null ? null : r.fired_at.getTime(),
    fired_price: r.fired_price === null ? null : show(r.fired_price),
  };
}

export interface PriceAlertLists {
  /** Waiting alerts, newest first (all pairs). */
  waiting: PriceAlertRow[];
  /** The newest PRICE_ALERT_FIRED_SHOWN fired ones, the latest first. */
  fired: PriceAlertRow[];
}

export async function listPriceAlerts(
  db: Queryable,
  userId: number,
  dpOf: PriceDecimals,
): Promise<PriceAlertLists> {
  const waiting = await db.query<DbRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM price_alert WHERE user_id = $1 AND fired_at IS NULL ORDER BY id DESC`,
    [userId],
  );
  const fired = await db.query<DbRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM price_alert WHERE user_id = $1 AND fired_at IS NOT NULL
     ORDER BY fired_at DESC, id DESC LIMIT $2`,
    [userId, PRICE_ALERT_FIRED_SHOWN],
  );
  return {
    waiting: waiting.map((r) => toRow(r, dpOf)),
    fired: fired.map((r) => toRow(r, dpOf)),
  };
}

export async function waitingCount(db: Queryable, userId: number): Promise<number> {
  const r = await db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM price_alert WHERE user_id = $1 AND fired_at IS NULL',
    [userId],
  );
  return r[0]?.n ?? 0;
}

export interface NewPriceAlert {
  symbol: string;
  direction: PriceAlertDirection;
  /** Checked by the caller: above 0, the pair's decimals at most. */
  price: Decimal;
}

/**
 * Stores a waiting alert. Counted and inserted under the user's lock: parallel adds decide one
 * after the other, so no burst passes PRICE_ALERT_LIMIT. Answers the row and the user's
 * waiting count after it.
 */
export async function addPriceAlert(
  db: Database,
  userId: number,
  alert: NewPriceAlert,
  nowMs: number,
  dpOf: PriceDecimals,
): Promise<{ alert: PriceAlertRow; waiting: number }> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const before = await waitingCount(tx, userId);
    if (before >= PRICE_ALERT_LIMIT)
      throw new ApiError('alert.limit', { limit: PRICE_ALERT_LIMIT });
    const rows = await tx.query<DbRow & Record<string, unknown>>(
      `INSERT INTO price_alert (user_id, symbol, direction, price, created_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [userId, alert.symbol, alert.direction, alert.price.toFixed(), new Date(nowMs)],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('price_alert: insert returned nothing');
    return { alert: toRow(row, dpOf), waiting: before + 1 };
  });
}

/**
 * Removes one of the user's waiting alerts; false when the user has no waiting alert of that id
 * (another user's, a fired one, one already removed: all the same answer).
 */
export async function removePriceAlert(
  db: Queryable,
  userId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM price_alert WHERE id = $1 AND user_id = $2 AND fired_at IS NULL RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}

/** Whether a pair is shown in the market lists (a hidden pair takes no new alert). */
export async function pairListed(db: Queryable, matchId: number): Promise<boolean> {
  const rows = await db.query<{ is_display: number }>(
    'SELECT is_display FROM currency_matches WHERE id = $1',
    [matchId],
  );
  return rows[0]?.is_display === 1;
}

/** Symbols with at least one waiting alert (the job looks only at these pairs). */
export async function waitingSymbols(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ symbol: string }>(
    'SELECT DISTINCT symbol FROM price_alert WHERE fired_at IS NULL ORDER BY symbol',
  );
  return rows.map((r) => r.symbol);
}

/** Ids of the waiting alerts of `symbol` that `last` has crossed, oldest first. */
export async function dueAlerts(
  db: Queryable,
  symbol: string,
  last: Decimal,
  limit: number,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM price_alert
     WHERE symbol = $1 AND fired_at IS NULL
       AND ((direction = 'above' AND price <= $2::numeric)
         OR (direction = 'below' AND price >= $2::numeric))
     ORDER BY id LIMIT $3`,
    [symbol, last.toFixed(), limit],
  );
  return rows.map((r) => r.id);
}

export interface FiredAlert {
  id: number;
  userId: number;
}

/**
 * Fires one alert at `last`: marks it fired (only if it is still waiting) and writes the
 * owner's `alert.price` notification in the same transaction. Null when it was no longer
 * waiting (fired by another run, or removed): nothing is written then.
 */
export async function fireAlert(
  db: Database,
  id: number,
  last: Decimal,
  nowMs: number,
): Promise<FiredAlert | null> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<DbRow & Record<string, unknown>>(
      `UPDATE price_alert SET fired_at = $2, fired_price = $3
       WHERE id = $1 AND fired_at IS NULL RETURNING ${COLUMNS}`,
      [id, new Date(nowMs), last.toFixed()],
    );
    const r = rows[0];
    if (r === undefined) return null;
    await addNotification(
      tx,
      r.user_id,
      'alert.price',
      {
        symbol: r.symbol,
        direction: r.direction,
        price: canonical(r.price),
        last: last.toFixed(),
      },
      nowMs,
    );
    await pruneFired(tx, r.user_id);
    return { id: r.id, userId: r.user_id };
  });
}

/** Deletes the user's fired alerts beyond the newest PRICE_ALERT_FIRED_KEPT. */
async function pruneFired(tx: Queryable, userId: number): Promise<void> {
  await tx.query(
    `DELETE FROM price_alert WHERE user_id = $1 AND fired_at IS NOT NULL AND id NOT IN (
       SELECT id FROM price_alert WHERE user_id = $1 AND fired_at IS NOT NULL
       ORDER BY fired_at DESC, id DESC LIMIT $2)`,
    [userId, PRICE_ALERT_FIRED_KEPT],
  );
}
