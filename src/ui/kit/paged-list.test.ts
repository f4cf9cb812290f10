// The paged list's reducer (paged-list.ts), invariant by invariant: late replies ignored, rows
// kept while the same input reloads and dropped for another, pages appended (de-duplicated when
// the list names a row id), one next page at a time, failures that say what to ask again.
import { describe, expect, it } from 'vitest';
import type { PageView } from '../../engine/api.ts';
import {
  canAskMore,
  initialPaged,
  pagedReducer,
  type ListFailure,
  type PagedEvent,
  type PagedModel,
} from './paged-list.ts';

interface Row {
  id: number;
}

const rows = (...ids: number[]): Row[] => ids.map((id) => ({ id }));
const view = (ids: number[], hasMore: boolean): PageView<Row> => ({
  rows: rows(...ids),
  page: 1,
  pages: hasMore ? 2 : 1,
  total: ids.length,
  hasMore,
});
const failure = (over: Partial<ListFailure> = {}): ListFailure => ({
  message: 'HTTP 502',
  retryable: true,
  offline: false,
  ...over,
});

const byId = pagedReducer<Row>((r) => r.id);
const run = (
  events: PagedEvent<Row>[],
  reducer = byId,
  from: PagedModel<Row> = initialPaged('a'),
): PagedModel<Row> => events.reduce(reducer, from);

const loaded = (ids: number[], hasMore: boolean): PagedModel<Row> =>
  run([
    { type: 'list.load', key: 'a', generation: 1 },
    { type: 'list.page', generation: 1, page: 1, view: view(ids, hasMore) },
  ]);

describe('a paged list', () => {
  it('shows page 1 once it comes', () => {
    const m = loaded([1, 2], true);
    expect(m.status).toBe('ready');
    expect(m.rows).toEqual(rows(1, 2));
    expect(m.page).toBe(1);
    expect(m.hasMore).toBe(true);
    expect(m.total).toBe(2);
  });

  it('1. ignores a reply of an older load', () => {
    const m = run([
      { type: 'list.load', key: 'a', generation: 1 },
      { type: 'list.load', key: 'b', generation: 2 },
      { type: 'list.page', generation: 1, page: 1, view: view([9], false) },
      { type: 'list.failed', generation: 1, page: 1, failure: failure() },
    ]);
    expect(m.status).toBe('loading');
    expect(m.rows).toEqual([]);
    const late = run(
      [{ type: 'list.page', generation: 2, page: 1, view: view([3], false) }],
      byId,
      m,
    );
    expect(late.rows).toEqual(rows(3));
  });

  it('2. keeps its rows while the same input reloads, drops them for another input', () => {
    const same = run([{ type: 'list.load', key: 'a', generation: 2 }], byId, loaded([1], true));
    expect(same.status).toBe('loading');
    expect(same.rows).toEqual(rows(1));
    expect(same.hasMore).toBe(true);
    const other = run([{ type: 'list.load', key: 'b', generation: 2 }], byId, loaded([1], true));
    expect(other.rows).toEqual([]);
    expect(other.hasMore).toBe(false);
    expect(other.page).toBe(0);
  });

  it('3. appends a next page, without the rows already shown when rows have an id', () => {
    const events: PagedEvent<Row>[] = [
      { type: 'list.more', generation: 1 },
      { type: 'list.page', generation: 1, page: 2, view: view([2, 3], false) },
    ];
    expect(run(events, byId, loaded([1, 2], true)).rows).toEqual(rows(1, 2, 3));
    // a list without ids (the region's users) keeps every row it is sent
    expect(run(events, pagedReducer<Row>(), loaded([1, 2], true)).rows).toEqual(rows(1, 2, 2, 3));
    // page 1 replaces, whatever was shown
    const again = run(
      [
        { type: 'list.load', key: 'a', generation: 2 },
        { type: 'list.page', generation: 2, page: 1, view: view([7], false) },
      ],
      byId,
      run(events, byId, loaded([1, 2], true)),
    );
    expect(again.rows).toEqual(rows(7));
  });

  it('4. asks one next page at a time, and only while there is one', () => {
    const first = loaded([1], true);
    expect(canAskMore(first)).toBe(true);
    const asking = run([{ type: 'list.more', generation: 1 }], byId, first);
    expect(asking.more).toBe(true);
    expect(canAskMore(asking)).toBe(false);
    // refused: no more pages, a first page loading, a press for an older load
    expect(canAskMore(loaded([1], false))).toBe(false);
    const reloading = run([{ type: 'list.load', key: 'a', generation: 2 }], byId, first);
    expect(canAskMore(reloading)).toBe(false);
    expect(run([{ type: 'list.more', generation: 2 }], byId, reloading).more).toBe(false);
    expect(run([{ type: 'list.more', generation: 0 }], byId, first).more).toBe(false);
    // a reload ends the wait for the next page of the load before
    expect(run([{ type: 'list.load', key: 'a', generation: 2 }], byId, asking).more).toBe(false);
  });

  it('5. a failure keeps the rows and says which ask to repeat', () => {
    const none = run([
      { type: 'list.load', key: 'a', generation: 1 },
      { type: 'list.failed', generation: 1, page: 1, failure: failure({ retryable: false }) },
    ]);
    expect(none).toMatchObject({ status: 'error', retryable: false, failedMore: false });
    expect(none.rows).toEqual([]);

    const next = run(
      [
        { type: 'list.more', generation: 1 },
        { type: 'list.failed', generation: 1, page: 2, failure: failure({ offline: true }) },
      ],
      byId,
      loaded([1], true),
    );
    expect(next).toMatchObject({ status: 'error', offline: true, failedMore: true, more: false });
    expect(next.rows).toEqual(rows(1));
    expect(canAskMore(next)).toBe(true);

    const after = run(
      [
        { type: 'list.more', generation: 1 },
        { type: 'list.page', generation: 1, page: 2, view: view([2], false) },
      ],
      byId,
      next,
    );
    expect(after).toMatchObject({ status: 'ready', offline: false, failedMore: false, page: 2 });
    expect(after.rows).toEqual(rows(1, 2));
  });
});
