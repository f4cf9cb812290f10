// Image uploads (`POST /api/upload`, multipart): jpg or png only, at most 4 MB, the content
// checked (signature and end marker, not the file name or the declared type), stored in the
// database under a random name. `GET /api/upload/<name>` serves it to its owner or an
// operator only, with its checked type and `nosniff`. Both are declared in
// src/shared/wire/identity.ts and registered here by hand (a multipart body, a file reply).
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../src/shared/wallet.ts';
import type { AppContext } from '../context.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { isAdmin } from '../http/admin-auth.ts';
import { checkReply } from '../http/wire-route.ts';
import { upload, uploadFile } from '../../src/shared/wire/identity.ts';

export const UPLOAD_PREFIX = '/api/upload/';
const NAME_RE = /^[0-9a-f]{32}\.(jpg|png)$/;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/** The image type the bytes really are (complete JPEG or PNG), or null. */
export function sniffImage(b: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (isPng(b)) return 'image/png';
  if (isJpeg(b)) return 'image/jpeg';
  return null;
}

/** Signature, an IHDR chunk with a non-zero size, and the IEND chunk at the end. */
function isPng(b: Uint8Array): boolean {
  if (b.length <= 24 || !PNG_SIGNATURE.every((v, i) => b[i] === v)) return false;
  const ihdr = b[12] === 0x49 && b[13] === 0x48 && b[14] === 0x44 && b[15] === 0x52;
  const end = PNG_IEND.every((v, i) => b[b.length - 8 + i] === v);
  return ihdr && readU32(b, 16) > 0 && readU32(b, 20) > 0 && end;
}

/** Start of image (FFD8FF) and end of image (FFD9), possibly followed by padding zeros. */
function isJpeg(b: Uint8Array): boolean {
  if (b.length <= 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return false;
  let last = b.length - 1;
  while (last > 2 && b[last] === 0) last--;
  return b[last - 1] === 0xff && b[last] === 0xd9;
}

function readU32(b: Uint8Array, at: number): number {
  return (
    (((b[at] ?? 0) << 24) |
      ((b[at + 1] ?? 0) << 16) |
      ((b[at + 2] ?? 0) << 8) |
      (b[at + 3] ?? 0)) >>>
    0
  );
}

/** Whether `url` (as /api/upload returned it) names an image that `userId` uploaded. */
export async function ownsUpload(db: Queryable, url: string, userId: number): Promise<boolean> {
  const name = url.startsWith(UPLOAD_PREFIX) ? url.slice(UPLOAD_PREFIX.length) : '';
  if (!NAME_RE.test(name)) return false;
  const rows = await db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM uploads WHERE name = $1 AND user_id = $2',
    [name, userId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(upload.path, async (req) => {
    const userId = await requireUser(ctx, req);
    const file = fileOf(req.body);
    if (file === null) throw new ApiError('error.fieldRequired', { field: 'file' });
    if (file.length > IMAGE_MAX_BYTES) throw new ApiError('validation.image.size');
    const mime = sniffImage(file);
    if (mime === null) throw new ApiError('validation.image.type');
    const name = `${randomBytes(16).toString('hex')}.${mime === 'image/png' ? 'png' : 'jpg'}`;
    await ctx.db.query(
      `INSERT INTO uploads (user_id, name, mime, size, sha256, data, created_at)
       VALUES ($1, $2, $3, $4, $5, decode($6, 'hex'), $7)`,
      [
        userId,
        name,
        mime,
        file.length,
        createHash('sha256').update(file).digest('hex'),
        Buffer.from(file).toString('hex'),
        new Date(ctx.config.now()),
      ],
    );
    const url = `${UPLOAD_PREFIX}${name}`;
    if (ctx.config.checkReplies) checkReply(ctx, upload, url);
    return ok(url);
  });

  app.get(uploadFile.path, async (req, reply) => {
    const name = (req.params as { name?: string }).name ?? '';
    if (!NAME_RE.test(name)) throw new ApiError('upload.notFound');
    const admin = isAdmin(ctx, req);
    const userId = admin ? null : await optionalUser(ctx, req);
    if (!admin && userId === null) throw new ApiError('auth.loginAgain', {}, '999');
    const rows = await ctx.db.query<{ mime: string; hex: string; user_id: number }>(
      "SELECT mime, encode(data, 'hex') AS hex, user_id FROM uploads WHERE name = $1",
      [name],
    );
    const row = rows[0];
    if (row === undefined || (!admin && row.user_id !== userId))
      throw new ApiError('upload.notFound');
    return reply
      .header('content-type', row.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .send(Buffer.from(row.hex, 'hex'));
  });
}

/** The uploaded file: the `file` field, else the first binary field. */
function fileOf(body: unknown): Buffer | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const named = record.file;
  if (Buffer.isBuffer(named)) return named;
  for (const v of Object.values(record)) if (Buffer.isBuffer(v)) return v;
  return null;
}
