// "Y-m-d H:i:s" times (UTC, as legacy), as every route writes them (paged lists: paging.ts).
/** "Y-m-d H:i:s" in UTC; "" for no time. */
export function formatTime(d: Date | null): string {
  return d === null ? '' : d.toISOString().slice(0, 19).replace('T', ' ');
}
