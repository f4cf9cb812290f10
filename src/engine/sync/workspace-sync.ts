// The trader's workspace between the page and the server (issue 24, ADR 0033). A change from the
// page is logged at once (`workspace.changed`) and, for a logged-in user, saved once quick
// changes settle (SAVE_DELAY_MS after the last), the latest only (`workspace.saved`). The user's
// copy is read on login, at start with a stored login and after a reconnect (`workspace.loaded`);
// a save that failed is sent again first. A read answered after a change of the page's is
// dropped: the change is newer and its save follows.
import { parseWorkspace, type Workspace } from '../../shared/workspace.ts';
import type { EngineContext } from '../context.ts';
import { parseEdge } from '../ingest/ingest.ts';
import { workspaceReply } from '../ingest/workspace-schemas.ts';
import type { RequestOut } from '../../shared/wire/call.ts';
import { userWorkspace, workspaceSave } from '../../shared/wire/workspace.ts';
import type { TimerId } from '../services.ts';

/** Quiet time after the last change before it is saved. */
export const SAVE_DELAY_MS = 400;

export interface WorkspaceSync {
  /** The page's change (anything: it goes through parseWorkspace). */
  set(workspace: unknown): void;
  /** Read the user's copy (after a save still owed, if any). */
  refresh(): Promise<void>;
}

export function createWorkspaceSync(ctx: EngineContext): WorkspaceSync {
  /** The latest change not yet saved (null: nothing owed). */
  let owed: Workspace | null = null;
  /** Bumped by every change: a read or save answered after a newer change is not logged. */
  let changes = 0;
  let timer: TimerId | null = null;
  let saving: Promise<void> | null = null;
  const now = () => ctx.services.clock.now();
  const failed = (message: string) =>
    ctx.store.dispatch({ at: now(), kind: 'reply', name: 'workspace.failed', body: { message } });

  /** Logs the server's copy from a read, unless the page changed the workspace since `seen`. */
  const logCopy = (message: unknown, seen: number): void => {
    const parsed = parseEdge(workspaceReply, message, `reply:${userWorkspace.path}`, now());
    if (!parsed.ok) return void ctx.store.dispatch(parsed.event);
    if (seen !== changes) return;
    ctx.store.dispatch({
      at: now(),
      kind: 'reply',
      name: 'workspace.loaded',
      body: { workspace: parsed.value },
    });
  };

  const save = async (): Promise<void> => {
    const doc = owed;
    if (doc === null || ctx.auth.token === null) return;
    const generation = ctx.auth.generation;
    const body: RequestOut<typeof workspaceSave> = { workspace: JSON.stringify(doc) };
    const reply = await ctx.rest.post(workspaceSave.path, body);
    if (generation !== ctx.auth.generation) return;
    if (!reply.ok) {
      if (!(reply.code === 'server' && reply.type === '999')) failed(reply.message);
      return;
    }
    if (owed === doc) owed = null;
    ctx.store.dispatch({ at: now(), kind: 'reply', name: 'workspace.saved', body: {} });
  };

  const saveNow = (): Promise<void> => {
    if (timer !== null) ctx.services.timers.clearTimeout(timer);
    timer = null;
    saving ??= save().finally(() => {
      saving = null;
      // changed while that save was on its way: save the newer one too
      if (owed !== null && timer === null) void saveNow();
    });
    return saving;
  };

  return {
    set(workspace) {
      const doc = parseWorkspace(workspace);
      changes += 1;
      ctx.store.dispatch({
        at: now(),
        kind: 'command',
        name: 'workspace.changed',
        body: { workspace: doc },
      });
      if (ctx.auth.token === null) return;
      owed = doc;
      if (timer !== null) ctx.services.timers.clearTimeout(timer);
      timer = ctx.services.timers.setTimeout(() => {
        timer = null;
        void saveNow();
      }, SAVE_DELAY_MS);
    },
    async refresh() {
      if (ctx.auth.token === null) {
        owed = null;
        return;
      }
      if (owed !== null) return saveNow();
      const seen = changes;
      const generation = ctx.auth.generation;
      const reply = await ctx.rest.get(userWorkspace.path);
      if (generation !== ctx.auth.generation) return;
      if (!reply.ok) {
        if (!(reply.code === 'server' && reply.type === '999')) failed(reply.message);
        return;
      }
      logCopy(reply.message, seen);
    },
  };
}
