import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineEvent, NewEvent } from '../events.ts';
import { foldEngine, initialEngineState } from '../store.ts';
import type { EngineState } from '../store.ts';
import {
  anyBookEventArb,
  marketEventArb,
  sessionEventArb,
  withSeq,
} from '../testing/arbitraries.ts';
import { decodeState, PROJECTIONS, projectionValue } from './codec.ts';
import type { ProjectionName } from './codec.ts';
import { firstDifference } from './first-difference.ts';
import { readExport } from './format.ts';
import { canonicalJson } from './hash.ts';
import { diffValues, patchValue, ProjectionTrack } from './trace.ts';
import { applyChanges, sideFromLevels } from '../projections/book/sorted-side.ts';
import type { BookLevel } from '../event-shapes.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { EventTrace, Fold } from './trace.ts';
import { exportEvents } from './writer.ts';

const eventArb: fc.Arbitrary<NewEvent> = fc.oneof(marketEventArb, sessionEventArb, anyBookEventArb);
const T = 1_700_000_000_000;

/** A traced file of `events` from the empty state, its trace written by `fold`. */
function fileOf(events: readonly EngineEvent[], fold?: Fold): Promise<Uint8Array> {
  const end = events.reduce(foldEngine, initialEngineState);
  return exportEvents({ seq: 0, at: T, state: initialEngineState }, events, end, T, fold);
}

/** A file's events as written (masked) with their traces (null: the line has none). */
async function tracesOf(bytes: Uint8Array): Promise<{
  start: EngineState;
  lines: { event: EngineEvent; trace: EventTrace | null }[];
}> {
  const lines: { event: EngineEvent; trace: EventTrace | null }[] = [];
  let start: EngineState = initialEngineState;
  let next: EventTrace | null = null;
  const header = await readExport(bytes, {
    header: (h) => (start = decodeState(h.start.state)),
    trace: (t) => (next = t as EventTrace),
    event: (event) => {
      lines.push({ event, trace: next });
      next = null;
    },
  });
  expect(header.traced).toBe(true);
  return { start, lines };
}

const canonical = (state: EngineState, name: ProjectionName): string =>
  canonicalJson(projectionValue(state, name));

/** Folds `events` and changes the workspace from the event at `at` on (a planted change). */
const planted =
  (at: number): Fold =>
  (state, event) => {
    const next = foldEngine(state, event);
    return event.seq === at ? { ...next, workspace: { ...next.workspace, planted: at } } : next;
  };

