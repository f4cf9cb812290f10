// The server reads of the c2c sync (c2c-sync.ts) that stand on their own: the legal currencies
// and the daily limits, and the logging of a list page once its reply has come back (the page's
// read itself, with its check for a filter the screen has left, stays in c2c-sync.ts).
import * as wire from '../../shared/wire/c2c.ts';
import type { C2cType } from '../api.ts';
import type { EngineContext } from '../context.ts';
import { parseEdge } from '../ingest/ingest.ts';
import {
  c2cDealsReply,
  c2cLimits,
  c2cMarketReply,
  c2cMyAdsReply,
  legalCurrencies,
} from '../ingest/c2c-schemas.ts';

/** The side and coin of the market the screen shows. */
export type Filter = { type: C2cType; currencyId: number | null };

/** Logs a page of my deals as `c2c.deals` (or the parse failure). */
export function dispatchDeals(
  ctx: EngineContext,
  message: unknown,
  path: string,
  page: number,
): void {
  const now = () => ctx.services.clock.now();
  const p = parseEdge(c2cDealsReply, message, `reply:${path}`, now());
  if (!p.ok) return void ctx.store.dispatch(p.event);
  ctx.store.dispatch({
    at: now(),
    kind: 'reply',
    name: 'c2c.deals',
    body: { list: 'deals', page, rows: p.value.rows, hasMore: p.value.hasMore, filter: null },
  });
}

/** Logs a page of the market or of my ads as `c2c.ads` (or the parse failure). */
export function dispatchAds(
  ctx: EngineContext,
  message: unknown,
  path: string,
  list: 'market' | 'myAds',
  page: number,
  f: Filter,
): void {
  const now = () => ctx.services.clock.now();
  const schema = list === 'market' ? c2cMarketReply : c2cMyAdsReply;
  const p = parseEdge(schema, message, `reply:${path}`, now());
  if (!p.ok) return void ctx.store.dispatch(p.event);
  ctx.store.dispatch({
    at: now(),
    kind: 'reply',
    name: 'c2c.ads',
    body: {
      list,
      page,
      rows: p.value.rows,
      hasMore: p.value.hasMore,
      filter: list === 'market' ? f : null,
    },
  });
}

/** Reads the legal currencies (logged) while the state has none; a failure is silent. */
export async function fetchCurrencies(ctx: EngineContext): Promise<void> {
  const now = () => ctx.services.clock.now();
  if (ctx.auth.token === null || ctx.store.state().c2c.view.currencies.length > 0) return;
  const path = wire.legalCurrencyList.path;
  const reply = await ctx.rest.get(path);
  if (!reply.ok) return;
  const p = parseEdge(legalCurrencies, reply.message, `reply:${path}`, now());
  if (!p.ok) return void ctx.store.dispatch(p.event);
  ctx.store.dispatch({
    at: now(),
    kind: 'reply',
    name: 'c2c.currencies',
    body: { currencies: p.value },
  });
}

/** Reads the user's daily c2c limits and logs them as `c2c.limits`; a failure is silent. */
export async function fetchLimits(ctx: EngineContext): Promise<void> {
  const now = () => ctx.services.clock.now();
  if (ctx.auth.token === null) return;
  const path = wire.c2cLimits.path;
  const reply = await ctx.rest.get(path);
  if (!reply.ok) return;
  const p = parseEdge(c2cLimits, reply.message, `reply:${path}`, now());
  ctx.store.dispatch(
    p.ok ? { at: now(), kind: 'reply', name: 'c2c.limits', body: p.value } : p.event,
  );
}
