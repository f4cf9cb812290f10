// The trader's workspace (issue 24, ADR 0033; docs/api-extensions.md): an extension of the
// contract, kept per user. GET answers the saved document (null before the first save); the save
// takes the document as JSON text in the `workspace` field, at most WORKSPACE_MAX_BYTES, and
// keeps what `parseWorkspace` makes of it (unknown fields dropped, wrong ones defaulted), which
// it answers. Both need a login (999 without).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWorkspace, WORKSPACE_MAX_BYTES } from '../../src/shared/workspace.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { jsonObjectField } from '../http/json-field.ts';
import { ok, parse } from '../http/envelope.ts';
import { saveWorkspace, workspaceOf } from './workspace.ts';

const saveBody = z.object({ workspace: z.string().max(WORKSPACE_MAX_BYTES) });

export function registerWorkspaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/user/workspace', async (req) => {
    const userId = await requireUser(ctx, req);
    const stored = await workspaceOf(ctx.db, userId);
    return ok(
      stored === null
        ? { workspace: null, updated_at: null }
        : { workspace: stored.workspace, updated_at: stored.updatedAt },
    );
  });

  app.post('/api/user/workspace_save', async (req) => {
    const userId = await requireUser(ctx, req);
    const { workspace: text } = parse(saveBody, req);
    const workspace = parseWorkspace(jsonObjectField(text, 'workspace'));
    const now = ctx.config.now();
    await saveWorkspace(ctx.db, userId, workspace, now);
    return ok({ workspace, updated_at: now });
  });
}
