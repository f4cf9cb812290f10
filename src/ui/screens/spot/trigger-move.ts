// A conditional order dragged on the chart (issue 46): its trigger goes to the new price, and a
// limit kind's price goes by the same distance, so the order it places keeps its offset.
import type { AmendSpotTrigger, SpotTriggerView } from '../../../engine/api.ts';
import { parseDecimal } from '../../../shared/decimal.ts';

/** A conditional order's trigger moved to `price`; a limit kind's price moves with it. */
export function triggerMove(o: SpotTriggerView, price: string): AmendSpotTrigger {
  const to = parseDecimal(price);
  const from = parseDecimal(o.trigger);
  const limit = o.price !== null;
  let shifted = '';
  if (limit && to !== null && from !== null) {
    const p = parseDecimal(o.price);
    shifted = p === null ? '' : p.plus(to.minus(from)).toFixed();
  }
  return { id: o.id, side: o.side, limit, trigger: price, price: shifted, number: '' };
}
