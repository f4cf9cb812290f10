// B11 in the lab page: the spot screen's real chart (ChartController → the paint worker's
// ChartPainter → syncBarCache → drawChart with candles, volume, moving averages and the
// last-price line) on a 900×420 CSS px canvas. Instrumentation stays outside the chart code:
// requestAnimationFrame is wrapped to know which frame a callback belongs to and how long it
// ran, and the chart's surface is wrapped: each frame sent to the worker is a draw, and the
// worker's answer after a series' first drawing says how long it drew.
// On the spot screen the header, book and trades have formatted numbers and times through
// the UI's Intl formatters before the chart's history arrives; the first Intl.NumberFormat of
// a page costs ≈ 12 ms (ICU start-up), so the lab formats once at start-up as the screen has,
// and starts the paint worker at start-up as the screen's order book does (warmPainter).
import type { Bar } from '../../../src/engine/api.ts';
import { decStr } from '../../../src/shared/decimal.ts';
import { DEFAULT_STUDY_PARAMS } from '../../../src/shared/studies.ts';
import { DRAWING_KINDS } from '../../../src/shared/drawings.ts';
import type { DecStr } from '../../../src/shared/decimal.ts';
import { formatFixed, formatTime } from '../../../src/ui/i18n/format.ts';
import { ChartController } from '../../../src/ui/trading/chart/chart-controller.ts';
import type { ChartInput } from '../../../src/ui/trading/chart/chart-controller.ts';
import { workerChartSurface } from '../../../src/ui/trading/chart/chart-surface.ts';
import { warmPainter } from '../../../src/ui/trading/paint/worker-canvas.ts';
import type { ChartSurfaceFactory } from '../../../src/ui/trading/chart/chart-surface.ts';
import type { ChartDrawn } from '../../../src/ui/trading/paint/paint-protocol.ts';
import { prng } from '../../stats.ts';
import type { Box, FirstDrawResult, LabApi, RedrawResult, RedrawSpec } from './protocol.ts';

const FIRST_DRAW_BARS = 10_000;
const PERIOD_SEC = 60;

formatFixed('70000.12', 2, 'en');
formatTime(Date.UTC(2026, 0, 1), 'en');
warmPainter();

export const chartLab: LabApi['chart'] = {
  firstDraw,
  prepareRedraw,
  redraw,
};

// ---- frame and draw instrumentation ----------------------------------------------------------

interface Paint {
  start: number;
  end: number;
}

const rawRaf = window.requestAnimationFrame.bind(window);
/** Timestamp of the frame whose callbacks are running, or null outside frame callbacks. */
let frameTs: number | null = null;
let drewInCallback = false;
const draws = { total: 0, outside: 0, perFrame: new Map<number, number>() };
const paints: Paint[] = [];
let paintWaiter: ((p: Paint) => void) | null = null;

window.requestAnimationFrame = (callback: FrameRequestCallback): number =>
  rawRaf((ts) => {
    frameTs = ts;
    drewInCallback = false;
    const start = performance.now();
    try {
      callback(ts);
    } finally {
      const end = performance.now();
      frameTs = null;
      if (drewInCallback) onPaint({ start, end });
    }
  });

function onPaint(p: Paint): void {
  paints.push(p);
  const waiter = paintWaiter;
  paintWaiter = null;
  waiter?.(p);
}

function onDraw(): void {
  draws.total += 1;
  drewInCallback = true;
  if (frameTs === null) draws.outside += 1;
  else draws.perFrame.set(frameTs, (draws.perFrame.get(frameTs) ?? 0) + 1);
}

function resetCounters(): void {
  draws.total = 0;
  draws.outside = 0;
  draws.perFrame.clear();
  paints.length = 0;
}

function nextPaint(): Promise<Paint> {
  return new Promise((resolve) => (paintWaiter = resolve));
}

let drawnWaiter: ((d: ChartDrawn) => void) | null = null;
/** Bars in the first frame sent after setData (the newest bars when the history follows). */
let firstSent: number | null = null;

