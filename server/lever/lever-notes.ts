// The notifications of contract positions (issue 25), written in the transaction that opens or
// closes the position: `lever.opened` (a market order opened, or a limit order reached its price),
// and one of `lever.closed` (the owner's close, one per position of a batch close), `lever.stop`
// (its take-profit or stop-loss level) or `lever.liquidated` at a close. `amount` is the
// position's quantity (`number`), `price` the open price for an opening and the close price (the
// mark it settled at) for a close, `profit` what the close credited beyond the margin, signed.
import type { Decimal } from '../../src/shared/decimal.ts';
import type { LeverSide } from '../../src/shared/lever.ts';
import type { Queryable } from '../db/database.ts';
import { addNotification } from '../notify/notifications.ts';
import { noteDec, pairSymbol } from '../notify/note-values.ts';

/** Why a position closed, as its notification says it. */
export type CloseWhy =
  | { kind: 'lever.closed' }
  | { kind: 'lever.stop'; trigger: 'profit' | 'loss' | 'trailing' }
  | { kind: 'lever.liquidated' };

/** The columns of a position its notifications read. */
export interface NotedPosition {
  user_id: number;
  type: LeverSide;
  currency: number;
  legal: number;
  number: string;
  price: string;
}

const sideOf = (type: LeverSide) => (type === 1 ? 'long' : 'short');

async function facts(tx: Queryable, p: NotedPosition, price: Decimal.Value) {
  return {
    symbol: await pairSymbol(tx, p.currency, p.legal),
    side: sideOf(p.type),
    amount: noteDec(p.number),
    price: noteDec(price),
  } as const;
}

export async function writeOpenNote(tx: Queryable, p: NotedPosition, nowMs: number): Promise<void> {
  await addNotification(tx, p.user_id, 'lever.opened', await facts(tx, p, p.price), nowMs);
}

export async function writeCloseNote(
  tx: Queryable,
  p: NotedPosition,
  mark: Decimal,
  profit: Decimal,
  why: CloseWhy,
  nowMs: number,
): Promise<void> {
  const params = { ...(await facts(tx, p, mark)), profit: noteDec(profit) };
  if (why.kind === 'lever.stop')
    await addNotification(tx, p.user_id, why.kind, { ...params, trigger: why.trigger }, nowMs);
  else await addNotification(tx, p.user_id, why.kind, params, nowMs);
}
