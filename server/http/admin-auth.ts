// The operator API's credential: a long random token sent as `x-admin-token`. Outside
// production one is created at start (when ADMIN_TOKEN is not set) and written, readable by
// the owner only, to DATA_DIR/admin-token, where scripts/admin.ts finds it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { AppContext } from '../context.ts';

export const ADMIN_HEADER = 'x-admin-token';
export const ADMIN_TOKEN_FILE = 'admin-token';
const MIN_LENGTH = 24;

/** The token to use: ADMIN_TOKEN, the stored one, or (not in production) a new one. */
export function ensureAdminToken(config: ServerConfig): string | null {
  if (config.adminToken !== null)
    return config.adminToken.length >= MIN_LENGTH ? config.adminToken : null;
  if (config.production) return null;
  const dir = config.dataDir ?? '.';
  const file = join(dir, ADMIN_TOKEN_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_LENGTH) return stored;
  } catch {
    // none yet
  }
  const token = randomBytes(24).toString('hex');
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

export function isAdmin(ctx: AppContext, req: FastifyRequest): boolean {
  const expected = ctx.config.adminToken;
  const given = req.headers[ADMIN_HEADER];
  if (expected === null || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
