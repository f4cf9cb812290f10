// The engine's public types of replay (issue 5; re-exported by api.ts): the speeds, the
// projections a replay hashes, what a loaded file tells, and the replay worker's interface.
import type { EngineApi } from '../api.ts';

/** How fast a replay plays: recorded time ×1 or ×10 with pauses over 1 s cut to 1 s, as fast
 *  as the fold goes, or exactly the recorded timing (pauses included). */
export type ReplaySpeed = '1x' | '10x' | 'max' | 'original';

export const PROJECTION_NAMES = [
  'session',
  'market',
  'spot.view',
  'spot.book',
  'spot.trades',
  'spot.chart',
  'spot.orders',
  'wallet',
  'lever',
  'micro',
  'c2c',
  'workspace',
  'notices',
] as const;
export type ProjectionName = (typeof PROJECTION_NAMES)[number];

/** Engine state as JSON: one value per projection (a checkpoint's, a replay file's start). */
export type StateDoc = Record<ProjectionName, unknown>;

export interface ReplayInfo {
  app: string;
  events: number;
  /** Times of the first and last event (null when the file holds none). */
  from: number | null;
  to: number | null;
  firstSeq: number | null;
  lastSeq: number | null;
  exportedAt: number;
  /** Distinct event names (the list's filter offers them). */
  names: string[];
  /** Projections whose final hash differs from the one recorded (empty: reproduced exactly). */
  mismatches: ProjectionName[];
  finalHashes: Record<ProjectionName, string>;
}

export type ReplayLoadResult =
  | { ok: true; info: ReplayInfo }
  | { ok: false; code: string; params: Record<string, string | number> };

export interface ReplayStatus {
  /** Index of the last event applied (-1: the start state). */
  index: number;
  seq: number;
  /** The replay clock: time of the last event applied (ms). */
  at: number;
  playing: boolean;
  speed: ReplaySpeed;
}

export interface ReplayRow {
  index: number;
  seq: number;
  at: number;
  kind: string;
  name: string;
}

/** The replay worker: the engine's page interface (commands refused) plus the replay controls. */
export interface ReplayApi extends EngineApi {
  replayLoad(
    bytes: Uint8Array,
    onProgress: (done: number, total: number) => void,
  ): Promise<ReplayLoadResult>;
  replayWatch(onStatus: (status: ReplayStatus) => void): Promise<void>;
  replaySeek(index: number): Promise<void>;
  /** Index of the last event with seq ≤ `seq`, or time ≤ `at` (-1 when none). */
  replayFind(target: { seq: number } | { at: number }): Promise<number>;
  replayPlay(speed: ReplaySpeed): Promise<void>;
  replaySetSpeed(speed: ReplaySpeed): Promise<void>;
  replayPause(): Promise<void>;
  /** Filters the event list by name (case-insensitive substring); returns the rows' count. */
  replayFilter(text: string): Promise<number>;
  replayRows(start: number, count: number): Promise<ReplayRow[]>;
  /** Row of the filtered list at or before event `index` (-1 when none). */
  replayRowOf(index: number): Promise<number>;
  replayEvent(index: number): Promise<LogEventView>;
  /** A projection's state at the cursor, and its hash. */
  replayProjection(name: ProjectionName): Promise<{ state: unknown; hash: string }>;
}

export interface LogEventView {
  seq: number;
  at: number;
  kind: string;
  name: string;
  body: unknown;
}
