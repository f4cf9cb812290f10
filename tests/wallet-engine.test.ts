// The engine's wallet part against a real server process: the watched wallet list arrives in
// frames and follows transfers, an operator's decision (update_balance) and identity review
// (update_user); queries parse the real replies; the shared rules refuse bad input before any
// request; an image uploads through the engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineHandle } from '../src/engine/engine.ts';
import type { FrameDiff } from '../src/engine/api.ts';
import { startNodeEngine } from '../src/engine/node.ts';
import { CURRENCY_ID } from '../server/testing/fixtures.ts';
import { registerNewcomer } from './newcomer.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';

const ADMIN = 'integration-admin-token-000000000000';
const USDT = CURRENCY_ID.USDT;
let server: ServerProcess;
let engine: EngineHandle;
let frames: FrameDiff[];

const admin = async (path: string, body: Record<string, string>) => {
  const res = await fetch(`${server.url}/api/admin/${path}`, {
    method: 'POST',
    headers: { 'x-admin-token': ADMIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return (await res.json()) as { type: string; message: unknown };
};

const usdt = (account: 'legal' | 'change' | 'lever' | 'micro') =>
  engine.state().wallet.view.accounts[account].rows.find((r) => r.name === 'USDT');

const PNG = new Uint8Array(
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1a6b20000000049454e44ae426082',
    'hex',
  ),
);

beforeAll(async () => {
  server = await startServerProcess({ ADMIN_TOKEN: ADMIN, SIM_OFF: '1' });
  const started = await startNodeEngine({
    baseUrl: server.url,
    lang: 'en',
    logDbName: `wallet-log-${Date.now()}`,
    sessionDbName: `wallet-session-${Date.now()}`,
  });
  engine = started.engine;
  frames = started.frames;
  const login = await engine.login({
    account: 'demo@bourse.local',
    password: 'demo1234',
    areaCodeId: null,
  });
  expect(login.ok).toBe(true);
}, 90_000);

afterAll(async () => {
  await engine?.close();
  await server?.stop();
});

describe('wallet through the engine', () => {
  it('watching fetches the four accounts and posts them in a frame', async () => {
    await engine.watchWallet(true);
    await until(() => frames.some((f) => f.wallet?.loaded === true));
    expect(usdt('change')?.available).toBe('10000');
    expect(usdt('legal')?.available).toBe('5000');
    expect(engine.state().wallet.view.fundingOpen).toBe(true);
    expect(engine.state().wallet.view.accounts.legal.rows.map((r) => r.name)).toEqual(['USDT']);
  });

  it('a transfer is validated first, then moves funds and refreshes the list', async () => {
    const same = await engine.accountCommand('transfer', {
      currencyId: USDT,
      from: 'change',
      to: 'change',
      amount: '1',
      available: '10000',
    });
    expect(same).toEqual({
      ok: false,
      code: 'invalid',
      fields: { to: 'validation.wallet.sameAccount' },
    });
    const tooMuch = await engine.accountCommand('transfer', {
      currencyId: USDT,
      from: 'change',
      to: 'lever',
      amount: '10000.01',
      available: '10000',
    });
    expect(tooMuch).toEqual({
      ok: false,
      code: 'invalid',
      fields: { amount: 'validation.wallet.insufficient' },
    });
    const lever = await engine.accountCommand('transfer', {
      currencyId: USDT,
      from: 'change',
      to: 'lever',
      amount: '50',
      available: '10000',
      leverPage: true,
    });
    expect(lever).toEqual({
      ok: false,
      code: 'invalid',
      fields: { amount: 'validation.wallet.leverMinimum' },
    });
    const ok = await engine.accountCommand('transfer', {
      currencyId: USDT,
      from: 'change',
      to: 'lever',
      amount: '150',
      available: '10000',
    });
    expect(ok.ok).toBe(true);
    expect(usdt('change')?.available).toBe('9850');
    expect(usdt('lever')?.available).toBe('2150');
    const log = await engine.accountQuery('transfer-log', { page: 1 });
    expect(log.ok && log.data.rows[0]?.info).toBe('Transfer: Spot account → Contract account');
  });

  it('uploads, submits identity, and follows the operator’s approval (update_user)', async () => {
    // a new user: the demo account is approved from the start (issue 18)
    await registerNewcomer(server, 'wallet-identity@example.com', 'ident1234');
    const { engine: newcomer } = await startNodeEngine({
      baseUrl: server.url,
      lang: 'en',
      logDbName: `identity-log-${Date.now()}`,
      sessionDbName: `identity-session-${Date.now()}`,
    });
    try {
      const login = await newcomer.login({
        account: 'wallet-identity@example.com',
        password: 'ident1234',
        areaCodeId: null,
      });
      expect(login.ok).toBe(true);
      const up = await newcomer.uploadImage(new Blob([PNG], { type: 'image/png' }));
      expect(up.ok).toBe(true);
      const wrong = await newcomer.uploadImage(new Blob(['GIF89a'], { type: 'image/gif' }));
      expect(wrong).toEqual({
        ok: false,
        code: 'invalid',
        fields: { file: 'validation.image.type' },
      });
      const url = up.ok ? up.data.url : '';
      const missing = await newcomer.accountCommand('identity', {
        name: 'Ada',
        cardId: 'X1',
        cardType: 1,
        front: url,
        reverse: '',
        hand: url,
      });
      expect(missing).toEqual({
        ok: false,
        code: 'invalid',
        fields: { images: 'validation.identity.imagesRequired' },
      });
      const sent = await newcomer.accountCommand('identity', {
        name: 'Ada Lovelace',
        cardId: 'X1234567',
        cardType: 1,
        front: url,
        reverse: url,
        hand: url,
      });
      expect(sent.ok).toBe(true);
      await until(() => newcomer.state().session.session.reviewStatus === 1);
      const queue = await (
        await fetch(`${server.url}/api/admin/queue`, { headers: { 'x-admin-token': ADMIN } })
      ).json();
      const id = String(
        (queue as { message: { identities: { id: number }[] } }).message.identities[0]?.id,
      );
      expect((await admin('identity', { id, action: 'approve' })).type).toBe('ok');
      await until(() => newcomer.state().session.session.reviewStatus === 2);
      const identity = await newcomer.accountQuery('identity', {});
      expect(identity.ok && identity.data).toMatchObject({ reviewStatus: 2, name: 'Ada Lovelace' });
    } finally {
      await newcomer.close();
    }
  });

  it('a withdrawal locks funds; the operator’s rejection refunds them (update_balance)', async () => {
    const info = await engine.accountQuery('withdraw-info', { currencyId: USDT });
    expect(info.ok && info.data).toMatchObject({
      min: '10',
      max: '50000',
      rate: '0.5',
      networks: ['erc20', 'trc20', 'omni', 'bank'],
    });
    const rules = info.ok ? { min: info.data.min, max: info.data.max, rate: info.data.rate } : null;
    const base = {
      currencyId: USDT,
      realName: '',
      bankName: '',
      bankAddress: '',
      rules,
      available: '9850',
    };
    const low = await engine.accountCommand('withdraw', {
      ...base,
      network: 'erc20',
      amount: '5',
      address: '0xabc',
    });
    expect(low).toEqual({
      ok: false,
      code: 'invalid',
      fields: { amount: 'validation.wallet.belowMinimum' },
    });
    const ok = await engine.accountCommand('withdraw', {
      ...base,
      network: 'erc20',
      amount: '100',
      address: '0xabc',
    });
    expect(ok.ok).toBe(true);
    expect(usdt('change')).toMatchObject({ available: '9750', locked: '100' });
    const records = await engine.accountQuery('funding-records', { kind: 'withdraw', page: 1 });
    const rec = records.ok ? records.data.rows[0] : undefined;
    expect(rec).toMatchObject({ fee: '0.5', received: '99.5', status: 0 });
    await admin('withdrawal', { id: String(rec?.id), action: 'reject', reason: 'test' });
    await until(() => usdt('change')?.locked === '0');
    expect(usdt('change')?.available).toBe('9850');
  });

  it('queries parse real replies: addresses, currencies, acceptors, entrusts, region', async () => {
    const addresses = await engine.accountQuery('deposit-addresses', { currencyId: USDT });
    expect(addresses.ok && addresses.data.map((a) => a.network)).toEqual([
      'erc20',
      'trc20',
      'omni',
    ]);
    const currencies = await engine.accountQuery('currencies', { withdrawable: false });
    expect(currencies.ok && currencies.data.find((c) => c.name === 'BTC')).toMatchObject({
      canDeposit: true,
      canWithdraw: true,
    });
    const acceptors = await engine.accountQuery('acceptors', {});
    expect(acceptors.ok && acceptors.data.length).toBe(2);
    const entrusts = await engine.accountQuery('entrusts', { type: 'in', page: 1 });
    expect(entrusts.ok && entrusts.data).toEqual({
      rows: [],
      page: 1,
      pages: 1,
      total: 0,
      hasMore: false,
    });
    const region = await engine.accountQuery('region-users', { page: 1 });
    expect(region).toEqual({
      ok: false,
      code: 'server',
      type: 'error',
      message: 'You are not a region agent, no permission.',
    });
  });

  it('logout empties the wallet', async () => {
    await engine.logout();
    expect(engine.state().wallet.view.loaded).toBe(false);
    expect(engine.state().wallet.view.accounts.change.rows).toEqual([]);
  });
});
