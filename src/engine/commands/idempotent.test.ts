// Placements under faults (issue 10), against a fake exchange that, like the reference server,
// answers a repeated client_id with the first reply: a lost reply, a late one, a gateway
// error, retries running out, a refusal, a double submit, a lever submit.
import { describe, expect, it, vi } from 'vitest';
import type { EngineHandle } from '../engine.ts';
import { startOnFaultWorld, WATCHED } from '../testing/fault-world.ts';
import { ok } from '../testing/fakes.ts';
import type { Route, TestServices } from '../testing/fakes.ts';
import { PLACE_RETRY_MS, PLACE_TIMEOUT_MS } from './idempotent.ts';

type Fault = 'lose' | 'hold' | 'gateway' | 'no-envelope';

/** A placement endpoint that executes each client_id once and may lose or hold its reply. */
class Exchange {
  /** client_id of every request, in order. */
  readonly calls: string[] = [];
  executions = 0;
  readonly faults: Fault[] = [];
  refuse = false;
  private readonly replies = new Map<string, unknown>();
  private readonly held: (() => void)[] = [];

  readonly route: Route = async (request) => {
    const id = request.body?.get('client_id') ?? '';
    this.calls.push(id);
    let reply = this.replies.get(id);
    if (reply === undefined) {
      if (this.refuse) return { type: 'error', message: 'Insufficient balance' };
      this.executions += 1;
      reply = ok(`order ${this.executions} placed`);
      this.replies.set(id, reply);
    }
    const fault = this.faults.shift();
    if (fault === 'lose') throw new TypeError('fetch failed');
    if (fault === 'gateway') return new Response('bad gateway', { status: 502 });
    if (fault === 'no-envelope') return '<html>proxy error</html>';
    if (fault === 'hold') await new Promise<void>((resolve) => this.held.push(resolve));
    return reply;
  };

  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }
}

interface Started {
  t: TestServices;
  engine: EngineHandle;
  exchange: Exchange;
}

const ORDER = { side: 'buy' as const, mode: 2 as const, price: '95', number: '0.5' };
async function started(): Promise<Started> {
  const exchange = new Exchange();
  const routes = Object.fromEntries(
    ['/api/transaction/in', '/api/transaction/out', '/api/lever/submit'].map((p) => [
      p,
      exchange.route,
    ]),
  );
  return { ...(await startOnFaultWorld('idempotent', routes)), exchange };
}

async function logged(engine: EngineHandle, name: string): Promise<unknown[]> {
  const events = await engine.log.read(0, 100_000);
  return events.filter((e) => e.name === name).map((e) => e.body);
}

const count = (t: TestServices, path: string): number =>
  t.http.requests.filter((r) => r.url.pathname === path).length;

