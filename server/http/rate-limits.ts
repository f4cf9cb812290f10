// Rate limits on the calls worth guessing or flooding: login, code sending and order submission.
// Each policy counts requests per subject and IP in a fixed window on the server's clock
// (`config.now`, so tests move it): login by the account string, codes by the target account,
// orders by the logged-in user. Every attempt counts, valid or not. Over the limit the call
// answers the contract's envelope (HTTP 200, `{type: "error", message}`, localized) with a
// `retry-after` header, and its handler does not run.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userIdOfToken } from '../accounts/tokens.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from './api-error.ts';
import { input } from './envelope.ts';
import type { RateLimit, RatePolicy } from './rate-limit-policy.ts';

/** The limited calls (route patterns) and their policy. */
export const RATE_LIMITED_ROUTES: Readonly<Record<string, RatePolicy>> = {
  '/api/user/login': 'login',
  '/api/sms_send': 'codes',
  '/api/sms_mail': 'codes',
  '/api/transaction/in': 'orders',
  '/api/transaction/out': 'orders',
  '/api/lever/submit': 'orders',
  '/api/microtrade/submit': 'orders',
};

/** Distinct subjects remembered per policy (the oldest windows are forgotten first). */
const SUBJECTS_KEPT = 20_000;
const SUBJECT_MAX_CHARS = 200;

/** Registers one preHandler hook that applies the policy of the matched route. */
export function registerRateLimits(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;
  const windows = new Map<RatePolicy, FixedWindows>();
  for (const policy of ['login', 'codes', 'orders'] as const)
    windows.set(policy, new FixedWindows(limits[policy], SUBJECTS_KEPT));
  app.addHook('preHandler', async (req, reply) => {
    const policy = RATE_LIMITED_ROUTES[req.routeOptions.url ?? ''];
    const counter = policy === undefined ? undefined : windows.get(policy);
    if (policy === undefined || counter === undefined) return;
    const key = `${req.ip}\u0000${await subjectOf(ctx, req, policy)}`;
    const waitMs = counter.hit(key, ctx.config.now());
    if (waitMs === 0) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    void reply.header('retry-after', String(seconds));
    throw new ApiError(`rateLimit.${policy}`, { seconds });
  });
}

/** Counts per key in fixed windows; `hit` answers 0 (allowed) or the ms until the reset. */
export class FixedWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly kept: number,
  ) {}

  hit(key: string, nowMs: number): number {
    let w = this.windows.get(key);
    if (w === undefined || nowMs - w.start >= this.limit.windowMs || nowMs < w.start) {
      this.windows.delete(key);
      w = { start: nowMs, count: 0 };
      this.windows.set(key, w);
      this.forgetOldest();
    }
    w.count += 1;
    return w.count <= this.limit.max ? 0 : w.start + this.limit.windowMs - nowMs;
  }

  /** Map order is insertion order: a window is re-inserted when it starts. */
  private forgetOldest(): void {
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.kept) return;
      this.windows.delete(key);
    }
  }
}

/**
 * Login and codes: the account as written (trimmed, lower case);
 * orders: the user of the token ("-" without a valid one: such calls share one count per IP).
 */
async function subjectOf(ctx: AppContext, req: FastifyRequest, policy: RatePolicy) {
  if (policy === 'orders') {
    const id = await userIdOfToken(ctx.db, req.headers.authorization, ctx.config.now());
    return id === null ? '-' : String(id);
  }
  const account = input(req).user_string;
  // Anything but text or a number fails the route's own validation: one shared count.
  const text = typeof account === 'string' || typeof account === 'number' ? String(account) : '?';
  return text.trim().toLowerCase().slice(0, SUBJECT_MAX_CHARS);
}
