import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { KLINE_PERIODS } from '../src/shared/constants.ts';
import { LANGS } from '../src/shared/locales.ts';
import type {
  DaymarketPush,
  KlinePush,
  KlineEnvelope,
  NewsDetail,
  NewsList,
  QuotationGroup,
} from '../src/shared/wire.ts';
import { configFromEnv } from './config.ts';
import { CURRENCY_ID } from './testing/fixtures.ts';
import type { TestServer } from './testing/helpers.ts';
import { get, post, startTestServer } from './testing/helpers.ts';
import { SOCKET_PATH, userRoom } from './socket/hub.ts';

let s: TestServer;
const dist = mkdtempSync(join(tmpdir(), 'bourse-dist-'));
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Bourse</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  s = await startTestServer({
    distDir: dist,
    marketTimer: false,
    customerServiceUrl: 'https://cs.example/?id={id}&name={name}',
    // the history `npm start` has: a year of daily bars is asked for below
    simHistoryDays: configFromEnv({}).simHistoryDays,
  });
});
afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

async function kline(query: string): Promise<KlineEnvelope> {
  const res = await fetch(`${s.url}/api/currency/new_timeshar?${query}`);
  return (await res.json()) as KlineEnvelope;
}

describe('envelope', () => {
  it('answers unknown routes and bad bodies with a localized error envelope', async () => {
    expect(await get(s, '/api/no/such/call')).toEqual({
      type: 'error',
      message: 'Unknown API call: /api/no/such/call',
    });
    expect((await get(s, '/api/no/such/call', { lang: 'ru' })).message).toBe(
      'Неизвестный вызов API: /api/no/such/call',
    );
    const res = await fetch(`${s.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      type: 'error',
      message: 'The request could not be read. Please check what was sent.',
    });
  });

  it('falls back to English for an unknown lang and maps aliases', async () => {
    expect((await get(s, '/api/x', { lang: 'xx' })).message).toBe('Unknown API call: /api/x');
    expect((await get(s, '/api/x', { lang: 'hk' })).message).toBe('未知的介面呼叫：/api/x');
    expect((await get(s, '/api/x', { lang: 'ja' })).message).toBe('不明なAPI呼び出しです：/api/x');
  });

  it('accepts multipart bodies', async () => {
    const form = new FormData();
    form.set('user_string', 'demo@bourse.local');
    form.set('password', 'wrongpass1');
    form.set('type', '1');
    const res = await fetch(`${s.url}/api/user/login`, { method: 'POST', body: form });
    expect(await res.json()).toEqual({ type: 'error', message: 'Wrong account or password.' });
  });

  it('answers server time, custorm and env.json', async () => {
    expect(await get(s, '/api/server/time')).toEqual({ type: 'ok', message: s.clock.now });
    expect((await get(s, '/api/custorm')).message).toBe('https://cs.example/?id={id}&name={name}');
    const env = (await (await fetch(`${s.url}/api/env.json`)).json()) as Record<string, unknown>;
    expect(env).toEqual({ socket_io_port: s.port, login_need_smscode: 0 });
  });

  it('renders a QR code PNG and validates its text', async () => {
    const res = await fetch(`${s.url}/api/qrcode?text=${encodeURIComponent('0xabc123')}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const bad = await get(s, `/api/qrcode?text=${'a'.repeat(1001)}`);
    expect(bad).toEqual({
      type: 'error',
      message: 'The QR code text must be 1 to 1000 characters long.',
    });
  });
});

describe('static client', () => {
  it('serves files and falls back to index.html outside /api and /wss', async () => {
    const asset = await fetch(`${s.url}/assets/app.js`);
    expect(await asset.text()).toBe('console.log(1)');
    const deep = await fetch(`${s.url}/trade/BTC_USDT`);
    expect(deep.headers.get('content-type')).toMatch(/text\/html/);
    expect(await deep.text()).toContain('<title>Bourse</title>');
    expect((await get(s, '/api/unknown')).type).toBe('error');
    expect((await get(s, '/assets/missing.js')).type).toBe('error');
  });
});

describe('market', () => {
  it('lists displayed pairs grouped by legal currency, with live figures', async () => {
    const r = await post(s, '/api/currency/quotation_new', {});
    const groups = r.message as QuotationGroup[];
    expect(groups.map((g) => g.name)).toEqual(['USDT']);
    const pairs = groups[0]?.quotation ?? [];
    expect(pairs.map((p) => p.currency_name)).toEqual([
      'BTC',
      'ETH',
      'LTC',
      'XRP',
      'DOGE',
      'TRX',
      'BCH',
      'EOS',
      'ADA',
    ]);
    expect(pairs.some((p) => p.currency_name === 'DOT')).toBe(false); // is_display = 0
    const btc = pairs[0];
    expect(btc).toMatchObject({
      id: 1,
      legal_id: CURRENCY_ID.USDT,
      currency_id: CURRENCY_ID.BTC,
      legal_name: 'USDT',
      is_display: 1,
      price_precision: 2,
      amount_precision: 4,
    });
    expect(String(btc?.now_price)).toMatch(/^\d+\.\d{2}$/);
    expect(Number(btc?.now_price)).toBeGreaterThan(30000);
    expect(Number(btc?.now_price)).toBeLessThan(150000);
    expect(btc?.change).toMatch(/^([+-]\d+\.\d{2}|0\.00)$/);
    expect(Number(btc?.high)).toBeGreaterThanOrEqual(Number(btc?.low));
    expect(btc?.lever_share_num).toBe('0.01');
  });

  it('answers kline history for every period and alias, oldest first, at most 1500 bars', async () => {
    const now = Math.floor(s.clock.now / 1000);
    for (const period of [
      '1min',
      '5min',
      '15min',
      '30min',
      '60min',
      '1day',
      '1week',
      '1mon',
      '1H',
      '1D',
      '1W',
      '1M',
      '1Y',
      '1year',
    ]) {
      const r = await kline(`symbol=BTC/USDT&period=${period}&from=${now - 86400 * 30}&to=${now}`);
      expect(r.code, period).toBe(1);
      expect(r.data.length, period).toBeGreaterThan(0);
      expect(r.data.length, period).toBeLessThanOrEqual(1500);
      const ids = r.data.map((b) => b.id);
      expect(
        [...ids].sort((a, b) => a - b),
        period,
      ).toEqual(ids);
      const bar = r.data[r.data.length - 1];
      expect(bar?.time).toBe((bar?.id ?? 0) * 1000);
      expect(bar?.['base-currency']).toBe('BTC');
      expect(bar?.volume).toBe(bar?.amount);
    }
    const minutes = await kline(`symbol=ETH/USDT&period=1min&from=${now - 7 * 86400}&to=${now}`);
    expect(minutes.data.length).toBe(1500);
    const last = minutes.data[minutes.data.length - 1];
    expect(last?.id).toBe(Math.floor(now / 60) * 60);
    const days = await kline(`symbol=BTC/USDT&period=1day&from=${now - 365 * 86400}&to=${now}`);
    expect(days.data.length).toBeGreaterThanOrEqual(365);
    for (const b of days.data) {
      expect(Number(b.low)).toBeGreaterThan(0);
      expect(Number(b.high)).toBeGreaterThanOrEqual(Number(b.low));
    }
  });

  it('answers the kline_market alias like new_timeshar', async () => {
    const now = Math.floor(s.clock.now / 1000);
    const q = `symbol=BTC/USDT&period=1day&from=${now - 10 * 86400}&to=${now}`;
    const alias = (await (
      await fetch(`${s.url}/api/currency/kline_market?${q}`)
    ).json()) as KlineEnvelope;
    expect(alias).toEqual(await kline(q));
    expect(alias.data.length).toBe(11);
  });

  it('reads a from before the epoch as the start: 1,000 monthly bars back (issue 20)', async () => {
    const now = Math.floor(s.clock.now / 1000);
    const from = now - 2_592_000 * 1000;
    expect(from).toBeLessThan(0);
    const r = await kline(`symbol=BTC/USDT&period=1mon&from=${from}&to=${now}`);
    expect(r.code).toBe(1);
    expect(r).toEqual(await kline(`symbol=BTC/USDT&period=1mon&from=0&to=${now}`));
    expect(r.data.length).toBeGreaterThan(0);
  });

  it('answers code -1 on bad kline input', async () => {
    expect((await kline('symbol=BTC/USDT&period=2min&from=0&to=1')).code).toBe(-1);
    const r = await kline('symbol=FOO/USDT&period=1min');
    expect(r).toEqual({ code: -1, msg: 'Unknown trading pair: FOO/USDT', data: [] });
    expect((await kline('symbol=BTC/USDT&period=1min&from=abc')).code).toBe(-1);
    expect((await kline('symbol=BTC/USDT&period=1min&from=200&to=100')).code).toBe(-1);
    expect((await kline('period=1min')).code).toBe(-1);
  });
});

describe('news', () => {
  it('has notices in every language, with rich HTML and one needing sanitization', async () => {
    for (const lang of LANGS) {
      const r = await post(s, '/api/news/list', { lang });
      const list = r.message as NewsList;
      expect(list.total, lang).toBe(7);
      expect(new Set(list.list.map((n) => n.c_id)), lang).toEqual(
        new Set([3, 5, 9, 10, 19, 21, 25]),
      );
      const security = list.list.find((n) => n.c_id === 19);
      const detail = (await post(s, '/api/news/detail', { id: String(security?.id) }))
        .message as NewsDetail;
      expect(detail.content).toContain('<script>');
      expect(detail.content).toContain('onerror=');
      const fees = list.list.find((n) => n.c_id === 10);
      const table = (await post(s, '/api/news/detail', { id: String(fees?.id) }))
        .message as NewsDetail;
      expect(table.content).toContain('<table>');
    }
  });

  it('filters by c_id, pages, follows the lang header and reports unknown ids', async () => {
    const r = await get(s, '/api/news/list?c_id=9', { lang: 'jp' });
    const list = r.message as NewsList;
    expect(list.list.length).toBe(1);
    expect(list.list[0]?.title).toBe('リスク警告：レバレッジと秒単位契約');
    expect(list.list[0]?.update_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const page2 = (await post(s, '/api/news/list', { page: '2' })).message as NewsList;
    expect(page2).toMatchObject({ page: 2, pages: 1, total: 7 });
    expect(page2.list).toEqual([]);
    const missing = await post(s, '/api/news/detail', { id: '99999' });
    expect(missing).toEqual({ type: 'error', message: 'This article does not exist.' });
  });
});

describe('socket', () => {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const c of sockets) c.close();
  });

  function open(auth: Record<string, string> = {}): Promise<Socket> {
    const c = connect(s.url, { path: SOCKET_PATH, transports: ['websocket'], auth });
    sockets.push(c);
    return new Promise((resolve, reject) => {
      c.on('connect', () => resolve(c));
      c.on('connect_error', reject);
    });
  }

  it('joins the user room only with a valid token and streams daymarket with increasing seq', async () => {
    const login = await post(s, '/api/user/login', {
      user_string: 'demo@bourse.local',
      password: 'demo1234',
      type: '1',
    });
    const token = String(login.message);
    const c = await open();
    const bad = await c.emitWithAck('login', { token: '0'.repeat(32) });
    expect(bad).toMatchObject({ type: 'error' });
    const legacy = await c.emitWithAck('login', '1');
    expect(legacy).toMatchObject({ type: 'ok' });
    const good = await c.emitWithAck('login', { token });
    expect(good).toEqual({ type: 'ok', message: 'Logged in.' });
    const userId =
      (
        await s.ctx.db.query<{ id: number }>(
          "SELECT id FROM users WHERE account = 'demo@bourse.local'",
        )
      )[0]?.id ?? -1;
    const members = await s.io.in(userRoom(userId)).fetchSockets();
    expect(members.length).toBe(1);

    const pushes: DaymarketPush[] = [];
    c.on('daymarket', (p: DaymarketPush) => {
      if (p.symbol === 'BTC/USDT') pushes.push(p);
    });
    for (let i = 0; i < 3; i++) {
      s.clock.now += 1000;
      s.publisher.publish();
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(pushes.map((p) => p.seq)).toEqual([1, 2, 3]);
    expect(pushes[2]).toMatchObject({
      type: 'daymarket',
      period: '1day',
      legal_name: 'USDT',
      server_time: s.clock.now,
    });
    expect(pushes[2]?.now_price).toBe(pushes[2]?.close);
  });

  it('streams kline per pair and period with its own seq', async () => {
    const c = await open();
    const got: KlinePush[] = [];
    c.on('kline', (p: KlinePush) => {
      if (p.symbol === 'ETH/USDT') got.push(p);
    });
    await new Promise((r) => setTimeout(r, 100));
    s.clock.now += 1000;
    s.publisher.publish();
    s.clock.now += 1000;
    s.publisher.publish();
    await new Promise((r) => setTimeout(r, 300));
    expect(new Set(got.map((p) => p.period))).toEqual(new Set(KLINE_PERIODS));
    const mins = got.filter((p) => p.period === '1min');
    expect(mins.length).toBe(2);
    expect((mins[1]?.seq ?? 0) - (mins[0]?.seq ?? 0)).toBe(1);
    expect(mins[1]?.time).toBe(Math.floor(s.clock.now / 60000) * 60000);
    const day = got.find((p) => p.period === '1day');
    expect(day?.change).toMatch(/^([+-]\d+\.\d{2}|0\.00)$/);
  });

  it('joins the room from the handshake token too', async () => {
    const login = await post(s, '/api/user/login', {
      user_string: 'demo@bourse.local',
      password: 'demo1234',
      type: '1',
    });
    const c = await open({ token: String(login.message) });
    await new Promise((r) => setTimeout(r, 200));
    const rooms = await s.io.fetchSockets();
    const mine = rooms.find((x) => x.id === c.id);
    expect([...(mine?.rooms ?? [])].some((r) => r.startsWith('user:'))).toBe(true);
  });
});
