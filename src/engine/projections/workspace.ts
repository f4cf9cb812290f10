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
import { INITIAL_VIEWS } from '../api.ts';
import type { WorkspaceView } from '../api.ts';
import type { EngineEvent } from '../events.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

export interface WorkspaceState {
  view: WorkspaceView;
}

export const initialWorkspaceState: WorkspaceState = { view: INITIAL_VIEWS.workspace };

const reset = (state: WorkspaceState): WorkspaceState =>
  state === initialWorkspaceState ? state : initialWorkspaceState;

const on = {
  'workspace.changed': (state, event) => ({
    view: { ...state.view, workspace: event.body.workspace },
  }),
  'workspace.loaded': (state, event) => ({
    view: {
      workspace: event.body.workspace ?? state.view.workspace,
      copy: event.body.workspace,
      loaded: true,
      stored: event.body.workspace !== null,
      error: null,
    },
  }),
  'workspace.saved': (state) =>
    state.view.stored && state.view.error === null
      ? state
      : { view: { ...state.view, stored: true, error: null } },
  'workspace.failed': (state, event) => ({ view: { ...state.view, error: event.body.message } }),
  'session.logout': reset,
  'session.expired': reset,
  'engine.boot': reset,
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
