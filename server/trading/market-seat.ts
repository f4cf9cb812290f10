// Where this process sits in the cluster (issue 45, ADR 0071), as the spot engine sees it.
import type { Queryable } from '../db/database.ts';
import type { MemoryWallet, SpotCore } from './core.ts';

/**
 * Which markets this process owns (their books, matching and conditional orders run here), and
 * the fence of a transaction that writes a market's fills and orders (refused once another
 * process owns the market). The sole process owns every market.
 */
export interface MarketSeat {
  owns(matchId: number): boolean;
  fence(matchId: number, tx: Queryable): Promise<void>;
}

export const SOLE_SEAT: MarketSeat = { owns: () => true, fence: () => Promise.resolve() };

/** Top levels of a book side: [price ticks, amount lots], best first. */
export type Levels = Array<[bigint, bigint]>;

/** The top of a book, as the owner of its market sent it. */
export interface BookTop {
  buy: Levels;
  sell: Levels;
}

/**
 * Empties the book of a market this process no longer owns: the users' orders stay stored,
 * resting, for the new owner; the simulated ones are let go, their funds back in their wallet.
 */
export function emptyBook(
  core: SpotCore,
  simWallet: MemoryWallet,
  isSimulated: (userId: number) => boolean,
  matchId: number,
): void {
  const book = core.book(matchId);
  for (const o of [...book.allOrders()]) {
    const plan = isSimulated(o.userId) ? core.cancelPlan(matchId, o.id) : null;
    if (plan !== null) simWallet.apply(plan.ops);
    book.remove(o.id);
  }
  book.drainChanges();
}
