// A reduce-only order's submit (issue 44, ADR 0061), after the submit's own checks (the pair,
// the hands, the multiple, a limit price on its side of the mark): it takes no levels, it asks
// for no more hands than the owner holds on the other side of the pair, and a market one closes
// them at the mark in the same transaction. It writes its own row either way, so a client_id
// repeat finds it and the history shows it.
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { lockUser } from '../wallet/ledger.ts';
import type { PositionRow } from './lever-rules.ts';
import type { CheckedSubmit, SubmitRequest } from './lever-submit.ts';
import { fillReduce, handsOf, insertReduce, openOfSide, otherSide } from './lever-reduce.ts';

export async function submitReduce(
  db: Database,
  r: SubmitRequest,
  { pair, market, reference }: CheckedSubmit,
  nowMs: number,
): Promise<{ id: number; repeated: false }> {
  const levels = [r.stops.tp, r.stops.sl, r.trail.rate, r.trail.activation];
  if (levels.some((l) => l !== null)) throw new ApiError('lever.reduceOnlyLevels');
  // a conditional reduce-only order is a position's stop-loss: its TP/SL do that (ADR 0065)
  if ((r.trigger ?? null) !== null) throw new ApiError('lever.reduceOnlyTrigger');
  return db.transaction(async (tx) => {
    await lockUser(tx, r.userId);
    const other = otherSide(r.side);
    const held = handsOf(await openOfSide(tx, r.userId, pair.matchId, other));
    if (r.share > held)
      throw new ApiError('lever.reduceOnlyAbove', { held, side: other === 1 ? 'long' : 'short' });
    const id = await insertReduce(
      tx,
      {
        userId: r.userId,
        pair,
        side: r.side,
        share: r.share,
        multiple: r.multiple,
        price: reference,
        clientId: r.clientId,
      },
      nowMs,
    );
    if (r.mode === 1) {
      const rows = await tx.query<PositionRow & Record<string, unknown>>(
        'SELECT * FROM lever_transactions WHERE id = $1',
        [id],
      );
      const order = rows[0];
      if (order !== undefined) await fillReduce(tx, order, market, nowMs);
    }
    return { id, repeated: false };
  });
}
