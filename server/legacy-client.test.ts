// The legacy Vue client on Bourse's server (issue 21, api-contract decision 11). Each test sends
// what that client sends — form bodies, `_timespan`, the `lang` header, the raw token in
// `Authorization`, a socket.io 2.x handshake — and reads what it reads.
//
// The socket half runs a real socket.io-client 2.x (npm alias `socket.io-client-v2`), which
// speaks Engine.IO 3 over long-polling first, then upgrades, as the legacy client does.
import ioV2 from 'socket.io-client-v2';
import type { LegacySocket } from 'socket.io-client-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, startTestServer, testUser } from './testing/helpers.ts';
import type { TestServer } from './testing/helpers.ts';
import { CURRENCY_ID } from './testing/fixtures.ts';
import { SOCKET_PATH } from './socket/hub.ts';
import { MICRO_PAGE_MAX } from './micro/micro-routes.ts';
import { LOCKUP_PAGE_MAX } from './earn/lockup-views.ts';

let s: TestServer;
let user: { id: number; token: string };
const sockets: LegacySocket[] = [];

/** The headers the legacy client's axios instance sends. */
const legacy = (token?: string): Record<string, string> => ({
  lang: 'en',
  ...(token === undefined ? {} : { authorization: token }),
});

beforeAll(async () => {
  s = await startTestServer();
  user = await testUser(s, 'legacy@bourse.test', {
    grants: [
      { currencyId: CURRENCY_ID.USDT, field: 'change_balance', amount: '1000' },
      { currencyId: CURRENCY_ID.USDT, field: 'legal_balance', amount: '250.5' },
      { currencyId: CURRENCY_ID.USDT, field: 'lever_balance', amount: '5000' },
      { currencyId: CURRENCY_ID.BTC, field: 'change_balance', amount: '0.125' },
    ],
  });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await s.close();
});

describe('the legacy seed', () => {
  it('keeps the legacy currency ids: BTC 1, ETH 2, USDT 3', async () => {
    const list = await post(s, '/api/wallet/list', {}, legacy(user.token));
    const change = (
      list.message as { change_wallet: { balance: { id: number; currency_name: string }[] } }
    ).change_wallet.balance;
    const ids = Object.fromEntries(change.map((r) => [r.currency_name, r.id]));
    expect(ids).toMatchObject({ BTC: 1, ETH: 2, USDT: 3 });
    const quotes = await get(s, '/api/currency/quotation_new', legacy());
    const usdt = (quotes.message as { id: number; name: string }[]).find((q) => q.name === 'USDT');
    expect(usdt?.id).toBe(3);
  });
});

describe('the replies the legacy client reads', () => {
  it('wallet/detail names the balances after the account, as the spot and c2c screens read them', async () => {
    const change = await post(
      s,
      '/api/wallet/detail',
      { currency: String(CURRENCY_ID.USDT), type: 'change' },
      legacy(user.token),
    );
    expect(change.type).toBe('ok');
    expect(change.message).toMatchObject({
      change_balance: '1000',
      lock_change_balance: '0',
      balance: '1000',
      lock_balance: '0',
    });
    const legal = await post(
      s,
      '/api/wallet/detail',
      { currency: String(CURRENCY_ID.USDT), type: 'legal' },
      legacy(user.token),
    );
    expect(legal.message).toMatchObject({ legal_balance: '250.5', lock_legal_balance: '0' });
    // the spot screen's "Available" line: a number, never NaN
    const m = change.message as Record<string, string>;
    expect(Number(m.change_balance)).toBe(1000);
  });

  it('wallet/list sends the display totals as numbers, so the client can add them with +', async () => {
    const list = await post(s, '/api/wallet/list', {}, legacy(user.token));
    type Group = {
      totle: unknown;
      usdt_totle: unknown;
      CNY: unknown;
      balance: Record<string, unknown>[];
    };
    const m = list.message as Record<
      'legal_wallet' | 'change_wallet' | 'lever_wallet' | 'micro_wallet',
      Group
    >;
    const groups = [m.legal_wallet, m.change_wallet, m.lever_wallet, m.micro_wallet];
    for (const g of groups) {
      expect(typeof g.usdt_totle).toBe('number');
      expect(typeof g.totle).toBe('number');
      expect(typeof g.CNY).toBe('number');
    }
    // what the legacy assets page does: legal + change + lever + micro
    const sum = groups.reduce((acc, g) => acc + (g.usdt_totle as number), 0);
    expect(Number.isNaN(sum)).toBe(false);
    expect(sum).toBeGreaterThanOrEqual(1000 + 250.5 + 5000);
    // balances themselves stay exact strings
    const usdt = m.change_wallet.balance.find((r) => r.currency_name === 'USDT');
    expect(usdt?.change_balance).toBe('1000');
  });

  it('clamps a page size it would not serve to the largest one instead of refusing', async () => {
    const micro = await get(s, '/api/microtrade/lists?limit=99999&page=1', legacy(user.token));
    expect(micro.type).toBe('ok');
    expect((micro.message as { per_page: number }).per_page).toBe(MICRO_PAGE_MAX);
    const lockup = await get(s, '/api/lh/deposit/order?limit=9999', legacy(user.token));
    expect(lockup.type).toBe('ok');
    expect(lockup.message).toHaveProperty('order_list');
    const small = await get(s, '/api/microtrade/lists?limit=0', legacy(user.token));
    expect((small.message as { per_page: number }).per_page).toBe(1);
    expect(LOCKUP_PAGE_MAX).toBeGreaterThan(0);
    // garbage is still garbage
    const bad = await get(s, '/api/microtrade/lists?limit=all', legacy(user.token));
    expect(bad.type).toBe('error');
  });
});

