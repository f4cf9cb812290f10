// Geometry of the chart in CSS pixels: the price pane, the volume pane under it (none when the
// volume is hidden), the price axis on the right and the time axis at the bottom; and the value
// ranges the visible bars need.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartLayout {
  /** Candles, MA lines, crosses. */
  price: Rect;
  volume: Rect;
  /** The oscillators' panes (RSI, MACD), under the price, above the volume. */
  osc: Rect[];
  /** Right of both panes. */
  priceAxis: Rect;
  /** Under both panes. */
  timeAxis: Rect;
}

export const TIME_AXIS_HEIGHT = 24;
/** Share of the pane height given to volume. */
export const VOLUME_SHARE = 0.2;
export const PANE_GAP = 8;
/** Room above the highest candle for the legend. */
export const TOP_PAD = 36;
/** Share of the pane height given to each oscillator. */
export const OSC_SHARE = 0.17;
/** A third row of the legend (the studies over the price): room for it above the candles. */
export const LEGEND_ROW = 18;

export function chartLayout(
  width: number,
  height: number,
  priceAxisWidth: number,
  withVolume = true,
  oscillators = 0,
  topPad = TOP_PAD,
): ChartLayout {
  const w = Math.max(0, width - priceAxisWidth);
  const panes = Math.max(0, height - TIME_AXIS_HEIGHT);
  const volumeHeight = withVolume ? Math.round(panes * VOLUME_SHARE) : 0;
  const gap = withVolume ? PANE_GAP : 0;
  // the oscillators give way on a short chart: the price keeps at least half of its room
  const room = panes - volumeHeight - gap - topPad;
  const oscHeight =
    oscillators === 0
      ? 0
      : Math.max(
          0,
          Math.min(Math.round(panes * OSC_SHARE), Math.floor(room / 2 / oscillators) - PANE_GAP),
        );
  const oscTotal = oscillators * (oscHeight + PANE_GAP);
  const priceHeight = Math.max(0, panes - volumeHeight - gap - oscTotal - topPad);
  const osc = Array.from({ length: oscillators }, (_, k) => ({
    x: 0,
    y: topPad + priceHeight + PANE_GAP + k * (oscHeight + PANE_GAP),
    width: w,
    height: oscHeight,
  }));
  return {
    price: { x: 0, y: topPad, width: w, height: priceHeight },
    volume: { x: 0, y: panes - volumeHeight, width: w, height: volumeHeight },
    osc,
    priceAxis: { x: w, y: 0, width: Math.min(width, priceAxisWidth), height: panes },
    timeAxis: { x: 0, y: panes, width: w, height: TIME_AXIS_HEIGHT },
  };
}

/** The smallest and largest finite value of some columns over [first, last); null if none. */
export function extentOf(
  columns: readonly Float64Array[],
  first: number,
  last: number,
): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  for (const col of columns) {
    for (let i = first; i < last; i++) {
      const v = col[i] ?? NaN;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return min <= max ? [min, max] : null;
}

/** A price domain with a margin; a flat series gets a band around its value. */
export function paddedDomain(extent: [number, number] | null, margin = 0.06): [number, number] {
  if (extent === null) return [0, 1];
  const [min, max] = extent;
  if (max === min) {
    const band = Math.abs(min) * 0.01 || 1;
    return [min - band, max + band];
  }
  const pad = (max - min) * margin;
  return [min - pad, max + pad];
}

/** Whether a point is inside a rectangle. */
export function inside(rect: Rect, x: number, y: number): boolean {
  return x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
}
