// The trader's workspace (WorkspaceView of api.ts; issue 24, ADR 0033): the page's changes and
// the logged-in user's copy on the server, both logged, so a replayed session shows the settings
// the user had at each moment.
//
// Invariants (each has a fast-check property of the same name in workspace.test.ts):
//  WS1 lastWordWins: the workspace is the one of the last change or server copy, whichever
//      came last (a server that has none leaves the page's in place); `copy` is the last copy
//      read (a save does not make one: the page has what it saved).
//  WS2 nothingAcrossSessions: after logout, expiry or a new page session the view is the
//      initial one (no user's settings outlive their session in the engine; the page keeps a
//      visitor's copy itself).
//  WS3 storedMeansAnswered: `stored` is true only after a copy came from the server or a save
//      succeeded, and `loaded` after any read's answer.
//  WS4 copyAfterCountsChanges: `copyAfter` is the number of the page's changes logged since the
//      engine booted, before the copy was read (a logout does not restart the count: the page's
//      own count goes on; a boot does, with a new page).
import { INITIAL_VIEWS } from '../api.ts';
import type { WorkspaceView } from '../api.ts';
import type { EngineEvent } from '../events.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

export interface WorkspaceState {
  view: WorkspaceView;
  /** The page's changes logged since the engine booted. */
  changes: number;
}

export const initialWorkspaceState: WorkspaceState = { view: INITIAL_VIEWS.workspace, changes: 0 };

/** A session ends: its settings go, the count of the page's changes goes on. */
const endSession = (state: WorkspaceState): WorkspaceState =>
  state.view === INITIAL_VIEWS.workspace
    ? state
    : { view: INITIAL_VIEWS.workspace, changes: state.changes };

const boot = (state: WorkspaceState): WorkspaceState =>
  state === initialWorkspaceState ? state : initialWorkspaceState;

const on = {
  'workspace.changed': (state, event) => ({
    view: { ...state.view, workspace: event.body.workspace },
    changes: state.changes + 1,
  }),
  'workspace.loaded': (state, event) => ({
    view: {
      workspace: event.body.workspace ?? state.view.workspace,
      copy: event.body.workspace,
      copyAfter: state.changes,
      loaded: true,
      stored: event.body.workspace !== null,
      error: null,
    },
    changes: state.changes,
  }),
  'workspace.saved': (state) =>
    state.view.stored && state.view.error === null
      ? state
      : { ...state, view: { ...state.view, stored: true, error: null } },
  'workspace.failed': (state, event) => ({
    ...state,
    view: { ...state.view, error: event.body.message },
  }),
  'session.logout': endSession,
  'session.expired': endSession,
  'engine.boot': boot,
} satisfies Handlers<WorkspaceState>;

export type WorkspaceEvent = HandledEvent<typeof on>;

export const foldWorkspace = (state: WorkspaceState, event: EngineEvent): WorkspaceState =>
  foldWith(workspaceProjection.table, state, event);

export const workspaceProjection = defineProjection({
  name: 'workspace',
  initial: initialWorkspaceState,
  on,
  view: (state: WorkspaceState) => state.view,
});
