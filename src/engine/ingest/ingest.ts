// The edge: raw pushes and replies in, validated events out. Nothing here throws on bad
// input; a payload that fails its schema becomes one `system.malformed` event and is dropped.
import type { z } from 'zod';
import { daymarketPush, describeIssue, klinePush } from './schemas.ts';
import type { NewEvent } from './events.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; event: NewEvent };

/** Validate `input` with `schema`; on failure, the `system.malformed` event to log. */
export function parseEdge<S extends z.ZodType>(
  schema: S,
  input: unknown,
  source: string,
  at: number,
): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, event: malformed(source, describeIssue(result.error), at) };
}

export function malformed(source: string, reason: string, at: number): NewEvent {
  return {
    at,
    kind: 'system',
    name: 'system.malformed',
    body: { source, reason: reason.slice(0, 200) },
  };
}

/** A socket push (event name and payload) → one event. Unknown event names are malformed. */
export function ingestPush(event: string, payload: unknown, at: number): NewEvent {
  const source = `push:${event}`;
  if (event === 'daymarket') {
    const p = parseEdge(daymarketPush, payload, source, at);
    return p.ok ? { at, kind: 'push', name: 'market.daymarket', body: p.value } : p.event;
  }
  if (event === 'kline') {
    const p = parseEdge(klinePush, payload, source, at);
    return p.ok ? { at, kind: 'push', name: 'market.kline', body: p.value } : p.event;
  }
  return malformed(source, 'unknown event', at);
}
