// A table of records (issue 43): the columns are declared (header, alignment, classes, cell),
// the table renders the list's states around them (list-state.tsx: loading, offline, error,
// empty) and, for a paged list, its footer ("load more", "no more data", or the failure of the
// next page). Every record screen shows its rows through it, so they all read, page and fail
// alike.
import { useRef, type Key, type ReactNode, type TdHTMLAttributes } from 'react';
import { useCellLabels } from '../components/cell-labels.ts';
import { ListState, LoadMore, type RecordList } from './list-state.tsx';
import type { PagedState } from './use-paged.ts';

/** Attributes a row or a cell may carry besides its class: test hooks, data of the record. */
export type DataAttributes = Record<`data-${string}`, string | number | boolean | undefined>;

export interface RecordColumn<R> {
  /** The header cell's text. */
  header: ReactNode;
  /** A figure: the header and the cells get `num` (aligned right). */
  num?: boolean;
  /** Classes of the header cell besides `num`. */
  headerClass?: string;
  /** Classes of each cell besides `num`: fixed, or from its record. */
  cellClass?: string | ((row: R) => string | undefined);
  /** Further attributes of each cell: a title, a data-testid. */
  cellProps?: (row: R) => Pick<TdHTMLAttributes<HTMLTableCellElement>, 'title'> & DataAttributes;
  /** The cell names its row (`<th scope="row">`), as an acceptor's name does. */
  rowHeader?: boolean;
  cell: (row: R) => ReactNode;
}

interface RecordTableProps<R> {
  /** A paged list (`usePaged`) gets its footer; a one-answer list (`arrayList`) does not. */
  list: RecordList<R> | PagedState<R>;
  columns: readonly RecordColumn<R>[];
  rowKey: (row: R, index: number) => Key;
  /** The row's data attributes, in the order they are written. */
  rowData?: (row: R) => DataAttributes;
  testId: string;
  className?: string;
  /** What the empty list says (default "no data"). */
  empty?: string;
  /** The "load more" button's words, where a screen has its own. */
  moreText?: string;
  /** No "no more data" line at the end: a panel of a trading screen, short of height. */
  noEnd?: boolean;
  /** Each row becomes a card on a phone, its cells labelled with their column's header. */
  cards?: boolean;
  /** The rows are held from the last page session: greyed, `data-held` (live-list.ts). */
  held?: boolean;
  /** The rows are an earlier input's while the new ones load: dimmed, `aria-busy`. */
  stale?: boolean;
  /** The table's accessible name, where no heading names it. */
  label?: string;
  /** The box the table scrolls in (default `table-wrap`). */
  wrapClass?: string;
  /** Classes of each row. */
  rowClass?: string;
  /** A click anywhere on the row (a pointer's shortcut: the row holds a button for keys). */
  onRowClick?: (row: R) => void;
}

export function RecordTable<R>(p: RecordTableProps<R>) {
  const { list, columns, rowKey, rowData, empty, moreText } = p;
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(p.cards === true ? table : NO_TABLE);
  return (
    <ListState list={list} {...(empty === undefined ? {} : { empty })}>
      <div className={p.wrapClass ?? 'table-wrap'}>
        <table
          ref={table}
          className={tableClass(p)}
          data-testid={p.testId}
          data-held={p.held === true || undefined}
          aria-busy={p.stale === true || undefined}
          aria-label={p.label}
        >
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={i} scope="col" className={classes(c.num, c.headerClass)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={p.stale === true ? 'records--stale' : undefined}>
            {list.rows.map((row, i) => (
              <tr
                key={rowKey(row, i)}
                className={p.rowClass}
                onClick={p.onRowClick === undefined ? undefined : () => p.onRowClick?.(row)}
                {...rowData?.(row)}
              >
                {columns.map((c, j) => cell(c, row, j))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {isPaged(list) && !(p.noEnd === true && !list.hasMore) && (
        <LoadMore list={list} {...(moreText === undefined ? {} : { moreText })} />
      )}
    </ListState>
  );
}

const NO_TABLE = { current: null };

function tableClass<R>(p: RecordTableProps<R>): string {
  const base = p.className ?? 'table records-table';
  return `${base}${p.cards === true ? ' table--cards' : ''}${p.held === true ? ' list--held' : ''}`;
}

function cell<R>(c: RecordColumn<R>, row: R, key: number): ReactNode {
  const extra = typeof c.cellClass === 'function' ? c.cellClass(row) : c.cellClass;
  const props = { className: classes(c.num, extra), ...c.cellProps?.(row) };
  return c.rowHeader ? (
    <th key={key} scope="row" {...props}>
      {c.cell(row)}
    </th>
  ) : (
    <td key={key} {...props}>
      {c.cell(row)}
    </td>
  );
}

/** `num` first, then the column's own classes; none at all: no attribute. */
function classes(num: boolean | undefined, extra: string | undefined): string | undefined {
  const all = [num === true ? 'num' : '', extra ?? ''].filter((c) => c !== '').join(' ');
  return all === '' ? undefined : all;
}

const isPaged = <R,>(list: RecordList<R> | PagedState<R>): list is PagedState<R> =>
  'loadMore' in list;