/** The worker's next answer: a series drawn for the first time (or a new axis width). */
function nextDrawn(): Promise<ChartDrawn> {
  return new Promise((resolve) => (drawnWaiter = resolve));
}

/** The product's surface, its frames counted and the worker's answers heard. */
const countedSurface: ChartSurfaceFactory = (canvas, events) => {
  const inner = workerChartSurface(canvas, {
    drawn(d) {
      const waiter = drawnWaiter;
      drawnWaiter = null;
      waiter?.(d);
      events.drawn(d);
    },
    stale: () => events.stale(),
  });
  return {
    resize: (w, h) => inner.resize(w, h),
    draw(frame) {
      onDraw();
      firstSent ??= frame.cache.length;
      inner.draw(frame);
    },
    destroy: () => inner.destroy(),
  };
};

function frames(n: number): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number): void => {
      if (left === 0) resolve();
      else rawRaf(() => step(left - 1));
    };
    step(n);
  });
}

// ---- a mounted chart -------------------------------------------------------------------------

interface Mounted {
  canvas: HTMLCanvasElement;
  controller: ChartController;
  input: ChartInput;
}

let mounted: Mounted | null = null;

async function mount(key: string, bars: readonly Bar[]): Promise<Mounted> {
  unmount();
  const canvas = document.createElement('canvas');
  canvas.className = 'lab-chart';
  canvas.tabIndex = 0;
  document.body.append(canvas);
  const controller = new ChartController(canvas, 'en', countedSurface);
  await frames(2); // the ResizeObserver has delivered the size
  const input: ChartInput = {
    key,
    bars,
    mode: 'candles',
    indicators: ['volume', 'ma', 'cross'],
    periodSec: PERIOD_SEC,
    pricePrecision: 2,
    params: DEFAULT_STUDY_PARAMS,
  };
  mounted = { canvas, controller, input };
  return mounted;
}

/** Five studies, ten drawings over the newest bars and twenty order lines around their prices. */
function fillChart(m: Mounted, bars: readonly Bar[]): void {
  m.input = { ...m.input, indicators: ['volume', 'ma', 'ema', 'boll', 'vwap', 'rsi', 'macd'] };
  const n = bars.length;
  const at = (i: number, shift: number) => {
    const b = bars[Math.max(0, Math.min(n - 1, i))];
    return { t: b?.time ?? 0, p: (Number(b?.close ?? 1) * (1 + shift)).toFixed(2) };
  };
  m.controller.drawings.setDrawings(
    Array.from({ length: 10 }, (_, k) => {
      const kind = DRAWING_KINDS[k % DRAWING_KINDS.length] ?? 'trend';
      const a = at(n - 50 + k * 4, -0.002 + k * 0.0004);
      return kind === 'hline'
        ? { id: `lab${k}`, kind, a }
        : { id: `lab${k}`, kind, a, b: at(n - 30 + k * 2, 0.002 - k * 0.0003) };
    }),
  );
  const last = Number(bars[n - 1]?.close ?? 1);
  m.controller.lines.setLines(
    Array.from({ length: 20 }, (_, k) => ({
      key: `o${k}`,
      price: (last * (1 + (k - 10) * 0.0005)).toFixed(2),
      label: `${k % 2 === 0 ? 'Buy' : 'Sell'} 0.${k + 1} BTC`,
      tone: k % 2 === 0 ? ('buy' as const) : ('sell' as const),
      dashed: k % 4 === 1,
      cancellable: true,
      draggable: true,
      focused: false,
      moving: false,
    })),
  );
}

function unmount(): void {
  mounted?.controller.destroy();
  mounted?.canvas.remove();
  mounted = null;
}

// ---- B11 (a): first draw ---------------------------------------------------------------------

