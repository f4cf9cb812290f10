// Measurement steps of the live page benchmarks, on a page opened by harness.ts: a smoothness
// window (frames, long tasks, engine traffic), the hidden-tab check, order-form interactions
// with Event Timing, heap and log size, and waiting for an F-burst burst.
import type { Page } from '@playwright/test';
import type { BenchStats } from '../../src/ui/engine-bridge/bench-hook.ts';
import type { PainterStats } from '../../src/ui/engine-bridge/frame-budget.ts';
import { benchStats, quantile, readProbe, resetProbe, setHidden, sleep } from './harness.ts';
import type { LongFrame, ProbeData } from './harness.ts';

export interface Smoothness {
  windowMs: number;
  /** requestAnimationFrame frames in the window and their deltas' quantiles, ms. */
  frames: number;
  p50: number;
  p95: number;
  p99: number;
  /** The longest gap between two frames, ms. */
  maxGap: number;
  longTasks: number;
  longestTask: number;
  /** Long animation frames (≥ 50 ms) and the scripts that dominated the worst ones. */
  loafs: number;
  worstLoafs: LongFrame[];
  /** Engine → page FrameDiffs and events folded in the window (engine counters). */
  messages: number;
  /** Most diffs the page applied within one animation frame, and frames with more than one. */
  maxPerFrame: number;
  crowdedFrames: number;
  /** The page's slowest diff applications in the window (ms, parts carried). */
  slowest: { ms: number; parts: string[] }[];
  events: number;
  socketMessages: number;
  levelChanges: number;
  /** Sizes of the FrameDiffs posted in the window (worker only; empty for the main engine). */
  sizes: number[];
  /** What each canvas cost in the window (the page's frame budget, per panel). */
  painters: Record<string, PainterStats>;
}

/** Reset the probe, wait `ms`, and read what happened. */
export async function smoothnessWindow(page: Page, ms: number): Promise<Smoothness> {
  await resetProbe(page);
  const before = await benchStats(page, true);
  await sleep(ms);
  const after = await benchStats(page, true);
  const probe = await readProbe(page);
  return summarize(probe, before, after);
}

function summarize(probe: ProbeData, before: BenchStats, after: BenchStats): Smoothness {
  const a = after.counters;
  const b = before.counters;
  const worst = [...probe.loafs].sort((x, y) => y.duration - x.duration).slice(0, 3);
  return {
    windowMs: probe.windowMs,
    frames: probe.frames.length,
    p50: quantile(probe.frames, 0.5),
    p95: quantile(probe.frames, 0.95),
    p99: quantile(probe.frames, 0.99),
    maxGap: probe.frames.length === 0 ? Number.NaN : Math.max(...probe.frames),
    longTasks: probe.longTasks.length,
    longestTask: Math.max(0, ...probe.longTasks.map((t) => t.duration)),
    loafs: probe.loafs.length,
    worstLoafs: worst,
    messages: a.frames - b.frames,
    maxPerFrame: after.page.maxPerFrame,
    slowest: after.page.slowest,
    crowdedFrames: after.page.crowdedFrames - before.page.crowdedFrames,
    events: a.events - b.events,
    socketMessages: a.socketMessages - b.socketMessages,
    levelChanges: a.levelChanges - b.levelChanges,
    sizes: a.frameSizes,
    painters: after.page.painters,
  };
}

export function describeSmoothness(s: Smoothness): string {
  const f = (v: number): string => v.toFixed(1);
  const loaf = s.worstLoafs
    .map((l) => {
      const script = l.scripts[0];
      const who =
        script === undefined ? '' : ` ${script.invoker} ${script.source} ${script.duration} ms`;
      return `${f(l.duration)} ms (render ${f(l.render)}${who})`;
    })
    .join('; ');
  return (
    `${(s.windowMs / 1000).toFixed(0)} s: ${s.frames} frames, p50 ${f(s.p50)} / p95 ${f(s.p95)} / ` +
    `p99 ${f(s.p99)} / max ${f(s.maxGap)} ms; ${s.longTasks} long tasks (longest ` +
    `${f(s.longestTask)} ms); ${s.loafs} long animation frames${loaf === '' ? '' : ` (worst: ${loaf})`}; ` +
    `${s.messages} diffs for ${s.events} events; slowest diffs applied: ` +
    s.slowest.map((d) => `${f(d.ms)} ms [${d.parts.join(' ')}]`).join(', ') +
    `; canvases: ${describePainters(s.painters)}`
  );
}

/** Per panel: paints, mean and slowest paint, and how often it waited for a later frame. */
export function describePainters(painters: Record<string, PainterStats>): string {
  const f = (v: number): string => v.toFixed(1);
  const list = Object.entries(painters).sort((a, b) => b[1].totalMs - a[1].totalMs);
  if (list.length === 0) return 'none painted';
  return list
    .map(
      ([name, p]) =>
        `${name} ${p.paints}× ${f(p.totalMs / Math.max(1, p.paints))} ms (max ${f(p.maxMs)}, ` +
        `waited ${p.deferred})`,
    )
    .join(', ');
}

// ---- hidden tab (B3) -------------------------------------------------------------------------

export interface HiddenCheck {
  /** Frames the page applied while hidden (page counter) and the engine posted (engine counter). */
  pageWhileHidden: number;
  engineWhileHidden: number;
  /** Changes folded but held back while hidden. */
  held: number;
  /** Diffs posted within 1 s after becoming visible again. */
  onReturn: number;
}

