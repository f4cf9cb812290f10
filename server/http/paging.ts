// Paged answers in one place (api-contract §2.1): the request's page number and page size, the
// page count, and the three shapes the routes answer with — `{list, page, pages, total}` (news,
// the spot lists), the legacy `pageData` `{data, page, pages, total}`, and the Laravel 5
// paginator subset of lever/my_trade, microtrade/lists and wallet/hzhistory.
import { z } from 'zod';
import type { PagedList } from '../../src/shared/wire.ts';

/** `page`: a whole number from 1 (default 1). */
export const pageNumber = z.coerce.number().int().positive().max(100_000).default(1);

/**
 * Page size (`limit`): a whole number, clamped to 1..max rather than refused, as the legacy
 * backend does (api-contract decision 11: its client asks for `limit=99999` to mean "all").
 * An empty value means the default; anything else that is not a whole number is still
 * refused.
 */
export const pageLimit = (max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .default(fallback)
      .transform((n) => Math.min(max, Math.max(1, n))),
  );

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
