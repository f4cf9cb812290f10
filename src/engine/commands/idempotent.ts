// Placements under faults (issue 10). Every placement (spot order, lever order, second
// contract) carries a client_id, and the server answers a repeated client_id with the first
// reply and places nothing (docs/api-extensions.md "client_id"). So when a placement's reply
// is lost (a network error, a gateway's 5xx, a reply that is no envelope) or does not come
// within PLACE_TIMEOUT_MS, its outcome is unknown: the engine logs `command.unknown`, tells
// the caller (`onUnknown`: the page shows "unknown — checking"), waits, and sends the very same
// request again, until a reply settles it or PLACE_RETRY_MS runs out. A late reply of an earlier
// attempt is not needed: the retry's reply is the first one again. Never retried: a reply that
// says something (ok or a refusal), and anything once the session changed.
import type { EngineContext } from '../context.ts';
import type { CommandName } from '../events.ts';
import type { Params, RestResult } from '../transport/rest.ts';

/** How long a placement waits for its reply before its outcome counts as unknown. */
export const PLACE_TIMEOUT_MS = 10_000;
/** The waits before each retry with the same client_id; after the last, it stays unknown. */
export const PLACE_RETRY_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000];

export interface IdempotentPost {
  command: CommandName;
  path: string;
  /** The request's form, `client_id` included. */
  params: Params;
  clientId: string;
  /** Called once, when the first attempt's outcome turns out unknown. */
  onUnknown?: (() => void) | undefined;
}

/** A reply that settles the placement, or `unknown` once the retries ran out. */
export type PlaceReply = RestResult | { ok: false; code: 'unknown'; message: string };

const TIMEOUT = Symbol('timeout');

export async function postIdempotent(
  ctx: EngineContext,
  post: IdempotentPost,
): Promise<PlaceReply> {
  const generation = ctx.auth.generation;
  for (let attempt = 1; ; attempt += 1) {
    const reply = await within(ctx, ctx.rest.post(post.path, post.params), PLACE_TIMEOUT_MS);
    const reason = unknownReason(reply);
    if (reason === null && reply !== TIMEOUT) return reply;
    const wait = PLACE_RETRY_MS[attempt - 1];
    const retrying = wait !== undefined && ctx.auth.generation === generation;
    ctx.store.dispatch({
      at: ctx.services.clock.now(),
      kind: 'system',
      name: 'command.unknown',
      body: {
        command: post.command,
        clientId: post.clientId,
        attempt,
        reason: reason ?? 'timeout',
        retrying,
      },
    });
    if (attempt === 1) post.onUnknown?.();
    if (!retrying) return { ok: false, code: 'unknown', message: reason ?? 'timeout' };
    await sleep(ctx, wait);
  }
}

/** Why a reply leaves the outcome unknown, or null when it settles it. */
function unknownReason(reply: RestResult | typeof TIMEOUT): string | null {
  if (reply === TIMEOUT) return 'timeout';
  if (reply.ok) return null;
  if (reply.code === 'server') return reply.type === 'malformed' ? 'no envelope' : null;
  // an HTTP 4xx was refused before anything ran (except a timeout or a rate limit)
  const status = /^HTTP (\d{3})$/.exec(reply.message)?.[1];
  if (status !== undefined && status.startsWith('4') && status !== '408' && status !== '429')
    return null;
  return reply.message === '' ? 'network' : reply.message;
}

function within<T>(
  ctx: EngineContext,
  promise: Promise<T>,
  ms: number,
): Promise<T | typeof TIMEOUT> {
  const { timers } = ctx.services;
  return new Promise((resolve) => {
    const timer = timers.setTimeout(() => resolve(TIMEOUT), ms);
    void promise.then((value) => {
      timers.clearTimeout(timer);
      resolve(value);
    });
  });
}

function sleep(ctx: EngineContext, ms: number): Promise<void> {
  return new Promise((resolve) => void ctx.services.timers.setTimeout(resolve, ms));
}