describe('the trace of an export (issue 47, ADR 0077)', () => {
  it('T1 patching the recorded deltas rebuilds every projection at every event', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { maxLength: 50 }), async (raw) => {
        const { start, lines } = await tracesOf(await fileOf(withSeq(raw)));
        const rebuilt = new Map<ProjectionName, unknown>(
          PROJECTIONS.map((n) => [n, JSON.parse(canonical(start, n))]),
        );
        let state = start;
        // the events as a replay folds them: masked, as the file holds them
        for (const { event, trace } of lines) {
          state = foldEngine(state, event);
          for (const [name, delta] of Object.entries(trace?.d ?? {}))
            rebuilt.set(
              name as ProjectionName,
              patchValue(rebuilt.get(name as ProjectionName), delta),
            );
          for (const name of PROJECTIONS)
            expect(canonicalJson(rebuilt.get(name))).toBe(canonical(state, name));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the same code finds no difference', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { maxLength: 50 }), async (raw) => {
        const events = withSeq(raw);
        const report = await firstDifference(await fileOf(events));
        expect(report.traced).toBe(true);
        expect(report.difference).toBeNull();
        expect(report.compared).toBe(events.length);
      }),
      { numRuns: 40 },
    );
  });

  it('T2 a change planted in the code at hand is found at its event, both values shown', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        async (raw, k) => {
          const events = withSeq(raw);
          const at = (events[k % events.length] as EngineEvent).seq;
          const report = await firstDifference(await fileOf(events), { fold: planted(at) });
          const found = report.difference;
          expect(found?.event.seq).toBe(at);
          expect(Object.keys(found?.projections ?? {})).toEqual(['workspace']);
          const w = found?.projections.workspace;
          expect((w?.now as { planted?: number }).planted).toBe(at);
          expect((w?.recorded as { planted?: number }).planted).toBeUndefined();
          expect(w?.recordedHash).not.toBe(w?.nowHash);
          expect(w?.delta).toEqual({ planted: [at] });
        },
      ),
      { numRuns: 30 },
    );
  });

  it('a recording written by other code is found different at the event its code changed', async () => {
    const events = withSeq(fc.sample(eventArb, { numRuns: 40, seed: 7 }));
    const at = (events[25] as EngineEvent).seq;
    const report = await firstDifference(await fileOf(events, planted(at)));
    expect(report.difference?.event.seq).toBe(at);
    expect(report.difference?.index).toBe(25);
    expect(report.compared).toBe(26);
  });

  it('a fold that throws is named at its event, on either side', async () => {
    const events = withSeq(fc.sample(eventArb, { numRuns: 20, seed: 3 }));
    const at = (events[9] as EngineEvent).seq;
    const throwing: Fold = (s, e) => {
      if (e.seq === at) throw new Error('planted');
      return foldEngine(s, e);
    };
    const mine = await firstDifference(await fileOf(events), { fold: throwing });
    expect(mine.difference).toMatchObject({ index: 9, foldFailed: 'planted' });
    const theirs = await firstDifference(await fileOf(events, throwing));
    expect(theirs.difference).toMatchObject({ index: 9, recordedFoldFailed: 'planted' });
  });

  it('a member set to undefined is a member removed once the delta is JSON', () => {
    const left = { a: 1, b: 2, list: [{ id: 1, x: 1 }] };
    const right = { a: 1, b: undefined, c: undefined, list: [{ id: 1, x: undefined }] };
    const delta = JSON.parse(JSON.stringify(diffValues(left, right)));
    expect(canonicalJson(patchValue(structuredClone(left), delta))).toBe(canonicalJson(right));
  });

  it('T3 patching the JSON of a delta onto the JSON of a value gives the other value', () => {
    const item = fc.oneof(
      fc.record({ id: fc.nat(30), v: fc.string({ maxLength: 3 }) }),
      fc.tuple(fc.constantFrom('1', '2', '3', '4'), fc.constantFrom('0.1', '0.2')),
      fc.integer(),
    );
    const list = fc.array(item, { maxLength: 30 });
    // b made from a as the folds make states: shared items, some dropped, added or replaced
    const edit = fc.record({
      drop: fc.nat(5),
      add: fc.array(item, { maxLength: 5 }),
      replace: fc.array(fc.tuple(fc.nat(40), item), { maxLength: 4 }),
      append: fc.array(item, { maxLength: 5 }),
      cut: fc.nat(5),
    });
    fc.assert(
      fc.property(list, edit, fc.jsonValue(), fc.jsonValue(), (a, e, x, y) => {
        const b = [...e.add, ...a.slice(e.drop), ...e.append];
        for (const [i, v] of e.replace) if (i < b.length) b[i] = v;
        b.length = Math.max(0, b.length - e.cut);
        for (const [left, right] of [
          [
            { list: a, x },
            { list: b, x: y },
          ],
          [x, y],
          [a, b],
        ] as const) {
          const delta = diffValues(left, right);
          const start = JSON.parse(JSON.stringify(left ?? null)) as unknown;
          const patched =
            delta === undefined ? start : patchValue(start, JSON.parse(JSON.stringify(delta)));
          expect(canonicalJson(patched)).toBe(canonicalJson(right ?? null));
        }
      }),
      {
        numRuns: 500,
        // a member named as one of Object's own (found by this property)
        examples: [
          [[], { drop: 0, add: [], replace: [], append: [], cut: 0 }, { toString: null }, {}],
        ],
      },
    );
  });

  it('a deep book (many chunks) changed anywhere is rebuilt from its delta', () => {
    const decStr = (text: string): DecStr => text as DecStr;
    const price = (i: number): DecStr => decStr(String(1000 - i));
    const change = fc.tuple(fc.nat(499), fc.constantFrom(decStr('0'), decStr('0.5'), decStr('2')));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.array(change, { maxLength: 30 }),
        (n, changes) => {
          const levels = Array.from({ length: n }, (_, i): BookLevel => [price(i), decStr('1')]);
          const book = { ...initialEngineState.spot.book, bids: sideFromLevels(levels, 'bid') };
          const before: EngineState = {
            ...initialEngineState,
            spot: { ...initialEngineState.spot, book },
          };
          const edits = changes.map(([i, amount]): BookLevel => [price(i), amount]);
          const bids = applyChanges(book.bids, edits, 'bid');
          const after = {
            ...before,
            spot: { ...before.spot, book: { ...book, bids, version: 9 } },
          };
          const track = new ProjectionTrack(before);
          const start = JSON.parse(canonical(before, 'spot.book')) as unknown;
          const delta = track.step(after).get('spot.book');
          const patched =
            delta === undefined ? start : patchValue(start, JSON.parse(JSON.stringify(delta)));
          expect(canonicalJson(patched)).toBe(canonical(after, 'spot.book'));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a trace that is not a delta is a bad line of the file, named', async () => {
    const { gunzipSync } = await import('fflate');
    const events = withSeq(fc.sample(eventArb, { numRuns: 30, seed: 5 }));
    const lines = new TextDecoder().decode(gunzipSync(await fileOf(events))).split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"trace":{"d":'));
    expect(at).toBeGreaterThan(0);
    const trace = JSON.parse(lines[at] ?? '') as { trace: { d: Record<string, unknown> } };
    for (const name of Object.keys(trace.trace.d)) trace.trace.d[name] = { a: 'not splices' };
    lines[at] = JSON.stringify(trace);
    const bad = new TextEncoder().encode(lines.join('\n'));
    await expect(firstDifference(bad)).rejects.toMatchObject({
      code: 'bad-event',
      params: { line: at + 1, reason: 'trace' },
    });
  });
});
