// The record table and its states (record-table.tsx, list-state.tsx), rendered to static
// markup: loading, offline, error with Retry only where asking again helps, empty, the rows
// with "load more" (focusable while busy, ADR 0046), the end, and a next page that failed; and
// a list the engine keeps (live-list.ts) in that shape.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { t } from '../i18n/i18n.ts';
import type { RecordList } from './list-state.tsx';
import { liveList } from './live-list.ts';
import { RecordTable, type RecordColumn } from './record-table.tsx';
import type { PagedState } from './use-paged.ts';

interface Row {
  id: number;
  name: string;
  amount: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'one', amount: '1.5' },
  { id: 2, name: 'two', amount: '-2' },
];
const noop = () => undefined;
const retry = `>${t('common.retry')}<`;

const COLUMNS: RecordColumn<Row>[] = [
  { header: 'Name', rowHeader: true, cell: (r) => r.name },
  {
    header: 'Amount',
    num: true,
    cellClass: (r) => (r.amount.startsWith('-') ? 'down' : undefined),
    cellProps: (r) => ({ title: r.amount, 'data-testid': 'amount' }),
    cell: (r) => r.amount,
  },
  { header: 'Action', headerClass: 'cell-actions', cellClass: 'cell-actions', cell: () => null },
];

function paged(over: Partial<PagedState<Row>> = {}): PagedState<Row> {
  return {
    rows: ROWS,
    status: 'ready',
    message: '',
    retryable: true,
    offline: false,
    hasMore: false,
    more: false,
    total: 2,
    loadMore: noop,
    reload: noop,
    retry: noop,
    ...over,
  };
}

const render = (
  list: PagedState<Row> | RecordList<Row>,
  extra: Partial<Parameters<typeof RecordTable<Row>>[0]> = {},
): string =>
  renderToStaticMarkup(
    createElement(RecordTable<Row>, {
      list,
      columns: COLUMNS,
      rowKey: (r) => r.id,
      rowData: (r) => ({ 'data-row-id': r.id }),
      testId: 'rows',
      ...extra,
    }),
  );

