// Price alerts through the engine against a real server process (issue 25): a refused add is
// answered by the shared rules without a request; a valid one is set, listed and removed; the
// server's own refusals come back as its localized text; the log holds the pair, direction and
// level of each command and nothing personal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineHandle } from '../src/engine/engine.ts';
import { startNodeEngine } from '../src/engine/node.ts';
import type { DecStr } from '../src/shared/decimal.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

let server: ServerProcess;
let engine: EngineHandle;

beforeAll(async () => {
  server = await startServerProcess({ SIM_OFF: '1' });
  ({ engine } = await startNodeEngine({
    baseUrl: server.url,
    lang: 'en',
    logDbName: `alerts-log-${Date.now()}`,
    sessionDbName: `alerts-session-${Date.now()}`,
  }));
}, 90_000);

afterAll(async () => {
  await engine?.close();
  await server?.stop();
});

const add = (price: string, direction: 'above' | 'below' = 'above', last: string | null = null) =>
  engine.addPriceAlert({
    symbol: 'BTC/USDT',
    direction,
    price,
    pricePrecision: 2,
    last: last as DecStr | null,
  });

describe('price alerts through the engine', () => {
  it('a visitor is told to log in by the server (999)', async () => {
    const r = await engine.priceAlerts();
    expect(r).toMatchObject({ ok: false, code: 'server', type: '999' });
  });

  it('sets, lists and removes; refuses by the shared rules before sending', async () => {
    const login = await engine.login({
      account: 'demo@bourse.local',
      password: 'demo1234',
      areaCodeId: null,
    });
    expect(login.ok).toBe(true);

    const sentBefore = (await engine.log.read(0, 100_000)).filter(
      (e) => e.name === 'command.issued',
    ).length;
    expect(await add('1e3')).toEqual({
      ok: false,
      code: 'invalid',
      fields: { price: 'validation.alert.priceFormat' },
    });
    expect(await add('61000.001')).toMatchObject({
      fields: { price: 'validation.alert.priceDecimals' },
    });
    expect(await add('59000', 'above', '60000')).toMatchObject({
      fields: { price: 'validation.alert.alreadyAbove' },
    });
    const issued = (await engine.log.read(0, 100_000)).filter((e) => e.name === 'command.issued');
    expect(issued).toHaveLength(sentBefore);

    const set = await add('9000000.5');
    if (!set.ok) throw new Error(JSON.stringify(set));
    expect(set.data).toMatchObject({
      symbol: 'BTC/USDT',
      direction: 'above',
      price: '9000000.5',
      firedAt: null,
      firedPrice: null,
    });
    const listed = await engine.priceAlerts();
    if (!listed.ok) throw new Error(JSON.stringify(listed));
    expect(listed.data.limit).toBe(20);
    expect(listed.data.waiting.map((a) => a.id)).toContain(set.data.id);

    expect((await engine.removePriceAlert({ id: set.data.id })).ok).toBe(true);
    expect(await engine.removePriceAlert({ id: set.data.id })).toEqual({
      ok: false,
      code: 'server',
      type: 'error',
      message: 'This alert is no longer waiting: it has fired or was removed.',
    });
    const log = await engine.log.read(0, 100_000);
    const adds = log.filter(
      (e) => e.name === 'command.issued' && (e.body as { command: string }).command === 'alert-add',
    );
    expect(adds.map((e) => (e.body as { fields: unknown }).fields)).toEqual([
      { symbol: 'BTC/USDT', direction: 'above', price: '9000000.5' },
    ]);
  });
});
