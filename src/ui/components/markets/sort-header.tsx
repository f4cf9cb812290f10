// A column header that sorts its table (issue 24): a button inside the header cell, which says
// its order to screen readers (aria-sort on a table's header; in its name on a list's) and shows
// it with an arrow. Pressing it cycles: the column's usual direction, the other one, then the
// exchange's order (market-sort.ts).
import type { MarketSort, MarketSortKey } from '../../../shared/workspace.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { updateWorkspace } from '../../workspace.ts';
import { nextSort } from './market-sort.ts';

interface SortHeaderProps {
  column: MarketSortKey;
  label: string;
  sort: MarketSort | null;
  className?: string;
  /** A header cell (`th`, default) or a plain label (the spot screen's list). */
  as?: 'th' | 'span';
}

export function SortHeader({ column, label, sort, className, as = 'th' }: SortHeaderProps) {
  const { t } = useI18n();
  const dir = sort?.key === column ? sort.dir : null;
  const named = as === 'span' && dir !== null;
  const button = (
    <button
      type="button"
      className={`sort-head${dir === null ? '' : ' is-sorted'}`}
      data-sort={column}
      aria-label={
        !named
          ? undefined
          : dir === 'asc'
            ? t('market.sorted.asc', { column: label })
            : t('market.sorted.desc', { column: label })
      }
      onClick={() => updateWorkspace((w) => ({ ...w, marketSort: nextSort(w.marketSort, column) }))}
    >
      {label}
      <span className="sort-head__arrow" aria-hidden="true">
        {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
  if (as === 'span') return <span className={className}>{button}</span>;
  const ariaSort = dir === null ? 'none' : dir === 'asc' ? 'ascending' : 'descending';
  return (
    <th scope="col" className={className} aria-sort={ariaSort}>
      {button}
    </th>
  );
}
