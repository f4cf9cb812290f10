// Reading the chart's canvas in e2e tests (issue 46): where a line of a colour is drawn, from a
// screenshot of the canvas (the paint worker owns its pixels; the page cannot read them).
import { expect, type Page } from './fixtures.ts';

export const canvas = (page: Page) => page.getByTestId('spot-chart-canvas');

/**
 * Waits until the chart has drawn bars of `symbol`: data-bars alone may still be the pair shown
 * before (a CI run right-clicked BCH's chart while it still waited for its bars, and no menu came).
 */
export async function chartOf(page: Page, symbol: string): Promise<void> {
  const escaped = symbol.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  await expect(canvas(page)).toHaveAttribute('data-series', new RegExp(`^${escaped}\\|`));
}

/**
 * The pixels of the plot (the axis' price tags left out: they have the colours too) whose colour
 * is the CSS variable's, ±8 per channel, in device px; and the device px per CSS px.
 */
async function colourPixels(
  page: Page,
  variable: string,
): Promise<{ xs: number[]; ys: number[]; scale: number; rows: number }> {
  const c = canvas(page);
  const png = await c.screenshot();
  const axis = Number(await c.getAttribute('data-axis-width'));
  const cssWidth = await c.evaluate((el) => el.clientWidth);
  return page.evaluate(
    async ([data, name, axisWidth, cssWidth]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const cv = document.createElement('canvas');
      cv.width = img.width;
      cv.height = img.height;
      const g = cv.getContext('2d', { willReadFrequently: true });
      const scale = img.width / cssWidth;
      const found = { xs: [] as number[], ys: [] as number[], scale, rows: img.height };
      if (g === null) return found;
      g.fillStyle = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
      g.fillRect(0, 0, 1, 1);
      const want = g.getImageData(0, 0, 1, 1).data;
      g.drawImage(img, 0, 0);
      const plot = Math.floor(img.width - axisWidth * scale);
      const px = g.getImageData(0, 0, plot, img.height).data;
      const close = (k: number, c: number): boolean => Math.abs((px[k] ?? 0) - (want[c] ?? 0)) <= 8;
      for (let k = 0; k < px.length; k += 4) {
        if (!close(k, 0) || !close(k + 1, 1) || !close(k + 2, 2)) continue;
        found.xs.push((k / 4) % plot);
        found.ys.push(Math.floor(k / 4 / plot));
      }
      return found;
    },
    [png.toString('base64'), variable, axis, cssWidth] as const,
  );
}

/** The y (CSS px) of the canvas row with the most pixels of the variable's colour, and how many. */
export async function lineRow(page: Page, variable: string): Promise<{ y: number; count: number }> {
  const { ys, scale, rows } = await colourPixels(page, variable);
  const perRow = new Array<number>(rows).fill(0);
  for (const y of ys) perRow[y] = (perRow[y] ?? 0) + 1;
  let best = { y: -1, count: 0 };
  perRow.forEach((n, y) => {
    if (n > best.count) best = { y: y / scale, count: n };
  });
  return best;
}

/** The row of the line drawn in the variable's colour, once it crosses most of the plot. */
export async function lineAt(page: Page, variable: string): Promise<number> {
  let found = { y: -1, count: 0 };
  await expect
    .poll(async () => {
      found = await lineRow(page, variable);
      return found.count;
    })
    .toBeGreaterThan(200);
  return found.y;
}

/** Where the pixels of the variable's colour are in the plot: their centre and how many. */
export async function colourCentre(
  page: Page,
  variable: string,
): Promise<{ x: number; y: number; count: number }> {
  const { xs, ys, scale } = await colourPixels(page, variable);
  // the densest 16 × 16 px square of the colour: a mark, not a toast's icon elsewhere
  const half = 8 * scale;
  const around = (cx: number, cy: number) => {
    let n = 0;
    let sx = 0;
    let sy = 0;
    xs.forEach((x, j) => {
      const y = ys[j] ?? 0;
      if (Math.abs(x - cx) > half || Math.abs(y - cy) > half) return;
      n += 1;
      sx += x;
      sy += y;
    });
    return { n, x: sx / n, y: sy / n };
  };
  let best = { n: 0, x: -1, y: -1 };
  for (let i = 0; i < xs.length; i += 3) {
    const here = around(xs[i] ?? 0, ys[i] ?? 0);
    if (here.n > best.n) best = here;
  }
  return best.n === 0
    ? { x: -1, y: -1, count: 0 }
    : { x: best.x / scale, y: best.y / scale, count: best.n };
}

/**
 * Where the pixels of the variable's colour are in the plot (CSS px): their bounds and count. The
 * page's own text over the chart (the legend, a selected drawing's Delete) is not the canvas.
 */
export async function colourExtent(
  page: Page,
  variable: string,
): Promise<{ x1: number; x2: number; y1: number; y2: number; count: number }> {
  const { xs, ys, scale } = await colourPixels(page, variable);
  const c = await canvas(page).boundingBox();
  const boxes = await page
    .locator('.chart-draw-bar, .chart__legend')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  const left = c?.x ?? 0;
  const top = c?.y ?? 0;
  const under = (x: number, y: number): boolean =>
    boxes.some(
      (b) =>
        x >= b.x - left && x <= b.x - left + b.width && y >= b.y - top && y <= b.y - top + b.height,
    );
  const kept = xs
    .map((x, i) => ({ x: x / scale, y: (ys[i] ?? 0) / scale }))
    .filter((p) => !under(p.x, p.y));
  if (kept.length === 0) return { x1: -1, x2: -1, y1: -1, y2: -1, count: 0 };
  return {
    x1: Math.min(...kept.map((p) => p.x)),
    x2: Math.max(...kept.map((p) => p.x)),
    y1: Math.min(...kept.map((p) => p.y)),
    y2: Math.max(...kept.map((p) => p.y)),
    count: kept.length,
  };
}
