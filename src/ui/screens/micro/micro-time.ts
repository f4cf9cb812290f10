// The order list's clock rules, pure: what is left of an order at `now`, and which trading rows
// are still shown (a settled one for 0.5 s after its push).
import type { MicroOrderView } from '../../../engine/api.ts';

export const remainingOf = (o: MicroOrderView, now: number): number =>
  Math.max(0, o.deadline - now);

export const visibleOrders = (rows: readonly MicroOrderView[], now: number): MicroOrderView[] =>
  rows.filter((o) => o.removeAt === null || now < o.removeAt);
