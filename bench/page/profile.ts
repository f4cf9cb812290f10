// CPU profiles of the live page (main thread) for finding the cause of a missed budget: CDP
// Profiler over a window, self time per function, mapped back to the source through the
// build's source maps (vite builds with `sourcemap: true`). Used by the page benchmarks when
// `BENCH_PROFILE=1` is set, and by hand while investigating.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import type { RawSourceMap } from 'source-map-js';
import { ROOT, sleep } from './harness.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface HotSpot {
  /** "source.ts:line function" (or the minified location when there is no map). */
  where: string;
  /** Self time, ms (throttled time, as the page lived it). */
  selfMs: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Time not idle (program, scripts, GC), ms. */
  busyMs: number;
  gcMs: number;
  top: HotSpot[];
  /** Self time grouped by source file. */
  byFile: HotSpot[];
  /** Time including callees, for functions of our own source (components, formatters). */
  inclusive: HotSpot[];
  /** With `under`: self and inclusive time of what ran beneath a function matching it. */
  under?: { match: string; totalMs: number; self: HotSpot[]; inclusive: HotSpot[] };
}

/** Profile the main thread for `ms`, then summarize. */
export async function profileWindow(
  cdp: CDPSession,
  ms: number,
  top = 25,
  under = '',
): Promise<ProfileSummary> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await sleep(ms);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.send('Profiler.disable');
  return summarize(profile, top, under);
}

const maps = new Map<string, SourceMapConsumer | null>();

function mapFor(url: string): SourceMapConsumer | null {
  const file = url.split('/').pop() ?? '';
  if (!maps.has(file)) {
    const path = join(ROOT, 'dist', 'assets', `${file}.map`);
    maps.set(
      file,
      existsSync(path)
        ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8')) as RawSourceMap)
        : null,
    );
  }
  return maps.get(file) ?? null;
}

function locate(frame: CallFrame): string {
  if (frame.url === '') return frame.functionName === '' ? '(anonymous)' : frame.functionName;
  const map = mapFor(frame.url);
  // a frame of a script compiled but not yet run (a profile across a navigation) has line −1
  if (map !== null && frame.lineNumber >= 0) {
    const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (pos.source !== null) {
      const src = pos.source.replace(/^(\.\.\/)+/, '');
      return `${src}:${pos.line} ${pos.name ?? frame.functionName}`;
    }
  }
  return `${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1} ${frame.functionName}`;
}

/** Inclusive time of each of our own functions (src/), counted once per call stack. */
function inclusiveBySource(
  profile: Profile,
  self: Map<number, number>,
  byId: Map<number, ProfileNode>,
): Map<string, number> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const out = new Map<string, number>();
  for (const [id, ms] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (node === undefined) break;
      const w = locate(node.callFrame);
      if (!w.startsWith('src/') || seen.has(w)) continue;
      seen.add(w);
      out.set(w, (out.get(w) ?? 0) + ms);
    }
  }
  return out;
}

/** Time spent beneath the first frame (from the root) whose location contains `match`. */
function beneath(
  profile: Profile,
  self: Map<number, number>,
  byId: Map<number, ProfileNode>,
  match: string,
  busy: number,
  top: number,
): NonNullable<ProfileSummary['under']> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfAt = new Map<string, number>();
  const incl = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const chain: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (node === undefined) break;
      chain.push(locate(node.callFrame));
    }
    const hit = chain.findIndex((w) => w.includes(match));
    if (hit < 0) continue;
    total += ms;
    const leaf = chain[0] ?? '';
    selfAt.set(leaf, (selfAt.get(leaf) ?? 0) + ms);
    for (const w of new Set(chain.slice(0, hit))) incl.set(w, (incl.get(w) ?? 0) + ms);
  }
  const rank = (m: Map<string, number>): HotSpot[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([w, ms]) => ({ where: w, selfMs: Math.round(ms), share: busy > 0 ? ms / busy : 0 }));
  return { match, totalMs: total, self: rank(selfAt), inclusive: rank(incl) };
}

/** Self time per profile node, ms: the delta before the next sample is this sample's time. */
function selfBySample(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] as number;
    self.set(id, (self.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return self;
}

function summarize(profile: Profile, top: number, under: string): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = selfBySample(profile);
  const where = new Map<string, number>();
  const files = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let gc = 0;
  for (const [id, ms] of self) {
    total += ms;
    const node = byId.get(id);
    if (node === undefined) continue;
    const name = node.callFrame.functionName;
    if (name === '(idle)') {
      idle += ms;
      continue;
    }
    if (name === '(garbage collector)') gc += ms;
    const w = locate(node.callFrame);
    where.set(w, (where.get(w) ?? 0) + ms);
    const file = w.includes(':') ? (w.split(':')[0] ?? w) : w;
    files.set(file, (files.get(file) ?? 0) + ms);
  }
  const busy = total - idle;
  const inclusive = inclusiveBySource(profile, self, byId);
  const rank = (m: Map<string, number>): HotSpot[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([w, ms]) => ({ where: w, selfMs: Math.round(ms), share: busy > 0 ? ms / busy : 0 }));
  return {
    totalMs: total,
    busyMs: busy,
    gcMs: gc,
    top: rank(where),
    byFile: rank(files),
    inclusive: rank(inclusive),
    ...(under === '' ? {} : { under: beneath(profile, self, byId, under, busy, top) }),
  };
}

