// The workspace the page uses (issue 24, ADR 0033): this browser's copy (local storage), which
// every change of the page updates at once before the engine is told (it logs the change and
// saves it for a logged-in user). The server's copy of a logged-in user's, when the engine reads
// one (login, start, reconnect), replaces this browser's, unless the page changed the workspace
// after that read (its view may reach the page after the change: the change is newer); when the
// server answers that the user has none yet, it gets this browser's. A replayed session shows
// the workspace of its log.
// Documents from anywhere go through parseWorkspace, so a broken local copy or a newer version's
// fields never break a screen.
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-core';
import type { WorkspaceView } from '../engine/api.ts';
import {
  DEFAULT_WORKSPACE,
  isGrouping,
  parseWorkspace,
  type Workspace,
} from '../shared/workspace.ts';
import { engine } from './engine-bridge/bridge.ts';
import { replayStatus } from './engine-bridge/replay-bridge.ts';
import { session, workspaceView } from './engine-bridge/signals.ts';
import { storage, type Storage } from './storage.ts';

const local = signal<Workspace>(storedWorkspace(storage));

/** The workspace in effect. */
export const workspace: ReadonlySignal<Workspace> = computed(() =>
  replayStatus.value === null ? local.value : (workspaceView.value.workspace ?? local.value),
);

/** The changes this page has told the engine (the engine counts them too: `copyAfter`). */
let sent = 0;

function tell(w: Workspace): void {
  sent += 1;
  void engine.setWorkspace(w);
}

/** Change the workspace: `change` gets the one in effect and answers the next. */
export function updateWorkspace(change: (w: Workspace) => Workspace): void {
  if (replayStatus.peek() !== null) return;
  const next = parseWorkspace(change(local.peek()));
  keepLocal(next);
  tell(next);
}

/**
 * The server's copy in `view` if the page is to take it: one read after every change the page
 * sent (`sent`). A copy read before a change is older than it, however late its view arrives.
 */
export function copyToTake(view: WorkspaceView, sent: number): Workspace | null {
  return view.copy !== null && view.copyAfter === sent ? view.copy : null;
}

let following: (() => void) | null = null;

/** Keep this browser's copy and the server's in step (once, after the engine started). */
export function followWorkspace(): void {
  /**
   * The server's copy last looked at, as JSON with the changes it was read after: a copy is
   * taken once, when one with other contents (or read after other changes) arrives, not at each
   * view the engine sends (each arrives as a new object from the worker).
   */
  let seen = '';
  /** This browser's was given to a server that had none (once per read). */
  let given = false;
  following ??= effect(() => {
    const view = workspaceView.value;
    if (replayStatus.value !== null) return;
    const copy = view.copy === null ? '' : `${view.copyAfter} ${JSON.stringify(view.copy)}`;
    if (view.copy !== null && copy !== seen) {
      seen = copy;
      const taken = copyToTake(view, sent);
      if (taken !== null) keepLocal(taken);
    }
    if (!view.loaded) given = false;
    // the server has none of this user's yet: it gets this browser's
    if (view.loaded && !view.stored && !given && session.value.loggedIn) {
      given = true;
      tell(local.peek());
    }
  });
}

function keepLocal(w: Workspace): void {
  if (w === local.peek()) return;
  local.value = w;
  storage.set('workspace', JSON.stringify(w));
}

/** The stored copy, or one made from the single settings kept before there was a workspace. */
export function storedWorkspace(storage: Pick<Storage, 'get'>): Workspace {
  const stored = storage.get('workspace');
  if (stored !== null) {
    try {
      return parseWorkspace(JSON.parse(stored));
    } catch {
      return DEFAULT_WORKSPACE;
    }
  }
  const grouping = Number(storage.get('book_grouping'));
  const rate = storage.get('book_rate');
  const motion = storage.get('reduced_motion');
  return parseWorkspace({
    chart: { period: storage.get('chart_period') ?? undefined },
    book: {
      grouping: isGrouping(grouping) ? grouping : 1,
      rate: rate === 'frame' || rate === null ? 'frame' : Number(rate),
      reducedMotion: motion === null ? null : motion === '1',
    },
  });
}
