// One check on every request's input before any route reads it: no text may contain a NUL
// character. PostgreSQL cannot store U+0000 in text (it fails the whole statement), so without
// this check a NUL in any stored field was an internal error (found by the route fuzz,
// server/testing/security/fuzz.test.ts). The refusal names the field, like the schemas do.
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.ts';

/** Registers the check (a preValidation hook: multipart bodies are attached by then). */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const field = nulField(req.query, '') ?? nulField(req.body, '');
    if (field !== null) throw new ApiError('error.fieldInvalid', { field: field.slice(0, 60) });
  });
}

const MAX_DEPTH = 32;
const NUL = '\u0000';

/** The dotted name of the first value (or key) holding a NUL, else null. Buffers are files. */
function nulField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (key.includes(NUL)) return at.replaceAll(NUL, '');
    const found = nulField(inner, at, depth + 1);
    if (found !== null) return found.replaceAll(NUL, '');
  }
  return null;
}
