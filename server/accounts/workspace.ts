// The user's workspace (user_workspace, one document per user; issue 24, ADR 0033): read by
// GET /api/user/workspace, replaced by POST /api/user/workspace_save (workspace-routes.ts).
// The stored text is a normalized document (`parseWorkspace`), read back through it again.
import { parseWorkspace, type Workspace } from '../../src/shared/workspace.ts';
import { parseJsonOr } from '../../src/shared/json.ts';
import type { Queryable } from '../db/database.ts';

export interface StoredWorkspace {
  workspace: Workspace;
  /** When it was last saved (ms). */
  updatedAt: number;
}

/** The user's workspace, or null when none was saved yet. */
export async function workspaceOf(db: Queryable, userId: number): Promise<StoredWorkspace | null> {
  const rows = await db.query<{ doc: string; updated_at: Date }>(
    'SELECT doc, updated_at FROM user_workspace WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return {
    workspace: parseWorkspace(parseJsonOr(row.doc, null)),
    updatedAt: row.updated_at.getTime(),
  };
}

/** Replaces the user's workspace with `workspace` (already normalized). */
export async function saveWorkspace(
  db: Queryable,
  userId: number,
  workspace: Workspace,
  nowMs: number,
): Promise<void> {
  await db.query(
    `INSERT INTO user_workspace (user_id, doc, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET doc = $2, updated_at = $3`,
    [userId, JSON.stringify(workspace), new Date(nowMs)],
  );
}
