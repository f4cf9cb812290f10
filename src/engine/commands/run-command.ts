// The path every command takes (ARCHITECTURE §4 "Commands"): refuse a second identical
// command while one is in flight (a read-only query instead shares the running request), validate with the shared rules before any network call,
// log the command WITHOUT secrets, run it, log the result, return a typed CommandResult. An
// exception in the command's own code becomes `internal` (nothing was sent) or `unknown`
// (something was), with its cause logged, never a network error.
import type { CommandResult } from '../api.ts';
import type { ValidationId } from '../../shared/validation.ts';
import type { EngineContext } from '../context.ts';
import type { CommandBody, CommandName } from '../events.ts';
import { parseEdge } from '../ingest/ingest.ts';
import type { Params } from '../transport/rest.ts';
import type { PlaceReply } from './idempotent.ts';
import type { z } from 'zod';

export interface CommandSpec<T> {
  command: CommandName;
  /** Everything that makes two submissions "identical" (kept in memory only). */
  input: unknown;
  /** The non-secret fields to log. */
  fields: CommandBody['fields'];
  validate?: () => Partial<Record<string, ValidationId>>;
  execute: () => Promise<CommandResult<T>>;
  /** Leave the reply's text out of the log (the login token, images). */
  secretReply?: boolean;
  /** A read-only query: an identical call while one is in flight shares its result. */
  query?: boolean;
}

const inFlight = new WeakMap<EngineContext, Map<string, Promise<CommandResult<unknown>>>>();

export function runCommand<T>(ctx: EngineContext, spec: CommandSpec<T>): Promise<CommandResult<T>> {
  const running = inFlight.get(ctx) ?? new Map<string, Promise<CommandResult<unknown>>>();
  inFlight.set(ctx, running);
  const key = `${spec.command}:${JSON.stringify(spec.input)}`;
  const pending = running.get(key) as Promise<CommandResult<T>> | undefined;
  if (pending !== undefined) {
    return spec.query === true ? pending : Promise.resolve({ ok: false, code: 'busy' });
  }
  let errors: Record<string, ValidationId>;
  try {
    errors = definedErrors(spec.validate?.() ?? {});
  } catch (err) {
    // a defect in the rules: nothing was sent, and it is logged like any engine failure
    return execute(ctx, { ...spec, execute: () => Promise.reject(err) });
  }
  if (Object.keys(errors).length > 0) {
    return Promise.resolve({ ok: false, code: 'invalid', fields: errors });
  }
  const run = execute(ctx, spec).finally(() => running.delete(key));
  running.set(key, run);
  return run;
}

async function execute<T>(ctx: EngineContext, spec: CommandSpec<T>): Promise<CommandResult<T>> {
  const at = ctx.services.clock.now();
  ctx.store.dispatch({
    at,
    kind: 'command',
    name: 'command.issued',
    body: { command: spec.command, fields: spec.fields },
  });
  const sendsBefore = ctx.rest.sends();
  let result: CommandResult<T>;
  let cause: string | null = null;
  try {
    result = await spec.execute();
  } catch (err) {
    // A defect in the engine's own code, not the network: logged with its cause. If a request
    // that may change something already went out, what it did is unknown (never "nothing
    // happened"); a query, or a command that sent nothing, failed internally.
    const full = errorCause(err);
    // the log keeps no text of a command whose reply is secret: its error's name only
    cause = spec.secretReply === true && err instanceof Error ? err.name : full;
    ctx.services.logger.error(`${spec.command} failed`, err);
    const sentSomething = spec.query !== true && ctx.rest.sends() > sendsBefore;
    result = sentSomething
      ? { ok: false, code: 'unknown', message: full, internal: true }
      : { ok: false, code: 'internal', message: full };
  }
  ctx.store.dispatch({
    at: ctx.services.clock.now(),
    kind: 'reply',
    name: 'command.result',
    body: {
      command: spec.command,
      ok: result.ok,
      type: resultType(result),
      message: cause ?? (spec.secretReply === true ? null : resultMessage(result)),
    },
  });
  return result;
}

/** A REST result → CommandResult, validating an ok message with `schema`. */
export function toCommandResult<S extends z.ZodType, T>(
  ctx: EngineContext,
  result: PlaceReply,
  schema: S,
  source: string,
  map: (value: z.output<S>) => { message: string; data: T },
): CommandResult<T> {
  if (!result.ok) {
    return result.code === 'server'
      ? { ok: false, code: 'server', type: result.type, message: result.message }
      : { ok: false, code: result.code, message: result.message };
  }
  const parsed = parseEdge(schema, result.message, source, ctx.services.clock.now());
  if (!parsed.ok) {
    ctx.store.dispatch(parsed.event);
    return { ok: false, code: 'server', type: 'malformed', message: '' };
  }
  return { ok: true, ...map(parsed.value) };
}

/** An exception as one line for the log: its name, message and first frame. */
export function errorCause(err: unknown): string {
  if (!(err instanceof Error)) return `thrown: ${String(err)}`.slice(0, 500);
  const frame = err.stack
    ?.split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('at ') || l.includes('@'));
  return `${err.name}: ${err.message}${frame === undefined ? '' : ` (${frame})`}`.slice(0, 500);
}

function definedErrors(
  errors: Partial<Record<string, ValidationId>>,
): Record<string, ValidationId> {
  const out: Record<string, ValidationId> = {};
  for (const [field, id] of Object.entries(errors)) if (id !== undefined) out[field] = id;
  return out;
}

function resultType<T>(result: CommandResult<T>): string {
  if (result.ok) return 'ok';
  return result.code === 'server' ? result.type : result.code;
}

function resultMessage<T>(result: CommandResult<T>): string | null {
  if (result.ok) return typeof result.message === 'string' ? result.message.slice(0, 500) : null;
  return 'message' in result ? result.message.slice(0, 500) : null;
}

/**
 * An `afterOk` that starts `refresh` without waiting for it: the command answers as soon as the
 * server has (the spot screens' balances follow).
 */
export const refreshLater = (refresh: () => Promise<void>) => (): Promise<void> => {
  void refresh();
  return Promise.resolve();
};

/** A state-changing POST as the command tables describe it (wallet, c2c, earn). */
export interface PostSpec {
  command: CommandName;
  path: string;
  params: Params;
  /** Logged: amounts, ids and choices only; no account numbers, names, phones or addresses. */
  fields: CommandBody['fields'];
  validate: () => Partial<Record<string, ValidationId>>;
}

/**
 * Runs a table's POST through runCommand: the reply's text (read with `reply`) is the result's
 * message, and `afterOk` fetches again what the command changed.
 */
export function runPost<S extends z.ZodType<string>>(
  ctx: EngineContext,
  input: unknown,
  spec: PostSpec,
  reply: S,
  afterOk: () => Promise<void>,
): Promise<CommandResult> {
  return runCommand(ctx, {
    command: spec.command,
    input,
    fields: spec.fields,
    validate: spec.validate,
    execute: async () => {
      const r = await ctx.rest.post(spec.path, spec.params);
      const result = toCommandResult(ctx, r, reply, `reply:${spec.path}`, (message: string) => ({
        message,
        data: undefined,
      }));
      if (result.ok) await afterOk();
      return result;
    },
  });
}
