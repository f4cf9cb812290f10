// The page's side of the flight recorder (issue 47, ADR 0078): an uncaught error or rejected
// promise on the page, and a frame whose main-thread work blocks for more than LONG_FRAME_MS, are
// told to the engine, which logs the break, keeps the log before it aside and offers a report.
// Long frames are read from the browser's long-animation-frame entries (long tasks where there
// are none), never measured by the page's own timers; the start-up's first seconds are left to
// the cold-start budget (B10), and a hidden page has no frames to block.
import type { PageBreak } from '../../engine/api.ts';

export const LONG_FRAME_MS = 500;
/** The start-up's own frames (B10 measures them). */
export const START_GRACE_MS = 5_000;
/** A developer's setting: a longer threshold (never a shorter one), e.g. on a loaded test machine. */
export const LONG_FRAME_SETTING = 'flight.longFrameMs';

/** Messages the browser raises that are no fault of the page (a ResizeObserver's loop). */
const BENIGN = [/^ResizeObserver loop/, /^Script error\.?$/];

/** The threshold: LONG_FRAME_MS, or a longer one from the setting. */
export function longFrameMs(setting: string | null): number {
  const n = Number(setting);
  return Number.isFinite(n) && n > LONG_FRAME_MS ? n : LONG_FRAME_MS;
}

/** What an uncaught error says, or null for the benign ones. */
export function errorDetail(error: unknown, message: string, where = ''): string | null {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : message;
  if (BENIGN.some((re) => re.test(message) || re.test(text))) return null;
  return where === '' ? text : `${text} (${where})`;
}

/** Starts watching; `tell` hears each break. Returns the stop. */
export function watchPage(tell: (report: PageBreak) => void): () => void {
  const started = performance.now();
  const limit = longFrameMs(readSetting());
  const onError = (e: ErrorEvent): void => {
    const where = e.filename === '' ? '' : `${e.filename.split('/').pop() ?? ''}:${e.lineno}`;
    const detail = errorDetail(e.error, e.message, where);
    if (detail !== null) tell({ invariant: 'page-error', detail });
  };
  const onRejection = (e: PromiseRejectionEvent): void => {
    const detail = errorDetail(e.reason, String(e.reason));
    if (detail !== null)
      tell({ invariant: 'page-error', detail: `unhandled rejection: ${detail}` });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const observer = frameObserver((duration, at) => {
    if (at - started < START_GRACE_MS || duration <= limit) return;
    tell({ invariant: 'long-frame', detail: `a frame of ${Math.round(duration)} ms` });
  });
  // the page says when long frames count (a test waits for it; the grace is of this page's start)
  const counting = setTimeout(() => {
    document.documentElement.dataset['longFrames'] = 'watched';
  }, START_GRACE_MS);
  return () => {
    clearTimeout(counting);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    observer?.disconnect();
  };
}

function readSetting(): string | null {
  try {
    return localStorage.getItem(LONG_FRAME_SETTING);
  } catch {
    return null;
  }
}

/** Long frames (or long tasks) as the browser reports them: duration and start (ms). */
function frameObserver(seen: (duration: number, at: number) => void): PerformanceObserver | null {
  const types = PerformanceObserver.supportedEntryTypes;
  const type = types.includes('long-animation-frame')
    ? 'long-animation-frame'
    : types.includes('longtask')
      ? 'longtask'
      : null;
  if (type === null) return null;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen(entry.duration, entry.startTime);
  });
  observer.observe({ type, buffered: false });
  return observer;
}