async function firstDraw(seed: number, full = false): Promise<FirstDrawResult> {
  const bars = makeBars(FIRST_DRAW_BARS, seed);
  const m = await mount(`lab:${seed}`, []);
  if (full) fillChart(m, bars);
  resetCounters();
  firstSent = null;
  const painted = nextPaint();
  const drawn = nextDrawn();
  const t0 = performance.now();
  m.controller.setData({ ...m.input, bars });
  const setDataMs = performance.now() - t0;
  const paint = await painted;
  const worker = await drawn;
  // the controller records its own time when it hears the worker, after this lab's waiter
  await new Promise((resolve) => setTimeout(resolve, 0));
  const firstBars = firstSent ?? NaN;
  const history = await historyBuilt(m.canvas, firstBars < bars.length);
  const result: FirstDrawResult = {
    bars: bars.length,
    width: m.canvas.clientWidth,
    height: m.canvas.clientHeight,
    dpr: window.devicePixelRatio,
    setDataMs,
    paintMs: paint.end - paint.start,
    workerDrawMs: worker.drawMs,
    wallMs: Number(m.canvas.dataset['firstDrawMs'] ?? NaN),
    firstBars,
    historyMs: history.ms,
    historySliceMs: history.sliceMs,
  };
  unmount();
  return result;
}

/** Waits (≤ 5 s) for the whole history to take the tail's place; NaN when it was drawn whole. */
async function historyBuilt(
  canvas: HTMLCanvasElement,
  follows: boolean,
): Promise<{ ms: number; sliceMs: number }> {
  const until = performance.now() + 5_000;
  while (follows && canvas.dataset['historyMs'] === undefined && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return {
    ms: Number(canvas.dataset['historyMs'] ?? NaN),
    sliceMs: Number(canvas.dataset['historySliceMs'] ?? NaN),
  };
}

// ---- B11 (b): at most one redraw per frame ---------------------------------------------------

const inputSeen = { pointer: 0, wheel: 0 };
let liveBar: LiveBar | null = null;

async function prepareRedraw(count: number): Promise<Box> {
  const { bars, last } = generateBars(count, 7);
  liveBar = last;
  const m = await mount('lab:live', bars);
  const painted = nextPaint();
  m.controller.setData({ ...m.input, bars });
  m.input = { ...m.input, bars };
  await painted;
  m.canvas.addEventListener('pointermove', () => (inputSeen.pointer += 1), { passive: true });
  m.canvas.addEventListener('wheel', () => (inputSeen.wheel += 1), { passive: true });
  m.canvas.focus();
  const r = m.canvas.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}

/**
 * Each frame posts `updatesPerFrame` messages; each message (a task between frames, as the
 * engine's frame diffs are) upserts the newest bar the way the bridge does (a copied array,
 * unchanged Bar objects kept) and calls setData. Every 200th update opens a new bar.
 */
async function redraw(spec: RedrawSpec): Promise<RedrawResult> {
  const m = mounted;
  if (m === null) throw new Error('prepareRedraw first');
  const rnd = prng(11);
  let bars = m.input.bars;
  const live = liveBar;
  if (live === null) throw new Error('prepareRedraw first');
  let updates = 0;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    bars = nextBars(bars, live, updates, rnd);
    updates += 1;
    m.controller.setData({ ...m.input, bars });
  };
  resetCounters();
  inputSeen.pointer = 0;
  inputSeen.wheel = 0;
  let frameCount = 0;
  let running = true;
  const produce = (): void => {
    if (!running) return;
    frameCount += 1;
    for (let i = 0; i < spec.updatesPerFrame; i += 1) channel.port2.postMessage(null);
    rawRaf(produce);
  };
  rawRaf(produce);
  await new Promise((resolve) => setTimeout(resolve, spec.seconds * 1000));
  running = false;
  await frames(2);
  channel.port1.close();
  m.input = { ...m.input, bars };
  const durations = paints.map((p) => p.end - p.start).sort((a, b) => a - b);
  const q = (x: number): number =>
    durations[Math.min(durations.length - 1, Math.floor(x * durations.length))] ?? NaN;
  return {
    frames: frameCount,
    draws: draws.total,
    maxDrawsPerFrame: Math.max(0, ...draws.perFrame.values()),
    drawsOutsideFrames: draws.outside,
    updates,
    pointerEvents: inputSeen.pointer,
    wheelEvents: inputSeen.wheel,
    paintP50Ms: q(0.5),
    paintP95Ms: q(0.95),
    paintMaxMs: q(1),
  };
}