describe('RecordTable', () => {
  it('says it is loading while the first page has not come', () => {
    const html = render(paged({ rows: [], status: 'loading' }));
    expect(html).toContain('state--loading');
    expect(html).not.toContain('<table');
  });

  it('shows a failure, with Retry only where asking again can help', () => {
    const failed = (retryable: boolean) =>
      render(paged({ rows: [], status: 'error', message: 'HTTP 502', retryable }));
    expect(failed(true)).toContain(t('wallet.list.error', { message: 'HTTP 502' }));
    expect(failed(true)).toContain('role="alert"');
    expect(failed(true)).toContain(retry);
    expect(failed(false)).not.toContain(retry);
  });

  it('says it is offline, not that it failed, when the network is known to be gone', () => {
    const html = render(
      paged({ rows: [], status: 'error', message: 'x', retryable: true, offline: true }),
    );
    expect(html).toContain('data-testid="list-offline"');
    expect(html).toContain(t('common.offlineError'));
    expect(html).toContain(retry);
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain(t('common.noData'));
  });

  it('keeps its rows when offline', () => {
    const html = render(paged({ status: 'error', offline: true, message: 'm', hasMore: true }));
    expect(html).toContain('data-row-id="1"');
    expect(html).not.toContain('list-offline');
    // the next page could not come: said under the rows, with a retry
    expect(html).toContain(t('wallet.list.error', { message: 'm' }));
    expect(html).toContain(retry);
    expect(html).not.toContain('data-testid="load-more"');
  });

  it('says the list is empty, in its own words or "no data"', () => {
    expect(render(paged({ rows: [] }))).toContain(t('common.noData'));
    const html = render(paged({ rows: [] }), { empty: 'No loans' });
    expect(html).toContain('state--empty');
    expect(html).toContain('No loans');
  });

  it('renders the declared columns, rows and cells', () => {
    const html = render(paged());
    expect(html).toContain(
      '<div class="table-wrap"><table class="table records-table" data-testid="rows"><thead><tr>' +
        '<th scope="col">Name</th><th scope="col" class="num">Amount</th>' +
        '<th scope="col" class="cell-actions">Action</th></tr></thead>',
    );
    expect(html).toContain(
      '<tr data-row-id="1"><th scope="row">one</th>' +
        '<td class="num" title="1.5" data-testid="amount">1.5</td><td class="cell-actions"></td></tr>',
    );
    expect(html).toContain('<td class="num down" title="-2" data-testid="amount">-2</td>');
  });

  it('offers "load more" while there are pages, focusable while it loads one', () => {
    const idle = render(paged({ hasMore: true }), { moreText: 'More loans' });
    expect(idle).toContain('<div class="list-footer"><button type="button"');
    expect(idle).toContain('data-testid="load-more"');
    expect(idle).toContain('>More loans<');
    expect(idle).toContain('aria-busy="false"');
    const busy = render(paged({ hasMore: true, more: true }));
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toContain('aria-disabled="true"');
    expect(busy).not.toMatch(/\sdisabled=""/);
    expect(busy).toContain(`>${t('common.loading')}<`);
    // a reload of the first page: a press would be ignored too
    const reloading = render(paged({ hasMore: true, status: 'loading' }));
    expect(reloading).toContain('aria-busy="true"');
  });

  it('says when there is no more', () => {
    const html = render(paged());
    expect(html).toContain(`<span class="list-footer__end">${t('wallet.list.noMore')}</span>`);
    expect(html).not.toContain('load-more');
  });

  it('leaves the end unsaid where asked (a trading panel), not "load more"', () => {
    expect(render(paged(), { noEnd: true })).not.toContain('list-footer');
    expect(render(paged({ hasMore: true }), { noEnd: true })).toContain('data-testid="load-more"');
  });

  it('has no footer for a list without pages', () => {
    const { rows, status, message, retryable, offline, reload } = paged();
    const html = render({ rows, status, message, retryable, offline, reload });
    expect(html).toContain('data-row-id="2"');
    expect(html).not.toContain('list-footer');
  });

  it('greys the rows of a held list, dims those of an earlier input, and can be named', () => {
    const held = render(paged(), { held: true, cards: true });
    expect(held).toContain(
      '<table class="table records-table table--cards list--held" data-testid="rows" data-held="true">',
    );
    const stale = render(paged(), { stale: true, label: 'Sell ads', className: 'table c2c' });
    expect(stale).toContain(
      '<table class="table c2c" data-testid="rows" aria-busy="true" aria-label="Sell ads">',
    );
    expect(stale).toContain('<tbody class="records--stale">');
    expect(render(paged())).toContain('<tbody><tr data-row-id="1">');
  });

  it("gives its rows their class, in a box of the screen's own", () => {
    const html = render(paged(), { rowClass: 'link', wrapClass: 'orders__wrap' });
    expect(html).toContain('<div class="orders__wrap"><table');
    expect(html).toContain('<tr class="link" data-row-id="1">');
  });
});

describe('liveList', () => {
  const part = { rows: ROWS, hasMore: true, loaded: true, held: false };
  const ask = { error: null, reload: noop, loadMore: noop };

  it("loads until the first reply; fails with the engine's error while nothing is known", () => {
    const waiting = liveList({ ...part, rows: [], loaded: false }, ask);
    expect(waiting.status).toBe('loading');
    expect(render(waiting)).toContain('state--loading');
    const failed = liveList({ ...part, rows: [], loaded: false }, { ...ask, error: 'HTTP 502' });
    expect(failed).toMatchObject({ status: 'error', message: 'HTTP 502', retryable: true });
    expect(render(failed)).toContain(t('wallet.list.error', { message: 'HTTP 502' }));
  });

  it('keeps its rows after a failure once known, and pages while not held', () => {
    const shown = liveList(part, { ...ask, error: 'later failure' });
    expect(shown).toMatchObject({ status: 'ready', message: '', hasMore: true, held: false });
    expect(render(shown)).toContain('data-testid="load-more"');
  });

  it('offers no next page of held rows: the server has not answered yet', () => {
    const held = liveList({ ...part, loaded: false, held: true }, ask);
    expect(held).toMatchObject({ status: 'ready', hasMore: false, held: true });
  });

  it('shows the rows the screen passes (a filter of its own)', () => {
    const one = liveList(part, ask, [ROWS[1] as Row]);
    expect(one.rows).toEqual([ROWS[1]]);
    expect(one.total).toBe(1);
  });
});
