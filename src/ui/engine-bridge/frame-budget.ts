// One animation-frame loop for every canvas of the page (issue 19, ADR 0027). A painter asks to
// be painted; at the next animation frame the painters that asked run in order of priority
// (the book before the trades before the chart) until the frame's paint budget is spent, and
// the rest wait for the next frame, so a diff that touches every panel is painted over two or
// three frames instead of in one long one. Nothing waits more than MAX_WAIT_FRAMES frames, and
// a paint the user caused (drag, wheel, hover, resize) is urgent: it runs in the next frame
// whatever the budget. The first painter of a frame always runs: a frame never paints nothing.
//
// The page is told how much each painter costs (`stats`, read by the benchmarks through the
// bench hook): the per-panel attribution of a frame's work.

export interface Painter {
  /** The panel, for the stats: 'book-bid', 'trades', 'chart', … */
  readonly name: string;
  /** Lower paints first. */
  readonly priority: number;
  paint(): void;
}

export interface PainterStats {
  paints: number;
  /** Total and slowest paint, ms (performance.now(), the page's own time). */
  totalMs: number;
  maxMs: number;
  /** Frames in which it asked but waited for a later frame. */
  deferred: number;
}

export interface FrameBudget {
  /** Paint `p` at the next frame with room (`urgent`: the next frame, whatever the budget). */
  request(p: Painter, urgent?: boolean): void;
  /** Forget a request (the painter is going away). */
  cancel(p: Painter): void;
  /**
   * Resolves at the end of the first animation frame after which no painter waits: what was
   * asked for until now is on screen. The page acknowledges each diff with it, so on a page
   * too slow to paint a diff in one frame the engine coalesces the next ones instead of
   * queueing work (frame-scheduler.ts, back-pressure).
   */
  whenPainted(): Promise<void>;
  /** Per painter name, since the last `resetStats`. */
  stats(): Record<string, PainterStats>;
  resetStats(): void;
}

export interface FrameBudgetOptions {
  /** Script time a frame may spend on paints after the first one, ms. */
  budgetMs: number;
  /** A painter waits at most this many frames. */
  maxWaitFrames: number;
  now: () => number;
  requestFrame: (run: () => void) => number;
  cancelFrame: (id: number) => void;
}

/**
 * 3 ms of painting per frame: at 4× CPU a frame of 16.7 ms also has the diff's React work and
 * the browser's style, layout, paint and commit to fit (BUDGETS B4; ADR 0027 says how 3 was
 * measured against 6 and 1).
 */
export const PAINT_BUDGET_MS = 3;
export const MAX_WAIT_FRAMES = 2;

interface Waiting {
  urgent: boolean;
  /** Frames already waited. */
  waited: number;
  /** Order of asking, for painters of equal priority. */
  seq: number;
}

export function createFrameBudget(opts: FrameBudgetOptions): FrameBudget {
  const waiting = new Map<Painter, Waiting>();
  let stats: Record<string, PainterStats> = {};
  let frame = 0;
  let seq = 0;
  let settled: (() => void)[] = [];

  const statFor = (name: string): PainterStats =>
    (stats[name] ??= { paints: 0, totalMs: 0, maxMs: 0, deferred: 0 });

  /** Urgent or overdue: painted in this frame whatever the budget. */
  const isDue = (w: Waiting): boolean => w.urgent || w.waited >= opts.maxWaitFrames;

  /** Due first, then by priority, then by the order of asking. */
  const order = (a: [Painter, Waiting], b: [Painter, Waiting]): number =>
    Number(isDue(b[1])) - Number(isDue(a[1])) ||
    a[0].priority - b[0].priority ||
    a[1].seq - b[1].seq;

  const run = (): void => {
    frame = 0;
    const queue = [...waiting].sort(order);
    waiting.clear();
    const start = opts.now();
    let first = true;
    for (const [painter, w] of queue) {
      if (!first && !isDue(w) && opts.now() - start >= opts.budgetMs) {
        // a painter that asked again while painting is already back in `waiting`
        if (!waiting.has(painter)) waiting.set(painter, { ...w, waited: w.waited + 1 });
        statFor(painter.name).deferred += 1;
        continue;
      }
      first = false;
      const t0 = opts.now();
      try {
        painter.paint();
      } catch (err) {
        // one broken panel must not stop the others: reported, and the frame goes on
        queueMicrotask(() => {
          throw err;
        });
      }
      const ms = opts.now() - t0;
      const s = statFor(painter.name);
      s.paints += 1;
      s.totalMs += ms;
      s.maxMs = Math.max(s.maxMs, ms);
    }
    if (waiting.size > 0) frame = opts.requestFrame(run);
    else if (settled.length > 0) {
      const done = settled;
      settled = [];
      for (const resolve of done) resolve();
    }
  };

  return {
    request(p, urgent = false) {
      const w = waiting.get(p);
      if (w === undefined) waiting.set(p, { urgent, waited: 0, seq: seq++ });
      else if (urgent) w.urgent = true;
      if (frame === 0) frame = opts.requestFrame(run);
    },
    cancel(p) {
      waiting.delete(p);
      if (waiting.size === 0 && settled.length === 0 && frame !== 0) {
        opts.cancelFrame(frame);
        frame = 0;
      }
    },
    whenPainted() {
      return new Promise<void>((resolve) => {
        settled.push(resolve);
        // nothing waiting: the next frame settles it (one diff per frame at most)
        if (frame === 0) frame = opts.requestFrame(run);
      });
    },
    stats: () => structuredClone(stats),
    resetStats() {
      stats = {};
    },
  };
}

/** The page's one frame budget. */
export const frameBudget: FrameBudget = createFrameBudget({
  budgetMs: PAINT_BUDGET_MS,
  maxWaitFrames: MAX_WAIT_FRAMES,
  now: () => performance.now(),
  requestFrame: (run) => requestAnimationFrame(run),
  cancelFrame: (id) => cancelAnimationFrame(id),
});
