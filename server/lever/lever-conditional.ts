// Conditional entry orders on contracts (issue 44, ADR 0065): a pending order that waits for a
// trigger. Placed, it reserves margin and fee like a limit order (figured at its limit price, or a
// stop-market's at its trigger). The risk tick fires it exactly once, in the order placed, when the
// price it watches (mark or last) reaches the trigger:
// - a stop-limit becomes an ordinary limit order at its price (the same tick may open it);
// - a stop-market opens at the mark of that tick, never at the trigger (a gap past the trigger
//   would hand the trader the difference). Its margin and fee are figured again at that mark:
//   the reserve goes back and the new figures are taken. If the free balance no longer pays for
//   them, the order is refused, the reserve stays back, and the owner is told.
// Everything here runs in the caller's transaction, on a row locked FOR UPDATE, so a cancel and
// the trigger have exactly one outcome.
import { Decimal } from '../../src/shared/decimal.ts';
import { openFigures } from '../../src/shared/lever.ts';
import type {
  LeverTriggerDirection,
  LeverTriggerKind,
} from '../../src/shared/lever-conditional.ts';
import {
  directionAgainst,
  directionOf,
  kindOf,
  STOP_DIR,
  STOP_STATE,
  triggerReached,
} from '../../src/shared/lever-conditional.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { requireAmount } from '../http/amounts.ts';
import { localDecimal } from '../i18n/messages.ts';
import { addNotification } from '../notify/notifications.ts';
import { noteDec, pairSymbol } from '../notify/note-values.ts';
import { changeBalance, lockUser, LOG_TYPE } from '../wallet/ledger.ts';
import { writeOpenNote } from './lever-notes.ts';
import { chargeOpening, freeLeverBalance } from './lever-settlement.ts';
import type { LeverPair } from './lever-pairs.ts';
import type { PositionRow } from './lever-rules.ts';

type Row = PositionRow & Record<string, unknown>;

/** A trigger as sent: its price, and stop or take-profit (null: read from the price). */
export interface TriggerRequest {
  price: Decimal;
  kind: LeverTriggerKind | null;
}

/** A trigger as stored: its price, which way the price must move, and what it opens. */
export interface StoredTrigger {
  price: Decimal;
  dir: (typeof STOP_DIR)[LeverTriggerDirection];
  market: boolean;
}

/**
 * A trigger checked against the price the order watches: above 0 in the pair's decimals, and not
 * reached already (refused, naming the price: the trader who wants it now places a market order).
 */
export function checkTrigger(
  t: TriggerRequest,
  side: 1 | 2,
  market: boolean,
  watched: Decimal,
  pair: LeverPair,
): StoredTrigger {
  if (!t.price.isFinite() || !t.price.greaterThan(0)) throw new ApiError('lever.triggerRequired');
  requireAmount(t.price, pair.pricePrecision);
  const against = directionAgainst(t.price, watched);
  const direction = t.kind === null ? against : directionOf(side, t.kind);
  if (direction === null || against === 'reached' || against !== direction)
    throw new ApiError('lever.triggerReached', {
      price: localDecimal(watched, pair.pricePrecision),
      trigger: localDecimal(t.price, pair.pricePrecision),
      currency: pair.legalName,
    });
  return { price: t.price, dir: STOP_DIR[direction], market };
}

/** What a waiting conditional order did at a tick. */
export type TriggerOutcome = 'waiting' | 'limit' | 'opened' | 'refused' | 'gone';

/**
 * One tick of a waiting conditional order: nothing before its trigger (the mark noted), then its
 * one firing. `watched` is the price its trigger watches, `mark` the one it opens at.
 */
export async function stepTrigger(
  tx: Queryable,
  id: number,
  mark: Decimal,
  watched: Decimal,
  pair: LeverPair,
  nowMs: number,
): Promise<TriggerOutcome> {
  const rows = await tx.query<Row>(
    'SELECT * FROM lever_transactions WHERE id = $1 AND status = 0 AND stop_state = $2 FOR UPDATE',
    [id, STOP_STATE.waiting],
  );
  const p = rows[0];
  if (p === undefined) return 'gone';
  const direction = p.stop_dir === STOP_DIR.rises ? 'rises' : 'falls';
  if (!triggerReached(direction, p.stop_price, watched)) {
    await tx.query(
      'UPDATE lever_transactions SET update_price = $1, update_time = $2 WHERE id = $3',
      [mark.toFixed(), new Date(nowMs), id],
    );
    return 'waiting';
  }
  const note = { kind: kindOf(p.type, direction), watched };
  if (p.stop_market !== 1) {
    await tx.query(
      'UPDATE lever_transactions SET stop_state = $1, update_price = $2, update_time = $3 WHERE id = $4',
      [STOP_STATE.triggered, mark.toFixed(), new Date(nowMs), id],
    );
    await writeTriggerNote(tx, p, note, 'limit', nowMs);
    return 'limit';
  }
  return openAtMark(tx, p, mark, pair, note, nowMs);
}

