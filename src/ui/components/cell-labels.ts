// Tables that become cards on a phone (issue 23) show each figure under its column's name: the
// CSS reads it from the cell's data-label. This copies the header cells' text onto the body
// cells after each render of the table's owner, for tables whose rows are built from a column
// list (the contract tables) rather than written cell by cell.
import { useLayoutEffect, type RefObject } from 'react';

export function useCellLabels(table: RefObject<HTMLTableElement | null>): void {
  useLayoutEffect(() => {
    const el = table.current;
    if (el === null) return;
    const heads = [...el.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    for (const row of el.querySelectorAll('tbody tr'))
      [...row.children].forEach((cell, i) => {
        const label = heads[i];
        if (label !== undefined && label !== '' && cell.getAttribute('data-label') !== label)
          cell.setAttribute('data-label', label);
      });
  });
}
