// Formatting of the one results table (console and README) and the machine description that
// goes with every results file. Pure helpers of bench/run.ts.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { BenchRow } from './types.ts';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  loadAverage: number[];
  platform: string;
  node: string;
  chromium: string | null;
  commit: string | null;
}

export interface RunResult {
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  only: string[] | null;
  machine: MachineInfo;
  benchmarks: { name: string; ids: string[]; seconds: number; error: string | null }[];
  rows: BenchRow[];
}

/** Budget ids in numeric order (B2 before B10); rows of one id keep their order. */
export function sortRows(rows: readonly BenchRow[]): BenchRow[] {
  const num = (id: string): number => {
    const n = Number(id.replace(/^\D+/, ''));
    return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
  };
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => num(a.row.id) - num(b.row.id) || a.i - b.i)
    .map(({ row }) => row);
}

/** A measured number with as many digits as it deserves. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  if (abs === 0) return '0';
  return value.toPrecision(2);
}

const HEADER = ['id', 'what', 'value', 'budget', 'peer / floor', 'ratio', 'pass'];

function cells(row: BenchRow): string[] {
  return [
    row.id,
    row.what,
    `${formatNumber(row.value)} ${row.unit}`.trim(),
    row.budget,
    row.peer ?? '—',
    row.ratio === null ? '—' : `${formatNumber(row.ratio)}×`,
    row.pass ? 'yes' : 'MISS',
  ];
}

/** The table as Markdown (also readable as plain text on a console). */
export function markdownTable(rows: readonly BenchRow[]): string {
  const body = sortRows(rows).map(cells);
  const escape = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const widths = HEADER.map((h, c) =>
    Math.max(h.length, ...body.map((r) => escape(r[c] ?? '').length)),
  );
  const line = (r: readonly string[]): string =>
    `| ${r.map((cell, c) => escape(cell).padEnd(widths[c] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(HEADER), rule, ...body.map(line)].join('\n');
}

/** The notes of the rows, one bullet each, in table order. */
export function notesList(rows: readonly BenchRow[]): string {
  return sortRows(rows)
    .filter((r) => r.note !== undefined && r.note !== '')
    .map((r) => `- ${r.id} ${r.what}: ${r.note ?? ''}`)
    .join('\n');
}

export function summaryLine(result: RunResult): string {
  const missed = result.rows.filter((r) => !r.pass);
  const m = result.machine;
  const head = `${result.rows.length} rows, ${missed.length} missed`;
  const where = `${m.cpu} × ${m.cores}, Node ${m.node}${m.chromium === null ? '' : `, ${m.chromium}`}`;
  return `${head}${result.quick ? ' (quick)' : ''} · ${where} · commit ${m.commit ?? 'unknown'} · ${result.finishedAt}`;
}

/** Rewrites the part of `readme` between the bench markers; throws when they are missing. */
export function replaceReadmeTable(readme: string, result: RunResult): string {
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const a = readme.indexOf(start);
  const b = readme.indexOf(end);
  if (a < 0 || b < a) throw new Error(`README.md has no ${start} … ${end} markers`);
  const notes = notesList(result.rows);
  const block = [
    start,
    '',
    `_${summaryLine(result)}_`,
    '',
    markdownTable(result.rows),
    '',
    ...(notes === '' ? [] : [notes, '']),
    end,
  ].join('\n');
  return readme.slice(0, a) + block + readme.slice(b + end.length);
}

function run(file: string, args: string[]): string | null {
  try {
    return execFileSync(file, args, { encoding: 'utf8', timeout: 15_000, stdio: 'pipe' }).trim();
  } catch {
    return null;
  }
}

export function machineInfo(root: string): MachineInfo {
  const cpus = os.cpus();
  const commit = run('git', ['-C', root, 'rev-parse', '--short', 'HEAD']);
  const dirty = run('git', ['-C', root, 'status', '--porcelain']);
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    platform: `${os.platform()} ${os.release()}`,
    node: process.versions.node,
    chromium: run('/usr/bin/chromium', ['--version']),
    commit: commit === null ? null : `${commit}${dirty === null || dirty === '' ? '' : '+dirty'}`,
  };
}
