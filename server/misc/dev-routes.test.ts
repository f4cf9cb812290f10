// The development calls (ADR 0020): off unless DEV_ROUTES=1 / --dev-routes (never in
// production); when on, answered only to the loopback address or the operator token. Another
// machine without the token (X-Forwarded-For or not, a wrong token) gets the localized refusal,
// sees no code, stops no market and drops no socket.
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { ADMIN_HEADER } from '../http/admin-auth.ts';
import { configFromEnv, TEST_ADMIN_TOKEN } from '../config.ts';
import { t } from '../i18n/messages.ts';
import { SOCKET_PATH } from '../socket/hub.ts';
import type { TestServer } from '../testing/helpers.ts';
import { post, startTestServer, testUser } from '../testing/helpers.ts';
import { isLoopback } from './dev-routes.ts';
import { Decimal } from '../../src/shared/decimal.ts';

const REMOTE = '10.0.0.1';
const TO = 'dev-door@example.com';
const CALLS = [
  { method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(TO)}` },
  { method: 'POST', url: '/api/dev/market?running=0' },
  { method: 'POST', url: '/api/dev/drop-sockets' },
  { method: 'POST', url: '/api/dev/steer?match=8&price=0.8000' },
] as const;

let s: TestServer;
let watcher: Socket;
let drops = 0;
let stopped: MockInstance;

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  stopped = vi.spyOn(s.publisher, 'stop');
  expect((await post(s, '/api/sms_mail', { user_string: TO, type: 'register' })).type).toBe('ok');
  watcher = connect(s.url, { path: SOCKET_PATH, transports: ['websocket'] });
  watcher.on('disconnect', () => (drops += 1));
  await new Promise<void>((resolve, reject) => {
    watcher.on('connect', () => resolve());
    watcher.on('connect_error', reject);
  });
}, 60_000);

afterAll(async () => {
  watcher?.close();
  await s.close();
});

describe('configuration', () => {
  it('is off by default and in production, on with DEV_ROUTES=1 or --dev-routes', () => {
    expect(configFromEnv({}).devRoutes).toBe(false);
    expect(configFromEnv({ DEV_ROUTES: '1' }).devRoutes).toBe(true);
    expect(configFromEnv({}, ['--dev-routes']).devRoutes).toBe(true);
    expect(configFromEnv({ DEV_ROUTES: '0' }).devRoutes).toBe(false);
    expect(configFromEnv({ NODE_ENV: 'production', DEV_ROUTES: '1' }).devRoutes).toBe(false);
    expect(configFromEnv({ NODE_ENV: 'production' }, ['--dev-routes']).devRoutes).toBe(false);
  });

  it('tells the loopback from other peers by the socket address only', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(a), a).toBe(true);
    for (const a of [
      undefined,
      '',
      '10.0.0.1',
      '::ffff:10.0.0.1',
      '::',
      '1.127.0.0.1',
      '127.0.0.1.nip.io',
      '0.0.0.0',
    ])
      expect(isLoopback(a), String(a)).toBe(false);
  });
});

describe('with the development calls on', () => {
  it('refuses another machine without the token, whatever it claims, in its language', async () => {
    const claims: Array<Record<string, string>> = [
      {},
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' },
      { [ADMIN_HEADER]: 'wrong-token' },
      { [ADMIN_HEADER]: `${TEST_ADMIN_TOKEN}x` },
      { lang: 'de' },
    ];
    for (const call of CALLS) {
      for (const headers of claims) {
        const res = await s.app.inject({ ...call, headers, remoteAddress: REMOTE });
        const lang = headers.lang === 'de' ? 'de' : 'en';
        expect(res.json(), `${call.url} ${JSON.stringify(headers)}`).toEqual({
          type: 'error',
          message: t(lang, 'dev.forbidden'),
        });
        expect(res.body).not.toMatch(/\d{6}/);
      }
    }
    // the market was not stopped and no socket dropped
    expect(stopped).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 100));
    expect(watcher.connected).toBe(true);
    expect(drops).toBe(0);
  });

  it('answers another machine with the operator token, and the loopback', async () => {
    const outbox = CALLS[0];
    const withToken = await s.app.inject({
      ...outbox,
      headers: { [ADMIN_HEADER]: TEST_ADMIN_TOKEN },
      remoteAddress: REMOTE,
    });
    expect(withToken.json()).toMatchObject({ type: 'ok', message: [{ to: TO }] });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await s.app.inject({ ...outbox, remoteAddress });
      expect(res.json(), remoteAddress).toMatchObject({ type: 'ok', message: [{ to: TO }] });
    }
    const market = await s.app.inject({ method: 'POST', url: '/api/dev/market?running=0' });
    expect(market.json()).toEqual({ type: 'ok', message: { running: false } });
    expect(stopped).toHaveBeenCalledOnce();
    const dropped = await s.app.inject({
      method: 'POST',
      url: '/api/dev/drop-sockets',
      headers: { [ADMIN_HEADER]: TEST_ADMIN_TOKEN },
      remoteAddress: REMOTE,
    });
    expect(dropped.json()).toEqual({ type: 'ok', message: { dropped: 1 } });
  });
});

describe("dropping one user's sockets", () => {
  /** A connected socket and a count of its disconnects. */
  async function open(): Promise<{ socket: Socket; drops: () => number }> {
    const socket = connect(s.url, { path: SOCKET_PATH, transports: ['websocket'] });
    let n = 0;
    socket.on('disconnect', () => (n += 1));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return { socket, drops: () => n };
  }

  it("closes that user's sockets only; a bystander stays connected", async () => {
    const user = await testUser(s, 'dev-drop@example.com');
    const mine = await open();
    const bystander = await open();
    try {
      expect(await mine.socket.emitWithAck('login', { token: user.token })).toMatchObject({
        type: 'ok',
      });
      const dropped = await s.app.inject({
        method: 'POST',
        url: '/api/dev/drop-sockets?user=dev-drop%40example.com',
      });
      expect(dropped.json()).toEqual({ type: 'ok', message: { dropped: 1 } });
      const nobody = await s.app.inject({
        method: 'POST',
        url: '/api/dev/drop-sockets?user=nobody%40example.com',
      });
      expect(nobody.json()).toEqual({ type: 'ok', message: { dropped: 0 } });
      await vi.waitFor(() => expect(mine.drops()).toBe(1));
      await new Promise((r) => setTimeout(r, 100));
      expect(bystander.drops()).toBe(0);
      expect(bystander.socket.connected).toBe(true);
    } finally {
      mine.socket.close();
      bystander.socket.close();
    }
  });
});

describe('steering a market', () => {
  /** The pair the e2e steers (8: spot only, no contract settles on it) and its ticks (dp 4). */
  const MATCH = 8;
  const steer = (price: string) =>
    s.app.inject({ method: 'POST', url: `/api/dev/steer?match=${MATCH}&price=${price}` });
  const last = () => s.spot.lastPrice(MATCH);

  it('moves the last price near the target by real trades, up and down', async () => {
    await s.makers?.step(); // the makers' first quotes
    const from = last();
    expect(from).not.toBeNull();
    const up = ((from ?? 0n) * 115n) / 100n;
    const res = await steer(fromTicks(up));
    expect(res.json()).toMatchObject({ type: 'ok' });
    const reached = BigInt(
      new Decimal((res.json() as { message: { last: string } }).message.last).times(1e4).toFixed(0),
    );
    expect(reached).toBe(last());
    expect(distance(reached, up) * 200n).toBeLessThanOrEqual(up);
    // every trade on the way was a match in the book: the pair's recent trades end there
    expect(s.spot.recentTrades(MATCH).at(-1)?.price).toBe(reached);
    const down = ((from ?? 0n) * 95n) / 100n;
    expect((await steer(fromTicks(down))).json()).toMatchObject({ type: 'ok' });
    expect(distance(last() ?? 0n, down) * 200n).toBeLessThanOrEqual(down);
  }, 60_000);

  it('refuses more decimals than the pair, beyond half to twice the fair value, another pair', async () => {
    const fair = s.market.fairPrice(MATCH) ?? 0;
    const before = last();
    for (const url of [
      `/api/dev/steer?match=${MATCH}&price=0.80001`,
      `/api/dev/steer?match=${MATCH}&price=${fromTicks(BigInt(fair) * 3n)}`,
      `/api/dev/steer?match=${MATCH}&price=${fromTicks(BigInt(fair) / 3n)}`,
      `/api/dev/steer?match=${MATCH}&price=0`,
      `/api/dev/steer?match=${MATCH}&price=-1`,
      `/api/dev/steer?match=${MATCH}&price=1e3`,
      `/api/dev/steer?match=${MATCH}&price=abc`,
      `/api/dev/steer?match=${MATCH}`,
      '/api/dev/steer?match=99&price=1',
    ]) {
      const body = (await s.app.inject({ method: 'POST', url })).json() as { type: string };
      expect(body.type, url).toBe('error');
    }
    expect(
      (await s.app.inject({ method: 'POST', url: `/api/dev/steer?match=${MATCH}&price=9` })).json(),
    ).toEqual({ type: 'error', message: t('en', 'dev.steerRefused') });
    expect(last()).toBe(before);
  });
});

/** Ticks of pair 8 (4 decimals) as the wire's decimal. */
const fromTicks = (ticks: bigint): string => new Decimal(ticks.toString()).div(1e4).toFixed(4);
const distance = (a: bigint, b: bigint): bigint => (a > b ? a - b : b - a);

describe('with the development calls off', () => {
  it('registers none of them: even the loopback meets "unknown call"', async () => {
    const off = await startTestServer({ marketTimer: false, devRoutes: false });
    try {
      expect(off.routes.filter((r) => r.url.startsWith('/api/dev'))).toEqual([]);
      for (const call of CALLS) {
        const res = await off.app.inject({
          ...call,
          headers: { [ADMIN_HEADER]: TEST_ADMIN_TOKEN },
        });
        expect(res.json()).toEqual({
          type: 'error',
          message: t('en', 'error.notFound', { path: call.url.split('?')[0] ?? '' }),
        });
      }
    } finally {
      await off.close();
    }
  }, 60_000);
});
