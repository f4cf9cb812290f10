// For the chart's tests: a recording stub of a 2D context (node has no canvas), colours, and a
// deterministic series of bars.
import type { Bar } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import type { ChartColors } from '../paint/chart-draw.ts';

export const COLORS: ChartColors = {
  background: '#000',
  text: '#fff',
  muted: '#888',
  grid: '#333',
  up: 'green',
  down: 'red',
  line: 'blue',
  lineFill: 'rgba(0,0,255,0.2)',
  ma15: 'gold',
  ma10: 'purple',
  ma20: 'cyan',
  crosshair: '#555',
  labelInk: '#fff',
  font: '11px sans-serif',
  drawing: 'silver',
  lines: {
    buy: 'darkgreen',
    sell: 'darkred',
    entry: 'navy',
    liq: 'brown',
    ink: '#fff',
    focus: 'gold',
  },
  studies: {
    ema: 'orange',
    boll: 'violet',
    vwap: 'skyblue',
    rsi: 'purple',
    macd: 'blue',
    signal: 'coral',
    volma: 'khaki',
  },
};

export function stubContext(): { ctx: CanvasRenderingContext2D; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const gradient = { addColorStop: () => undefined };
  const target: Record<string, unknown> = {};
  const ctx = new Proxy(target, {
    get(obj, prop: string) {
      if (prop in obj) return obj[prop];
      return (...args: unknown[]) => {
        calls.set(prop, (calls.get(prop) ?? 0) + 1);
        if (prop === 'measureText') return { width: String(args[0]).length * 6 };
        if (prop === 'createLinearGradient') return gradient;
        return undefined;
      };
    },
    set(obj, prop: string, value) {
      obj[prop] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, calls };
}

export function bars(count: number): Bar[] {
  const out: Bar[] = [];
  let price = 27000;
  for (let i = 0; i < count; i++) {
    const open = price;
    price = Math.max(1, price + Math.sin(i / 7) * 40 + ((i * 7919) % 61) - 30);
    const d = (n: number): DecStr => n.toFixed(2) as DecStr;
    out.push({
      time: Date.UTC(2024, 0, 1) + i * 60_000,
      open: d(open),
      high: d(Math.max(open, price) + 12),
      low: d(Math.min(open, price) - 12),
      close: d(price),
      volume: d(((i * 104729) % 1000) / 10 + 1),
    });
  }
  return out;
}
