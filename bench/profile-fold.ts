// Profiling aid for B1: runs the real engine over the recorded F-busy pushes several times so
// that `node --cpu-prof --import tsx bench/profile-fold.ts [--deltas] [--runs=N]` shows where
// the time goes. Prints the median engine time and its ratio to bare JSON.parse (interleaved).
import { join } from 'node:path';
import { engineHarness } from './engine-harness.ts';
import { FIXTURES_DIR, readFixture } from './record.ts';
import { median } from './stats.ts';

const fixture = readFixture(join(FIXTURES_DIR, 'f-busy.ndjson'));
const deltasOnly = process.argv.includes('--deltas');
const lines = fixture.lines
  .slice(1)
  .filter((l) => !deltasOnly || (l.startsWith('["market_depth"') && l.includes('"mode":"delta"')));
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 20);
const engine: number[] = [];
const parse: number[] = [];
let sink = 0;
/** CPU time of this process in ms (robust against other processes on a shared machine). */
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
for (let i = 0; i < runs; i += 1) {
  let t0 = cpu();
  for (const text of lines) sink += (JSON.parse(text) as unknown[]).length;
  parse.push(cpu() - t0);
  const h = await engineHarness(fixture.header);
  const [e0, p0] = JSON.parse(fixture.lines[0] ?? '[]') as [string, unknown];
  h.deliver(e0, p0);
  t0 = cpu();
  for (const text of lines) {
    const [event, payload] = JSON.parse(text) as [string, unknown];
    h.deliver(event, payload);
  }
  await h.engine.log.flush();
  engine.push(cpu() - t0);
  await h.close();
}
const e = median(engine);
const p = median(parse);
console.log(
  `${lines.length} pushes: engine ${e.toFixed(1)} ms, JSON.parse ${p.toFixed(1)} ms, ` +
    `engine at ${((p / e) * 100).toFixed(0)} % of JSON.parse (${sink > 0 ? runs : 0} runs); ` +
    `fastest runs: engine ${Math.min(...engine).toFixed(1)} ms, JSON.parse ${Math.min(...parse).toFixed(1)} ms`,
);
