// Spot placements under faults (issue 10): the real engine (Node services, its timers under
// the test's hand) against the reference server in-process (PGlite, market timers off). The
// engine's fetch goes through a wrapper that can lose a placement's reply after the server
// placed the order, hold the reply past the engine's timeout, or hold the request itself until
// after its retry (the two then race on the server). Each time the engine must retry with the
// same client_id, report the outcome as unknown meanwhile, and the server must hold ONE order.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLACE_RETRY_MS, PLACE_TIMEOUT_MS } from '../src/engine/commands/idempotent.ts';
import type { EngineHandle } from '../src/engine/engine.ts';
import { createNodeEngine } from '../src/engine/node.ts';
import type { Services } from '../src/engine/services.ts';
import { manualTimers } from '../src/engine/testing/fakes.ts';
import type { ManualTimers } from '../src/engine/testing/fakes.ts';
import { Decimal } from '../src/shared/decimal.ts';
import { startTestServer } from '../server/testing/helpers.ts';
import type { TestServer } from '../server/testing/helpers.ts';

type Fault = 'lose-reply' | 'hold-reply' | 'hold-request';

/** The engine's fetch, with faults on the placement calls (transaction/in and /out). */
class FaultyFetch {
  readonly faults: Fault[] = [];
  /** client_id of every placement request sent. */
  readonly clientIds: string[] = [];
  private readonly gates: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  /** While releasing, a gate reached late opens at once. */
  private releasing = false;

  readonly fetch: Services['fetch'] = (url, init) => {
    if (!/\/api\/transaction\/(in|out)$/.test(new URL(url).pathname)) return fetch(url, init);
    this.clientIds.push(new URLSearchParams(String(init.body)).get('client_id') ?? '');
    const call = this.placement(url, init, this.faults.shift());
    this.inFlight.add(call);
    void call.then(
      () => this.inFlight.delete(call),
      () => this.inFlight.delete(call),
    );
    return call;
  };

  /** Lets every held request or reply go on, and waits until all have reached the engine. */
  async release(): Promise<void> {
    this.releasing = true;
    for (const open of this.gates.splice(0)) open();
    await Promise.allSettled([...this.inFlight]);
    this.releasing = false;
  }

  private async placement(url: string, init: RequestInit, fault?: Fault): Promise<Response> {
    if (fault === 'hold-request') await this.gate();
    const response = await fetch(url, init);
    if (fault === 'lose-reply') {
      await response.arrayBuffer();
      throw new TypeError('fetch failed');
    }
    if (fault === 'hold-reply') await this.gate();
    return response;
  }

  private gate(): Promise<void> {
    if (this.releasing) return Promise.resolve();
    return new Promise((resolve) => this.gates.push(resolve));
  }
}

let server: TestServer;
let engine: EngineHandle;
let timers: ManualTimers;
let wire: FaultyFetch;
let demoId: number;

beforeAll(async () => {
  server = await startTestServer({ marketTimer: false });
  timers = manualTimers();
  wire = new FaultyFetch();
  engine = createNodeEngine({
    baseUrl: server.url,
    storage: 'memory',
    logDbName: 'place-faults-log',
    sessionDbName: 'place-faults-session',
    overrides: { fetch: wire.fetch, timers },
  });
  await engine.start({ baseUrl: server.url, lang: 'en', visible: true }, () => undefined);
  const login = await engine.login({
    account: 'demo@bourse.local',
    password: 'demo1234',
    areaCodeId: null,
  });
  if (!login.ok) throw new Error('demo login failed');
  demoId = login.data.userId;
  await vi.waitFor(() => expect(engine.state().market.tickers['BTC/USDT']).toBeDefined());
  await engine.watchSpot('BTC/USDT');
}, 60_000);

afterAll(async () => {
  await wire?.release();
  await engine?.close();
  await server?.close();
});

/** A resting limit buy well under the market (nothing fills it: the makers are off). */
function order() {
  const view = engine.state().spot.view.view;
  if (view === null) throw new Error('no spot view');
  const price = new Decimal(view.lastPrice).times('0.5').toFixed(view.pricePrecision);
  return { side: 'buy' as const, mode: 2 as const, price, number: '0.01' };
}

async function ordersWith(clientId: string): Promise<number> {
  await server.spot.idle();
  const rows = await server.ctx.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM spot_orders WHERE user_id = $1 AND client_id = $2',
    [demoId, clientId],
  );
  return rows[0]?.n ?? -1;
}

async function unknownLogged(): Promise<number> {
  const events = await engine.log.read(0, 100_000);
  return events.filter((e) => e.name === 'command.unknown').length;
}

describe('spot placements against the reference server, under faults', () => {
  it('a reply lost after the order was placed: unknown, retried with the same id, one order', async () => {
    const sent = wire.clientIds.length;
    const unknownBefore = await unknownLogged();
    wire.faults.push('lose-reply');
    const onUnknown = vi.fn();
    const result = engine.placeSpotOrder(order(), onUnknown);
    await vi.waitFor(() => expect(onUnknown).toHaveBeenCalledTimes(1));
    timers.advance(PLACE_RETRY_MS[0] ?? 0);
    expect(await result).toMatchObject({ ok: true });
    const ids = wire.clientIds.slice(sent);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(await ordersWith(ids[0] ?? '')).toBe(1);
    expect(await unknownLogged()).toBe(unknownBefore + 1);
  });

  it('a reply later than the timeout: retried with the same id, one order; the late reply changes nothing', async () => {
    const sent = wire.clientIds.length;
    wire.faults.push('hold-reply');
    const onUnknown = vi.fn();
    const result = engine.placeSpotOrder(order(), onUnknown);
    await vi.waitFor(() => expect(wire.clientIds).toHaveLength(sent + 1));
    // placed on the server; only its reply is late
    const id = wire.clientIds[sent] ?? '';
    await vi.waitFor(async () => expect(await ordersWith(id)).toBe(1));
    timers.advance(PLACE_TIMEOUT_MS);
    await vi.waitFor(() => expect(onUnknown).toHaveBeenCalledTimes(1));
    timers.advance(PLACE_RETRY_MS[0] ?? 0);
    expect(await result).toMatchObject({ ok: true });
    await wire.release();
    const ids = wire.clientIds.slice(sent);
    expect(new Set(ids).size).toBe(1);
    expect(await ordersWith(ids[0] ?? '')).toBe(1);
  });

  it('the request itself late, reaching the server after its retry: one order', async () => {
    const sent = wire.clientIds.length;
    wire.faults.push('hold-request');
    const onUnknown = vi.fn();
    const result = engine.placeSpotOrder(order(), onUnknown);
    await vi.waitFor(() => expect(wire.clientIds).toHaveLength(sent + 1));
    timers.advance(PLACE_TIMEOUT_MS);
    await vi.waitFor(() => expect(onUnknown).toHaveBeenCalledTimes(1));
    timers.advance(PLACE_RETRY_MS[0] ?? 0);
    const retried = wire.release();
    expect(await result).toMatchObject({ ok: true });
    await retried;
    const ids = wire.clientIds.slice(sent);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(await ordersWith(ids[0] ?? '')).toBe(1);
  });

  it('two submits in a row (a double click) place one order', async () => {
    const sent = wire.clientIds.length;
    const o = order();
    const [first, second] = await Promise.all([engine.placeSpotOrder(o), engine.placeSpotOrder(o)]);
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual({ ok: false, code: 'busy' });
    const ids = wire.clientIds.slice(sent);
    expect(ids).toHaveLength(1);
    expect(await ordersWith(ids[0] ?? '')).toBe(1);
  });
});
