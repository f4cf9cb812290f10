-- A trader's workspace (issue 24, ADR 0033): the chart, book and market-list settings and the
-- favourite pairs, one document per user, so they follow the user to another browser. Written by
-- POST /api/user/workspace_save after src/shared/workspace.ts `parseWorkspace` (the stored text
-- is that normalized document, at most WORKSPACE_MAX_BYTES).

CREATE TABLE user_workspace (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  doc TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
