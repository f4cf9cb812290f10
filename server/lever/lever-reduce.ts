// Contracts: closing part of a position, and reduce-only orders (issue 44, ADR 0061). A position is
// one order's hands (the legacy model: each opening has its own position, margin and levels).
// - A partial close splits the hands it closes into a row of their own, settled at the mark like
//   every close; the position keeps the rest and its levels, which now close fewer hands.
// - A reduce-only order closes hands of its owner's positions on the other side of its pair, the
//   oldest first, and never opens one. It holds no margin and pays no fee. At market it closes at
//   once; as a limit order it waits for the mark like an opening's limit order. While it waits,
//   the tick trims it to the hands held on the other side, and cancels it when none are left.
// Everything here runs in the caller's transaction.
import { Decimal } from '../../src/shared/decimal.ts';
import type { LeverSide } from '../../src/shared/lever.ts';
import type { Queryable } from '../db/database.ts';
import { addNotification } from '../notify/notifications.ts';
import { noteDec, pairSymbol } from '../notify/note-values.ts';
import { LOG_TYPE } from '../wallet/ledger.ts';
import type { LeverPair } from './lever-pairs.ts';
import type { PositionRow } from './lever-rules.ts';
import { settlePosition } from './lever-settlement.ts';

type Row = PositionRow & Record<string, unknown>;

/** The side a reduce-only order of `side` closes: a sell closes longs, a buy shorts. */
export const otherSide = (side: LeverSide): LeverSide => (side === 1 ? 2 : 1);

/** A part's share of a figure: rounded down to 8 places, so the rest keeps what is left. */
const partOf = (value: string, hands: number, share: Decimal): string =>
  new Decimal(value).times(hands).dividedBy(share).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();

/**
 * Splits `hands` (fewer than the position has) off an open position into a row of their own, with
 * their part of its quantity, margins, fee and overnight money; the position keeps the rest, so
 * the two rows add up to what it was. Returns the new row, still open.
 */
export async function splitOff(tx: Queryable, p: PositionRow, hands: number): Promise<Row> {
  const share = new Decimal(p.share);
  const part = {
    number: partOf(p.number, hands, share),
    margin: partOf(p.caution_money, hands, share),
    origin: partOf(p.origin_caution_money, hands, share),
    fee: partOf(p.trade_fee, hands, share),
    overnight: partOf(p.overnight_money, hands, share),
  };
  const rows = await tx.query<Row>(
    `INSERT INTO lever_transactions (user_id, match_id, type, currency, legal, origin_price, price,
       update_price, share, number, multiple, origin_caution_money, caution_money, trade_fee,
       overnight, overnight_money, status, create_time, transaction_time, update_time,
       target_profit_price, stop_loss_price, trigger_by, trail_rate, trail_activation, trail_peak,
       split_from)
     SELECT user_id, match_id, type, currency, legal, origin_price, price, update_price, $2, $3,
       multiple, $4, $5, $6, overnight, $7, status, create_time, transaction_time, update_time,
       target_profit_price, stop_loss_price, trigger_by, trail_rate, trail_activation, trail_peak,
       id
     FROM lever_transactions WHERE id = $1
     RETURNING *`,
    [p.id, hands, part.number, part.origin, part.margin, part.fee, part.overnight],
  );
  await tx.query(
    `UPDATE lever_transactions SET share = share - $2, number = number - $3,
       origin_caution_money = origin_caution_money - $4, caution_money = caution_money - $5,
       trade_fee = trade_fee - $6, overnight_money = overnight_money - $7 WHERE id = $1`,
    [p.id, hands, part.number, part.origin, part.margin, part.fee, part.overnight],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`position ${p.id} vanished while split`);
  return row;
}

/**
 * Closes `hands` of an open position at `mark` (all of it when `hands` is its share): the part
 * split off first when it is fewer. Returns the profit credited.
 */
export async function closeHands(
  tx: Queryable,
  p: PositionRow,
  hands: number,
  mark: Decimal,
  nowMs: number,
): Promise<Decimal> {
  const whole = new Decimal(p.share).lessThanOrEqualTo(hands);
  const target = whole ? p : await splitOff(tx, p, hands);
  return settlePosition(tx, target, mark, LOG_TYPE.leverClose, { kind: 'lever.closed' }, nowMs);
}

