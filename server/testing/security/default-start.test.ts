// A default `npm start` (issue 18, ADR 0020): the configuration `configFromEnv({})` gives (port 0
// and an in-memory database aside; the market timer, the simulator and the makers on; the
// development calls off), a victim with balances, a resting spot order, an open contract
// position, an address, a c2c ad, a live session and a pending password-reset code, and a
// visitor without credentials who calls EVERY registered route (the `onRoute` table) and the
// three development calls, from another machine and from this one, with nothing, with the
// victim's address and with each of the victim's record ids.
//
// No answer may carry the victim's e-mail, phone, token, invite code, reset code, payout details
// or balances; afterwards every real user's wallet and ledger, the victim's rows and session
// are as before, the market still pushes and the visitor's socket was never dropped. The server
// still prints the code it sent in its console, which is how a newcomer registers.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../../../src/shared/decimal.ts';
import { findUser } from '../../accounts/users.ts';
import { createServer } from '../../app.ts';
import { configFromEnv } from '../../config.ts';
import { CURRENCY_ID } from '../fixtures.ts';
import type { Reply, TestServer } from '../helpers.ts';
import { get, post } from '../helpers.ts';
import { SOCKET_PATH } from '../../socket/hub.ts';
import { DEMO_IDENTITY } from '../../seed/demo-account.ts';
import { changeBalance, LOG_TYPE } from '../../wallet/ledger.ts';
import { idsOf, snapshotOf } from './fuzz-world.ts';

const DEV_CALLS = [
  { method: 'GET', url: '/api/dev/outbox' },
  { method: 'POST', url: '/api/dev/market' },
  { method: 'POST', url: '/api/dev/drop-sockets' },
  { method: 'POST', url: '/api/dev/steer' },
] as const;
/** Another machine, and this one (inject's default). */
const REMOTE = '203.0.113.9';
const PEERS = [REMOTE, '127.0.0.1'];
const PHONE = '13912345678';
/** A balance nobody else has: found in an answer, it is the victim's. */
const MARKER = '0.0987654';
const USDT = String(CURRENCY_ID.USDT);
const BTC = String(CURRENCY_ID.BTC);
import { backends, createTestDatabase } from '../../db/test-databases.ts';
import type { TestDatabaseUrl } from '../../db/test-databases.ts';

