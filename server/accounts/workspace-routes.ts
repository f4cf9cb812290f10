// The trader's workspace (issue 24, ADR 0033; declared in src/shared/wire/workspace.ts): an
// extension of the contract, kept per user. GET answers the saved document (null before the
// first save); the save takes the document as JSON text in the `workspace` field, at most
// WORKSPACE_MAX_BYTES, and keeps what `parseWorkspace` makes of it (unknown fields dropped, wrong
// ones defaulted), which it answers. Both need a login (999 without).
import type { FastifyInstance } from 'fastify';
import { parseWorkspace } from '../../src/shared/workspace.ts';
import { userWorkspace, workspaceSave } from '../../src/shared/wire/workspace.ts';
import type { AppContext } from '../context.ts';
import { jsonObjectField } from '../http/json-field.ts';
import { route } from '../http/wire-route.ts';
import { saveWorkspace, workspaceOf } from './workspace.ts';

export function registerWorkspaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, userWorkspace, async ({ userId }) => {
    const stored = await workspaceOf(ctx.db, userId);
    return stored === null
      ? { workspace: null, updated_at: null }
      : { workspace: stored.workspace, updated_at: stored.updatedAt };
  });

  route(app, ctx, workspaceSave, async ({ userId, body }) => {
    const doc = parseWorkspace(jsonObjectField(body.workspace, 'workspace'));
    const now = ctx.config.now();
    await saveWorkspace(ctx.db, userId, doc, now);
    return { workspace: doc, updated_at: now };
  });
}
