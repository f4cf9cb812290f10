// The controller in node, with a canvas that only records its dataset and listeners, a stand-in
// ResizeObserver and a surface that draws nothing: what `data-span` promises a reader.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartController, type ChartInput } from './chart-controller.ts';
import { bars } from './chart-test-kit.ts';
import { DEFAULT_STUDY_PARAMS } from '../../../shared/studies.ts';

type Listener = (e: unknown) => void;

function fakeCanvas() {
  const listeners = new Map<string, Listener>();
  const canvas = {
    dataset: {} as Record<string, string | undefined>,
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    setPointerCapture: () => undefined,
    hasPointerCapture: () => false,
    releasePointerCapture: () => undefined,
  };
  return { canvas, fire: (type: string, e: unknown) => listeners.get(type)?.(e) };
}

const input = (count: number): ChartInput => ({
  key: 'BTC/USDT|1min',
  bars: bars(count),
  mode: 'candles',
  indicators: [],
  periodSec: 60,
  pricePrecision: 2,
  params: DEFAULT_STUDY_PARAMS,
});

const touch = (pointerId: number, offsetX: number) => ({
  pointerId,
  offsetX,
  offsetY: 100,
  button: 0,
  pointerType: 'touch',
});

describe('ChartController: the span it tells', () => {
  let resized: ((entries: unknown[]) => void) | null = null;
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: (entries: unknown[]) => void) {
          resized = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('requestAnimationFrame', () => 0);
  });
  afterEach(() => vi.unstubAllGlobals());

  function controller() {
    const { canvas, fire } = fakeCanvas();
    const c = new ChartController(canvas as unknown as HTMLCanvasElement, 'en', () => ({
      resize: () => undefined,
      draw: () => undefined,
      destroy: () => undefined,
    }));
    resized?.([{ contentRect: { width: 412, height: 300 } }]);
    return { c, canvas, fire };
  }

  it('says no span while the series has no bars, and the bars in view once they come', () => {
    const { c, canvas } = controller();
    c.setData(input(0));
    expect(canvas.dataset['span']).toBeUndefined();
    c.setData(input(500));
    expect(Number(canvas.dataset['span'])).toBeGreaterThan(10);
    c.destroy();
  });

  it('a spread of two fingers once the span is told shows fewer bars, and it stays', () => {
    const { c, canvas, fire } = controller();
    c.setData(input(500));
    const before = Number(canvas.dataset['span']);
    fire('pointerdown', touch(1, 140));
    fire('pointerdown', touch(2, 200));
    fire('pointermove', touch(1, 40));
    fire('pointermove', touch(2, 300));
    const after = Number(canvas.dataset['span']);
    expect(after).toBeLessThan(before);
    c.setData(input(501)); // a new bar follows the data, keeping the zoom
    expect(Number(canvas.dataset['span'])).toBe(after);
    c.destroy();
  });
});
