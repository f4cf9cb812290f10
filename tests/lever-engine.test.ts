// The engine's lever part against a real server process: the panel, validation before any
// request, a position opened, kept live by the `lever_trade` push (risk rate), closed, and
// the lists by tab following.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineHandle } from '../src/engine/engine.ts';
import { startNodeEngine } from '../src/engine/node.ts';
import { registerNewcomer } from './newcomer.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';

const ADMIN = 'integration-admin-token-111111111111';
let server: ServerProcess;
let engine: EngineHandle;

beforeAll(async () => {
  server = await startServerProcess({ ADMIN_TOKEN: ADMIN }); // contracts need an index: the simulator on
  const started = await startNodeEngine({
    baseUrl: server.url,
    lang: 'en',
    logDbName: `lever-log-${Date.now()}`,
    sessionDbName: `lever-session-${Date.now()}`,
  });
  engine = started.engine;
  expect(
    (await engine.login({ account: 'demo@bourse.local', password: 'demo1234', areaCodeId: null }))
      .ok,
  ).toBe(true);
  await until(() => engine.state().market.tickers['BTC/USDT'] !== undefined);
}, 90_000);

/** A lever submit by a newly registered user (identity not reviewed) through its own engine. */
async function newcomerSubmit(): Promise<unknown> {
  const email = 'lever-newcomer@example.com';
  await registerNewcomer(server, email, 'lever1234');
  const { engine: newcomer } = await startNodeEngine({
    baseUrl: server.url,
    lang: 'en',
    logDbName: `lever-newcomer-log-${Date.now()}`,
    sessionDbName: `lever-newcomer-session-${Date.now()}`,
  });
  try {
    expect(
      (await newcomer.login({ account: email, password: 'lever1234', areaCodeId: null })).ok,
    ).toBe(true);
    await newcomer.watchLever('BTC/USDT');
    await until(() => newcomer.state().lever.view.deal?.symbol === 'BTC/USDT');
    return await newcomer.leverCommand('submit', {
      side: 1,
      mode: 1,
      multiple: 10,
      share: '1',
      price: '',
    });
  } finally {
    await newcomer.close();
  }
}

afterAll(async () => {
  await engine?.close();
  await server?.stop();
});

describe('lever through the engine', () => {
  it('loads the panel of the watched pair', async () => {
    await engine.watchLever('BTC/USDT');
    const deal = engine.state().lever.view.deal;
    expect(deal).toMatchObject({
      symbol: 'BTC/USDT',
      multiples: [5, 10, 20, 50, 100],
      minShare: 1,
      maxShare: 500,
      shareNum: '0.01',
      balance: '2000',
    });
  });

  it('validates before sending, needs identity, then opens, stays live and closes', async () => {
    const noMultiple = await engine.leverCommand('submit', {
      side: 1,
      mode: 1,
      multiple: null,
      share: '1',
      price: '',
    });
    expect(noMultiple).toEqual({
      ok: false,
      code: 'invalid',
      fields: { multiple: 'validation.lever.multipleRequired' },
    });
    const tooMany = await engine.leverCommand('submit', {
      side: 1,
      mode: 1,
      multiple: 10,
      share: '501',
      price: '',
    });
    expect(tooMany).toEqual({
      ok: false,
      code: 'invalid',
      fields: { share: 'validation.lever.shareAboveMax' },
    });
    // identity first (998): a new user's engine; the demo account is approved from the start
    expect(await newcomerSubmit()).toMatchObject({ ok: false, code: 'server', type: '998' });
    const opened = await engine.leverCommand('submit', {
      side: 1,
      mode: 1,
      multiple: 10,
      share: '2',
      price: '',
    });
    expect(opened.ok).toBe(true);
    // the reply says the fill (issue 20): hands, multiple, the open price = mark + spread
    expect(opened.ok && opened.message).toMatch(
      /^Long opened: 2 hands at 10×, open price [\d,]+\.\d{2} USDT \(the mark price [\d,]+\.\d{2} plus the [\d.]+% spread\)\.$/,
    );
    const holding = engine.state().lever.view.holding.rows;
    expect(holding.length).toBe(1);
    expect(holding[0]).toMatchObject({
      side: 1,
      share: '2',
      number: '0.02',
      multiple: 10,
      status: 1,
    });
    // the risk engine's push keeps the position and the risk rate live
    await until(
      () =>
        engine.state().lever.view.risk?.hazardRate !== null &&
        engine.state().lever.view.risk?.balance !== null,
    );
    expect(Number(engine.state().lever.view.risk?.hazardRate)).toBeGreaterThan(100);
    const id = holding[0]?.id ?? 0;
    expect((await engine.leverCommand('close', { id })).ok).toBe(true);
    expect(engine.state().lever.view.holding.rows).toEqual([]);
    // the risk figures follow the positions: none open, no rate, no P&L left behind (issue 20)
    expect(engine.state().lever.view.risk).toMatchObject({
      hazardRate: null,
      profitsAll: '0',
      marginAll: '0',
    });
    expect(engine.state().lever.view.closed.rows[0]?.id).toBe(id);
    // a limit order far below the market rests in entrusts and is revoked
    const limit = await engine.leverCommand('submit', {
      side: 1,
      mode: 0,
      multiple: 5,
      share: '1',
      price: '1000',
    });
    expect(limit.ok).toBe(true);
    const pending = engine.state().lever.view.entrusts.rows[0];
    expect(pending).toMatchObject({ status: 0, originPrice: '1000' });
    expect((await engine.leverCommand('cancel', { id: pending?.id ?? 0 })).ok).toBe(true);
    expect(engine.state().lever.view.revoked.rows[0]?.id).toBe(pending?.id);
  });
});
