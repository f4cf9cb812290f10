// npm run replay -- FILE --diff (issue 47, ADR 0077): folds the recording with the code at hand
// and stops at the first event where a projection differs from what the recording's code folded
// (first-difference.ts). Prints, as JSON on stdout, the event and, for each projection that
// differs, its value before the event, the recorded value after it, the value folded now, both
// hashes and the delta between them; a one-line verdict goes to stderr. Exit code 0: the
// recording is reproduced; 1: a difference (or a file without a trace whose final hashes differ).
import { basename } from 'node:path';
import { firstDifference } from '../src/engine/replay/first-difference.ts';
import type { DiffReport } from '../src/engine/replay/first-difference.ts';

export async function runDiff(file: string, bytes: Uint8Array): Promise<number> {
  const report = await firstDifference(bytes);
  const found = report.difference;
  console.log(
    JSON.stringify(
      {
        file: basename(file),
        app: report.header.app,
        events: report.header.events,
        traced: report.traced,
        compared: report.compared,
        firstDifference:
          found === null
            ? null
            : {
                index: found.index,
                seq: found.event.seq,
                name: found.event.name,
                time: new Date(found.event.at).toISOString(),
                event: found.event,
                ...(found.foldFailed === undefined ? {} : { foldFailed: found.foldFailed }),
                ...(found.recordedFoldFailed === undefined
                  ? {}
                  : { recordedFoldFailed: found.recordedFoldFailed }),
                projections: found.projections,
              },
        finalMismatches: report.finalMismatches,
      },
      null,
      2,
    ),
  );
  console.error(`replay --diff: ${verdict(report)}`);
  return found === null && report.finalMismatches.length === 0 ? 0 : 1;
}

function verdict(report: DiffReport): string {
  const found = report.difference;
  if (found !== null) {
    const where = `event seq ${found.event.seq} (${found.event.name}, #${found.index + 1} of ${report.header.events})`;
    if (found.foldFailed !== undefined)
      return `the code at hand cannot fold ${where}: ${found.foldFailed}`;
    if (found.recordedFoldFailed !== undefined)
      return `the recording's own fold failed at ${where}: ${found.recordedFoldFailed}`;
    return `first difference at ${where}: ${Object.keys(found.projections).join(', ')}`;
  }
  if (!report.traced) {
    const head = `the file has no per-event trace (written by app ${report.header.app}, format ${report.header.version}); only the final hashes were compared`;
    return report.finalMismatches.length === 0
      ? `${head}: they match`
      : `${head}: ${report.finalMismatches.join(', ')} differ`;
  }
  return `no difference in ${report.compared} events: the recording is reproduced`;
}
