// A trailing stop set, changed or removed on an open position (issue 44, ADR 0062): the rate
// and activation checked as with an order (ADR 0060), the switch for stop levels open, the
// position open and the owner's. It starts again from the next tick: the best price so far is
// forgotten, and an activation price already passed activates it on that tick.
import { Decimal } from '../../src/shared/decimal.ts';
import { ApiError } from '../http/api-error.ts';
import { checkTrail } from './lever-rules.ts';
import type { LeverService, PositionRow } from './lever-service.ts';

export interface TrailChange {
  /** null: remove the trailing stop. */
  rate: Decimal | null;
  activation: Decimal | null;
}

export function setTrail(
  lever: LeverService,
  userId: number,
  id: number,
  trail: TrailChange,
  nowMs: number,
): Promise<void> {
  return lever.run(async () => {
    if ((await lever.setting('user_set_stopprice')) !== '1') throw new ApiError('lever.stopClosed');
    await lever.db.transaction(async (tx) => {
      const rows = await tx.query<PositionRow & Record<string, unknown>>(
        'SELECT * FROM lever_transactions WHERE id = $1 AND user_id = $2 FOR UPDATE',
        [id, userId],
      );
      const p = rows[0];
      if (p === undefined) throw new ApiError('lever.notFound');
      if (p.status !== 1 || p.reduce_only === 1) throw new ApiError('lever.notOpen');
      checkTrail(trail, lever.pairById(p.match_id)?.pricePrecision ?? 2);
      const zero = new Decimal(0);
      await tx.query(
        `UPDATE lever_transactions SET trail_rate = $1, trail_activation = $2, trail_peak = 0,
           update_time = $3 WHERE id = $4`,
        [
          (trail.rate ?? zero).toFixed(),
          (trail.rate === null ? zero : (trail.activation ?? zero)).toFixed(),
          new Date(nowMs),
          id,
        ],
      );
    });
  });
}
