// Changing a waiting contract order in one call (issue 44, ADR 0068): a pending limit order, a
// waiting conditional order (its trigger too) or a waiting reduce-only order gets new hands, a new
// limit price or a new trigger, checked as a new order would be. Margin and fee are figured again
// at the new reference and the reserve moves by the difference in the same transaction: more is
// taken only from the free balance, less goes back at once. The order keeps its id, so two orders
// reached by one tick still open in the order they were placed. It runs in the lever queue, on the
// row locked FOR UPDATE and still pending: an amend meeting the tick that opens or fires the order
// has one outcome (the old order opened, or the new one waits).
import { Decimal } from '../../src/shared/decimal.ts';
import { openFigures } from '../../src/shared/lever.ts';
import { kindOf, STOP_DIR, STOP_STATE } from '../../src/shared/lever-conditional.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { localDecimal } from '../i18n/messages.ts';
import { changeBalance, lockUser, LOG_TYPE } from '../wallet/ledger.ts';
import { checkTrigger } from './lever-conditional.ts';
import type { LeverPair } from './lever-pairs.ts';
import { handsOf, openOfSide, otherSide } from './lever-reduce.ts';
import { checkEntryStops, type PositionRow } from './lever-rules.ts';
import type { LeverService } from './lever-service.ts';
import { freeLeverBalance } from './lever-settlement.ts';
import { checkLimitPrice, checkPrice, checkShare } from './lever-submit.ts';

type Row = PositionRow & Record<string, unknown>;

export interface LeverAmendRequest {
  userId: number;
  id: number;
  /** The limit price (a limit or stop-limit order); null keeps it. */
  price: Decimal | null;
  /** The trigger (a waiting conditional order); null keeps it. */
  trigger: Decimal | null;
  /** The hands; null keeps them. */
  share: number | null;
}

/** What an amend did: the order as it now stands, and what more it holds (negative: released). */
export interface LeverAmended {
  row: PositionRow;
  held: Decimal;
}

/** What the order becomes: its hands, the price its funds are figured at, its trigger. */
interface Next {
  share: number;
  reference: Decimal;
  trigger: Decimal;
  /** The price the order's levels stand against, besides its open price (as at submit). */
  current: Decimal;
}

export function amendLever(
  lever: LeverService,
  req: LeverAmendRequest,
  nowMs: number,
): Promise<LeverAmended> {
  if (req.price === null && req.trigger === null && req.share === null)
    throw new ApiError('lever.amend.nothing');
  return lever.run(() =>
    lever.db.transaction(async (tx) => {
      await lockUser(tx, req.userId);
      const p = await lockedOrder(tx, req);
      const pair = lever.pairById(p.match_id);
      if (pair === null) throw new ApiError('lever.pairClosed');
      const mark = lever.priceOf(p.match_id);
      if (mark === null) throw new ApiError('lever.noPrice');
      const next = nextOf(lever, p, req, pair, mark);
      if (p.reduce_only === 1) return amendReduce(tx, p, next, pair, nowMs);
      return amendHeld(tx, p, next, pair, nowMs);
    }),
  );
}

/** The caller's order, locked, still pending (not yet opened, fired into a position or ended). */
async function lockedOrder(tx: Queryable, req: LeverAmendRequest): Promise<Row> {
  const rows = await tx.query<Row>(
    'SELECT * FROM lever_transactions WHERE id = $1 AND user_id = $2 FOR UPDATE',
    [req.id, req.userId],
  );
  const p = rows[0];
  if (p === undefined) throw new ApiError('lever.notFound');
  if (p.status !== 0) throw new ApiError('lever.notPending');
  return p;
}

/** What kind of waiting order a row is: a plain limit, or a conditional one (which kind). */
function kindOfRow(p: Row): { waiting: boolean; market: boolean } {
  const waiting = p.stop_state === STOP_STATE.waiting;
  return { waiting, market: waiting && p.stop_market === 1 };
}

/** The new values, each checked as a new order's: what was not given keeps the order's own. */
function nextOf(
  lever: LeverService,
  p: Row,
  req: LeverAmendRequest,
  pair: LeverPair,
  mark: Decimal,
): Next {
  const { waiting, market } = kindOfRow(p);
  refuseMismatch(req, waiting, market);
  const share = req.share ?? Number(p.share);
  if (req.share !== null) checkShare(share, pair);
  const trigger = req.trigger ?? new Decimal(p.stop_price);
  if (sameAs(p, share, req.price ?? new Decimal(p.origin_price), trigger))
    throw new ApiError('lever.amend.same');
  const watched = lever.watched(p, mark);
  if (req.trigger !== null) {
    // the same kind (stop or take-profit) as placed, and not reached already
    const direction = p.stop_dir === STOP_DIR.rises ? 'rises' : 'falls';
    checkTrigger(
      { price: trigger, kind: kindOf(p.type, direction) },
      p.type,
      market,
      watched,
      pair,
    );
  }
  const reference = market ? trigger : referenceOf(p, req.price, pair, mark);
  // a conditional order's levels stand against the price it opens near, a limit's against the mark
  return { share, reference, trigger, current: waiting ? reference : watched };
}

