// A1: whatever panels are hidden, every area of the desktop grid is a rectangle (or the browser
// drops the whole template) and no hidden panel keeps a cell.
import { describe, expect, it } from 'vitest';
import { HIDEABLE_PANELS, PANEL_SCREENS, type HideablePanel } from '../../shared/panels.ts';
import { areasText, panelAreas } from './panel-areas.ts';

function rectangles(areas: string[][]): boolean {
  const names = new Set(areas.flat());
  return [...names].every((name) => {
    const cells = areas.flatMap((row, r) => row.flatMap((c, k) => (c === name ? [[r, k]] : [])));
    const rows = cells.map(([r]) => r ?? 0);
    const cols = cells.map(([, k]) => k ?? 0);
    const h = Math.max(...rows) - Math.min(...rows) + 1;
    const w = Math.max(...cols) - Math.min(...cols) + 1;
    return h * w === cells.length;
  });
}

const subsets: HideablePanel[][] = Array.from({ length: 1 << HIDEABLE_PANELS.length }, (_, m) =>
  HIDEABLE_PANELS.filter((_, i) => (m >> i) & 1),
);

describe('panelAreas', () => {
  it.each(PANEL_SCREENS)('A1 on %s: rectangles, no hidden panel', (screen) => {
    for (const hidden of subsets) {
      const areas = panelAreas(screen, hidden);
      expect(rectangles(areas), `${screen} ${hidden.join()}`).toBe(true);
      for (const p of hidden) expect(areas.flat()).not.toContain(p);
    }
  });

  it('gives the room to the neighbour in the row', () => {
    expect(areasText(panelAreas('spot', ['book', 'markets']))).toBe(
      "'stats stats stats' 'chart chart chart' 'forms forms trades' 'orders orders trades' 'info info info'",
    );
    expect(panelAreas('lever', ['trades'])[3]).toEqual(['deals', 'deals', 'deals', 'deals']);
  });
});
