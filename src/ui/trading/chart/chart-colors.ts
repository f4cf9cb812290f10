// The chart's colours come from the theme's CSS variables (styles/base.css, styles/chart.css).
// They are read once per theme and kept; a theme change repaints the canvases (theme.ts).
import type { ChartColors } from '../paint/chart-draw.ts';

/** `read(element)` once per theme, then the kept result (the book's colours use it too). */
export function perTheme<T>(read: (element: Element) => T): (element: Element) => T {
  const byTheme = new Map<string, T>();
  return (element) => {
    const theme = document.documentElement.dataset['theme'] ?? 'night';
    let colors = byTheme.get(theme);
    if (colors === undefined) {
      colors = read(element);
      byTheme.set(theme, colors);
    }
    return colors;
  };
}

export const chartColors = perTheme(readColors);

function readColors(element: Element): ChartColors {
  const css = getComputedStyle(element);
  const v = (name: string, fallback: string): string =>
    css.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--panel', '#181a20'),
    text: v('--text', '#eaecef'),
    muted: v('--text-muted', '#848e9c'),
    grid: v('--chart-grid', '#2b3139'),
    up: v('--up', '#0ecb81'),
    down: v('--down', '#f6465d'),
    line: v('--chart-line', '#3b82f6'),
    lineFill: v('--chart-line-fill', 'rgba(59,130,246,0.25)'),
    ma15: v('--chart-ma15', '#f0b90b'),
    ma10: v('--chart-ma10', '#c084fc'),
    ma20: v('--chart-ma20', '#38bdf8'),
    crosshair: v('--chart-crosshair', '#5e6673'),
    labelInk: v('--chart-label-ink', '#ffffff'),
    font: `11px ${css.fontFamily || 'sans-serif'}`,
    lines: {
      buy: v('--chart-order-buy', '#087f52'),
      sell: v('--chart-order-sell', '#cf304a'),
      entry: v('--chart-entry', '#2563eb'),
      liq: v('--chart-liq', '#b45309'),
      ink: v('--on-fill', '#ffffff'),
      focus: v('--focus-ring', '#f0b90b'),
    },
    drawing: v('--chart-drawing', '#d1d5db'),
    studies: {
      ema: v('--chart-ema', '#fb923c'),
      boll: v('--chart-boll', '#e879f9'),
      vwap: v('--chart-vwap', '#60a5fa'),
      rsi: v('--chart-rsi', '#c084fc'),
      macd: v('--chart-macd', '#60a5fa'),
      signal: v('--chart-signal', '#fb923c'),
      volma: v('--chart-volma', '#fbbf24'),
    },
  };
}
