// What a second contract has to say to a screen reader (issue 26, ADR 0038), pure: an order the
// page saw counting down says when its time is up, and then how it settled. Orders first seen
// already expired or settled (a page opened later, a held list) say nothing: that is old news.
import type { MicroOrderView } from '../../../engine/api.ts';
import { remainingOf } from './micro-time.ts';

export type MicroPhase = 'counting' | 'timeUp';
export interface MicroNews {
  kind: 'timeUp' | 'settled';
  order: MicroOrderView;
}

/**
 * The news between the phases `seen` (the orders watched, by id; updated in place) and the
 * rows now (the trading list and the closed one), at `now`.
 */
export function microNews(
  seen: Map<number, MicroPhase>,
  rows: readonly MicroOrderView[],
  now: number,
): MicroNews[] {
  const news: MicroNews[] = [];
  for (const order of rows) {
    const phase = seen.get(order.id);
    if (order.status === 3) {
      if (phase !== undefined) news.push({ kind: 'settled', order });
      seen.delete(order.id);
    } else if (remainingOf(order, now) > 0) {
      if (phase === undefined) seen.set(order.id, 'counting');
    } else if (phase === 'counting') {
      seen.set(order.id, 'timeUp');
      news.push({ kind: 'timeUp', order });
    }
  }
  return news;
}
