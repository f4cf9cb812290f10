// The SVG path of a sparkline: d3-scale maps the closes to the box, d3-shape draws the line.
// Floats are fine here: these numbers only become pixels.
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { toPixelNumber } from '../../../shared/decimal.ts';

export interface Sparkline {
  path: string;
  direction: 'up' | 'down';
}

export function sparklinePath(
  closes: readonly string[],
  width: number,
  height: number,
  pad = 2,
): Sparkline | null {
  const values = closes.map(toPixelNumber).filter(Number.isFinite);
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const x = scaleLinear()
    .domain([0, values.length - 1])
    .range([pad, width - pad]);
  const y = scaleLinear()
    .domain(min === max ? [min - 1, max + 1] : [min, max])
    .range([height - pad, pad]);
  const draw = line<number>()
    .x((_, i) => x(i))
    .y((v) => y(v));
  const path = draw(values) ?? '';
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  return { path, direction: last >= first ? 'up' : 'down' };
}
