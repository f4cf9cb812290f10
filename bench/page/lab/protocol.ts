// What the lab page (bench/page/lab/main.ts) offers the benchmarks that drive it through
// Playwright: the shapes of the requests and results, shared by the page and Node.

/** One B7 run: which writer, and how events are pushed at it. */
export interface LogRunSpec {
  /** The engine's real writer (src/engine/log/event-log.ts) or the naive one-put-per-event peer. */
  writer: 'real' | 'naive';
  /**
   * `rate`: an open loop appending `rate` events/s on a 10 ms tick (load-profile rates);
   * `max`: a closed loop appending as fast as the writer commits, never more than
   * `maxBacklog` events appended and not yet committed.
   */
  mode: 'rate' | 'max';
  seconds: number;
  rate?: number;
  maxBacklog?: number;
  /** How long to wait after the window for everything to commit (default 30 s). */
  drainTimeoutMs?: number;
}

export interface LogRunResult {
  spec: LogRunSpec;
  /** Length of the measured window (ms). */
  windowMs: number;
  /** Events appended during the window. */
  appended: number;
  /** Events whose transaction completed during the window. */
  committed: number;
  /** readwrite transactions begun during the window. */
  transactions: number;
  /** Append → transaction `complete`, over every event of the window (after the drain). */
  latencyMaxMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Largest number of events appended and not yet committed. */
  backlogMax: number;
  /** Time after the window until everything appended was committed (ms); -1 if it never was. */
  drainMs: number;
  /** Time spent inside `append` calls during the window (ms), the writer's cost on the engine thread. */
  appendMs: number;
  /** The writer's status at the end ('indexeddb' unless it fell back to memory). */
  status: string;
}

/** B11 (a): one first draw of a fresh chart. */
export interface FirstDrawResult {
  bars: number;
  /** CSS size and devicePixelRatio of the canvas. */
  width: number;
  height: number;
  dpr: number;
  /** `setData` (the page's bar cache + indicators), synchronous part. */
  setDataMs: number;
  /** The page's animation-frame callback that sent the frame to the paint worker. */
  paintMs: number;
  /** The paint worker's drawing of it (its bar cache + indicators + drawChart). */
  workerDrawMs: number;
  /**
   * The controller's own first-draw time (canvas data-first-draw-ms): setData start → the
   * worker's answer that it drew, wall clock, so it includes waiting for both frames.
   */
  wallMs: number;
  /** Bars in the first drawing: the newest ones when the history follows (ADR 0080). */
  firstBars: number;
  /** setData → the whole history in place (canvas data-history-ms); NaN: drawn whole at once. */
  historyMs: number;
  /** The history's longest slice, ms (a task of the page between frames). */
  historySliceMs: number;
}

/** B11 (b): many updates per frame plus pan/zoom input. */
export interface RedrawSpec {
  seconds: number;
  updatesPerFrame: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RedrawResult {
  frames: number;
  draws: number;
  /** Most draws seen in one animation frame. */
  maxDrawsPerFrame: number;
  /** Draws that happened outside an animation-frame callback (should be 0). */
  drawsOutsideFrames: number;
  updates: number;
  pointerEvents: number;
  wheelEvents: number;
  paintP50Ms: number;
  paintP95Ms: number;
  paintMaxMs: number;
}

export interface LabApi {
  log: { run(spec: LogRunSpec): Promise<LogRunResult> };
  chart: {
    /**
     * A fresh chart's first draw; `full`: with five studies (EMA, Bollinger, VWAP, RSI, MACD),
     * ten drawings and twenty order lines on it (issue 46).
     */
    firstDraw(seed: number, full?: boolean): Promise<FirstDrawResult>;
    /** A fresh chart holding `bars` bars, painted once; returns its box (CSS px) for input. */
    prepareRedraw(bars: number): Promise<Box>;
    /** Drives the prepared chart with updates for `seconds` while the caller sends input. */
    redraw(spec: RedrawSpec): Promise<RedrawResult>;
  };
}

export interface LabWindow {
  lab?: LabApi;
}
