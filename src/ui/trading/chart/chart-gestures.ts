// The chart's keys and pinch, as pure functions of the viewport (chart-controller.ts applies them).
import {
  defaultViewport,
  panViewport,
  zoomViewport,
  type ViewLimits,
  type Viewport,
} from '../paint/viewport.ts';

const KEY_PAN_SHARE = 0.1;
const KEY_ZOOM = 1.25;

/** Keyboard: arrows pan, +/− zoom, Home/End jump to the oldest/newest bars. */
export function keyAction(
  key: string,
  vp: Viewport,
  count: number,
  limits: ViewLimits,
): Viewport | null {
  switch (key) {
    case 'ArrowLeft':
      return panViewport(vp, -count * KEY_PAN_SHARE, limits);
    case 'ArrowRight':
      return panViewport(vp, count * KEY_PAN_SHARE, limits);
    case '+':
    case '=':
      return zoomViewport(vp, 1 / KEY_ZOOM, 1, limits);
    case '-':
      return zoomViewport(vp, KEY_ZOOM, 1, limits);
    case 'Home':
      return panViewport(vp, -(limits.length + count), limits);
    case 'End':
      return defaultViewport(limits);
    default:
      return null;
  }
}

/** The distance between two touch points, or null when fewer (or more) are down. */
export function pinchSpan(touches: ReadonlyMap<number, number>): number | null {
  if (touches.size !== 2) return null;
  const [a = 0, b = 0] = [...touches.values()];
  return Math.max(1, Math.abs(a - b));
}

type Handlers = { [K in keyof HTMLElementEventMap]?: (e: HTMLElementEventMap[K]) => void };

/** Adds the handlers to `target` (with their options); returns what removes them. */
export function listenAll(
  target: HTMLElement,
  handlers: Handlers,
  options: { [K in keyof HTMLElementEventMap]?: AddEventListenerOptions } = {},
): () => void {
  const list = Object.entries(handlers) as [keyof HTMLElementEventMap, EventListener][];
  for (const [type, fn] of list) target.addEventListener(type, fn, options[type]);
  return () => {
    for (const [type, fn] of list) target.removeEventListener(type, fn);
  };
}
