// Replay on the page (issue 5): opening a recording starts the replay worker, and once the file
// has loaded (a bad file leaves the live engine as it was) it takes the live engine's place,
// so every screen renders replayed state through the same signals. Leaving the replay starts a
// new live engine, which restores its state from the log. No network in between: the replay
// worker has no transport.
import * as Comlink from 'comlink';
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type {
  LogEventView,
  ProjectionName,
  ReplayApi,
  ReplayInfo,
  ReplayLoadResult,
  ReplayRow,
  ReplaySpeed,
  ReplayStatus,
} from '../../engine/api.ts';
import { swapEngine } from './bridge.ts';

export interface OpenReplay extends ReplayInfo {
  fileName: string;
}

const infoSignal = signal<OpenReplay | null>(null);
const statusSignal = signal<ReplayStatus | null>(null);
let api: ReplayApi | null = null;

/** The recording shown (null: live). */
export const replayInfo: ReadonlySignal<OpenReplay | null> = infoSignal;
/** The cursor, the replay clock and whether it plays. */
export const replayStatus: ReadonlySignal<ReplayStatus | null> = statusSignal;

/** Loads `file` in a replay worker; on success the page shows it instead of the live exchange. */
export async function openReplay(
  file: Blob & { name?: string },
  onProgress: (done: number, total: number) => void,
): Promise<ReplayLoadResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const worker = new Worker(new URL('../../engine/replay/replay-worker.ts', import.meta.url), {
    type: 'module',
  });
  const candidate = Comlink.wrap<ReplayApi>(worker) as unknown as ReplayApi;
  let result: ReplayLoadResult;
  try {
    result = await candidate.replayLoad(
      Comlink.transfer(bytes, [bytes.buffer]),
      Comlink.proxy(onProgress),
    );
  } catch {
    result = { ok: false, code: 'corrupt', params: {} };
  }
  if (!result.ok) {
    worker.terminate();
    return result;
  }
  await swapEngine({ api: candidate, worker });
  api = candidate;
  infoSignal.value = { ...result.info, fileName: file.name ?? '' };
  await candidate.replayWatch(
    Comlink.proxy((status: ReplayStatus) => {
      statusSignal.value = status;
    }),
  );
  return result;
}

/** Back to the live exchange. */
export async function exitReplay(): Promise<void> {
  if (api === null) return;
  api = null;
  infoSignal.value = null;
  statusSignal.value = null;
  await swapEngine(null);
}

function replay(): ReplayApi {
  if (api === null) throw new Error('no replay open');
  return api;
}

export const replayControls = {
  seek: (index: number) => replay().replaySeek(index),
  find: (target: { seq: number } | { at: number }) => replay().replayFind(target),
  play: (speed: ReplaySpeed) => replay().replayPlay(speed),
  pause: () => replay().replayPause(),
  setSpeed: (speed: ReplaySpeed) => replay().replaySetSpeed(speed),
  filter: (text: string) => replay().replayFilter(text),
  rows: (start: number, count: number): Promise<ReplayRow[]> => replay().replayRows(start, count),
  rowOf: (index: number) => replay().replayRowOf(index),
  event: (index: number): Promise<LogEventView> => replay().replayEvent(index),
  projection: (name: ProjectionName) => replay().replayProjection(name),
  firstDifference: (onProgress: (done: number, total: number) => void) =>
    replay().replayFirstDifference(Comlink.proxy(onProgress)),
};
