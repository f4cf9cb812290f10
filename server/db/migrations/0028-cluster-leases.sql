-- Leases of the cluster (issue 45, ADR 0069): what one server process owns at a time (a market,
-- a periodic job). The holder keeps a session advisory lock on a connection of its own; this
-- row carries the epoch its writes are fenced with, the holder's session (pid) and when it last
-- renewed the lease (a holder that stalls is taken over after a few seconds).
CREATE TABLE cluster_leases (
  name TEXT PRIMARY KEY,
  epoch INTEGER NOT NULL,
  holder TEXT NOT NULL,
  pid INTEGER NOT NULL,
  renewed_at TIMESTAMPTZ NOT NULL
);
