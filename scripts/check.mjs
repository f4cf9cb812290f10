// `npm run check`: the five checks (types, lint, format, imports, types declared once), two at a
// time on the 2-core machine class instead of one after another (105 s → about 60 s measured on
// 2026-11-30: tsc alone is 41 s, and the others run beside it). Each check's output is printed
// whole when it ends, so two never interleave; the run fails if any check fails, after all ran.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// the longest first, so the others fill the second core beside it
const CHECKS = ['check:types', 'check:lint', 'check:format', 'check:imports', 'check:types-once'];
const width = Math.max(1, Math.min(2, availableParallelism()));

/** Runs one npm script; resolves with its exit code, its output and how long it took. */
function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      resolve({ script, code: code ?? 1, output, ms: Date.now() - started }),
    );
  });
}

const queue = [...CHECKS];
const failed = [];
async function lane() {
  for (let script = queue.shift(); script !== undefined; script = queue.shift()) {
    const r = await run(script);
    const verdict = r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`;
    process.stdout.write(
      `\n> ${r.script}: ${verdict} in ${(r.ms / 1000).toFixed(1)} s\n${r.output}`,
    );
    if (r.code !== 0) failed.push(r.script);
  }
}

await Promise.all(Array.from({ length: width }, lane));
if (failed.length > 0) {
  console.error(`\ncheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