/** A frame already on its way when the page hides may still land: not counted. */
export const HIDE_GRACE_MS = 200;

export async function hiddenCheck(page: Page, ms: number): Promise<HiddenCheck> {
  await setHidden(page, true);
  await sleep(HIDE_GRACE_MS);
  const s0 = await benchStats(page);
  await sleep(ms);
  const s1 = await benchStats(page);
  await setHidden(page, false);
  await sleep(1000);
  const s2 = await benchStats(page);
  return {
    pageWhileHidden: s1.page.whileHidden - s0.page.whileHidden,
    engineWhileHidden: s1.counters.frames - s0.counters.frames,
    held: s1.counters.heldWhileHidden - s0.counters.heldWhileHidden,
    onReturn: s2.counters.frames - s1.counters.frames,
  };
}

// ---- order form input (B6) -------------------------------------------------------------------

export interface InputLatency {
  /** Interactions the page saw (performance.interactionCount: clicks, key presses). */
  interactions: number;
  /** Of those, reported by Event Timing (duration ≥ 16 ms); the rest took less. */
  reported: number;
  p75: number;
  max: number;
}

/** Below this Event Timing reports nothing: unreported interactions count as this long. */
const EVENT_TIMING_THRESHOLD = 16;

const interactionCount = async (page: Page): Promise<number> =>
  (await page.evaluate('performance.interactionCount ?? 0')) as number;

/**
 * Clicks and keys in the buy form, each followed by a short pause: focus the price field and
 * type a price, the amount field and type an amount, click the slider marks and Max.
 */
export async function orderFormInput(page: Page, rounds: number): Promise<InputLatency> {
  const form = page.getByTestId('buy-form');
  const price = form.locator('input[name="price"]');
  const amount = form.locator('input[name="number"]');
  const marks = form.locator('.spot-slider__mark');
  await resetProbe(page);
  const count0 = await interactionCount(page);
  const type = async (text: string): Promise<void> => {
    await page.keyboard.press('Control+A');
    for (const ch of text) {
      await page.keyboard.press(ch);
      await sleep(120);
    }
  };
  const click = async (target: ReturnType<Page['locator']>): Promise<void> => {
    await target.click();
    await sleep(200);
  };
  for (let r = 0; r < rounds; r++) {
    await click(price);
    await type(`${100 + r}.5`);
    await click(amount);
    await type('0.01');
    await click(marks.nth(1 + (r % 3)));
    await click(form.getByTestId('buy-max'));
  }
  await sleep(500);
  const interactions = (await interactionCount(page)) - count0;
  const probe = await readProbe(page);
  const byInteraction = new Map<number, number>();
  for (const e of probe.events) {
    if (e.id === 0) continue;
    byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration));
  }
  const reported = [...byInteraction.values()];
  const all = [
    ...reported,
    ...Array<number>(Math.max(0, interactions - reported.length)).fill(EVENT_TIMING_THRESHOLD),
  ];
  return {
    interactions: Math.max(interactions, reported.length),
    reported: reported.length,
    p75: quantile(all, 0.75),
    max: Math.max(0, ...reported),
  };
}

// ---- the engine's log (B8) -------------------------------------------------------------------

/**
 * Events in the engine's IndexedDB log (`bourse-log`), read straight from IndexedDB: table
 * `chunks` (consecutive events per record: last − seq + 1 each) or `events` (one per record).
 */
export async function logEvents(page: Page): Promise<{ events: number; records: number }> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('bourse-log');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const done = (v) => { db.close(); resolve(v); };
      if (db.objectStoreNames.contains('chunks')) {
        let events = 0, records = 0;
        const req = db.transaction('chunks').objectStore('chunks').openCursor();
        req.onerror = () => { db.close(); reject(req.error); };
        req.onsuccess = () => {
          const c = req.result;
          if (c === null) { done({ events, records }); return; }
          records += 1; events += c.value.last - c.value.seq + 1; c.continue();
        };
      } else if (db.objectStoreNames.contains('events')) {
        const req = db.transaction('events').objectStore('events').count();
        req.onsuccess = () => done({ events: req.result, records: req.result });
        req.onerror = () => { db.close(); reject(req.error); };
      } else done({ events: 0, records: 0 });
    };
  })`)) as { events: number; records: number };
}

// ---- F-burst ---------------------------------------------------------------------------------

/** Level changes per second above which the focused pair is in a burst (F-busy × 5 ≈ 3,000). */
const BURST_LEVELS_PER_S = 1800;

/**
 * Wait (at most `timeoutMs`) until the engine sees a burst start: level changes per second over
 * the last second above BURST_LEVELS_PER_S, after at least one second below it.
 */
export async function waitForBurst(page: Page, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const samples: { at: number; levels: number }[] = [];
  let sawCalm = false;
  while (Date.now() < deadline) {
    const s = await benchStats(page);
    const now = Date.now();
    samples.push({ at: now, levels: s.counters.levelChanges });
    const old = samples.find((x) => now - x.at <= 1000);
    if (old !== undefined && now - old.at >= 700) {
      const rate = ((s.counters.levelChanges - old.levels) * 1000) / (now - old.at);
      if (rate < BURST_LEVELS_PER_S) sawCalm = true;
      else if (sawCalm) return true;
    }
    while (samples.length > 0 && now - (samples[0] as { at: number }).at > 2000) samples.shift();
    await sleep(250);
  }
  return false;
}
