// The desktop trading grid with panels hidden (issue 46): each screen's areas as its stylesheet
// has them (spot.css, lever-screen.css), and a hidden panel's cells given to the panel on their
// left (or, at the left edge, on their right) in the same row, so the chart, the forms, the orders
// or the positions grow into the room. The result goes to `grid-template-areas` through a CSS
// variable the workspace rule reads.
//
// Invariant (panel-areas.test.ts): A1 every area of the result is a rectangle, and no hidden
// panel is in it.
import type { HideablePanel, PanelScreen } from '../../shared/panels.ts';

export const SCREEN_AREAS: Record<PanelScreen, readonly (readonly string[])[]> = {
  spot: [
    ['stats', 'stats', 'stats'],
    ['book', 'chart', 'markets'],
    ['book', 'forms', 'trades'],
    ['orders', 'orders', 'trades'],
    ['info', 'info', 'info'],
  ],
  lever: [
    ['stats', 'stats', 'stats', 'stats'],
    ['book', 'chart', 'forms', 'forms'],
    ['positions', 'positions', 'positions', 'markets'],
    ['trades', 'trades', 'deals', 'deals'],
  ],
};

/** The areas with the hidden panels' cells taken by their neighbours in the row. */
export function panelAreas(screen: PanelScreen, hidden: readonly HideablePanel[]): string[][] {
  const gone = new Set<string>(hidden);
  return SCREEN_AREAS[screen].map((row) =>
    row.map((cell, i) => {
      if (!gone.has(cell)) return cell;
      const left = [...row.slice(0, i)].reverse().find((c) => !gone.has(c));
      return left ?? row.slice(i + 1).find((c) => !gone.has(c)) ?? cell;
    }),
  );
}

/** The areas as `grid-template-areas` takes them. */
export const areasText = (areas: readonly (readonly string[])[]): string =>
  areas.map((row) => `'${row.join(' ')}'`).join(' ');
