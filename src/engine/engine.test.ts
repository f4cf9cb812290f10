import { describe, expect, it, vi } from 'vitest';
import { createEngine } from './engine.ts';
import { HOME_MARKET_REFRESH_MS } from '../shared/constants.ts';
import { ok, testServices } from './testing/fakes.ts';
import type { Route, TestServices } from './testing/fakes.ts';
import { walletListWire } from './testing/wallet-list.ts';
import type { FrameDiff } from './api.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';
const PASSWORD = 'secret12pw';
const CODE = '493817';

const quotation = [
  {
    id: 1,
    name: 'USDT',
    logo: '',
    is_legal: 1,
    is_display: 1,
    quotation: [
      {
        id: 11,
        legal_id: 1,
        currency_id: 2,
        legal_name: 'USDT',
        currency_name: 'BTC',
        logo: '',
        now_price: '27000.5',
        change: '+1.2',
        high: '27100',
        low: '26900',
        volume: '5',
        is_display: 1,
        sort: 1,
      },
      {
        id: 12,
        legal_id: 1,
        currency_id: 3,
        legal_name: 'USDT',
        currency_name: 'ETH',
        logo: '',
        now_price: 1800,
        change: '-0.5',
        high: 1810,
        low: 1790,
        volume: 9,
        is_display: 0,
        sort: 2,
      },
    ],
  },
];

function routes(extra: Record<string, Route> = {}): Record<string, Route> {
  return {
    '/api/server/time': () => ok(1_700_000_005_000),
    '/api/currency/quotation_new': () => ok(quotation),
    '/api/currency/new_timeshar': (r) => ({
      code: 1,
      msg: 'success',
      data: Array.from({ length: 70 }, (_, i) => ({
        id: Number(r.url.searchParams.get('to')) - (70 - i) * 60,
        close: String(100 + i),
      })),
    }),
    '/api/currency/sparklines': () =>
      ok([
        {
          symbol: 'BTC/USDT',
          data: Array.from({ length: 60 }, (_, i) => ({
            id: 1_700_000_000 - (60 - i) * 60,
            close: String(200 + i),
          })),
        },
      ]),
    '/api/user/login': () => ok(TOKEN),
    '/api/user/info': (r) =>
      r.headers.Authorization === TOKEN
        ? ok({
            id: 42,
            account: 'alice@example.com',
            account_number: 'alice@example.com',
            phone: null,
            email: 'alice@example.com',
            extension_code: 'INV1',
            is_seller: 0,
            review_status: 0,
          })
        : { type: '999', message: 'please login' },
    ...extra,
  };
}

async function started(t: TestServices, name: string) {
  const engine = createEngine(t.services, {
    logDbName: `${name}-log`,
    sessionDbName: `${name}-session`,
  });
  const frames: FrameDiff[] = [];
  const snapshot = await engine.start({ baseUrl: '', lang: 'en', visible: true }, (d) =>
    frames.push(d),
  );
  await engine.firstReads();
  return { engine, frames, snapshot };
}

async function allLogged(engine: Awaited<ReturnType<typeof started>>['engine']): Promise<string> {
  return JSON.stringify(await engine.log.read(0, 100_000));
}

