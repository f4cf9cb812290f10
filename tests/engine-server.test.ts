// The real engine (under Node) against a real reference server process, over real HTTP and
// socket.io: live market data, a full account lifecycle, session expiry and logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeEngine } from '../src/engine/node.ts';
import type { EngineHandle } from '../src/engine/engine.ts';
import type { EngineSnapshot, FrameDiff } from '../src/engine/api.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

let server: ServerProcess;
let engine: EngineHandle;
let snapshot: EngineSnapshot;
let frames: FrameDiff[];

async function until<T>(probe: () => T | undefined | null | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function outboxCode(to: string): Promise<string> {
  const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (await res.json()) as { type: string; message: { code: string }[] };
  const code = body.message[0]?.code;
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

beforeAll(async () => {
  server = await startServerProcess();
  ({ engine, snapshot, frames } = await startNodeEngine({ baseUrl: server.url, lang: 'en' }));
}, 90_000);

afterAll(async () => {
  await engine?.close();
  await server?.stop();
});

describe('engine against the reference server', () => {
  it('loads the quotation groups, with only displayed pairs among the listed ones', () => {
    expect(snapshot.market.loaded).toBe(true);
    const usdt = snapshot.market.groups.find((g) => g.name === 'USDT');
    expect(usdt?.symbols).toEqual(
      expect.arrayContaining([
        'BTC/USDT',
        'ETH/USDT',
        'LTC/USDT',
        'XRP/USDT',
        'DOGE/USDT',
        'TRX/USDT',
      ]),
    );
    const btc = snapshot.tickers['BTC/USDT'];
    expect(btc?.isDisplay).toBe(true);
    expect(Number(btc?.price)).toBeGreaterThan(0);
  });

  it('goes online and folds live daymarket pushes into changed tickers', async () => {
    const before = snapshot.tickers['BTC/USDT']?.at ?? 0;
    await until(
      () =>
        frames.some((f) => f.connection?.state === 'online') ||
        snapshot.connection.state === 'online',
    );
    const live = await until(() =>
      frames.map((f) => f.tickers?.['BTC/USDT']).find((t) => t && t.at > before),
    );
    expect(live.symbol).toBe('BTC/USDT');
    expect(live.price).toMatch(/^\d+(\.\d+)?$/);
  });

  it('has 60 one-minute closes for the sparkline of each displayed pair', async () => {
    const spark = await until(() => {
      const latest =
        frames
          .map((f) => f.sparklines?.['BTC/USDT'])
          .filter(Boolean)
          .pop() ?? snapshot.sparklines['BTC/USDT'];
      return latest && latest.length === 60 ? latest : null;
    });
    expect(spark.length).toBe(60);
    for (const close of spark) expect(close).toMatch(/^\d+(\.\d+)?$/);
  });

  it('registers by e-mail with a code from the outbox, logs in, reads the user and logs out', async () => {
    const email = `it-${Date.now()}@example.com`;
    const invalid = await engine.sendCode({
      kind: 'email',
      account: 'not-an-email',
      areaCode: '',
      purpose: 'register',
    });
    expect(invalid).toMatchObject({ ok: false, code: 'invalid' });

    const sent = await engine.sendCode({
      kind: 'email',
      account: email,
      areaCode: '',
      purpose: 'register',
    });
    expect(sent.ok).toBe(true);
    const code = await outboxCode(email);
    const wrong = await engine.register({
      kind: 'email',
      account: email,
      code: code === '000000' ? '111111' : '000000',
      password: 'abc12345',
      confirm: 'abc12345',
      agreement: true,
      extensionCode: '',
      areaCode: '',
      countryId: null,
    });
    expect(wrong).toMatchObject({ ok: false, code: 'server' });
    const registered = await engine.register({
      kind: 'email',
      account: email,
      code,
      password: 'abc12345',
      confirm: 'abc12345',
      agreement: true,
      extensionCode: '',
      areaCode: '',
      countryId: null,
    });
    expect(registered.ok).toBe(true);

    const badLogin = await engine.login({ account: email, password: 'wrong123', areaCodeId: null });
    expect(badLogin).toMatchObject({ ok: false, code: 'server' });
    const login = await engine.login({ account: email, password: 'abc12345', areaCodeId: null });
    expect(login.ok).toBe(true);
    const session = await until(() =>
      frames
        .map((f) => f.session)
        .filter((s) => s?.loggedIn)
        .pop(),
    );
    expect(session.account).toBe(email);
    expect(session.maskedAccount).toMatch(/\*\*\*@example\.com$/);
    expect(session.userId).toBeGreaterThan(0);

    await engine.logout();
    const out = await until(() => {
      const last = frames
        .map((f) => f.session)
        .filter(Boolean)
        .pop();
      return last && !last.loggedIn ? last : null;
    });
    expect(out.userId).toBeNull();
  });

  it('answers news in the chosen language', async () => {
    const en = await engine.newsList();
    await engine.setLang('de');
    const de = await engine.newsList();
    await engine.setLang('en');
    expect(en.ok && de.ok).toBe(true);
    if (en.ok && de.ok) {
      expect(en.data.length).toBeGreaterThan(0);
      expect(de.data.length).toBeGreaterThan(0);
      expect(de.data[0]?.title).not.toBe(en.data[0]?.title);
    }
  });
});
