// Paged answers in one place (api-contract §2.1): the request's page number and page size, the
// page count, and the three shapes the routes answer with — `{list, page, pages, total}` (news,
// the spot lists), the legacy `pageData` `{data, page, pages, total}`, and the Laravel 5
// paginator subset of lever/my_trade, microtrade/lists and wallet/hzhistory.
import type { PagedList } from '../../src/shared/wire.ts';
import { pageLimit, pageNumber } from '../../src/shared/wire/primitives.ts';

// the request's page and page size are the wire's own forms (src/shared/wire/primitives.ts)
export { pageLimit, pageNumber };

/** How many pages `total` rows fill, at least 1 (an empty list is one empty page). */
export const lastPage = (total: number, size: number): number =>
  Math.max(1, Math.ceil(total / size));

/** Rows skipped before page `page` (SQL OFFSET). */
export const offsetOf = (page: number, size: number): number => (page - 1) * size;

/** `{list, page, pages, total}`. */
export function paged<T>(list: T[], page: number, total: number, size: number): PagedList<T> {
  return { list, page, pages: lastPage(total, size), total };
}

/** The legacy `pageData(paginator)`: `{data, page, pages, total}`. */
export interface PageData<T> {
  data: T[];
  page: number;
  pages: number;
  total: number;
}

export function pageData<T>(data: T[], page: number, total: number, size: number): PageData<T> {
  return { data, page, pages: lastPage(total, size), total };
}

/** The fields of a Laravel 5 paginator that the reference server answers. */
export interface LaravelPage<T> {
  current_page: number;
  data: T[];
  /** Position of the first row of this page (from 1); null when the page has none. */
  from: number | null;
  to: number | null;
  last_page: number;
  per_page: number;
  total: number;
}

export function laravelPage<T>(
  data: T[],
  page: number,
  total: number,
  size: number,
): LaravelPage<T> {
  const from = data.length === 0 ? null : offsetOf(page, size) + 1;
  return {
    current_page: page,
    data,
    from,
    to: from === null ? null : from + data.length - 1,
    last_page: lastPage(total, size),
    per_page: size,
    total,
  };
}
