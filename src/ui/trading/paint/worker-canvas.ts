// The page's side of the paint worker (paint-worker.ts, ADR 0028): hands a canvas element's
// drawing over to the worker once, then sends it sizes and scenes. A canvas element can be
// handed over only once, and React mounts an effect twice in development: the handle is kept
// per element, and the worker drops the canvas only when the element itself is collected.
import type { FromPainter, PaintScene, ToPainter } from './paint-protocol.ts';

let worker: Worker | null = null;
let nextId = 1;
const handles = new WeakMap<HTMLCanvasElement, number>();
const listeners = new Map<number, (message: FromPainter) => void>();
const forget = new FinalizationRegistry<number>((id) => send({ type: 'forget', id }));

function painter(): Worker {
  if (worker === null) {
    worker = new Worker(new URL('./paint-worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (e: MessageEvent<FromPainter>) => {
      listeners.get(e.data.id)?.(e.data);
    });
    // the canvases draw their text in the page's font (chart-colors.ts, book-canvas.ts)
    const family =
      getComputedStyle(document.body ?? document.documentElement).fontFamily || 'sans-serif';
    worker.postMessage({
      type: 'warm',
      font: `11px ${family}`,
      locale: document.documentElement.lang || 'en',
    } satisfies ToPainter);
  }
  return worker;
}

/** Starts the paint worker ahead of its first canvas (a screen with canvases is opening). */
export function warmPainter(): void {
  painter();
}

function send(message: ToPainter, transfer: Transferable[] = []): void {
  painter().postMessage(message, transfer);
}

/** A canvas whose pixels the paint worker draws. */
export class WorkerCanvas {
  private readonly id: number;
  private width = -1;
  private height = -1;

  /**
   * `painted`: called once, when the first scene with rows in it is on the canvas; `heard`:
   * every other answer of the worker about this canvas (the chart's).
   */
  constructor(
    canvas: HTMLCanvasElement,
    painted: () => void,
    heard: (message: FromPainter) => void = () => undefined,
  ) {
    let id = handles.get(canvas);
    if (id === undefined) {
      id = nextId++;
      handles.set(canvas, id);
      forget.register(canvas, id);
      const offscreen = canvas.transferControlToOffscreen();
      send({ type: 'attach', id, canvas: offscreen }, [offscreen]);
    }
    this.id = id;
    listeners.set(id, (m) => (m.type === 'painted' ? painted() : heard(m)));
  }

  /** Size in device pixels (the element's CSS size is the caller's). */
  resize(width: number, height: number): void {
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    send({ type: 'resize', id: this.id, width, height });
  }

  /** `transfer`: buffers of the scene handed over rather than copied. */
  paint(scene: PaintScene, transfer: Transferable[] = []): void {
    send({ type: 'paint', id: this.id, scene }, transfer);
  }

  destroy(): void {
    listeners.delete(this.id);
  }
}
