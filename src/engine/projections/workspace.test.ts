// Properties WS1–WS4 of projections/workspace.ts, and incremental = from scratch (CONVENTIONS 4).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE, parseWorkspace, type Workspace } from '../../shared/workspace.ts';
import { INITIAL_VIEWS } from '../api.ts';
import { foldWorkspace, initialWorkspaceState } from './workspace.ts';
import type { WorkspaceEvent, WorkspaceState } from './workspace.ts';

const seq = 0;
const at = fc.integer({ min: 1, max: 2_000_000_000_000 });
const doc: fc.Arbitrary<Workspace> = fc
  .record({
    period: fc.constantFrom('1min', '5min', '1day', 'realtime'),
    favourites: fc.subarray(['BTC/USDT', 'ETH/USDT', 'LTC/USDT']),
    grouping: fc.constantFrom(1, 10, 100),
  })
  .map(({ period, favourites, grouping }) =>
    parseWorkspace({ chart: { period }, favourites, book: { grouping } }),
  );

const event: fc.Arbitrary<WorkspaceEvent> = fc.oneof(
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('command' as const),
    name: fc.constant('workspace.changed' as const),
    body: fc.record({ workspace: doc }),
  }),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('reply' as const),
    name: fc.constant('workspace.loaded' as const),
    body: fc.record({ workspace: fc.option(doc, { nil: null }) }),
  }),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('reply' as const),
    name: fc.constant('workspace.saved' as const),
    body: fc.constant({}),
  }),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('reply' as const),
    name: fc.constant('workspace.failed' as const),
    body: fc.record({ message: fc.string({ maxLength: 10 }) }),
  }),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('command' as const),
    name: fc.constant('session.logout' as const),
    body: fc.constant({}),
  }),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('system' as const),
    name: fc.constant('engine.boot' as const),
    body: fc.constant({ app: '' }),
  }),
);

const foldAll = (s: WorkspaceState, events: readonly WorkspaceEvent[]): WorkspaceState =>
  events.reduce(foldWorkspace, s);
const ENDS = new Set(['session.logout', 'session.expired', 'engine.boot']);

describe('workspace projection', () => {
  it('WS1 lastWordWins', () => {
    fc.assert(
      fc.property(fc.array(event), (events) => {
        const { workspace, copy } = foldAll(initialWorkspaceState, events).view;
        // the last word since the last end of a session, and the last copy read
        let expected: Workspace | null = null;
        let read: Workspace | null = null;
        for (const e of events) {
          if (ENDS.has(e.name)) expected = read = null;
          if (e.name === 'workspace.changed') expected = e.body.workspace;
          if (e.name === 'workspace.loaded') {
            read = e.body.workspace;
            if (read !== null) expected = read;
          }
        }
        expect(workspace).toEqual(expected);
        expect(copy).toEqual(read);
      }),
    );
  });

  it('WS2 nothingAcrossSessions', () => {
    fc.assert(
      fc.property(fc.array(event), fc.constantFrom(...ENDS), (events, name) => {
        const s = foldAll(initialWorkspaceState, events);
        const end: WorkspaceEvent =
          name === 'engine.boot'
            ? { seq, at: 1, kind: 'system', name, body: { app: '' } }
            : { seq, at: 1, kind: 'command', name: 'session.logout', body: {} };
        const ended = foldWorkspace(s, end);
        if (name === 'engine.boot') expect(ended).toBe(initialWorkspaceState);
        else expect(ended).toEqual({ view: INITIAL_VIEWS.workspace, changes: s.changes });
      }),
    );
  });

  it('WS3 storedMeansAnswered', () => {
    fc.assert(
      fc.property(fc.array(event), (events) => {
        let loaded = false;
        let stored = false;
        for (const e of events) {
          if (ENDS.has(e.name)) loaded = stored = false;
          if (e.name === 'workspace.loaded') {
            loaded = true;
            stored = e.body.workspace !== null;
          }
          if (e.name === 'workspace.saved') stored = true;
        }
        const { view } = foldAll(initialWorkspaceState, events);
        expect(view.loaded).toBe(loaded);
        expect(view.stored).toBe(stored);
      }),
    );
  });

  it('WS4 copyAfterCountsChanges', () => {
    fc.assert(
      fc.property(fc.array(event), (events) => {
        let changes = 0;
        let copyAfter = 0;
        for (const e of events) {
          if (e.name === 'engine.boot') changes = copyAfter = 0;
          if (e.name === 'session.logout' || e.name === 'session.expired') copyAfter = 0;
          if (e.name === 'workspace.changed') changes += 1;
          if (e.name === 'workspace.loaded') copyAfter = changes;
        }
        const s = foldAll(initialWorkspaceState, events);
        expect(s.changes).toBe(changes);
        expect(s.view.copyAfter).toBe(copyAfter);
      }),
    );
  });

  it('a copy read before a change of the page’s says so, however the view is cut', () => {
    const loaded: WorkspaceEvent = {
      seq,
      at: 1,
      kind: 'reply',
      name: 'workspace.loaded',
      body: { workspace: DEFAULT_WORKSPACE },
    };
    const changed: WorkspaceEvent = {
      seq,
      at: 2,
      kind: 'command',
      name: 'workspace.changed',
      body: { workspace: { ...DEFAULT_WORKSPACE, favourites: ['BTC/USDT'] } },
    };
    const before = foldWorkspace(initialWorkspaceState, loaded);
    expect(before.view.copyAfter).toBe(0);
    const after = foldWorkspace(before, changed);
    expect(after.view.copyAfter).toBe(0);
    expect(after.changes).toBe(1);
    expect(foldWorkspace(after, { ...loaded, at: 3 }).view.copyAfter).toBe(1);
  });

  it('a server that has none leaves the page’s change in place', () => {
    const changed = foldWorkspace(initialWorkspaceState, {
      seq,
      at: 1,
      kind: 'command',
      name: 'workspace.changed',
      body: { workspace: { ...DEFAULT_WORKSPACE, favourites: ['BTC/USDT'] } },
    });
    const answered = foldWorkspace(changed, {
      seq,
      at: 2,
      kind: 'reply',
      name: 'workspace.loaded',
      body: { workspace: null },
    });
    expect(answered.view).toEqual({
      workspace: { ...DEFAULT_WORKSPACE, favourites: ['BTC/USDT'] },
      copy: null,
      copyAfter: 1,
      loaded: true,
      stored: false,
      error: null,
    });
  });

  it('folding in chunks equals folding at once', () => {
    fc.assert(
      fc.property(fc.array(event), fc.nat(), (events, cut) => {
        const k = events.length === 0 ? 0 : cut % events.length;
        const once = foldAll(initialWorkspaceState, events);
        const chunked = foldAll(
          foldAll(initialWorkspaceState, events.slice(0, k)),
          events.slice(k),
        );
        expect(chunked).toEqual(once);
      }),
    );
  });
});
