// The `seq` of each push stream (ADR 0073). A market's streams start above a base the market's
// owner gives: its lease epoch × 2^32 in a cluster, 0 for the sole process. A new owner's numbers
// therefore go on above the old owner's: a client that follows a stream across a failover sees a
// gap (prev_seq is not its last seq) and resyncs, instead of taking the new owner's 1, 2, 3 as old
// pushes and keeping a stale book or ticker (book.ts K5; market.ts ignores a seq not above its
// last). 2^32 pushes per owner is over a year at 100 a second; 2^53 leaves 2^21 takes of a lease.
export const SEQ_SPAN = 2 ** 32;

export class StreamSeqs {
  private readonly seqs = new Map<string, number>();

  /** `baseOf(matchId)`: where the market's streams start now (its owner's epoch × SEQ_SPAN). */
  constructor(private readonly baseOf: (matchId: number) => number = () => 0) {}

  /** The last number sent on a stream of market `matchId` (its base while none was). */
  last(stream: string, matchId: number): number {
    return Math.max(this.seqs.get(stream) ?? 0, this.baseOf(matchId));
  }

  /** The next number of a stream of market `matchId`. */
  next(stream: string, matchId: number): number {
    const seq = this.last(stream, matchId) + 1;
    this.seqs.set(stream, seq);
    return seq;
  }
}
