// When the watched pair's recent trades are fetched again on a push (spot-sync.ts): a
// `trades.push` carries its `market_detail` seq (extension). The first push of a watch or of a
// connection, and any push after a gap, fetch the recent trades again: the history reply carries
// no seq, so only a fetch after a push covers the pushes lost before it.

export class TradesSeq {
  /** The watched pair's last seq pushed; null until the first push of a watch or connection. */
  private last: number | null = null;

  /** A new watch or connection: its first push fetches the trades again. */
  reset(): void {
    this.last = null;
  }

  /** Notes a push's seq; whether the trades are to be fetched again (first push, or a gap). */
  pushed(seq: number): boolean {
    const refetch = this.last === null || seq > this.last + 1;
    this.last = Math.max(this.last ?? seq, seq);
    return refetch;
  }
}
