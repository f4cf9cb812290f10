// The visible range of bars, in bar-index units: bar i occupies [i, i + 1). Zoom (wheel) and
// pan (drag) change it; clampViewport keeps it inside the data, so the drawer only ever
// touches the visible slice of the cache.
//
// Invariants (properties in viewport.test.ts):
//   V1 count-in-bounds: MIN_VISIBLE ≤ to − from ≤ maxVisible(plotWidth).
//   V2 inside-data: to ≤ length + RIGHT_PAD and from ≥ min(0, length + RIGHT_PAD − count):
//      the newest bar never leaves the right edge by more than the pad, history never runs out.
//   V3 range-in-data: visibleRange returns indices inside [0, length).

export interface Viewport {
  from: number;
  to: number;
}

export interface ViewLimits {
  /** Number of bars in the data. */
  length: number;
  /** Width of the plot area in CSS pixels. */
  plotWidth: number;
}

/** Empty bar slots kept right of the newest bar. */
export const RIGHT_PAD = 3;
export const MIN_VISIBLE = 10;
/** Narrowest bar slot (px): zooming out stops there. */
export const MIN_SPACING = 1;
/** Bar slot of a fresh chart (px). */
export const DEFAULT_SPACING = 8;

export function maxVisible(plotWidth: number): number {
  return Math.max(MIN_VISIBLE, Math.floor(plotWidth / MIN_SPACING));
}

/** The newest bars at the default spacing, the live edge on the right. */
export function defaultViewport(limits: ViewLimits): Viewport {
  const to = limits.length + RIGHT_PAD;
  return clampViewport({ from: to - limits.plotWidth / DEFAULT_SPACING, to }, limits);
}

export function clampViewport(vp: Viewport, limits: ViewLimits): Viewport {
  const count = clampCount(vp.to - vp.from, limits);
  const end = limits.length + RIGHT_PAD;
  const minTo = Math.min(0, end - count) + count;
  const to = Math.min(end, Math.max(minTo, Number.isFinite(vp.to) ? vp.to : end));
  return { from: to - count, to };
}

/**
 * Zoom by `factor` (> 1 shows more bars) around `anchor`, a fraction 0..1 of the plot width
 * (the mouse): the bar under the anchor stays under it unless a limit is hit.
 */
export function zoomViewport(
  vp: Viewport,
  factor: number,
  anchor: number,
  limits: ViewLimits,
): Viewport {
  const a = Math.min(1, Math.max(0, anchor));
  const count = vp.to - vp.from;
  const next = clampCount(count * factor, limits);
  const pivot = vp.from + a * count;
  const from = pivot - a * next;
  return clampViewport({ from, to: from + next }, limits);
}

/** Move by `bars` (positive shows newer bars). */
export function panViewport(vp: Viewport, bars: number, limits: ViewLimits): Viewport {
  return clampViewport({ from: vp.from + bars, to: vp.to + bars }, limits);
}

/** New bars arrived: a chart sitting on the live edge follows them; one scrolled back stays. */
export function followData(vp: Viewport, oldLength: number, limits: ViewLimits): Viewport {
  const atEdge = vp.to >= oldLength + RIGHT_PAD - 0.5;
  const shift = atEdge ? limits.length - oldLength : 0;
  return clampViewport({ from: vp.from + shift, to: vp.to + shift }, limits);
}

/** The plot was resized: keep the bar spacing and the right edge. */
export function resizeViewport(vp: Viewport, oldWidth: number, limits: ViewLimits): Viewport {
  if (oldWidth <= 0) return defaultViewport(limits);
  const count = ((vp.to - vp.from) * limits.plotWidth) / oldWidth;
  return clampViewport({ from: vp.to - count, to: vp.to }, limits);
}

/** Indices [first, last) of the bars at least partly visible. */
export function visibleRange(vp: Viewport, length: number): [number, number] {
  const first = Math.min(length, Math.max(0, Math.floor(vp.from)));
  const last = Math.max(first, Math.min(length, Math.ceil(vp.to)));
  return [first, last];
}

function clampCount(count: number, limits: ViewLimits): number {
  const max = maxVisible(limits.plotWidth);
  if (!Number.isFinite(count))
    return Math.min(max, Math.max(MIN_VISIBLE, limits.plotWidth / DEFAULT_SPACING));
  return Math.min(max, Math.max(MIN_VISIBLE, count));
}

/** Index of the bar under plot x (CSS px from the plot's left), clamped to the data; −1 if empty. */
export function barAt(vp: Viewport, plotWidth: number, x: number, length: number): number {
  if (length === 0 || plotWidth <= 0) return -1;
  const i = Math.floor(vp.from + (x / plotWidth) * (vp.to - vp.from));
  return Math.min(length - 1, Math.max(0, i));
}
