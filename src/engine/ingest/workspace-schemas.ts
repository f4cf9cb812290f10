// The workspace reply (src/shared/wire/workspace.ts): the document, or null when the user has
// none saved yet, as parseWorkspace makes it (a field it does not know is dropped, a wrong one
// defaulted); a reply whose `workspace` is not an object or null is malformed.
import { parseWorkspace } from '../../shared/workspace.ts';
import { userWorkspace } from '../../shared/wire/workspace.ts';

export const workspaceReply = userWorkspace.reply.transform(({ workspace: doc }) =>
  doc === null ? null : parseWorkspace(doc),
);
