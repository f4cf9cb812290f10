// Every page of an account list, one after the other, for an export (issue 25): the same
// engine query the screen pages with, from page 1 until the list says there is no more, up to
// a cap. The lists are paged by offset, so a row added at the top while the pages are read
// pushes the last row of a page onto the next: rows already read (same id) are not taken again.
// (A row removed meanwhile pulls one the other way, and that row is missed: offset paging
// cannot tell.)
import type { CommandResult, PageView } from '../../engine/api.ts';

/** Most rows one export holds (the entrusts come 5 a page: 2,000 requests at most). */
export const EXPORT_ROW_CAP = 10_000;

export interface AllRows<R> {
  rows: R[];
  /** The list's size as its first page gave it. */
  total: number;
  /** More rows were there than the cap: `rows` holds the first `cap` of them. */
  capped: boolean;
}

export interface AllPagesOptions {
  cap?: number;
  /** After each page: rows read so far, and how many there are to read (the cap at most). */
  onProgress?: (rows: number, expected: number) => void;
  /** Asked before each page: true stops the reading (the answer is then null). */
  cancelled?: () => boolean;
}

type Failure = Exclude<CommandResult<unknown>, { ok: true }>;

export async function fetchAllPages<R extends { id: number }>(
  fetchPage: (page: number) => Promise<CommandResult<PageView<R>>>,
  { cap = EXPORT_ROW_CAP, onProgress, cancelled }: AllPagesOptions = {},
): Promise<{ ok: true; data: AllRows<R> } | Failure | null> {
  const seen = new Set<number>();
  const rows: R[] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    if (cancelled?.() === true) return null;
    const r = await fetchPage(page);
    if (!r.ok) return r;
    if (page === 1) total = r.data.total;
    const added = takeNew(r.data.rows, seen, rows);
    onProgress?.(Math.min(rows.length, cap), Math.min(Math.max(total, rows.length), cap));
    if (rows.length >= cap) {
      const capped = rows.length > cap || r.data.hasMore;
      return { ok: true, data: { rows: rows.slice(0, cap), total, capped } };
    }
    // a page that brings nothing new ends it too: a server that always says "more" cannot
    // keep the export going
    if (!r.data.hasMore || added === 0) return { ok: true, data: { rows, total, capped: false } };
  }
}

/**
 * Appends the rows not read before to `into`; how many were new. A row without an id (0: a
 * legacy server's ledger row) cannot be told apart from another, so it is always taken.
 */
function takeNew<R extends { id: number }>(page: readonly R[], seen: Set<number>, into: R[]) {
  const before = into.length;
  for (const row of page) {
    if (row.id !== 0 && seen.has(row.id)) continue;
    seen.add(row.id);
    into.push(row);
  }
  return into.length - before;
}
