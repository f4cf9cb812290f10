// The workspace replies (docs/api-extensions.md "Workspace", issue 24): `{workspace, updated_at}`
// with the document, or null when the user has none saved yet. The document is whatever
// parseWorkspace makes of it (a field it does not know is dropped, a wrong one defaulted); a
// reply whose `workspace` is not an object or null is malformed.
import { z } from 'zod';
import { parseWorkspace, type Workspace } from '../../shared/workspace.ts';

export const workspaceReply: z.ZodType<Workspace | null> = z
  .object({ workspace: z.union([z.null(), z.record(z.string(), z.unknown())]) })
  .transform(({ workspace }) => (workspace === null ? null : parseWorkspace(workspace)));
