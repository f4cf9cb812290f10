// The engine's lever part against a real server process: the panel, validation before any
// request, a position opened, kept live by the `lever_trade` push (risk rate), closed, and
// the lists by tab following.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineHandle } from '../src/engine/engine.ts';
import { startNodeEngine } from '../src/engine/node.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';

const ADMIN = 'integration-admin-token-111111111111';
let server: ServerProcess;
let engine: EngineHandle;

beforeAll(async () => {
  server = await startServerProcess({ ADMIN_TOKEN: ADMIN, SIM_OFF: '1' });
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

const PNG = new Uint8Array(
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1a6b20000000049454e44ae426082',
    'hex',
  ),
);

/** Identity documents through the engine, approved with the operator API. */
async function verifyIdentity(): Promise<void> {
  const up = await engine.uploadImage(new Blob([PNG], { type: 'image/png' }));
  const url = up.ok ? up.data.url : '';
  const sent = await engine.accountCommand('identity', {
    name: 'Ada Lovelace',
    cardId: 'X1234567',
    cardType: 1,
    front: url,
    reverse: url,
    hand: url,
  });
  expect(sent.ok).toBe(true);
  const queue = (await (
    await fetch(`${server.url}/api/admin/queue`, { headers: { 'x-admin-token': ADMIN } })
  ).json()) as {
    message: { identities: { id: number }[] };
  };
  const id = String(queue.message.identities[0]?.id);
  await fetch(`${server.url}/api/admin/identity`, {
    method: 'POST',
    headers: { 'x-admin-token': ADMIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id, action: 'approve' }).toString(),
  });
  await until(() => engine.state().session.session.reviewStatus === 2);
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
    const unverified = await engine.leverCommand('submit', {
      side: 1,
      mode: 1,
      multiple: 10,
      share: '1',
      price: '',
    });
    expect(unverified).toMatchObject({ ok: false, code: 'server', type: '998' });
    await verifyIdentity();
    const opened = await engine.leverCommand('submit', {
      side: 1,
      mode: 1,
      multiple: 10,
      share: '2',
      price: '',
    });
    expect(opened.ok).toBe(true);
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
