// Loading a recording into the replay engine (issue 5): the file read and checked into a session
// (replay-session.ts; it yields to the injected timers between blocks, so the worker answers
// while a large file loads), what the page is told of a loaded file, and a failure as the code
// the page shows (a ReplayFileError's own code, anything else 'corrupt').
import type { ReplayInfo, ReplayLoadResult } from '../api.ts';
import type { Logger, Timers } from '../services.ts';
import { ReplayFileError } from './format.ts';
import { loadReplay } from './replay-session.ts';
import type { ReplaySession } from './replay-session.ts';

export function readRecording(
  bytes: Uint8Array,
  onProgress: (done: number, total: number) => void,
  timers: Timers,
): Promise<ReplaySession> {
  return loadReplay(bytes, {
    onProgress,
    pause: () => new Promise((resolve) => timers.setTimeout(resolve, 0)),
  });
}

export function recordingInfo(session: ReplaySession): ReplayInfo {
  const h = session.header;
  return {
    app: h.app,
    events: session.count,
    from: h.from,
    to: h.to,
    firstSeq: h.firstSeq,
    lastSeq: h.lastSeq,
    exportedAt: h.exportedAt,
    names: [...session.names],
    mismatches: [...session.mismatches],
    finalHashes: session.finalHashes,
    incident: h.incident ?? null,
  };
}

export function loadFailure(error: unknown, logger: Logger): ReplayLoadResult {
  if (error instanceof ReplayFileError)
    return { ok: false, code: error.code, params: error.params };
  logger.warn('replay: load failed', error);
  return { ok: false, code: 'corrupt', params: {} };
}
