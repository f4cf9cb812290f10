// The edge: raw pushes and replies in, validated events out. Nothing here throws on bad
// input; a payload that fails its schema becomes one `system.malformed` event and is dropped.
// The hot pushes (`market_depth`, `market_detail` in fast.ts; `kline`, `daymarket` in
// fast-market.ts) use hand-rolled validators equal to their schemas (BUDGETS B1); everything
// else uses zod.
import type { z } from 'zod';
import { describeIssue } from '../event-shapes.ts';
import { transactionPush, updateBalancePush, updateUserPush } from './schemas.ts';
import type { NewEvent } from '../events.ts';
import { leverTradePush } from './lever-schemas.ts';
import { closedMicroPush } from './micro-schemas.ts';
import { c2cDealPush } from './c2c-schemas.ts';
import { noticePush, noticesReadReply } from './notices-schemas.ts';
import { ingestDepth, ingestDetail } from './fast.ts';
import { ingestDaymarket, ingestKline } from './fast-market.ts';
import { malformed } from './malformed.ts';

export { malformed };

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

/** A socket push (event name and payload) → one event. Unknown event names are malformed. */
export function ingestPush(event: string, payload: unknown, at: number): NewEvent {
  const source = `push:${event}`;
  switch (event) {
    case 'market_depth':
      return ingestDepth(payload, at);
    case 'market_detail':
      return ingestDetail(payload, at);
    case 'daymarket':
      return ingestDaymarket(payload, at);
    case 'kline':
      return ingestKline(payload, at);
    case 'transaction': {
      const p = parseEdge(transactionPush, payload, source, at);
      return p.ok ? { at, kind: 'push', name: 'spot.transaction', body: p.value } : p.event;
    }
    case 'update_balance': {
      const p = parseEdge(updateBalancePush, payload, source, at);
      return p.ok ? { at, kind: 'push', name: 'spot.balance', body: p.value } : p.event;
    }
    case 'update_user': {
      const p = parseEdge(updateUserPush, payload, source, at);
      return p.ok ? { at, kind: 'push', name: 'session.user-changed', body: p.value } : p.event;
    }
    default:
      return ingestContracts(event, payload, at) ?? malformed(source, 'unknown event', at);
  }
}

/** The contracts' private pushes (issue 7), or null for another event name. */
function ingestContracts(event: string, payload: unknown, at: number): NewEvent | null {
  const source = `push:${event}`;
  switch (event) {
    case 'c2c_deal': {
      const p = parseEdge(c2cDealPush, payload, source, at);
      return p.ok ? { at, kind: 'push', name: 'c2c.deal', body: p.value } : p.event;
    }
    case 'closed_microorder': {
      const p = parseEdge(closedMicroPush, payload, source, at);
      return p.ok ? { at, kind: 'push', name: 'micro.closed', body: p.value } : p.event;
    }
    case 'lever_trade': {
      const p = parseEdge(leverTradePush, payload, source, at);
      return p.ok ? { at, kind: 'push', name: 'lever.trade', body: p.value } : p.event;
    }
    case 'notification': {
      const p = parseEdge(noticePush, payload, source, at);
      return p.ok
        ? { at, kind: 'push', name: 'notices.pushed', body: { row: p.value.notification } }
        : p.event;
    }
    case 'notification_read': {
      const p = parseEdge(noticesReadReply, payload, source, at);
      return p.ok ? { at, kind: 'push', name: 'notices.read', body: p.value } : p.event;
    }
    default:
      return null;
  }
}