export function formatProfile(p: ProfileSummary): string {
  const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;
  const lines = [
    `profile: ${Math.round(p.totalMs)} ms, busy ${Math.round(p.busyMs)} ms (${pct(p.busyMs / p.totalMs)}), GC ${Math.round(p.gcMs)} ms`,
    'by file:',
    ...p.byFile.map(
      (h) => `  ${String(h.selfMs).padStart(6)} ms ${pct(h.share).padStart(6)}  ${h.where}`,
    ),
    'by function:',
    ...p.top.map(
      (h) => `  ${String(h.selfMs).padStart(6)} ms ${pct(h.share).padStart(6)}  ${h.where}`,
    ),
    'our functions, inclusive:',
    ...p.inclusive.map(
      (h) => `  ${String(h.selfMs).padStart(6)} ms ${pct(h.share).padStart(6)}  ${h.where}`,
    ),
  ];
  const u = p.under;
  if (u !== undefined) {
    const line = (h: HotSpot): string =>
      `  ${String(h.selfMs).padStart(6)} ms ${pct(h.share).padStart(6)}  ${h.where}`;
    lines.push(`beneath ${u.match}: ${Math.round(u.totalMs)} ms; self:`, ...u.self.map(line));
    lines.push('inclusive:', ...u.inclusive.map(line));
  }
  return lines.join('\n');
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number } };
}

/** One task of the main thread at least LONG_TASK_MS long, and where its time went. */
export interface TraceTask {
  startMs: number;
  durMs: number;
  /** Self time per event name inside the task (scripts named by function and line), largest first. */
  inside: { name: string; selfMs: number }[];
}

/** Tasks at least this long are listed one by one (40: those near the 50 ms long-task line). */
const LONG_TASK_MS = 40;

export interface TraceSummary {
  windowMs: number;
  /** Self time per trace event name on the page's main thread, ms, largest first. */
  mainThread: { name: string; selfMs: number }[];
  /** The tasks of at least LONG_TASK_MS, in order. */
  longTasks: TraceTask[];
}

/**
 * A Chromium trace (devtools.timeline) of the page for `ms`: where the main thread's time goes
 * by event (scripts, style, layout, paint, …), self time so that nesting is not counted twice.
 */
export async function traceWindow(
  browser: Browser,
  page: Page,
  ms: number,
  top = 20,
  keepAt = '',
  extraCategories: readonly string[] = [],
): Promise<TraceSummary> {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      ...extraCategories,
    ],
  });
  await sleep(ms);
  const buffer = await browser.stopTracing();
  if (keepAt !== '') writeFileSync(keepAt, buffer);
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (main === undefined) return { windowMs: ms, mainThread: [], longTasks: [] };
  const mine = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const { self, longTasks } = selfTimes(mine);
  return {
    windowMs: ms,
    mainThread: [...self]
      .map(([name, us]) => ({ name, selfMs: Math.round(us / 1000) }))
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top),
    longTasks,
  };
}

interface OpenTask {
  end: number;
  self: Map<string, number>;
  t: TraceTask;
}

/** Self time per event name (µs) over the events, and the long top-level tasks. */
function selfTimes(mine: TraceEvent[]): { self: Map<string, number>; longTasks: TraceTask[] } {
  const self = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, us: number): void => {
    m.set(k, (m.get(k) ?? 0) + us);
  };
  const stack: { end: number; name: string; label: string }[] = [];
  const longTasks: TraceTask[] = [];
  let task: OpenTask | null = null;
  const t0 = mine[0]?.ts ?? 0;
  for (const e of mine) {
    const dur = e.dur ?? 0;
    while (stack.length > 0 && (stack[stack.length - 1] as { end: number }).end <= e.ts)
      stack.pop();
    if (task !== null && e.ts >= task.end) {
      longTasks.push(closed(task));
      task = null;
    }
    const parent = stack[stack.length - 1];
    const label = labelOf(e);
    if (parent !== undefined) {
      add(self, parent.name, -dur);
      if (task !== null) add(task.self, parent.label, -dur);
    } else if (dur >= LONG_TASK_MS * 1000) {
      const startMs = Math.round((e.ts - t0) / 1000);
      task = { end: e.ts + dur, self: new Map(), t: { startMs, durMs: dur / 1000, inside: [] } };
    }
    add(self, e.name, dur);
    if (task !== null) add(task.self, label, dur);
    stack.push({ end: e.ts + dur, name: e.name, label });
  }
  if (task !== null) longTasks.push(closed(task));
  return { self, longTasks };
}

function closed(task: OpenTask): TraceTask {
  const inside = [...task.self]
    .map(([name, us]) => ({ name, selfMs: Math.round(us / 100) / 10 }))
    .filter((x) => x.selfMs >= 0.5)
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, 8);
  return { ...task.t, durMs: Math.round(task.t.durMs * 10) / 10, inside };
}

/** A script's event named by its function and place; other events by their name. */
function labelOf(e: TraceEvent): string {
  const d = e.args?.data;
  if (e.name !== 'FunctionCall' || d === undefined) return e.name;
  const file = (d.url ?? '').split('/').pop() ?? '';
  return `FunctionCall ${d.functionName || '(anonymous)'}@${file}:${d.lineNumber ?? 0}`;
}

export function formatTrace(t: TraceSummary): string {
  return [
    `trace of the main thread over ${t.windowMs} ms (self time per event):`,
    ...t.mainThread.map((e) => `  ${String(e.selfMs).padStart(6)} ms  ${e.name}`),
    `tasks of ${LONG_TASK_MS} ms or more: ${t.longTasks.length}`,
    ...t.longTasks.map(
      (k) =>
        `  at ${k.startMs} ms, ${k.durMs} ms: ` +
        k.inside.map((x) => `${x.name} ${x.selfMs}`).join(', '),
    ),
  ].join('\n');
}