describe('placements whose reply is lost or late', () => {
  it('a lost reply: unknown, then the retry with the same client_id confirms one order', async () => {
    const { engine, exchange, t } = await started();
    exchange.faults.push('lose');
    const onUnknown = vi.fn();
    const result = engine.placeSpotOrder(ORDER, onUnknown);
    await vi.waitFor(() => expect(onUnknown).toHaveBeenCalledTimes(1));
    expect(exchange.calls).toHaveLength(1);
    t.timers.advance(PLACE_RETRY_MS[0] ?? 0);
    expect(await result).toMatchObject({ ok: true, message: 'order 1 placed' });
    expect(exchange.calls).toHaveLength(2);
    expect(exchange.calls[1]).toBe(exchange.calls[0]);
    expect(exchange.executions).toBe(1);
    expect(onUnknown).toHaveBeenCalledTimes(1);
    expect(await logged(engine, 'command.unknown')).toEqual([
      {
        command: 'spot-place',
        clientId: exchange.calls[0],
        attempt: 1,
        reason: 'fetch failed',
        retrying: true,
      },
    ]);
    expect(await logged(engine, 'command.result')).toContainEqual(
      expect.objectContaining({ command: 'spot-place', ok: true }),
    );
    await engine.close();
  });

  it('a reply later than the timeout: retried with the same id; the late reply changes nothing', async () => {
    const { engine, exchange, t } = await started();
    exchange.faults.push('hold');
    const onUnknown = vi.fn();
    const result = engine.placeSpotOrder(ORDER, onUnknown);
    await vi.waitFor(() => expect(exchange.calls).toHaveLength(1));
    t.timers.advance(PLACE_TIMEOUT_MS - 1);
    expect(onUnknown).not.toHaveBeenCalled();
    t.timers.advance(1);
    await vi.waitFor(() => expect(onUnknown).toHaveBeenCalledTimes(1));
    t.timers.advance(PLACE_RETRY_MS[0] ?? 0);
    expect(await result).toMatchObject({ ok: true, message: 'order 1 placed' });
    exchange.release();
    await vi.waitFor(() => expect(exchange.calls).toHaveLength(2));
    expect(new Set(exchange.calls).size).toBe(1);
    expect(exchange.executions).toBe(1);
    expect(await logged(engine, 'command.unknown')).toMatchObject([{ reason: 'timeout' }]);
    await engine.close();
  });

  it('a gateway error and a reply that is no envelope leave it unknown as well', async () => {
    const { engine, exchange, t } = await started();
    exchange.faults.push('gateway', 'no-envelope');
    const result = engine.placeSpotOrder(ORDER);
    await vi.waitFor(() => expect(exchange.calls).toHaveLength(1));
    await vi.waitFor(async () => expect(await logged(engine, 'command.unknown')).toHaveLength(1));
    t.timers.advance(PLACE_RETRY_MS[0] ?? 0);
    await vi.waitFor(async () => expect(await logged(engine, 'command.unknown')).toHaveLength(2));
    t.timers.advance(PLACE_RETRY_MS[1] ?? 0);
    expect(await result).toMatchObject({ ok: true });
    expect(exchange.executions).toBe(1);
    expect(await logged(engine, 'command.unknown')).toMatchObject([
      { attempt: 1, reason: 'HTTP 502' },
      { attempt: 2, reason: 'no envelope' },
    ]);
    await engine.close();
  });

  it('when the retries run out the result is unknown and the orders are fetched again', async () => {
    const { engine, exchange, t } = await started();
    exchange.faults.push(
      ...Array.from({ length: PLACE_RETRY_MS.length + 1 }, () => 'lose' as const),
    );
    const before = count(t, '/api/transaction_in');
    const result = engine.placeSpotOrder(ORDER);
    for (const [i, wait] of PLACE_RETRY_MS.entries()) {
      await vi.waitFor(() => expect(exchange.calls).toHaveLength(i + 1));
      await vi.waitFor(async () =>
        expect(await logged(engine, 'command.unknown')).toHaveLength(i + 1),
      );
      t.timers.advance(wait);
    }
    expect(await result).toEqual({ ok: false, code: 'unknown', message: 'fetch failed' });
    expect(new Set(exchange.calls).size).toBe(1);
    expect(exchange.calls).toHaveLength(PLACE_RETRY_MS.length + 1);
    expect(exchange.executions).toBe(1);
    const unknown = (await logged(engine, 'command.unknown')) as { retrying: boolean }[];
    expect(unknown.map((u) => u.retrying)).toEqual([...PLACE_RETRY_MS.map(() => true), false]);
    await vi.waitFor(() => expect(count(t, '/api/transaction_in')).toBeGreaterThan(before));
    await engine.close();
  });

  it('a refusal is final at once: no retry, no unknown', async () => {
    const { engine, exchange } = await started();
    exchange.refuse = true;
    const onUnknown = vi.fn();
    expect(await engine.placeSpotOrder(ORDER, onUnknown)).toEqual({
      ok: false,
      code: 'server',
      type: 'error',
      message: 'Insufficient balance',
    });
    expect(exchange.calls).toHaveLength(1);
    expect(onUnknown).not.toHaveBeenCalled();
    await engine.close();
  });

  it('a double submit places one order, also while the outcome is unknown', async () => {
    const { engine, exchange, t } = await started();
    exchange.faults.push('lose');
    const first = engine.placeSpotOrder(ORDER);
    expect(await engine.placeSpotOrder(ORDER)).toEqual({ ok: false, code: 'busy' });
    await vi.waitFor(async () => expect(await logged(engine, 'command.unknown')).toHaveLength(1));
    expect(await engine.placeSpotOrder(ORDER)).toEqual({ ok: false, code: 'busy' });
    t.timers.advance(PLACE_RETRY_MS[0] ?? 0);
    expect(await first).toMatchObject({ ok: true });
    expect(exchange.executions).toBe(1);
    await engine.close();
  });

  it('a lever submit is retried with its client_id too', async () => {
    const { engine, exchange, t } = await started();
    await engine.watchLever(WATCHED);
    exchange.faults.push('lose');
    const result = engine.leverCommand('submit', {
      side: 1,
      mode: 1,
      multiple: 10,
      share: '1',
      price: '',
    });
    await vi.waitFor(() => expect(exchange.calls).toHaveLength(1));
    await vi.waitFor(async () => expect(await logged(engine, 'command.unknown')).toHaveLength(1));
    t.timers.advance(PLACE_RETRY_MS[0] ?? 0);
    expect(await result).toMatchObject({ ok: true });
    expect(exchange.calls[1]).toBe(exchange.calls[0]);
    expect(exchange.executions).toBe(1);
    await engine.close();
  });
});

describe("a limit order's time in force and post-only (issue 44)", () => {
  it('go on the wire only when chosen, so a plain limit order is the legacy request', async () => {
    const { engine, t } = await started();
    const sent = () =>
      t.http.requests
        .filter((r) => r.url.pathname === '/api/transaction/in')
        .map((r) => [r.body?.get('tif') ?? null, r.body?.get('post_only') ?? null]);
    await engine.placeSpotOrder(ORDER);
    await engine.placeSpotOrder({ ...ORDER, tif: 'gtc', postOnly: false });
    await engine.placeSpotOrder({ ...ORDER, tif: 'fok' });
    await engine.placeSpotOrder({ ...ORDER, postOnly: true });
    // a market order has neither, whatever the form held
    await engine.placeSpotOrder({ ...ORDER, mode: 1, tif: 'ioc', postOnly: true });
    expect(sent()).toEqual([
      [null, null],
      [null, null],
      ['fok', null],
      [null, '1'],
      [null, null],
    ]);
    await engine.close();
  });
});
