// The engine's public types: the trader's workspace (issue 24, ADR 0033; re-exported by api.ts).
import type { Workspace } from '../../shared/workspace.ts';

export type { Workspace };

/**
 * The workspace as the log knows it. The live page keeps its own copy (local storage) and takes
 * the server's `copy` into it when one is read; a replayed session shows `workspace`.
 */
export interface WorkspaceView {
  /** The last word: the page's last change or the server's copy (null: neither yet). */
  workspace: Workspace | null;
  /** The logged-in user's copy as last read from the server (null: none read, or none held). */
  copy: Workspace | null;
  /**
   * How many of the page's changes the engine had logged (since it started) when `copy` was read.
   * The page takes a copy only when this is every change it has sent: a copy read before one of
   * its changes is older than that change, however late its view reaches the page.
   */
  copyAfter: number;
  /** The logged-in user's copy was asked for and answered. */
  loaded: boolean;
  /** The server holds one (false after it answered that it has none: the page gives it its own). */
  stored: boolean;
  /** The last read or save failed (it is tried again on reconnect). */
  error: string | null;
}
