// Benchmark switches of the page (ADR 0011), read once from the URL at boot:
//   ?engine=main  runs the engine on the main thread (the B4/B5 peer) instead of the worker;
//   ?bench=1      counts the frames the page applies and exposes `window.__bourse` (the
//                 engine's counters plus the page's, and the log filler of B10), and asks the
//                 engine to measure frame sizes. Without the flags nothing here runs and
//                 nothing is exposed.
import type { EngineApi, EngineStats, FrameDiff } from '../../engine/api.ts';
import { frameBudget } from './frame-budget.ts';
import type { PainterStats } from './frame-budget.ts';

export interface BenchFlags {
  mainThread: boolean;
  bench: boolean;
}

/** What the page itself saw of the engine's frames. */
export interface PageFrameStats {
  /** FrameDiffs applied to the signals. */
  applied: number;
  /** Of those, applied while `document.visibilityState` was not 'visible' (B3 wants 0). */
  whileHidden: number;
  /** Animation frames (intervals between two frames) in which more than one diff arrived. */
  crowdedFrames: number;
  /** Most diffs applied within one animation frame since the last `stats(true)`. */
  maxPerFrame: number;
  /**
   * The slowest diffs since the last `stats(true)` (at most SLOW_KEPT): time to apply them,
   * React's render in the microtasks after it included, and the parts they carried.
   */
  slowest: { ms: number; parts: string[] }[];
  /**
   * What each canvas cost since the last `stats(true)` (the frame budget's painters: book
   * sides, trades, chart): paints, total and slowest paint, frames it waited.
   */
  painters: Record<string, PainterStats>;
}

const SLOW_KEPT = 5;

export interface BenchStats {
  engine: 'worker' | 'main';
  counters: EngineStats;
  page: PageFrameStats;
}

/** `window.__bourse` when the page runs with `?bench=1`. */
export interface BenchHook {
  /** `resetSamples` empties the engine's frame-size samples and the page's maxPerFrame. */
  stats(resetSamples?: boolean): Promise<BenchStats>;
  /** Fill the engine's log with `count` copies of its events (B10; worker engine only). */
  fillLog(count: number): Promise<number>;
}

declare global {
  interface Window {
    __bourse?: BenchHook;
  }
}

export function benchFlags(search: string): BenchFlags {
  const q = new URLSearchParams(search);
  return { mainThread: q.get('engine') === 'main', bench: q.get('bench') === '1' };
}

/**
 * The page's frame counter around `apply` (only installed with `?bench=1`). Diffs are grouped
 * by animation frame with `document.timeline.currentTime`, the time of the last frame: two
 * diffs with the same value arrived within one frame.
 */
export function countingSink(apply: (diff: FrameDiff) => void): {
  sink: (diff: FrameDiff) => void;
  stats: PageFrameStats;
  resetMax: () => void;
} {
  const stats: PageFrameStats = {
    applied: 0,
    whileHidden: 0,
    crowdedFrames: 0,
    maxPerFrame: 0,
    slowest: [],
    painters: {},
  };
  const timed = (diff: FrameDiff, t0: number): void => {
    const ms = performance.now() - t0;
    const list = stats.slowest;
    if (list.length === SLOW_KEPT && ms <= (list[SLOW_KEPT - 1]?.ms ?? 0)) return;
    list.push({ ms, parts: Object.keys(diff).filter((k) => k !== 'frame') });
    list.sort((a, b) => b.ms - a.ms);
    list.length = Math.min(list.length, SLOW_KEPT);
  };
  let frameAt: CSSNumberish | null = null;
  let inFrame = 0;
  const sink = (diff: FrameDiff): void => {
    stats.applied += 1;
    if (document.visibilityState !== 'visible') stats.whileHidden += 1;
    const at = document.timeline.currentTime;
    inFrame = at === frameAt ? inFrame + 1 : 1;
    frameAt = at;
    if (inFrame === 2) stats.crowdedFrames += 1;
    stats.maxPerFrame = Math.max(stats.maxPerFrame, inFrame);
    const t0 = performance.now();
    apply(diff);
    // queued after the render React scheduled while the signals changed: measures both
    queueMicrotask(() => timed(diff, t0));
  };
  const resetMax = (): void => {
    stats.maxPerFrame = 0;
    stats.slowest = [];
  };
  return { sink, stats, resetMax };
}

export function exposeBenchHook(
  api: EngineApi,
  flags: BenchFlags,
  counted: ReturnType<typeof countingSink>,
): void {
  window.__bourse = {
    async stats(resetSamples = false) {
      const page = {
        ...counted.stats,
        slowest: [...counted.stats.slowest],
        painters: frameBudget.stats(),
      };
      if (resetSamples) {
        counted.resetMax();
        frameBudget.resetStats();
      }
      return {
        engine: flags.mainThread ? 'main' : 'worker',
        counters: await api.stats(resetSamples),
        page,
      };
    },
    fillLog: (count) => api.benchFillLog(count),
  };
}
