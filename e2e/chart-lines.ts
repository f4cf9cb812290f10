// Reading the chart's canvas in e2e tests (issue 46): where a line of a colour is drawn, from a
// screenshot of the canvas (the paint worker owns its pixels; the page cannot read them).
import { expect, type Page } from './fixtures.ts';

export const canvas = (page: Page) => page.getByTestId('spot-chart-canvas');

/** The y (CSS px) of the canvas row with the most pixels of the variable's colour, and how many. */
export async function lineRow(page: Page, variable: string): Promise<{ y: number; count: number }> {
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
      if (g === null) return { y: -1, count: 0 };
      g.fillStyle = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
      g.fillRect(0, 0, 1, 1);
      const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
      g.drawImage(img, 0, 0);
      const scale = img.width / cssWidth;
      // the plot only: the axis' price tag has the colour too
      const plot = Math.floor(img.width - axisWidth * scale);
      let best = { y: -1, count: 0 };
      for (let y = 0; y < img.height; y++) {
        const px = g.getImageData(0, y, plot, 1).data;
        let n = 0;
        for (let k = 0; k < px.length; k += 4)
          if (
            Math.abs((px[k] ?? 0) - (r ?? 0)) <= 8 &&
            Math.abs((px[k + 1] ?? 0) - (gr ?? 0)) <= 8 &&
            Math.abs((px[k + 2] ?? 0) - (b ?? 0)) <= 8
          )
            n += 1;
        if (n > best.count) best = { y: y / scale, count: n };
      }
      return best;
    },
    [png.toString('base64'), variable, axis, cssWidth] as const,
  );
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
      if (g === null) return { x: -1, y: -1, count: 0 };
      g.fillStyle = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
      g.fillRect(0, 0, 1, 1);
      const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
      g.drawImage(img, 0, 0);
      const scale = img.width / cssWidth;
      const plot = Math.floor(img.width - axisWidth * scale);
      const px = g.getImageData(0, 0, plot, img.height).data;
      // the densest 16 × 16 px square of the colour: a mark, not a toast's icon elsewhere
      const xs: number[] = [];
      const ys: number[] = [];
      const close = (k: number, c: number | undefined): boolean =>
        Math.abs((px[k] ?? 0) - (c ?? 0)) <= 8;
      for (let k = 0; k < px.length; k += 4) {
        if (!close(k, r) || !close(k + 1, gr) || !close(k + 2, b)) continue;
        xs.push((k / 4) % plot);
        ys.push(Math.floor(k / 4 / plot));
      }
      const half = 8 * scale;
      const around = (cx: number, cy: number) => {
        const near = xs
          .map((x, j) => [x, ys[j] ?? 0] as const)
          .filter(([x, y]) => Math.abs(x - cx) <= half && Math.abs(y - cy) <= half);
        const n = near.length;
        return {
          n,
          x: near.reduce((a, [x]) => a + x, 0) / n,
          y: near.reduce((a, [, y]) => a + y, 0) / n,
        };
      };
      let best = { n: 0, x: -1, y: -1 };
      for (let i = 0; i < xs.length; i += 3) {
        const here = around(xs[i] ?? 0, ys[i] ?? 0);
        if (here.n > best.n) best = here;
      }
      return best.n === 0
        ? { x: -1, y: -1, count: 0 }
        : { x: best.x / scale, y: best.y / scale, count: best.n };
    },
    [png.toString('base64'), variable, axis, cssWidth] as const,
  );
}
