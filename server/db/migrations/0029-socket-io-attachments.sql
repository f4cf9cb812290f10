-- Pushes between the server processes of a cluster (issue 45, ADR 0070): socket.io's PostgreSQL
-- adapter sends each broadcast by NOTIFY, and a payload over NOTIFY's 8,000 bytes through this
-- table (the adapter's own shape; it deletes the rows it no longer needs).
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id BIGSERIAL UNIQUE,
  created_at TIMESTAMPTZ DEFAULT now(),
  payload BYTEA
);
