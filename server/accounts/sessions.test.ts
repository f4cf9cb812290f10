// Several sessions per user (issue 41, ADR 0042), through the real server on PGlite and on
// PostgreSQL: a second login leaves the first working; past MAX_SESSIONS the oldest ends; the
// sessions are listed (this device marked, the browser named) and one can be ended, by its
// owner only; a logout ends its own token at once; a new password ends them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../db/test-databases.ts';
import { dropStaleSessions } from '../socket/hub.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, lastCode, post, startTestServer } from '../testing/helpers.ts';
import { deviceOf } from './devices.ts';
import { hashPassword } from './passwords.ts';
import { LAST_USED_STEP_MS, MAX_SESSIONS } from './tokens.ts';
import { insertUser } from './users.ts';

const PASSWORD = 'abc12345';
const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface SessionWire {
  id: number;
  created_at: number;
  last_used_at: number;
  browser: string | null;
  os: string | null;
  current: boolean;
}

describe.each(backends())('sessions on %s', (backend) => {
  let s: TestServer;
  let serial = 0;
  beforeAll(async () => {
    s = await startTestServer({
      backend,
      marketTimer: false,
      rateLimits: { login: UNLIMITED, codes: UNLIMITED, orders: UNLIMITED },
    });
  }, 60_000);
  afterAll(async () => {
    await s.close();
  });

  async function newAccount(): Promise<string> {
    const account = `sessions-${backend}-${++serial}@example.com`;
    await insertUser(s.ctx.db, {
      kind: 'email',
      account,
      passwordHash: await hashPassword(PASSWORD),
      areaCode: null,
      countryCode: null,
      invitedBy: null,
      nowMs: s.clock.now,
    });
    return account;
  }
  async function login(account: string, agent = DESKTOP): Promise<string> {
    const reply = await post(
      s,
      '/api/user/login',
      { user_string: account, password: PASSWORD },
      { 'user-agent': agent },
    );
    expect(reply.type).toBe('ok');
    return String(reply.message);
  }
  const works = async (token: string) =>
    (await get(s, '/api/user/info', { authorization: token })).type === 'ok';
  const sessions = async (token: string) => {
    const reply = await get(s, '/api/user/sessions', { authorization: token });
    expect(reply.type).toBe('ok');
    return reply.message as SessionWire[];
  };

  it('a second login leaves the first one working', async () => {
    const account = await newAccount();
    const desktop = await login(account, DESKTOP);
    const phone = await login(account, PHONE);
    expect(await works(desktop)).toBe(true);
    expect(await works(phone)).toBe(true);
    // the socket sweep keeps both too
    expect(await dropStaleSessions(s.io, s.ctx)).toBe(0);
  });

  it('past MAX_SESSIONS the oldest session ends, the others work', async () => {
    const account = await newAccount();
    const tokens: string[] = [];
    for (let i = 0; i < MAX_SESSIONS + 2; i += 1) tokens.push(await login(account));
    const live = await Promise.all(tokens.map(works));
    expect(live).toEqual([false, false, ...Array.from({ length: MAX_SESSIONS }, () => true)]);
  });

  it('lists the sessions, this device marked, the browser named, the newest first', async () => {
    const account = await newAccount();
    const t0 = s.clock.now;
    const desktop = await login(account, DESKTOP);
    s.clock.now += 5_000;
    const phone = await login(account, PHONE);
    s.clock.now += LAST_USED_STEP_MS;
    expect(await works(desktop)).toBe(true);
    const list = await sessions(phone);
    expect(list.map((r) => [r.browser, r.os, r.current])).toEqual([
      ['Safari 17', 'iPhone', true],
      ['Chrome 131', 'Windows', false],
    ]);
    expect(list[1]?.created_at).toBe(t0);
    // the desktop was used a minute later: its last use says so
    expect(list[1]?.last_used_at).toBe(s.clock.now);
    // the phone asked for the list: used now as well
    expect(list[0]?.last_used_at).toBe(s.clock.now);
    expect(list[0]?.created_at).toBe(t0 + 5_000);
    const fromDesktop = await sessions(desktop);
    expect(fromDesktop.find((r) => r.current)?.os).toBe('Windows');
  });

  it('ends one session: its token is refused, the others work; only its owner can', async () => {
    const account = await newAccount();
    const desktop = await login(account, DESKTOP);
    const phone = await login(account, PHONE);
    const other = await login(await newAccount());
    const phoneRow = (await sessions(desktop)).find((r) => !r.current);
    expect(phoneRow).toBeDefined();
    const id = String(phoneRow?.id);
    const stranger = await post(s, '/api/user/sessions/end', { id }, { authorization: other });
    expect(stranger).toEqual({
      type: 'error',
      message: 'That session is not one of yours or has already ended.',
    });
    expect(await works(phone)).toBe(true);
    const ended = await post(s, '/api/user/sessions/end', { id }, { authorization: desktop });
    expect(ended).toEqual({ type: 'ok', message: 'The session has ended.' });
    expect(await works(phone)).toBe(false);
    expect(await works(desktop)).toBe(true);
    expect((await sessions(desktop)).map((r) => r.current)).toEqual([true]);
    const again = await post(s, '/api/user/sessions/end', { id }, { authorization: desktop });
    expect(again.type).toBe('error');
    const bad = await post(s, '/api/user/sessions/end', { id: 'x' }, { authorization: desktop });
    expect(bad.type).toBe('error');
    expect((await get(s, '/api/user/sessions')).type).toBe('999');
  });

  it('a logout ends its own token at once, and only that one', async () => {
    const account = await newAccount();
    const desktop = await login(account, DESKTOP);
    const phone = await login(account, PHONE);
    const out = await post(s, '/api/user/logout', {}, { authorization: desktop });
    expect(out).toEqual({ type: 'ok', message: 'Logged out.' });
    expect(await works(desktop)).toBe(false);
    expect(await works(phone)).toBe(true);
    expect((await post(s, '/api/user/logout', {}, { authorization: desktop })).type).toBe('ok');
    expect((await post(s, '/api/user/logout', {})).type).toBe('ok');
  });

  it('a new password ends every session', async () => {
    const account = await newAccount();
    const desktop = await login(account, DESKTOP);
    const phone = await login(account, PHONE);
    s.clock.now += 61_000; // the code resend window
    expect((await post(s, '/api/sms_mail', { user_string: account, type: 'forget' })).type).toBe(
      'ok',
    );
    const code = await lastCode(s, account);
    const reset = await post(s, '/api/user/forget', {
      account,
      password: 'newpass123',
      repassword: 'newpass123',
      code,
    });
    expect(reset.type).toBe('ok');
    expect(await works(desktop)).toBe(false);
    expect(await works(phone)).toBe(false);
  });
});

describe('deviceOf', () => {
  it('names the browser and the system of common user agents', () => {
    expect(deviceOf(DESKTOP)).toEqual({ browser: 'Chrome 131', os: 'Windows' });
    expect(deviceOf(PHONE)).toEqual({ browser: 'Safari 17', os: 'iPhone' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge 131', os: 'Android' });
    expect(
      deviceOf('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toEqual({ browser: 'Firefox 133', os: 'Linux' });
    expect(
      deviceOf(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 131', os: 'Linux' });
    expect(deviceOf(null)).toEqual({ browser: null, os: null });
    expect(deviceOf('curl/8.5.0')).toEqual({ browser: null, os: null });
  });
});