describe('the realtime socket of socket.io-client 2.x', () => {
  it('completes the Engine.IO 3 handshake the legacy client starts with (polling)', async () => {
    const res = await fetch(`${s.url}${SOCKET_PATH}?EIO=3&transport=polling&t=legacy`);
    expect(res.status).toBe(200);
    const body = await res.text();
    // EIO 3 polling frames: `<length>:<packet>`; the open packet (0) carries the session id
    expect(body).toMatch(/^\d+:0\{"sid":"[^"]+"/);
  });

  it('receives the public pushes after the legacy bare-id login', async () => {
    const socket = await open();
    const got = collect(socket, ['daymarket', 'market_depth', 'market_detail', 'kline']);
    socket.emit('login', String(user.id));
    await until(() => got.size === 4, 20_000);
    expect([...got.keys()].sort()).toEqual(['daymarket', 'kline', 'market_depth', 'market_detail']);
    const day = got.get('daymarket') as { type: string; symbol: string; legal_id: number };
    expect(day.type).toBe('daymarket');
    expect(typeof day.symbol).toBe('string');
  });

  it('receives update_balance and lever_trade after the token login, and not after the bare id', async () => {
    const bare = await open();
    const bareGot = collect(bare, ['update_balance', 'lever_trade']);
    bare.emit('login', String(user.id));
    const socket = await open();
    const got = collect(socket, ['update_balance', 'lever_trade']);
    const ack = await new Promise<unknown>((resolve) => {
      socket.emit('login', { token: user.token }, resolve);
    });
    expect(ack).toMatchObject({ type: 'ok' });

    const moved = await post(
      s,
      '/api/wallet/change',
      {
        currency_id: String(CURRENCY_ID.USDT),
        number: '10',
        from_field: 'change',
        to_field: 'legal',
      },
      legacy(user.token),
    );
    expect(moved.type).toBe('ok');
    const opened = await post(
      s,
      '/api/lever/submit',
      {
        legal_id: String(CURRENCY_ID.USDT),
        currency_id: String(CURRENCY_ID.BTC),
        share: '1',
        multiple: '10',
        type: '1',
      },
      legacy(user.token),
    );
    expect(opened.type).toBe('ok');
    await until(() => got.size === 2, 10_000);
    expect(got.get('update_balance')).toEqual({ type: `update_balance_${user.id}` });
    const lever = got.get('lever_trade') as { type: string; trades_all: unknown[] };
    expect(lever.type).toBe('lever_trade');
    expect(lever.trades_all.length).toBeGreaterThan(0);
    // the bare user id joined no private room (api-contract decision 3)
    expect(bareGot.size).toBe(0);
  });
});

async function open(): Promise<LegacySocket> {
  // the legacy client's options: the path, and its default transports (polling, then upgrade)
  const socket = ioV2(s.url, { path: SOCKET_PATH, forceNew: true, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', (err: unknown) =>
      reject(err instanceof Error ? err : new Error(String(err))),
    );
  });
  return socket;
}

/** The first payload of each of `events` that arrives on `socket`. */
function collect(socket: LegacySocket, events: readonly string[]): Map<string, unknown> {
  const got = new Map<string, unknown>();
  for (const event of events)
    socket.on(event, (payload: unknown) => {
      if (!got.has(event)) got.set(event, payload);
    });
  return got;
}

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > timeoutMs) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
