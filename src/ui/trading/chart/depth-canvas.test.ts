// The depth canvas in node (a canvas that records its listeners, a surface that draws nothing):
// the level chosen with the keys outlives a book that is, for a moment, shallower or empty (a
// resync, a swept side), so its read-out comes back with the levels.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepthView } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import { DepthCanvas } from './depth-canvas.ts';

vi.mock('../paint/worker-canvas.ts', () => ({
  WorkerCanvas: class {
    paint() {}
    resize() {}
    destroy() {}
  },
}));

type Listener = (e: unknown) => void;

function fakeCanvas() {
  const listeners = new Map<string, Listener>();
  const canvas = {
    dataset: {} as Record<string, string | undefined>,
    style: {} as Record<string, string>,
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  };
  return { canvas, fire: (type: string, e: unknown) => listeners.get(type)?.(e) };
}

const view = (bids: number, asks: number): DepthView => ({
  symbol: 'BTC/USDT',
  grouping: 1,
  bids: Array.from({ length: bids }, (_, i) => [`${100 - i}` as DecStr, '1' as DecStr]),
  asks: Array.from({ length: asks }, (_, i) => [`${101 + i}` as DecStr, '1' as DecStr]),
  at: 0,
});

const key = (k: string) => ({ key: k, preventDefault: () => undefined });

describe('DepthCanvas: the chosen level', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('window', { devicePixelRatio: 1 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the level the keys chose while the book is, for a moment, shallower or empty', () => {
    const { canvas, fire } = fakeCanvas();
    const box = { clientWidth: 400, clientHeight: 200 } as unknown as HTMLElement;
    const c = new DepthCanvas(canvas as unknown as HTMLCanvasElement, box, 2, 'en');
    c.setData(view(10, 10), 2);
    for (let i = 0; i < 4; i += 1) fire('keydown', key('ArrowLeft'));
    expect(c.hover.value).toEqual({ side: 'bid', index: 3 });
    c.setData(null, 2); // a resync: no book for a moment
    c.setData(view(2, 10), 2); // then a shallow one
    expect(c.hover.value).toEqual({ side: 'bid', index: 3 });
    c.setData(view(10, 10), 2);
    expect(c.hover.value).toEqual({ side: 'bid', index: 3 });
    // the keys go on from the nearest level there is
    c.setData(view(2, 10), 2);
    fire('keydown', key('ArrowRight'));
    expect(c.hover.value).toEqual({ side: 'bid', index: 0 });
    c.destroy();
  });
});