// ---- bars ------------------------------------------------------------------------------------

/** `count` one-minute bars of a random walk around 70,000.00 (prices in cents, exact strings). */
function makeBars(count: number, seed: number): Bar[] {
  return generateBars(count, seed).bars;
}

function generateBars(count: number, seed: number): { bars: Bar[]; last: LiveBar } {
  const rnd = prng(seed);
  const start = Date.UTC(2026, 0, 1) - count * PERIOD_SEC * 1000;
  const bars: Bar[] = [];
  const last: LiveBar = { time: 0, open: 0, high: 0, low: 0, close: 7_000_000, volume: 0 };
  for (let i = 0; i < count; i += 1) {
    const open = last.close;
    const close = Math.max(100, open + Math.round((rnd() - 0.5) * 4000));
    Object.assign(last, {
      time: start + i * PERIOD_SEC * 1000,
      open,
      high: Math.max(open, close) + Math.round(rnd() * 1500),
      low: Math.max(1, Math.min(open, close) - Math.round(rnd() * 1500)),
      close,
      volume: 1 + Math.round(rnd() * rnd() * 5_000_000),
    });
    bars.push(bar(last.time, last.open, last.high, last.low, last.close, last.volume));
  }
  return { bars, last };
}

/** The newest bar in integer units (cents, 10^-4 of volume), so updates never parse strings. */
interface LiveBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

function nextBars(bars: readonly Bar[], live: LiveBar, n: number, rnd: () => number): Bar[] {
  const close = Math.max(100, live.close + Math.round((rnd() - 0.5) * 400));
  const copy = bars.slice();
  if (n % 200 === 199) {
    const t = live.time + PERIOD_SEC * 1000;
    Object.assign(live, {
      time: t,
      open: live.close,
      high: live.close,
      low: live.close,
      volume: 0,
    });
    copy.push(bar(live.time, live.open, live.high, live.low, live.close, live.volume));
  }
  live.close = close;
  live.high = Math.max(live.high, close);
  live.low = Math.min(live.low, close);
  live.volume += 1 + Math.round(rnd() * 20_000);
  copy[copy.length - 1] = bar(live.time, live.open, live.high, live.low, live.close, live.volume);
  return copy;
}

function bar(
  time: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
): Bar {
  return {
    time,
    open: scaled(open, 2),
    high: scaled(high, 2),
    low: scaled(low, 2),
    close: scaled(close, 2),
    volume: scaled(volume, 4),
  };
}

/**
 * A non-negative integer count of 10^-dp units as a canonical decimal string (no trailing
 * zeros), built by hand: parsing 60,000 strings with decimal.js would leave garbage that the
 * collector then clears inside the timed first draw. Checked against decStr in chart-lab's
 * first call.
 */
function scaled(units: number, dp: number): DecStr {
  const digits = String(units).padStart(dp + 1, '0');
  const fraction = digits.slice(-dp).replace(/0+$/, '');
  const text = fraction === '' ? digits.slice(0, -dp) : `${digits.slice(0, -dp)}.${fraction}`;
  return text as DecStr;
}

// the hand-made strings are what decStr makes of them
for (const [units, dp] of [
  [7_000_012, 2],
  [7_000_010, 2],
  [7_000_000, 2],
  [5, 4],
  [120_000, 4],
]) {
  const text = scaled(units ?? 0, dp ?? 0);
  if (decStr(text) !== text) throw new Error(`scaled() is not canonical: ${text}`);
}
