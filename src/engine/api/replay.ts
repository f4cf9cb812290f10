// The engine's public types of replay (issue 5; re-exported by api.ts): the speeds, the
// projections a replay hashes, what a loaded file tells and its rows (the replay worker's
// interface, ReplayApi, is in api.ts beside the EngineApi it extends).
import type { Incident } from './flight.ts';

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
  'triggers',
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
  /** What broke, when the file is a flight recorder's report (its last event is the break). */
  incident: Incident | null;
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

export interface LogEventView {
  seq: number;
  at: number;
  kind: string;
  name: string;
  body: unknown;
}

/** One projection at a recording's first difference (issue 47): both values as JSON text. */
export interface ReplayProjectionDifference {
  name: ProjectionName;
  recordedHash: string;
  nowHash: string;
  recorded: string;
  now: string;
  /** The delta from the recorded value to this version's (jsondiffpatch's JSON form). */
  delta: string;
}

/** The first event where this version folds a recording otherwise than its own code did. */
export interface ReplayDifference {
  /** False: the file has no per-event trace (format 1); only its final hashes are compared. */
  traced: boolean;
  /** Events folded, up to the difference. */
  compared: number;
  found: {
    index: number;
    seq: number;
    name: string;
    /** This version cannot fold the event (its message). */
    foldFailed?: string;
    /** The recording's own version could not fold it (its message). */
    recordedFoldFailed?: string;
    projections: ReplayProjectionDifference[];
  } | null;
  finalMismatches: ProjectionName[];
}
