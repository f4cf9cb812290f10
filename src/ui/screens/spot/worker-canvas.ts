// The page's side of the paint worker (paint-worker.ts, ADR 0028): hands a canvas element's
// drawing over to the worker once, then sends it sizes and scenes. A canvas element can be
// handed over only once, and React mounts an effect twice in development: the handle is kept
// per element, and the worker drops the canvas only when the element itself is collected.
import type { FromPainter, PaintScene, ToPainter } from './paint-protocol.ts';

let worker: Worker | null = null;
let nextId = 1;
const handles = new WeakMap<HTMLCanvasElement, number>();
const onPainted = new Map<number, () => void>();
const forget = new FinalizationRegistry<number>((id) => send({ type: 'forget', id }));

function painter(): Worker {
  if (worker === null) {
    worker = new Worker(new URL('./paint-worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (e: MessageEvent<FromPainter>) => {
      if (e.data.type === 'painted') onPainted.get(e.data.id)?.();
    });
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

  /** `painted`: called once, when the first scene with rows in it is on the canvas. */
  constructor(canvas: HTMLCanvasElement, painted: () => void) {
    let id = handles.get(canvas);
    if (id === undefined) {
      id = nextId++;
      handles.set(canvas, id);
      forget.register(canvas, id);
      const offscreen = canvas.transferControlToOffscreen();
      send({ type: 'attach', id, canvas: offscreen }, [offscreen]);
    }
    this.id = id;
    onPainted.set(id, painted);
  }

  /** Size in device pixels (the element's CSS size is the caller's). */
  resize(width: number, height: number): void {
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    send({ type: 'resize', id: this.id, width, height });
  }

  paint(scene: PaintScene): void {
    send({ type: 'paint', id: this.id, scene });
  }

  destroy(): void {
    onPainted.delete(this.id);
  }
}
