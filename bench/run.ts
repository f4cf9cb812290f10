// The benchmark runner: `tsx bench/run.ts [--quick] [--gate] [--only=a,b] [--readme]`.
// Runs the benchmarks of bench/index.ts one after another (a benchmark that throws yields
// failed rows carrying the error, and the run goes on), prints one table sorted by budget id,
// writes the same as JSON to bench/results/<timestamp>.json and (full runs of every benchmark
// only, the committed record) bench/results/latest.json,
// and with --gate exits 1 when any row misses its budget. --readme rewrites the table in
// README.md between the bench markers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { benchmarks } from './index.ts';
import {
  machineInfo,
  markdownTable,
  notesList,
  replaceReadmeTable,
  summaryLine,
} from './report.ts';
import type { RunResult } from './report.ts';
import type { Benchmark, BenchRow } from './types.ts';

interface Args {
  quick: boolean;
  gate: boolean;
  readme: boolean;
  only: string[] | null;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench', 'results');

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { quick: false, gate: false, readme: false, only: null };
  for (const a of argv) {
    if (a === '--quick') args.quick = true;
    else if (a === '--gate') args.gate = true;
    else if (a === '--readme') args.readme = true;
    else if (a.startsWith('--only=')) args.only = a.slice('--only='.length).split(',');
    else throw new Error(`unknown argument ${a} (use --quick, --gate, --only=a,b, --readme)`);
  }
  return args;
}

function selected(only: string[] | null): Benchmark[] {
  if (only === null) return benchmarks;
  const names = new Set(benchmarks.map((b) => b.name));
  const unknown = only.filter((n) => !names.has(n));
  if (unknown.length > 0)
    throw new Error(`unknown benchmark ${unknown.join(', ')} (known: ${[...names].join(', ')})`);
  return benchmarks.filter((b) => only.includes(b.name));
}

function failedRows(bench: Benchmark, error: unknown): BenchRow[] {
  const message = error instanceof Error ? error.message : String(error);
  return bench.ids.map((id) => ({
    id,
    what: `${bench.name} (did not run)`,
    value: Number.NaN,
    unit: '',
    budget: 'see BUDGETS.md',
    peer: null,
    ratio: null,
    pass: false,
    note: `error: ${message.split('\n')[0] ?? message}`,
  }));
}

async function runAll(list: Benchmark[], args: Args, outDir: string): Promise<RunResult> {
  const startedAt = new Date().toISOString();
  const machine = machineInfo(root);
  const rows: BenchRow[] = [];
  const ran: RunResult['benchmarks'] = [];
  for (const bench of list) {
    process.stderr.write(`[bench] ${bench.name} (${bench.ids.join(', ')}) …\n`);
    const t0 = performance.now();
    let error: string | null = null;
    try {
      rows.push(...(await bench.run({ quick: args.quick, outDir })));
    } catch (err) {
      error = err instanceof Error ? (err.stack ?? err.message) : String(err);
      process.stderr.write(`[bench] ${bench.name} failed: ${error}\n`);
      rows.push(...failedRows(bench, err));
    }
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    process.stderr.write(`[bench] ${bench.name} done in ${seconds} s\n`);
    ran.push({ name: bench.name, ids: bench.ids, seconds, error });
  }
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    quick: args.quick,
    only: args.only,
    machine,
    benchmarks: ran,
    rows,
  };
}

function write(result: RunResult, args: Args): string {
  mkdirSync(resultsDir, { recursive: true });
  const stamp = result.startedAt.replace(/[:.]/g, '-');
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const file = join(resultsDir, `${stamp}.json`);
  writeFileSync(file, json);
  if (!result.quick && result.only === null) writeFileSync(join(resultsDir, 'latest.json'), json);
  if (args.readme) {
    const readme = join(root, 'README.md');
    writeFileSync(readme, replaceReadmeTable(readFileSync(readme, 'utf8'), result));
    // The project's formatter has the last word on the table's layout (npm run check).
    execFileSync('npx', ['prettier', '--write', 'README.md'], { cwd: root, stdio: 'ignore' });
  }
  return file;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const list = selected(args.only);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = join(resultsDir, 'scratch', stamp);
  mkdirSync(outDir, { recursive: true });
  const result = await runAll(list, args, outDir);
  const file = write(result, args);
  const notes = notesList(result.rows);
  console.log(`\n${markdownTable(result.rows)}\n`);
  if (notes !== '') console.log(`${notes}\n`);
  console.log(summaryLine(result));
  console.log(`results: ${file}${args.readme ? ' (and README.md)' : ''}`);
  const missed = result.rows.filter((r) => !r.pass);
  if (args.gate && missed.length > 0) {
    console.log(
      `gate: ${missed.length} budget row(s) missed: ${missed.map((r) => r.id).join(', ')}`,
    );
    return 1;
  }
  return 0;
}

main().then(
  // Exit explicitly: a benchmark that leaked a handle must not keep the run alive.
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
