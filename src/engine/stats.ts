// Counters since the engine started, for benchmarks (BUDGETS B3, B4, B8) and diagnostics:
// socket pushes, events folded, malformed input dropped, frames posted and held back while
// hidden. Counting is a few integer increments per event; only the frame sizes cost more
// (a JSON.stringify of each posted diff), so they are measured only when the page started the
// engine with `bench: true`. Nothing here feeds back into the engine's behaviour.
import type { EngineStats, FrameDiff } from './api.ts';
import type { EngineEvent } from './events.ts';
import type { EventLogStats } from './log/event-log.ts';

/** At most this many frame sizes are kept between two `snapshot(true)` calls. */
export const FRAME_SIZE_SAMPLES = 20_000;

export interface StatsMeter {
  /** Measure frame sizes from now on (bench mode). */
  setBench(on: boolean): void;
  socket(event: string): void;
  event(event: EngineEvent): void;
  /** A FrameDiff was handed to the page. */
  frame(diff: FrameDiff): void;
  /** A change arrived while hidden: folded, not posted (it goes out in the diff on return). */
  held(): void;
  /** The counters; `resetSamples` empties the frame-size samples after reading them. */
  snapshot(log: EventLogStats, resetSamples: boolean): EngineStats;
}

export function createStatsMeter(): StatsMeter {
  let bench = false;
  let socketMessages = 0;
  const socketByEvent: Record<string, number> = {};
  let events = 0;
  let malformed = 0;
  let levelChanges = 0;
  let frames = 0;
  let frameBytes = 0;
  let frameSizes: number[] = [];
  let heldWhileHidden = 0;

  return {
    setBench(on) {
      bench = on;
    },
    socket(event) {
      socketMessages += 1;
      socketByEvent[event] = (socketByEvent[event] ?? 0) + 1;
    },
    event(event) {
      events += 1;
      if (event.name === 'system.malformed') malformed += 1;
      else if (event.name === 'book.delta')
        levelChanges += event.body.bids.length + event.body.asks.length;
    },
    frame(diff) {
      frames += 1;
      if (!bench) return;
      const size = JSON.stringify(diff).length;
      frameBytes += size;
      if (frameSizes.length < FRAME_SIZE_SAMPLES) frameSizes.push(size);
    },
    held() {
      heldWhileHidden += 1;
    },
    snapshot(log, resetSamples) {
      const sizes = frameSizes;
      if (resetSamples) frameSizes = [];
      return {
        bench,
        socketMessages,
        socketByEvent: { ...socketByEvent },
        events,
        malformed,
        levelChanges,
        frames,
        frameBytes,
        frameSizes: resetSamples ? sizes : [...sizes],
        heldWhileHidden,
        log: { appended: log.appended, transactions: log.transactions, pending: log.pending },
      };
    },
  };
}
