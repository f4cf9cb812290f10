// The page's frame budget (issue 19, ADR 0027): painters run by priority until a frame's budget
// is spent, the rest wait, nothing waits too long, the user's paints never wait, a throwing
// painter does not stop the others, and each panel's cost is counted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFrameBudget } from './frame-budget.ts';
import type { FrameBudget, Painter } from './frame-budget.ts';

interface Harness {
  budget: FrameBudget;
  /** Run the pending animation frame; returns the names painted in it. */
  frame(): string[];
  pending(): boolean;
  painter(name: string, priority: number, costMs: number): Painter;
}

function harness(budgetMs = 6, maxWaitFrames = 2): Harness {
  let clock = 0;
  let next: (() => void) | null = null;
  let ids = 0;
  let painted: string[] = [];
  const budget = createFrameBudget({
    budgetMs,
    maxWaitFrames,
    now: () => clock,
    requestFrame: (run) => {
      next = run;
      return ++ids;
    },
    cancelFrame: () => {
      next = null;
    },
  });
  return {
    budget,
    frame() {
      painted = [];
      const run = next;
      next = null;
      run?.();
      return painted;
    },
    pending: () => next !== null,
    painter: (name, priority, costMs) => ({
      name,
      priority,
      paint() {
        painted.push(name);
        clock += costMs;
      },
    }),
  };
}

describe('frame budget', () => {
  it('paints by priority until the budget is spent; the rest waits for the next frame', () => {
    const h = harness(6);
    const bid = h.painter('book-bid', 0, 3);
    const ask = h.painter('book-ask', 1, 3);
    const trades = h.painter('trades', 2, 3);
    const chart = h.painter('chart', 3, 3);
    for (const p of [chart, trades, ask, bid]) h.budget.request(p);
    expect(h.frame()).toEqual(['book-bid', 'book-ask']);
    expect(h.pending()).toBe(true);
    expect(h.frame()).toEqual(['trades', 'chart']);
    expect(h.pending()).toBe(false);
    const stats = h.budget.stats();
    expect(stats['chart']).toEqual({ paints: 1, totalMs: 3, maxMs: 3, deferred: 1 });
    expect(stats['book-bid']?.deferred).toBe(0);
  });

  it('always paints the first painter of a frame, however slow', () => {
    const h = harness(6);
    const slow = h.painter('book-bid', 0, 40);
    const other = h.painter('trades', 2, 1);
    h.budget.request(other);
    h.budget.request(slow);
    expect(h.frame()).toEqual(['book-bid']);
    expect(h.frame()).toEqual(['trades']);
  });

  it('paints what the user caused in the next frame, whatever the budget', () => {
    const h = harness(6);
    const bid = h.painter('book-bid', 0, 10);
    const chart = h.painter('chart', 3, 2);
    h.budget.request(bid);
    h.budget.request(chart, true);
    // urgent first, then the rest only while the budget lasts
    expect(h.frame()).toEqual(['chart', 'book-bid']);
  });

  it('asking twice before a frame paints once; asking urgently upgrades the request', () => {
    const h = harness(6);
    const bid = h.painter('book-bid', 0, 10);
    const chart = h.painter('chart', 3, 1);
    h.budget.request(bid);
    h.budget.request(chart);
    h.budget.request(chart, true);
    h.budget.request(chart);
    expect(h.frame()).toEqual(['chart', 'book-bid']);
    expect(h.budget.stats()['chart']?.paints).toBe(1);
  });

  it('a cancelled painter is not painted, and no frame is asked for nothing', () => {
    const h = harness(6);
    const bid = h.painter('book-bid', 0, 1);
    h.budget.request(bid);
    h.budget.cancel(bid);
    expect(h.pending()).toBe(false);
    expect(h.frame()).toEqual([]);
  });

  it('a painter that throws does not stop the others', async () => {
    const h = harness(6);
    const errors: unknown[] = [];
    const broken: Painter = {
      name: 'broken',
      priority: 0,
      paint() {
        throw new Error('boom');
      },
    };
    const bid = h.painter('book-bid', 1, 1);
    h.budget.request(broken);
    h.budget.request(bid);
    const onError = (err: unknown): void => void errors.push(err);
    process.on('uncaughtException', onError);
    try {
      expect(h.frame()).toEqual(['book-bid']);
      await new Promise((r) => setTimeout(r, 0));
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(errors).toHaveLength(1);
    expect(h.budget.stats()['broken']?.paints).toBe(1);
  });

  it('whenPainted settles at the end of the first frame after which nothing waits', async () => {
    const h = harness(3);
    const settled: string[] = [];
    const bid = h.painter('book-bid', 0, 3);
    const chart = h.painter('chart', 3, 3);
    h.budget.request(bid);
    h.budget.request(chart);
    void h.budget.whenPainted().then(() => settled.push('painted'));
    expect(h.frame()).toEqual(['book-bid']);
    await Promise.resolve();
    expect(settled).toEqual([]);
    expect(h.frame()).toEqual(['chart']);
    await Promise.resolve();
    expect(settled).toEqual(['painted']);
  });

  it('whenPainted with nothing to paint settles at the next frame, not at once', async () => {
    const h = harness(3);
    let settled = false;
    void h.budget.whenPainted().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(h.pending()).toBe(true);
    expect(h.frame()).toEqual([]);
    await Promise.resolve();
    expect(settled).toBe(true);
  });

  it('property: every request is painted exactly once, within maxWait + 1 frames', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            priority: fc.integer({ min: 0, max: 4 }),
            cost: fc.integer({ min: 0, max: 12 }),
            urgent: fc.boolean(),
            // requests arrive before frame number `at`
            at: fc.integer({ min: 0, max: 5 }),
          }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 3 }),
        (reqs, budgetMs, maxWait) => {
          const h = harness(budgetMs, maxWait);
          const painters = reqs.map((r, i) => ({
            ...r,
            p: h.painter(`p${i}`, r.priority, r.cost),
          }));
          const asked = new Map<string, number>();
          const done = new Map<string, number>();
          for (let f = 0; f < 40; f++) {
            for (const r of painters) {
              if (r.at !== f || asked.has(r.p.name) || done.has(r.p.name)) continue;
              asked.set(r.p.name, f);
              h.budget.request(r.p, r.urgent);
            }
            for (const name of h.frame()) {
              expect(done.has(name)).toBe(false);
              done.set(name, f);
            }
          }
          expect(done.size).toBe(painters.length);
          for (const r of painters) {
            const waited = (done.get(r.p.name) ?? 99) - (asked.get(r.p.name) ?? 0);
            // requests of one frame: the budget holds some back for at most maxWait frames,
            // and the overdue ones of a frame all run in it
            expect(waited).toBeLessThanOrEqual(r.urgent ? 0 : maxWait);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
