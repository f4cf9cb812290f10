// The trader's workspace (issue 24, ADR 0033; docs/api-extensions.md "Workspace"), kept per
// user: the saved document (null before the first save) and its save. The document is whatever
// the server's parseWorkspace kept (src/shared/workspace.ts); a reader puts it through
// parseWorkspace again (a field it does not know is dropped, a wrong one defaulted).
import { z } from 'zod';
import { WORKSPACE_MAX_BYTES } from '../workspace.ts';
import { call } from './call.ts';
import { wireInt } from './primitives.ts';

/** The document: a JSON object (its fields are parseWorkspace's to judge). */
const workspaceDoc = z
  .custom<object>(
    (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
    'not a JSON object',
  )
  .describe('workspace (JSON object)');

export const userWorkspace = call({
  method: 'GET',
  path: '/api/user/workspace',
  auth: 'user',
  origin: 'extension',
  summary: "The user's saved workspace and when it was saved (both null before the first save).",
  request: z.object({}),
  reply: z.object({
    workspace: workspaceDoc.nullable(),
    /** When it was saved, ms since the epoch. */
    updated_at: wireInt.nullable(),
  }),
  errors: [],
});

export const workspaceSave = call({
  method: 'POST',
  path: '/api/user/workspace_save',
  auth: 'user',
  origin: 'extension',
  summary: 'Replaces the workspace (`workspace`: JSON text) with its normalized form, answered.',
  request: z.object({
    workspace: z.string().max(WORKSPACE_MAX_BYTES).describe(`JSON text ≤ ${WORKSPACE_MAX_BYTES}`),
  }),
  reply: z.object({ workspace: workspaceDoc, updated_at: wireInt }),
  errors: [],
});
