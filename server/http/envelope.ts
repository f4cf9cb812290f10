// The `{type, message}` envelope, the per-request language, zod input parsing with localized
// errors, and the error handler that turns anything thrown into an envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { toLang } from '../../src/shared/locales.ts';
import type { ServerMetrics } from '../context.ts';
import type { Lang } from '../../src/shared/locales.ts';
import type { Envelope } from '../../src/shared/wire.ts';
import { text } from '../../src/shared/wire/primitives.ts';
import { t } from '../i18n/messages.ts';
import { ApiError } from './api-error.ts';

export type { Envelope };

export const ok = (message: unknown): Envelope => ({ type: 'ok', message });

/** The language of server messages: the `lang` header, else the `lang` field, else English. */
export function langOf(req: FastifyRequest): Lang {
  const header = req.headers.lang;
  if (typeof header === 'string' && header !== '') return toLang(header);
  return toLang(fieldOf(req, 'lang'));
}

/** Body fields merged over query fields (legacy clients send either). */
export function input(req: FastifyRequest): Record<string, unknown> {
  const q = isRecord(req.query) ? req.query : {};
  const b = isRecord(req.body) ? req.body : {};
  return { ...q, ...b };
}

/** Parses `input(req)` with `schema`; a failure names the first bad field. */
export function parse<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  const res = schema.safeParse(input(req));
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const first = issue?.path[0];
  const missing = first !== undefined && input(req)[String(first)] === undefined;
  throw new ApiError(missing ? 'error.fieldRequired' : 'error.fieldInvalid', { field });
}

/** Text field: trimmed string; numbers from JSON bodies accepted (the wire's own form). */
export { text };

/**
 * Every thrown error becomes an envelope; an unexpected one also counts in `metrics`. An error
 * raised while the request was still being read (a truncated or malformed multipart body,
 * which the parser reports without a status) is the sender's: `error.badRequest`.
 */
export function installErrorHandling(
  app: FastifyInstance,
  log: boolean,
  metrics: ServerMetrics,
): void {
  const read = new WeakSet<FastifyRequest>();
  // Runs before every other preHandler (rate limits, routes' own): the body was read by then.
  app.addHook('preHandler', async (req) => {
    read.add(req);
  });
  const answer = (err: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const lang = langOf(req);
    if (err instanceof ApiError) {
      return reply.code(200).send({ type: err.type, message: t(lang, err.id, err.values) });
    }
    if (isRecord(err) && err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(200).send({ type: 'error', message: t(lang, 'validation.image.size') });
    }
    const status = statusOf(err);
    const unreadable = !read.has(req) && isMultipart(req);
    if (unreadable || (status !== null && status >= 400 && status < 500)) {
      return reply.code(200).send({ type: 'error', message: t(lang, 'error.badRequest') });
    }
    metrics.internalErrors += 1;
    if (databaseUnreachable(err)) {
      // PostgreSQL restarting or out of reach: said as such, a line in the log, not a stack
      if (log) console.error(`${pathOf(req)}: database unreachable: ${String(err.message)}`);
      return reply.code(200).send({ type: 'error', message: t(lang, 'error.databaseUnreachable') });
    }
    if (log || process.env.DEBUG_ERRORS === '1') console.error(err);
    return reply.code(200).send({ type: 'error', message: t(lang, 'error.internal') });
  };
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    // a second chance the route left (recoverWith); what it fails with is answered as any error
    const recovered = recoveries.get(req)?.(err, reply) ?? null;
    if (recovered === null) return answer(err, req, reply);
    return recovered.catch((again: unknown) => answer(again, req, reply));
  });
}

/** A failed request's second chance: a promise that answers it, or null to fail as it did. */
export type Recovery = (err: unknown, reply: FastifyReply) => Promise<unknown> | null;

const recoveries = new WeakMap<FastifyRequest, Recovery>();

/**
 * What `req` may do when it fails, before it is answered with the error (a market's call refused
 * by its fence is forwarded to the market's new owner, trading/market-seats.ts).
 */
export function recoverWith(req: FastifyRequest, recovery: Recovery): void {
  recoveries.set(req, recovery);
}

/** PostgreSQL codes and socket errors of a database out of reach (restarting, shut down). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
]);

/** A failure to reach the database: refused, cut, or its session ended by a shutdown. */
function databaseUnreachable(err: unknown): err is { message: unknown } {
  if (!isRecord(err)) return false;
  const code = String(err.code ?? '');
  if (UNREACHABLE.has(code) || code.startsWith('08')) return true;
  return /^Connection terminated|connection error|not queryable/i.test(String(err.message ?? ''));
}

function isMultipart(req: FastifyRequest): boolean {
  return String(req.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/');
}

export function pathOf(req: FastifyRequest): string {
  return req.url.split('?')[0] ?? req.url;
}

function statusOf(err: unknown): number | null {
  if (isRecord(err) && typeof err.statusCode === 'number') return err.statusCode;
  return null;
}

function fieldOf(req: FastifyRequest, name: string): unknown {
  return input(req)[name];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