/** The owner's open positions of `side` on the pair, oldest first, locked for this transaction. */
export async function openOfSide(
  tx: Queryable,
  userId: number,
  matchId: number,
  side: LeverSide,
): Promise<Row[]> {
  return tx.query<Row>(
    `SELECT * FROM lever_transactions WHERE user_id = $1 AND match_id = $2 AND type = $3
       AND status = 1 ORDER BY id FOR UPDATE`,
    [userId, matchId, side],
  );
}

export const handsOf = (rows: readonly PositionRow[]): number =>
  rows.reduce((n, p) => n + Number(p.share), 0);

/**
 * A reduce-only order's fill at `mark`: up to its hands of the other side's positions, oldest
 * first, then the order is done (status 3; the profits are the closed rows'). Returns the
 * hands it closed.
 */
export async function fillReduce(
  tx: Queryable,
  order: PositionRow,
  mark: Decimal,
  nowMs: number,
): Promise<number> {
  const positions = await openOfSide(tx, order.user_id, order.match_id, otherSide(order.type));
  let left = Number(order.share);
  for (const p of positions) {
    if (left === 0) break;
    const take = Math.min(left, Number(p.share));
    await closeHands(tx, p, take, mark, nowMs);
    left -= take;
  }
  const closed = Number(order.share) - left;
  await tx.query(
    `UPDATE lever_transactions SET status = 3, update_price = $1, share = $2,
       number = number * $2 / share, transaction_time = $3, handle_time = $3, complete_time = $3,
       update_time = $3, settled = 1 WHERE id = $4`,
    [mark.toFixed(), closed, new Date(nowMs), order.id],
  );
  return closed;
}

/**
 * A waiting reduce-only order against the hands now held on the other side: kept when they
 * cover it, trimmed to them when fewer, cancelled when none (status 4); the owner is told of a
 * trim or a cancel. Returns the hands it keeps.
 */
export async function trimReduce(
  tx: Queryable,
  order: PositionRow,
  nowMs: number,
): Promise<number> {
  const positions = await openOfSide(tx, order.user_id, order.match_id, otherSide(order.type));
  const held = handsOf(positions);
  const share = Number(order.share);
  if (held >= share) return share;
  const at = new Date(nowMs);
  if (held === 0)
    await tx.query(
      `UPDATE lever_transactions SET status = 4, handle_time = $1, complete_time = $1,
         update_time = $1 WHERE id = $2`,
      [at, order.id],
    );
  else
    await tx.query(
      `UPDATE lever_transactions SET share = $1, number = number * $1 / share, update_time = $2
         WHERE id = $3`,
      [held, at, order.id],
    );
  await addNotification(
    tx,
    order.user_id,
    'lever.trimmed',
    {
      symbol: await pairSymbol(tx, order.currency, order.legal),
      side: otherSide(order.type) === 1 ? 'long' : 'short',
      amount: noteDec(share),
      left: noteDec(held),
    },
    nowMs,
  );
  return held;
}

/** What a reduce-only order's row holds when it is written. */
export interface ReduceOrder {
  userId: number;
  pair: LeverPair;
  side: LeverSide;
  share: number;
  multiple: number;
  /** Its limit price, or the mark at which a market order closes. */
  price: Decimal;
  clientId: string | null;
}

/** Writes a reduce-only order's row, waiting (no margin, no fee); returns its id. */
export async function insertReduce(tx: Queryable, o: ReduceOrder, nowMs: number): Promise<number> {
  const at = new Date(nowMs);
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO lever_transactions (user_id, match_id, type, currency, legal, origin_price, price,
       update_price, share, number, multiple, origin_caution_money, caution_money, trade_fee,
       overnight, status, create_time, update_time, client_id, reduce_only)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $6, $7, $8, $9, 0, 0, 0, 0, 0, $10, $11, $12, 1)
     RETURNING id`,
    [
      o.userId,
      o.pair.matchId,
      o.side,
      o.pair.currencyId,
      o.pair.legalId,
      o.price.toFixed(),
      o.share,
      new Decimal(o.pair.shareNum).times(o.share).toFixed(),
      o.multiple,
      Math.floor(nowMs / 1000),
      at,
      o.clientId,
    ],
  );
  return rows[0]?.id ?? 0;
}
