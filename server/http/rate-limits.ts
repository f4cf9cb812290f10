// Rate limits on the calls worth guessing or flooding: login, code sending and order submission.
// Each policy counts requests per subject and IP in a fixed window on the server's clock
// (`config.now`, so tests move it): login by the account string, codes by the target account,
// orders by the logged-in user. Every attempt counts, valid or not. Over the limit the call
// answers the contract's envelope (HTTP 200, `{type: "error", message}`, localized) with a
// `retry-after` header, and its handler does not run. Login and codes also count per address
// (ADDRESS_FACTOR times a subject's allowance). No flood of keys can reset a counted one: see
// FixedWindows (ADR 0042).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from './api-error.ts';
import { input } from './envelope.ts';
import type { RateLimit, RatePolicy } from '../kernel/rate-limit-policy.ts';
import { optionalUser } from './auth.ts';

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

/** Exact windows kept per policy; past that, new keys are counted in the sketch (ADR 0042). */
const SUBJECTS_KEPT = 20_000;
const SUBJECT_MAX_CHARS = 200;
/**
 * Login and codes: one address may make this many times a subject's allowance of calls in a
 * window, whatever the subjects it names (a flood of names is refused at the address first).
 */
export const ADDRESS_FACTOR = 50;

/** Registers one preHandler hook that applies the policy of the matched route. */
export function registerRateLimits(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;
  const windows = new Map<RatePolicy, FixedWindows>();
  const addresses = new Map<RatePolicy, FixedWindows>();
  for (const policy of ['login', 'codes', 'orders'] as const) {
    windows.set(policy, new FixedWindows(limits[policy], SUBJECTS_KEPT));
    if (policy !== 'orders') {
      const perAddress = { ...limits[policy], max: limits[policy].max * ADDRESS_FACTOR };
      addresses.set(policy, new FixedWindows(perAddress, SUBJECTS_KEPT));
    }
  }
  app.addHook('preHandler', async (req, reply) => {
    const policy = RATE_LIMITED_ROUTES[req.routeOptions.url ?? ''];
    const counter = policy === undefined ? undefined : windows.get(policy);
    if (policy === undefined || counter === undefined) return;
    const now = ctx.config.now();
    const byAddress = addresses.get(policy)?.hit(req.ip, now) ?? 0;
    const key = `${req.ip}\u0000${await subjectOf(ctx, req, policy)}`;
    const waitMs = Math.max(byAddress, counter.hit(key, now));
    if (waitMs === 0) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    void reply.header('retry-after', String(seconds));
    throw new ApiError(`rateLimit.${policy}`, { seconds });
  });
}

/**
 * Counts per key in fixed windows; `hit` answers 0 (allowed) or the ms until the reset.
 *
 * Memory is bounded without forgetting a live window: at most `kept` exact windows, and a
 * window leaves them only once it has ended (a limited key cannot be pushed out by a flood of
 * other keys, which is how the limit used to be flushed). A new key that finds them all live is
 * counted in a count-min sketch of fixed size over the current aligned window instead: a sketch
 * can over-count (a key may be refused early while a flood fills it) but never under-counts,
 * and a key that later gets an exact window starts from the sketch's count, not from zero.
 */
export class FixedWindows {
  /** Insertion order is start order: a window is re-inserted when it starts anew. */
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly sketch = new CountMinSketch(SKETCH_DEPTH, SKETCH_WIDTH);
  /** The aligned window (floor(now / windowMs)) the sketch counts. */
  private sketchWindow = Number.NaN;

  constructor(
    private readonly limit: RateLimit,
    private readonly kept: number,
  ) {}

  /** Exact windows held (tests). */
  get size(): number {
    return this.windows.size;
  }

  hit(key: string, nowMs: number): number {
    let w = this.windows.get(key);
    if (w !== undefined && (nowMs - w.start >= this.limit.windowMs || nowMs < w.start)) {
      this.windows.delete(key);
      w = undefined;
    }
    if (w === undefined) {
      this.forgetEnded(nowMs);
      const counted = this.sketchAt(nowMs) ? this.sketch.estimate(key) : 0;
      if (this.windows.size >= this.kept) return this.hitSketch(key, nowMs);
      w = { start: nowMs, count: counted };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count <= this.limit.max ? 0 : w.start + this.limit.windowMs - nowMs;
  }

  /** Drops the windows that have ended, oldest first (they are at the front). */
  private forgetEnded(nowMs: number): void {
    for (const [key, w] of this.windows) {
      if (nowMs - w.start < this.limit.windowMs && nowMs >= w.start) return;
      this.windows.delete(key);
    }
  }

  /** Whether the sketch counts the aligned window of `nowMs` (resets it when it does not). */
  private sketchAt(nowMs: number): boolean {
    const aligned = Math.floor(nowMs / this.limit.windowMs);
    if (aligned === this.sketchWindow) return true;
    this.sketch.clear();
    this.sketchWindow = aligned;
    return false;
  }

  private hitSketch(key: string, nowMs: number): number {
    const count = this.sketch.add(key);
    if (count <= this.limit.max) return 0;
    return (this.sketchWindow + 1) * this.limit.windowMs - nowMs;
  }
}

const SKETCH_DEPTH = 4;
const SKETCH_WIDTH = 16_384;

/** A count-min sketch with conservative update: `add` answers the key's count after it. */
export class CountMinSketch {
  private readonly cells: Uint32Array;

  constructor(
    private readonly depth: number,
    private readonly width: number,
  ) {
    this.cells = new Uint32Array(depth * width);
  }

  clear(): void {
    this.cells.fill(0);
  }

  estimate(key: string): number {
    let min = Number.MAX_SAFE_INTEGER;
    for (const i of this.indexes(key)) min = Math.min(min, this.cells[i] ?? 0);
    return min;
  }

  add(key: string): number {
    const indexes = this.indexes(key);
    let min = Number.MAX_SAFE_INTEGER;
    for (const i of indexes) min = Math.min(min, this.cells[i] ?? 0);
    const next = min + 1;
    for (const i of indexes) if ((this.cells[i] ?? 0) < next) this.cells[i] = next;
    return next;
  }

  /** One cell per row, from two 32-bit FNV-1a hashes of the key (double hashing). */
  private indexes(key: string): number[] {
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193 ^ key.length;
    for (let i = 0; i < key.length; i += 1) {
      const c = key.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
    }
    const out: number[] = [];
    for (let row = 0; row < this.depth; row += 1)
      out.push(row * this.width + (((h1 + Math.imul(row, h2 | 1)) >>> 0) % this.width));
    return out;
  }
}

/**
 * Login and codes: the account as written (trimmed, lower case);
 * orders: the user of the token ("-" without a valid one: such calls share one count per IP).
 */
async function subjectOf(ctx: AppContext, req: FastifyRequest, policy: RatePolicy) {
  if (policy === 'orders') {
    const id = await optionalUser(ctx, req);
    return id === null ? '-' : String(id);
  }
  const account = input(req).user_string;
  // Anything but text or a number fails the route's own validation: one shared count.
  const text = typeof account === 'string' || typeof account === 'number' ? String(account) : '?';
  return text.trim().toLowerCase().slice(0, SUBJECT_MAX_CHARS);
}