describe.each(backends())('a default npm start on %s', (backend) => {
  let s: TestServer;
  /** PostgreSQL: a fresh database, as `DATABASE_URL` would give `npm start`. */
  let database: TestDatabaseUrl | null = null;
  const dist = mkdtempSync(join(tmpdir(), 'bourse-default-'));
  let victim: { id: number; token: string; invite: string; code: string; btc: string };
  let watcher: Socket;
  let drops = 0;
  let sent = 0;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Bourse</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
    try {
      database = backend === 'postgres' ? await createTestDatabase() : null;
      const server = await createServer({
        ...configFromEnv(database === null ? {} : { DATABASE_URL: database.url }),
        port: 0,
        dataDir: null,
        distDir: dist,
        // main.ts makes one at start (ensureAdminToken); the visitor does not know it
        adminToken: randomBytes(24).toString('hex'),
      });
      s = Object.assign(server, { clock: { now: Date.now() } });
      victim = await makeVictim(s);
      victim.code = await resetCodeFromConsole(s, printed);
    } finally {
      log.mockRestore();
    }
    for (const [name, value] of Object.entries({
      'e-mail': s.ctx.config.demoUser,
      phone: PHONE,
      token: victim.token,
      'invite code': victim.invite,
      'reset code (JSON)': `"${victim.code}"`,
      'reset code (text)': `code is ${victim.code}`,
      'BTC balance': victim.btc,
      'bank account': DEMO_IDENTITY.bankAccount,
      'Alipay account': DEMO_IDENTITY.alipayAccount,
      'WeChat account': DEMO_IDENTITY.wechatAccount,
      'password hash': 'scrypt$',
    }))
      secrets.set(name, value);
    watcher = connect(s.url, { path: SOCKET_PATH, transports: ['websocket'] });
    watcher.on('disconnect', () => (drops += 1));
    await new Promise<void>((resolve, reject) => {
      watcher.on('connect', () => resolve());
      watcher.on('connect_error', reject);
    });
  }, 90_000);

  afterAll(async () => {
    watcher?.close();
    await s?.close();
    await database?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('a default npm start, walked without credentials', () => {
    it('has no development call and keeps printing the codes it sends', () => {
      expect(s.ctx.config.devRoutes).toBe(false);
      expect(s.routes.filter((r) => r.url.startsWith('/api/dev'))).toEqual([]);
      expect(s.routes.length).toBeGreaterThan(200);
      expect(victim.code).toMatch(/^\d{6}$/);
    });

    it('reveals nothing of the victim and changes no shared state on any route', async () => {
      const ids = await idsOf(s, victim.id);
      expect(ids.length).toBeGreaterThan(3);
      const before = await sharedState();
      const leaks: string[] = [];
      for (const peer of PEERS) {
        for (const route of [...s.routes, ...DEV_CALLS]) {
          for (const req of requestsFor(route, ids)) {
            const res = await s.app.inject({ ...req, remoteAddress: peer });
            sent += 1;
            expect(res.statusCode, `${req.method} ${String(req.url)}`).toBeLessThan(500);
            for (const [name, value] of secrets)
              if (res.body.includes(value)) leaks.push(`${req.method} ${String(req.url)}: ${name}`);
          }
        }
      }
      console.info(
        `default start: ${sent} requests over ${s.routes.length} routes + ${DEV_CALLS.length} dev calls`,
      );
      expect(leaks).toEqual([]);
      expect(await sharedState()).toEqual(before);
    }, 240_000);

    it('the dev calls answer "unknown call", the market still pushes, no socket was dropped', async () => {
      for (const call of DEV_CALLS) {
        const res = await s.app.inject({ ...call, remoteAddress: REMOTE });
        expect(res.json()).toEqual({ type: 'error', message: `Unknown API call: ${call.url}` });
      }
      const pushes: unknown[] = [];
      watcher.on('daymarket', (m: unknown) => pushes.push(m));
      await new Promise((r) => setTimeout(r, 2500));
      expect(pushes.length).toBeGreaterThan(0);
      expect(watcher.connected).toBe(true);
      expect(drops).toBe(0);
    });

    it('the victim’s session and reset code still work', async () => {
      const info = await get(s, '/api/user/info', { authorization: victim.token });
      expect(info.type).toBe('ok');
      const check = await post(s, '/api/user/check_email', {
        user_string: s.ctx.config.demoUser,
        email_code: victim.code,
      });
      expect(check.type).toBe('ok');
    });
  });

  /**
   * The demo user (balances, identity approved, payout details) with a distinctive BTC balance,
   * a phone, a resting spot order, a contract position, an address, a c2c ad and a session.
   */
  async function makeVictim(
    srv: TestServer,
  ): Promise<{ id: number; token: string; invite: string; code: string; btc: string }> {
    const user = await findUser(srv.ctx.db, srv.ctx.config.demoUser);
    if (user === null) throw new Error('no demo user');
    await srv.ctx.db.transaction((tx) =>
      changeBalance(tx, {
        userId: user.id,
        currencyId: CURRENCY_ID.BTC,
        field: 'change_balance',
        delta: new Decimal(MARKER),
        type: LOG_TYPE.demoGrant,
        memo: 'marker',
        nowMs: Date.now(),
      }),
    );
    await srv.ctx.db.query('UPDATE users SET phone = $1 WHERE id = $2', [PHONE, user.id]);
    // the makers' quotes first: a market order of the simulated taker on an empty book would
    // fill the victim's far bid (money moved by the market, not by the visitor)
    for (let i = 0; i < 300 && srv.spot.core.book(1).orderCount < 10; i++)
      await new Promise((r) => setTimeout(r, 50));
    const login = await post(srv, '/api/user/login', {
      user_string: srv.ctx.config.demoUser,
      password: srv.ctx.config.demoPassword,
      type: '1',
    });
    const token = String(login.message);
    const as = { authorization: token };
    const pair = { legal_id: USDT, currency_id: BTC };
    const calls: Array<[string, Record<string, string>]> = [
      ['/api/transaction/in', { ...pair, mode: '2', price: '1000', num: '0.01' }],
      ['/api/lever/submit', { ...pair, share: '1', multiple: '10' }],
      ['/api/wallet/addaddress', { currency_id: BTC, address: 'bc1qvictim', notes: 'cold' }],
      [
        '/api/c2c_send',
        { type: 'sell', way: 'ali_pay', price: '7.10', total_number: '10', currency_id: USDT },
      ],
    ];
    for (const [url, body] of calls) {
      const r: Reply = await post(srv, url, body, as);
      if (r.type !== 'ok') throw new Error(`${url}: ${JSON.stringify(r)}`);
    }
    const rows = await srv.ctx.db.query<{ change_balance: string }>(
      'SELECT change_balance FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
      [user.id, CURRENCY_ID.BTC],
    );
    const btc = new Decimal(rows[0]?.change_balance ?? '0').toFixed();
    expect(btc).toContain('987654');
    return { id: user.id, token, invite: user.extension_code, code: '', btc };
  }

  /** Asks a reset code for the victim and reads it where a newcomer would: the console. */
  async function resetCodeFromConsole(srv: TestServer, printed: string[]): Promise<string> {
    const to = srv.ctx.config.demoUser;
    const r = await post(srv, '/api/sms_mail', { user_string: to, type: 'forget' });
    expect(r.type).toBe('ok');
    const line = printed.find((l) => l.startsWith(`[dev sender] email to ${to}:`));
    const code = /\b(\d{6})\b/.exec(line ?? '')?.[1];
    if (code === undefined) throw new Error(`no code printed: ${printed.join('\n')}`);
    return code;
  }

  /** Requests for one route: nothing, the victim's address and ids, each record id in turn. */
  function requestsFor(route: { method: string; url: string }, ids: number[]): InjectOptions[] {
    const email = s.ctx.config.demoUser;
    const targeted: Record<string, string> = {
      to: email,
      user_string: email,
      account: email,
      email,
      user_id: String(victim.id),
      uid: String(victim.id),
      legal_id: USDT,
      currency_id: BTC,
      currency: BTC,
      page: '1',
      limit: '50',
      status: '1',
      running: '0',
    };
    const forms = [{}, targeted, ...ids.map((id) => ({ ...targeted, id: String(id) }))];
    const method = route.method as HTTPMethods;
    return forms.map((form, i): InjectOptions => {
      const path = route.url.replace(/:[A-Za-z_]+/g, String(ids[i % ids.length] ?? 1));
      const query = new URLSearchParams(form).toString();
      if (route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE')
        return { method, url: query === '' ? path : `${path}?${query}` };
      return { method, url: `${path}?running=0`, payload: form };
    });
  }

  /** What a visitor must not change: real users' wallets and ledger, the victim's rows. */
  async function sharedState(): Promise<Record<string, string>> {
    const real = 'SELECT id FROM users WHERE is_simulated = 0';
    const wallets = await s.ctx.db.query(
      `SELECT * FROM users_wallet WHERE user_id IN (${real}) ORDER BY user_id, currency_id`,
    );
    const ledger = await s.ctx.db.query(
      `SELECT * FROM account_log WHERE user_id IN (${real}) ORDER BY id`,
    );
    const rows = Object.fromEntries(await snapshotOf(s, victim.id));
    // the risk tick writes the position's last mark price and time: the market's doing
    const positions = JSON.parse(rows['lever_transactions.user_id'] ?? '[]') as object[];
    rows['lever_transactions.user_id'] = JSON.stringify(
      positions.map((p) => ({ ...p, update_price: null, update_time: null })),
    );
    return {
      users_wallet: JSON.stringify(wallets),
      account_log: JSON.stringify(ledger),
      ...rows,
    };
  }
});
