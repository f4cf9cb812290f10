// Profiling aid for B9: loads a recording of looped F-busy events (written once to the temp
// directory) with the replay's own loader (`loadReplay`: gunzip, parse, check, fold, hash) in
// Node, so that `node --cpu-prof --import tsx bench/profile-replay.ts [--events=N] [--runs=N]`
// shows where a load's time goes. Prints the median and fastest CPU time of a load.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadReplay } from '../src/engine/replay/replay-session.ts';
import { foldEngine, initialEngineState } from '../src/engine/store.ts';
import { exportAll, loopedEvents } from './replay.bench.ts';
import { cpuMs, median } from './stats.ts';

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const total = Number(arg('events') ?? 1_000_000);
const runs = Number(arg('runs') ?? 3);
const file = join(tmpdir(), `bourse-b9-profile-${total}.ndjson.gz`);
if (!existsSync(file)) {
  const events = (await loopedEvents(total)).flat();
  const end = events.reduce(foldEngine, initialEngineState);
  writeFileSync(file, await exportAll(events, end));
}
const bytes = new Uint8Array(readFileSync(file));
const times: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const t0 = cpuMs();
  const session = await loadReplay(bytes);
  times.push(cpuMs() - t0);
  if (session.mismatches.length > 0) throw new Error(`hash mismatch: ${session.mismatches.join()}`);
}
console.log(
  `${total} events, ${(bytes.length / 1e6).toFixed(1)} MB: load median ${median(times).toFixed(0)} ms, ` +
    `fastest ${Math.min(...times).toFixed(0)} ms (${runs} runs)`,
);