/** A stop-market's opening at the mark, its reserve exchanged for the figures at that mark. */
async function openAtMark(
  tx: Queryable,
  p: Row,
  mark: Decimal,
  pair: LeverPair,
  note: { kind: LeverTriggerKind; watched: Decimal },
  nowMs: number,
): Promise<TriggerOutcome> {
  await lockUser(tx, p.user_id);
  const base = { userId: p.user_id, currencyId: p.legal, memo: `#${p.id + 10000}`, nowMs };
  const reserve = new Decimal(p.caution_money);
  const T = LOG_TYPE;
  await changeBalance(tx, {
    ...base,
    field: 'lock_lever_balance',
    delta: reserve.negated(),
    type: T.leverCancel,
  });
  await changeBalance(tx, {
    ...base,
    field: 'lever_balance',
    delta: reserve.plus(p.trade_fee),
    type: T.leverCancel,
  });
  const f = openFigures(p.type, mark, Number(p.share), p.multiple, {
    shareNum: pair.shareNum,
    spreadPct: pair.spreadPct,
    feePct: pair.feePct,
    pricePrecision: pair.pricePrecision,
  });
  const free = await freeLeverBalance(tx, p.user_id, p.legal);
  if (free.lessThan(f.margin.plus(f.fee))) {
    await tx.query(
      `UPDATE lever_transactions SET status = 4, stop_state = $1, update_price = $2,
         update_time = $3, handle_time = $3, complete_time = $3 WHERE id = $4`,
      [STOP_STATE.refused, mark.toFixed(), new Date(nowMs), p.id],
    );
    await writeTriggerNote(tx, p, note, 'refused', nowMs, f.margin.plus(f.fee));
    return 'refused';
  }
  await chargeOpening(tx, base, f);
  await tx.query(
    `UPDATE lever_transactions SET origin_price = $1, update_price = $1, price = $2, number = $3,
       origin_caution_money = $4, caution_money = $4, trade_fee = $5, status = 1, stop_state = $6,
       transaction_time = $7, update_time = $7 WHERE id = $8`,
    [
      mark.toFixed(),
      f.price.toFixed(),
      f.number.toFixed(),
      f.margin.toFixed(),
      f.fee.toFixed(),
      STOP_STATE.triggered,
      new Date(nowMs),
      p.id,
    ],
  );
  await writeTriggerNote(tx, p, note, 'market', nowMs);
  await writeOpenNote(tx, { ...p, number: f.number.toFixed(), price: f.price.toFixed() }, nowMs);
  return 'opened';
}

/**
 * `lever.triggered` (a limit order now waits at its price, or a market order opened at the mark)
 * or `lever.triggerRefused` (the funds no longer paid for it at the mark: `need`).
 */
async function writeTriggerNote(
  tx: Queryable,
  p: Row,
  t: { kind: LeverTriggerKind; watched: Decimal },
  outcome: 'limit' | 'market' | 'refused',
  nowMs: number,
  need?: Decimal,
): Promise<void> {
  const facts = {
    symbol: await pairSymbol(tx, p.currency, p.legal),
    side: p.type === 1 ? 'long' : 'short',
    amount: noteDec(p.share),
    id: String(p.id + 10000),
    trigger: noteDec(p.stop_price),
    price: noteDec(t.watched),
    kind: t.kind,
  } as const;
  if (outcome === 'refused')
    await addNotification(
      tx,
      p.user_id,
      'lever.triggerRefused',
      { ...facts, need: noteDec(need ?? 0) },
      nowMs,
    );
  else await addNotification(tx, p.user_id, 'lever.triggered', { ...facts, order: outcome }, nowMs);
}