/** A trigger for an order that waits for none, a limit price for one that opens at the mark. */
function refuseMismatch(req: LeverAmendRequest, waiting: boolean, market: boolean): void {
  if (req.trigger !== null && !waiting) throw new ApiError('lever.amend.noTrigger');
  if (req.price !== null && market) throw new ApiError('lever.amend.noPrice');
}

/** Whether the new values are the order's own (a stop-market's price is not its to change). */
function sameAs(p: Row, share: number, price: Decimal, trigger: Decimal): boolean {
  const { waiting, market } = kindOfRow(p);
  if (share !== Number(p.share)) return false;
  if (!market && !price.equals(p.origin_price)) return false;
  return !waiting || trigger.equals(p.stop_price);
}

/** A limit price typed: a stop-limit's stands against its trigger, a limit order's against the mark. */
function referenceOf(p: Row, typed: Decimal | null, pair: LeverPair, mark: Decimal): Decimal {
  if (typed === null) return new Decimal(p.origin_price);
  return kindOfRow(p).waiting
    ? checkPrice(typed, pair)
    : checkLimitPrice(p.type, typed, mark, pair);
}

/**
 * An order that holds margin and fee: figured again at the new reference, the reserve moved by
 * the difference. The levels set with it must still stand on their sides of its open price.
 */
async function amendHeld(
  tx: Queryable,
  p: Row,
  next: Next,
  pair: LeverPair,
  nowMs: number,
): Promise<LeverAmended> {
  const f = openFigures(p.type, next.reference, next.share, p.multiple, {
    shareNum: pair.shareNum,
    spreadPct: pair.spreadPct,
    feePct: pair.feePct,
    pricePrecision: pair.pricePrecision,
  });
  if (!next.reference.equals(p.origin_price)) {
    const levels = { tp: orNull(p.target_profit_price), sl: orNull(p.stop_loss_price) };
    checkEntryStops(p.type, levels, f.price, next.current, pair.pricePrecision);
  }
  const margin = f.margin.minus(p.caution_money);
  const fee = f.fee.minus(p.trade_fee);
  const held = margin.plus(fee);
  if (held.greaterThan(0)) {
    const free = await freeLeverBalance(tx, p.user_id, p.legal);
    if (free.lessThan(held))
      throw new ApiError('lever.insufficient', {
        currency: pair.legalName,
        need: localDecimal(held),
        fee: localDecimal(Decimal.max(fee, 0)),
      });
  }
  const base = { userId: p.user_id, currencyId: p.legal, memo: `#${p.id + 10000}`, nowMs };
  if (!margin.isZero()) {
    const m = { ...base, type: LOG_TYPE.leverMargin };
    await changeBalance(tx, { ...m, field: 'lever_balance', delta: margin.negated() });
    await changeBalance(tx, { ...m, field: 'lock_lever_balance', delta: margin });
  }
  if (!fee.isZero())
    await changeBalance(tx, {
      ...base,
      field: 'lever_balance',
      delta: fee.negated(),
      type: LOG_TYPE.leverFee,
    });
  const rows = await tx.query<Row>(
    `UPDATE lever_transactions SET share = $1, number = $2, origin_price = $3, price = $4,
       origin_caution_money = $5, caution_money = $5, trade_fee = $6, stop_price = $7,
       update_time = $8 WHERE id = $9 RETURNING *`,
    [
      String(next.share),
      f.number.toFixed(),
      next.reference.toFixed(),
      f.price.toFixed(),
      f.margin.toFixed(),
      f.fee.toFixed(),
      p.stop_state === STOP_STATE.waiting ? next.trigger.toFixed() : p.stop_price,
      new Date(nowMs),
      p.id,
    ],
  );
  return { row: rows[0] ?? p, held };
}

/** A reduce-only order holds nothing: its hands stay within those held on the other side. */
async function amendReduce(
  tx: Queryable,
  p: Row,
  next: Next,
  pair: LeverPair,
  nowMs: number,
): Promise<LeverAmended> {
  const other = otherSide(p.type);
  const held = handsOf(await openOfSide(tx, p.user_id, p.match_id, other));
  if (next.share > held)
    throw new ApiError('lever.reduceOnlyAbove', { held, side: other === 1 ? 'long' : 'short' });
  const rows = await tx.query<Row>(
    `UPDATE lever_transactions SET share = $1, number = $2, origin_price = $3, price = $3,
       update_time = $4 WHERE id = $5 RETURNING *`,
    [
      String(next.share),
      new Decimal(pair.shareNum).times(next.share).toFixed(),
      next.reference.toFixed(),
      new Date(nowMs),
      p.id,
    ],
  );
  return { row: rows[0] ?? p, held: new Decimal(0) };
}

const orNull = (v: string): Decimal | null => (new Decimal(v).isZero() ? null : new Decimal(v));
