// The engine's public types of its own running (re-exported by api.ts): how a page starts it
// (EngineConfig), the counters it keeps (EngineStats) and an exported log (ExportFile).
import type { Lang } from '../../shared/locales.ts';

export interface EngineConfig {
  /** Origin of the API, '' for same-origin. */
  baseUrl: string;
  lang: Lang;
  /** Whether the page is visible right now. */
  visible: boolean;
  /** Benchmarks: also measure the size of every posted FrameDiff (see `EngineStats`). */
  bench?: boolean;
  /** The event log's window (ADR 0013); defaults: 200,000 events, 60 minutes. */
  logRetention?: { events?: number; minutes?: number };
}

/**
 * Counters since the engine started (benchmarks, diagnostics). Counts are cumulative: a
 * benchmark reads them at the start and the end of its window and takes the difference.
 */
export interface EngineStats {
  /** Whether frame sizes are being measured (`EngineConfig.bench`). */
  bench: boolean;
  /** Socket pushes received, in all and by socket event name. */
  socketMessages: number;
  socketByEvent: Record<string, number>;
  /** Events logged and folded (pushes, replies, commands, system events). */
  events: number;
  /** Of those, `system.malformed`: input rejected at the edge and dropped. */
  malformed: number;
  /** Level changes carried by folded `book.delta` events. */
  levelChanges: number;
  /** FrameDiffs posted to the page. */
  frames: number;
  /** Their summed size, JSON characters (≈ bytes); 0 unless `bench`. */
  frameBytes: number;
  /** Sizes of the frames posted since the last `stats(true)` (bench only, bounded). */
  frameSizes: number[];
  /** Changes that arrived while hidden: folded but not posted (they go out in one diff on return). */
  heldWhileHidden: number;
  /** The event log: events appended, IndexedDB transactions, events waiting for a flush. */
  log: { appended: number; transactions: number; pending: number };
}

/** An exported log (replay/format.ts). */
export interface ExportFile {
  bytes: Uint8Array;
  events: number;
  /** Times of the first and last event (null when none). */
  from: number | null;
  to: number | null;
}