describe('engine', () => {
  it('starts: clock offset, quotation, sparklines of displayed pairs, socket connect', async () => {
    // a server without the sparklines extension: pair by pair, as the spec says
    const t = testServices(
      routes({
        '/api/currency/sparklines': () => ({ type: 'error', message: 'Unknown API call' }),
      }),
    );
    const { engine, snapshot, frames } = await started(t, 'start');
    // the start answers with the restored state, before the first reads (B10); they follow
    // in the next frame
    expect(snapshot.market.loaded).toBe(false);
    expect(snapshot.connection.log).toBe('indexeddb');
    await vi.waitFor(() => expect(t.timers.pendingFrames()).toBe(1));
    t.timers.frame();
    expect(frames.at(-1)).toMatchObject({
      market: { loaded: true },
      tickers: { 'BTC/USDT': { price: '27000.5', change: '1.20', isDisplay: true } },
      connection: { clockOffsetMs: 5_000 },
    });
    expect(t.sockets[0]?.url).toBe('http://test.local');
    await vi.waitFor(() =>
      expect(t.http.requests.filter((r) => r.url.pathname.endsWith('new_timeshar'))).toHaveLength(
        1,
      ),
    );
    const history = t.http.requests.find((r) => r.url.pathname.endsWith('new_timeshar'));
    expect(history?.url.searchParams.get('symbol')).toBe('BTC/USDT');
    expect(
      Number(history?.url.searchParams.get('to')) - Number(history?.url.searchParams.get('from')),
    ).toBe(604_800);
    await vi.waitFor(() => expect(t.timers.pendingFrames()).toBe(1));
    t.timers.frame();
    expect(frames.at(-1)?.sparklines?.['BTC/USDT']).toHaveLength(60);
    expect(frames.at(-1)?.sparklines?.['BTC/USDT']?.at(-1)).toBe('169');
    await engine.close();
  });

  it('fills every sparkline from one sparklines call, without new_timeshar (issue 20)', async () => {
    const t = testServices(routes());
    const { engine, frames } = await started(t, 'sparklines');
    const drawn = () => frames.findLast((f) => f.sparklines?.['BTC/USDT'] !== undefined);
    await vi.waitFor(() => {
      if (t.timers.pendingFrames() > 0) t.timers.frame();
      expect(drawn()).toBeDefined();
    });
    const line = drawn()?.sparklines?.['BTC/USDT'];
    expect(line).toHaveLength(60);
    expect(line?.at(-1)).toBe('259');
    const asked = t.http.requests.map((r) => r.url.pathname);
    expect(asked.filter((p) => p === '/api/currency/sparklines')).toHaveLength(1);
    expect(asked.filter((p) => p.endsWith('new_timeshar'))).toHaveLength(0);
    await engine.close();
  });

  it('asks new_timeshar for a displayed pair the sparklines call left out', async () => {
    const t = testServices(routes({ '/api/currency/sparklines': () => ok([]) }));
    const { engine } = await started(t, 'sparklines-missing');
    await vi.waitFor(() =>
      expect(
        t.http.requests
          .filter((r) => r.url.pathname.endsWith('new_timeshar'))
          .map((r) => r.url.searchParams.get('symbol')),
      ).toEqual(['BTC/USDT']),
    );
    await engine.close();
  });

  it('turns pushes into one diff per frame, and none while hidden', async () => {
    const t = testServices(routes());
    const { engine, frames } = await started(t, 'push');
    const socket = t.sockets[0];
    if (socket === undefined) throw new Error('no socket');
    socket.open();
    t.timers.frame();
    const before = frames.length;
    for (let i = 0; i < 20; i += 1) {
      socket.fire('daymarket', {
        symbol: 'BTC/USDT',
        now_price: String(27000 + i),
        change: '+1',
        high: 1,
        low: 1,
        volume: 1,
        seq: i,
      });
    }
    socket.fire('daymarket', { symbol: 'BTC/USDT', now_price: 'garbage' });
    t.timers.frame();
    expect(frames.length).toBe(before + 1);
    expect(frames.at(-1)?.tickers?.['BTC/USDT']?.price).toBe('27019');
    await engine.setVisible(false);
    socket.fire('daymarket', {
      symbol: 'BTC/USDT',
      now_price: '1',
      change: '0',
      high: 1,
      low: 1,
      volume: 1,
      seq: 100,
    });
    t.timers.frame();
    expect(frames.length).toBe(before + 1);
    await engine.setVisible(true);
    t.timers.frame();
    expect(frames.length).toBe(before + 2);
    expect(await allLogged(engine)).toContain('system.malformed');
    await engine.close();
  });

  it('writes what the log holds the moment the page is hidden (it may be closed next)', async () => {
    const t = testServices(routes());
    const { engine } = await started(t, 'hidden-flush');
    const socket = t.sockets[0];
    if (socket === undefined) throw new Error('no socket');
    socket.open();
    await engine.log.flush();
    const fire = (seq: number): void =>
      socket.fire('daymarket', {
        symbol: 'BTC/USDT',
        now_price: String(27000 + seq),
        change: '+1',
        high: 1,
        low: 1,
        volume: 1,
        seq,
      });
    fire(1);
    fire(2);
    expect(engine.log.stats().pending).toBeGreaterThan(0);
    await engine.setVisible(false);
    // no timer has run: the hide wrote them (and its own event)
    expect(engine.log.stats().pending).toBe(0);
    await engine.close();
  });

  it('refuses invalid input before any network call', async () => {
    const t = testServices(routes());
    const { engine } = await started(t, 'invalid');
    const calls = t.http.requests.length;
    expect(
      await engine.sendCode({
        kind: 'email',
        account: 'not-an-email',
        areaCode: '',
        purpose: 'register',
      }),
    ).toEqual({
      ok: false,
      code: 'invalid',
      fields: { account: 'validation.emailInvalid' },
    });
    expect(await engine.login({ account: '', password: '1', areaCodeId: null })).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    expect(t.http.requests.length).toBe(calls);
    await engine.close();
  });

  it('refuses a second identical command while the first is in flight', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = testServices(routes({ '/api/sms_mail': async () => (await gate, ok('code sent')) }));
    const { engine } = await started(t, 'busy');
    const input = {
      kind: 'email' as const,
      account: 'bob@example.com',
      areaCode: '',
      purpose: 'register' as const,
    };
    const first = engine.sendCode(input);
    expect(await engine.sendCode(input)).toEqual({ ok: false, code: 'busy' });
    release();
    expect(await first).toEqual({ ok: true, message: 'code sent', data: undefined });
    expect(await engine.sendCode(input)).toMatchObject({ ok: true });
    const mail = t.http.requests.find((r) => r.url.pathname === '/api/sms_mail');
    expect(mail?.body?.get('type')).toBe('register');
    await engine.close();
  });

  it('shares one request between identical concurrent read-only queries', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const list = { list: [], page: 1, pages: 1, total: 0 };
    const t = testServices(routes({ '/api/news/list': async () => (await gate, ok(list)) }));
    const { engine } = await started(t, 'query');
    const first = engine.newsList(3);
    const second = engine.newsList(3);
    release();
    expect(await first).toEqual({ ok: true, message: '', data: [] });
    expect(await second).toEqual({ ok: true, message: '', data: [] });
    expect(t.http.requests.filter((r) => r.url.pathname === '/api/news/list').length).toBe(1);
    await engine.close();
  });

  it('logs in, restores the token after a restart, never logs secrets, and logs out', async () => {
    const t = testServices(routes({ '/api/user/register': () => ok('registered') }));
    const first = await started(t, 'login');
    await first.engine.register({
      kind: 'email',
      account: 'alice@example.com',
      code: CODE,
      password: PASSWORD,
      confirm: PASSWORD,
      agreement: true,
      extensionCode: '',
      areaCode: '86',
      countryId: 1,
    });
    const result = await first.engine.login({
      account: 'alice@example.com',
      password: PASSWORD,
      areaCodeId: null,
    });
    expect(result).toEqual({ ok: true, message: '', data: { userId: 42 } });
    t.sockets[0]?.open();
    expect(t.sockets[0]?.emitted).toContainEqual({ event: 'login', args: [{ token: TOKEN }] });
    const logged = await allLogged(first.engine);
    for (const secret of [TOKEN, PASSWORD, CODE]) expect(logged).not.toContain(secret);
    expect(logged).toContain('command.issued');
    await first.engine.close();

    const second = await started(t, 'login');
    expect(second.snapshot.session).toMatchObject({
      loggedIn: true,
      userId: 42,
      maskedAccount: 'al***@example.com',
    });
    await second.engine.logout();
    await second.engine.close();
    const third = await started(t, 'login');
    expect(third.snapshot.session.loggedIn).toBe(false);
    await third.engine.close();
  });

  it('a page reopened without the server shows the last balances of the same login, held as of their time, until they load again (issue 23)', async () => {
    const wallet = (usdt: string) =>
      ok(walletListWire({ currency: 3, change_balance: usdt }, usdt));
    const t = testServices(routes({ '/api/wallet/list': () => wallet('1250.5') }));
    const first = await started(t, 'held');
    await first.engine.login({
      account: 'alice@example.com',
      password: PASSWORD,
      areaCodeId: null,
    });
    await first.engine.watchWallet(true);
    await vi.waitFor(() => expect(first.engine.state().wallet.view.loaded).toBe(true));
    const at = first.engine.state().wallet.view.at;
    await first.engine.close();

    // the server is gone: the page opens from its log, with the stored login
    const online = new Map(t.http.routes);
    t.http.routes.clear();
    t.timers.advance(60_000);
    const second = await started(t, 'held');
    expect(second.snapshot.wallet).toMatchObject({ held: true, loaded: false, at });
    expect(second.snapshot.wallet.accounts.change.rows[0]?.available).toBe('1250.5');
    // and who is logged in, as the page session before knew it
    expect(second.snapshot.session).toMatchObject({ loggedIn: true, userId: 42 });
    await second.engine.watchWallet(true);
    await vi.waitFor(() => expect(second.engine.state().wallet.view.error).not.toBeNull());
    expect(second.engine.state().wallet.view).toMatchObject({ held: true, at });
    const socket = t.sockets.at(-1);
    socket?.fire('connect_error', new Error('refused'));

    // the server is back: the first connect resynchronises, and the balances load
    for (const [path, route] of online) t.http.routes.set(path, route);
    t.http.routes.set('/api/wallet/list', () => wallet('1300'));
    t.timers.advance(30_000);
    socket?.open();
    await vi.waitFor(() => expect(second.engine.state().wallet.view.loaded).toBe(true));
    expect(second.engine.state().wallet.view).toMatchObject({ held: false, error: null });
    expect(second.engine.state().wallet.view.accounts.change.rows[0]?.available).toBe('1300');
    expect(second.engine.state().session.session.userId).toBe(42);

    // after a logout, the next page session holds nothing
    await second.engine.logout();
    await second.engine.close();
    const third = await started(t, 'held');
    expect(third.snapshot.wallet).toMatchObject({ held: false, loaded: false });
    expect(third.snapshot.wallet.accounts.change.rows).toEqual([]);
    await third.engine.close();
  });

  it('a worker that started offline reconnects when the page says the network is back (issue 23)', async () => {
    const t = testServices(routes());
    // a dedicated worker in Chromium: navigator.onLine, but no online/offline events
    let online = false;
    const services = {
      ...t.services,
      network: { online: () => online, subscribe: () => () => undefined },
    };
    const engine = createEngine(services, { logDbName: 'net-log', sessionDbName: 'net-session' });
    await engine.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);
    await engine.firstReads();
    expect(engine.state().session.connection.state).toBe('offline');
    expect(t.sockets[0]?.connects).toBe(0);
    online = true;
    await engine.setOnline(true);
    expect(t.sockets[0]?.connects).toBe(1);
    t.sockets[0]?.open();
    expect(engine.state().session.connection.state).toBe('online');
    await engine.close();
  });

  it('999 expires the session; ackExpired clears the notice', async () => {
    const t = testServices(
      routes({ '/api/safe/email': () => ({ type: 999, message: 'login again' }) }),
    );
    const { engine, frames } = await started(t, 'expired');
    await engine.login({ account: 'alice@example.com', password: PASSWORD, areaCodeId: null });
    const result = await engine.bindEmail({ email: 'new@example.com', code: CODE });
    expect(result).toMatchObject({ ok: false, code: 'server', type: '999' });
    t.timers.frame();
    expect(frames.at(-1)?.session).toMatchObject({
      loggedIn: false,
      expiredAt: expect.any(Number),
    });
    await engine.ackExpired();
    t.timers.frame();
    expect(frames.at(-1)?.session?.expiredAt).toBeNull();
    await engine.close();
  });

  it('polls quotation_new every 5 s only while the socket is not online and the page is visible', async () => {
    const t = testServices(routes());
    const { engine } = await started(t, 'poll');
    const count = () =>
      t.http.requests.filter((r) => r.url.pathname === '/api/currency/quotation_new').length;
    expect(count()).toBe(1);
    t.timers.advance(HOME_MARKET_REFRESH_MS);
    await vi.waitFor(() => expect(count()).toBe(2));
    t.sockets[0]?.open();
    t.timers.advance(HOME_MARKET_REFRESH_MS * 3);
    expect(count()).toBe(2);
    t.sockets[0]?.drop();
    await engine.setVisible(false);
    t.timers.advance(HOME_MARKET_REFRESH_MS * 3);
    expect(count()).toBe(2);
    await engine.close();
  });

  it('returns the QR code as a data URL and fills the customer-service template', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const t = testServices(
      routes({
        '/api/qrcode': () =>
          new Response(png, { status: 200, headers: { 'content-type': 'image/png' } }),
        '/api/custorm': () => ok('https://chat.example/?id={id}&name={name}'),
      }),
    );
    const { engine } = await started(t, 'content');
    expect(await engine.appQrCode('https://app.example')).toEqual({
      ok: true,
      message: '',
      data: 'data:image/png;base64,iVBORw==',
    });
    expect(await engine.customerService()).toEqual({
      ok: true,
      message: '',
      data: 'https://chat.example/?id=&name=',
    });
    await engine.close();
  });
});
