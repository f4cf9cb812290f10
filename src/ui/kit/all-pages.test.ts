import { describe, expect, it } from 'vitest';
import type { CommandResult, PageView } from '../../engine/api.ts';
import { fetchAllPages } from './all-pages.ts';

interface Row {
  id: number;
}

/** A server list of `n` rows (ids n..1, newest first), `size` a page. */
function pages(n: number, size: number) {
  const all: Row[] = Array.from({ length: n }, (_, i) => ({ id: n - i }));
  const asked: number[] = [];
  const fetchPage = (page: number): Promise<CommandResult<PageView<Row>>> => {
    asked.push(page);
    const rows = all.slice((page - 1) * size, page * size);
    const data = {
      rows,
      page,
      pages: Math.ceil(n / size),
      total: all.length,
      hasMore: page * size < all.length,
    };
    return Promise.resolve({ ok: true, message: '', data });
  };
  return { all, asked, fetchPage };
}

describe('fetchAllPages', () => {
  it('reads every page in order until there is no more', async () => {
    const list = pages(12, 5);
    const progress: [number, number][] = [];
    const r = await fetchAllPages(list.fetchPage, {
      onProgress: (n, of) => progress.push([n, of]),
    });
    expect(r).toEqual({ ok: true, data: { rows: list.all, total: 12, capped: false } });
    expect(list.asked).toEqual([1, 2, 3]);
    expect(progress).toEqual([
      [5, 12],
      [10, 12],
      [12, 12],
    ]);
  });

  it('stops at the cap and says so only when more rows were there', async () => {
    const over = pages(12, 5);
    const r = await fetchAllPages(over.fetchPage, { cap: 7 });
    expect(r).toEqual({ ok: true, data: { rows: over.all.slice(0, 7), total: 12, capped: true } });
    expect(over.asked).toEqual([1, 2]);
    const exact = pages(10, 5);
    const e = await fetchAllPages(exact.fetchPage, { cap: 10 });
    expect(e?.ok === true && e.data.capped).toBe(false);
  });

  it('does not take a row twice when a new one pushed it onto the next page', async () => {
    const list = pages(6, 3);
    const shifted = (page: number) => {
      // a row added at the top after page 1 was read: page 2 starts with page 1's last row
      if (page === 2) list.all.unshift({ id: 7 });
      return list.fetchPage(page);
    };
    const r = await fetchAllPages(shifted);
    expect(r?.ok === true && r.data.rows.map((x) => x.id)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('takes every row without an id (a legacy ledger row is id 0)', async () => {
    const legacy = (page: number): Promise<CommandResult<PageView<Row>>> => {
      const rows = page === 1 ? [{ id: 0 }, { id: 0 }] : [{ id: 0 }];
      const data = { rows, page, pages: 2, total: 3, hasMore: page === 1 };
      return Promise.resolve({ ok: true, message: '', data });
    };
    const r = await fetchAllPages(legacy);
    expect(r?.ok === true && r.data.rows).toHaveLength(3);
  });

  it('ends on a page that brings nothing new (a server that always says "more")', async () => {
    let asked = 0;
    const stuck = (page: number): Promise<CommandResult<PageView<Row>>> => {
      asked += 1;
      const data = { rows: [{ id: 1 }], page, pages: 99, total: 99, hasMore: true };
      return Promise.resolve({ ok: true, message: '', data });
    };
    const r = await fetchAllPages(stuck);
    expect(r?.ok === true && r.data.rows).toEqual([{ id: 1 }]);
    expect(asked).toBe(2);
  });

  it('hands back the failure of a page, and null once cancelled', async () => {
    const failing = (page: number): Promise<CommandResult<PageView<Row>>> =>
      page === 1
        ? pages(9, 5).fetchPage(1)
        : Promise.resolve({ ok: false, code: 'network', message: 'down' });
    expect(await fetchAllPages(failing)).toEqual({ ok: false, code: 'network', message: 'down' });
    let stop = false;
    const list = pages(20, 5);
    const r = await fetchAllPages(list.fetchPage, {
      onProgress: () => (stop = true),
      cancelled: () => stop,
    });
    expect(r).toBeNull();
    expect(list.asked).toEqual([1]);
  });
});
