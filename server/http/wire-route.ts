// A route of a declared call (src/shared/wire, ADR 0048): its method and path, who may call it
// and its request schema come from the declaration, and its handler returns the reply's
// `message` in the declaration's wire form. A logged-in call asks for the user first (a 999
// before any field is read, as every route did by hand); an operator's call asks for the
// operator token first (`admin.forbidden` without, admin-auth.ts). With `config.checkReplies`
// every reply is checked against the declaration; a drift is counted in `metrics.replyDrift`
// (the server's tests fail on one) and the reply goes out as it is.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Call, ReplyOut, RequestIn } from '../../src/shared/wire/call.ts';
import type { AppContext } from '../context.ts';
import { isAdmin } from './admin-auth.ts';
import { ApiError } from './api-error.ts';
import { optionalUser, requireUser } from './auth.ts';
import { ok, parse } from './envelope.ts';

/**
 * What a handler gets: the request, its parsed fields, and for a logged-in call the user; a
 * visitor's call may ask who is asking (`viewer`: null for a visitor).
 */
export interface CallInput<C extends Call> {
  req: FastifyRequest;
  body: RequestIn<C>;
  userId: C['auth'] extends 'user' ? number : null;
  viewer: () => Promise<number | null>;
}

/**
 * `gate`: a check of the logged-in user before any field is read (the identity review's `998`
 * of the contract's money calls).
 */
export function route<C extends Call>(
  app: FastifyInstance,
  ctx: AppContext,
  c: C,
  handler: (input: CallInput<C>) => Promise<ReplyOut<C>> | ReplyOut<C>,
  options: { gate?: (userId: number) => Promise<void> } = {},
): void {
  const handle = async (req: FastifyRequest) => {
    if (c.auth === 'operator' && !isAdmin(ctx, req)) throw new ApiError('admin.forbidden');
    const userId = c.auth === 'user' ? await requireUser(ctx, req) : null;
    if (userId !== null) await options.gate?.(userId);
    const body = parse(c.request, req) as RequestIn<C>;
    const viewer = () => (userId === null ? optionalUser(ctx, req) : Promise.resolve(userId));
    const message = await handler({ req, body, userId, viewer } as CallInput<C>);
    if (ctx.config.checkReplies) checkReply(ctx, c, message);
    return c.form === 'bare' ? message : ok(message);
  };
  for (const method of c.also === undefined ? [c.method] : [c.method, c.also])
    if (method === 'GET') app.get(c.path, handle);
    else app.post(c.path, handle);
}

/** Records a reply that its declaration refuses (the first issue, with its path). */
export function checkReply(ctx: AppContext, c: Call, message: unknown): void {
  if (c.form === 'file') return;
  const res = c.reply.safeParse(message);
  if (res.success) return;
  const issue = res.error.issues[0];
  const where = issue?.path.map(String).join('.') ?? '';
  ctx.metrics.replyDrift.push({
    path: c.path,
    issue: `${where === '' ? '(message)' : where}: ${issue?.message ?? 'invalid'}`,
  });
}
