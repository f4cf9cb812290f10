// The replay desk's first difference (issue 47, ADR 0077): the recording the replay worker
// loaded, folded again by first-difference.ts, told to the page as plain text it can show (the
// values as indented JSON, the delta from the recorded value to this version's).
import type { ReplayDifference } from '../api.ts';
import type { Timers } from '../services.ts';
import { firstDifference } from './first-difference.ts';
import type { ProjectionName } from './codec.ts';

const text = (value: unknown): string => JSON.stringify(value ?? null, null, 2);

export async function replayDifference(
  bytes: Uint8Array,
  onProgress: (done: number, total: number) => void,
  timers: Timers,
): Promise<ReplayDifference> {
  const report = await firstDifference(bytes, {
    onProgress,
    pause: () => new Promise((resolve) => timers.setTimeout(resolve, 0)),
  });
  const found = report.difference;
  return {
    traced: report.traced,
    compared: report.compared,
    finalMismatches: report.finalMismatches,
    found:
      found === null
        ? null
        : {
            index: found.index,
            seq: found.event.seq,
            name: found.event.name,
            ...(found.foldFailed === undefined ? {} : { foldFailed: found.foldFailed }),
            ...(found.recordedFoldFailed === undefined
              ? {}
              : { recordedFoldFailed: found.recordedFoldFailed }),
            projections: Object.entries(found.projections).map(([name, d]) => ({
              name: name as ProjectionName,
              recordedHash: d.recordedHash,
              nowHash: d.nowHash,
              recorded: text(d.recorded),
              now: text(d.now),
              delta: text(d.delta),
            })),
          },
  };
}
