// Shapes shared by the routes: "Y-m-d H:i:s" times (UTC, as legacy) and paged lists.
import type { PagedList } from '../../src/shared/wire.ts';

/** "Y-m-d H:i:s" in UTC; "" for no time. */
export function formatTime(d: Date | null): string {
  return d === null ? '' : d.toISOString().slice(0, 19).replace('T', ' ');
}

export function paged<T>(list: T[], page: number, total: number, size: number): PagedList<T> {
  return { list, page, pages: Math.max(1, Math.ceil(total / size)), total };
}
