import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS } from '../../src/shared/constants.ts';
import { createServer } from '../app.ts';
import { testConfig } from '../config.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, lastCode, post, startTestServer } from '../testing/helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
});
afterAll(async () => {
  await s.close();
});

async function registerEmail(email: string, password: string, extra: Record<string, string> = {}) {
  const sent = await post(s, '/api/sms_mail', { user_string: email, type: 'register' });
  expect(sent.type).toBe('ok');
  const code = await lastCode(s, email);
  return post(s, '/api/user/register', {
    type: 'email',
    user_string: email,
    code,
    password,
    re_password: password,
    ...extra,
  });
}

describe('accounts', () => {
  it('register → login → info → forget → login with the new password', async () => {
    const email = 'alice@example.com';
    expect((await registerEmail(email, 'secret123')).type).toBe('ok');
    const login = await post(s, '/api/user/login', {
      user_string: email,
      password: 'secret123',
      type: '1',
    });
    expect(login.type).toBe('ok');
    expect(login.message).toMatch(/^[0-9a-f]{32}$/);
    const token = String(login.message);
    const info = await get(s, '/api/user/info', { authorization: token });
    expect(info.type).toBe('ok');
    expect(info.message).toMatchObject({ account: email, email, phone: null });
    const center = await get(s, '/api/user/center', { authorization: token });
    expect(center.message).toMatchObject({ security_level: 2, total_assets: '0.00' });

    s.clock.now += 61_000;
    expect((await post(s, '/api/sms_mail', { user_string: email, type: 'forget' })).type).toBe(
      'ok',
    );
    const code = await lastCode(s, email);
    const check = await post(s, '/api/user/check_email', { user_string: email, email_code: code });
    expect(check.type).toBe('ok');
    const forget = await post(s, '/api/user/forget', {
      account: email,
      password: 'newpass456',
      repassword: 'newpass456',
      code,
    });
    expect(forget.type).toBe('ok');
    // The old session ends with the password change; the old password no longer works.
    expect((await get(s, '/api/user/info', { authorization: token })).type).toBe('999');
    const old = await post(s, '/api/user/login', {
      user_string: email,
      password: 'secret123',
      type: '1',
    });
    expect(old.type).toBe('error');
    const fresh = await post(s, '/api/user/login', {
      user_string: email,
      password: 'newpass456',
      type: '1',
    });
    expect(fresh.type).toBe('ok');
    // The forget code was single use.
    const again = await post(s, '/api/user/forget', {
      account: email,
      password: 'other789',
      repassword: 'other789',
      code,
    });
    expect(again.type).toBe('error');
  });

  it('registers a phone account with an invite code and refuses an unknown invite code', async () => {
    const demo = await post(s, '/api/user/login', {
      user_string: 'demo@bourse.local',
      password: 'demo1234',
      type: '1',
    });
    const info = await get(s, '/api/user/info', { authorization: String(demo.message) });
    const invite = (info.message as { extension_code: string }).extension_code;
    expect(invite).toMatch(/^[A-Z2-9]{8}$/);

    const phone = '13800138000';
    await post(s, '/api/sms_send', { user_string: phone, country_code: '86', type: 'register' });
    const code = await lastCode(s, phone);
    const body = {
      type: 'mobile',
      user_string: phone,
      code,
      password: 'abc12345',
      re_password: 'abc12345',
    };
    const bad = await post(s, '/api/user/register', { ...body, extension_code: 'NOPE2345' });
    expect(bad).toEqual({ type: 'error', message: 'The invite code does not exist.' });
    const good = await post(s, '/api/user/register', { ...body, extension_code: invite });
    expect(good.type).toBe('ok');
    const rows = await s.ctx.db.query<{ invited_by: number | null }>(
      'SELECT invited_by FROM users WHERE account = $1',
      [phone],
    );
    expect(rows[0]?.invited_by).toBe((info.message as { id: number }).id);
    s.clock.now += 61_000;
    const dup = await post(s, '/api/sms_send', {
      user_string: phone,
      country_code: '86',
      type: 'register',
    });
    // The same answer as for a new number; the number's owner is told by message (no code).
    expect(dup).toEqual({ type: 'ok', message: 'Verification code sent.' });
    await expect(lastCode(s, phone)).rejects.toThrow(/no code/);
  });

  it('refuses a resend within 60 s and locks a code after 5 wrong tries', async () => {
    const email = 'bob@example.com';
    expect((await post(s, '/api/sms_mail', { user_string: email })).type).toBe('ok');
    const again = await post(s, '/api/sms_mail', { user_string: email });
    expect(again.type).toBe('error');
    expect(again.message).toMatch(/wait 60 seconds/);
    const code = await lastCode(s, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = {
      type: 'email',
      user_string: email,
      password: 'pass1234',
      re_password: 'pass1234',
    };
    for (let i = 0; i < 5; i++) {
      const r = await post(s, '/api/user/register', { ...body, code: wrong });
      expect(r.type).toBe('error');
    }
    const locked = await post(s, '/api/user/register', { ...body, code });
    expect(locked.message).toBe('Too many wrong attempts. Please request a new code.');
    s.clock.now += 60_000;
    await post(s, '/api/sms_mail', { user_string: email });
    const ok = await post(s, '/api/user/register', { ...body, code: await lastCode(s, email) });
    expect(ok.type).toBe('ok');
  });

  it('expires a code after 10 minutes', async () => {
    const email = 'late@example.com';
    await post(s, '/api/sms_mail', { user_string: email });
    const code = await lastCode(s, email);
    s.clock.now += 10 * 60_000 + 1000;
    const r = await post(s, '/api/user/register', {
      type: 'email',
      user_string: email,
      code,
      password: 'late1234',
      re_password: 'late1234',
    });
    expect(r.message).toBe(
      'The verification code has expired or was not requested. Please request a new one.',
    );
  });

  it('answers 999 for a missing, unknown or expired token', async () => {
    expect((await get(s, '/api/user/info')).type).toBe('999');
    const unknown = await get(s, '/api/user/info', { authorization: 'f'.repeat(32), lang: 'zh' });
    expect(unknown).toEqual({ type: '999', message: '请重新登录。' });
    const login = await post(s, '/api/user/login', {
      user_string: 'demo@bourse.local',
      password: 'demo1234',
      type: '1',
    });
    const token = String(login.message);
    expect((await get(s, '/api/user/info', { authorization: token })).type).toBe('ok');
    s.clock.now += TOKEN_LIFETIME_SECONDS * 1000 + 1000;
    expect((await get(s, '/api/user/info', { authorization: token })).type).toBe('999');
  });

  it('validates input with the shared rules, in the request language', async () => {
    const short = await post(
      s,
      '/api/user/register',
      {
        type: 'email',
        user_string: 'c@example.com',
        code: '123456',
        password: 'abc',
        re_password: 'abc',
      },
      { lang: 'de' },
    );
    expect(short).toEqual({
      type: 'error',
      message: 'Das Passwort muss 6 bis 16 Zeichen lang sein.',
    });
    const badMail = await post(s, '/api/sms_mail', { user_string: 'not-an-email' });
    expect(badMail.message).toBe('Please enter a valid e-mail address.');
    const missing = await post(s, '/api/user/login', { password: 'x' });
    expect(missing.message).toBe('The field “user_string” is missing.');
  });

  it('binds an e-mail address with a code (auth required)', async () => {
    const login = await post(s, '/api/user/login', {
      user_string: '13800138000',
      password: 'abc12345',
      type: '1',
    });
    const token = String(login.message);
    await post(s, '/api/sms_mail', { user_string: 'phone.user@example.com', type: 'bind' });
    const code = await lastCode(s, 'phone.user@example.com');
    const noAuth = await post(s, '/api/safe/email', { email: 'phone.user@example.com', code });
    expect(noAuth.type).toBe('999');
    const bound = await post(
      s,
      '/api/safe/email',
      { email: 'phone.user@example.com', code },
      { authorization: token },
    );
    expect(bound.type).toBe('ok');
    const info = await get(s, '/api/user/info', { authorization: token });
    expect(info.message).toMatchObject({ email: 'phone.user@example.com', phone: '13800138000' });
  });

  it('gives the demo account balances written through the ledger', async () => {
    const rows = await s.ctx.db.query<{ name: string; change_balance: string; logged: string }>(
      `SELECT c.name, w.change_balance,
              (SELECT COALESCE(SUM(delta), 0)::text FROM account_log l
               WHERE l.user_id = w.user_id AND l.currency_id = w.currency_id
                 AND l.field = 'change_balance') AS logged
       FROM users_wallet w JOIN users u ON u.id = w.user_id JOIN currencies c ON c.id = w.currency_id
       WHERE u.account = 'demo@bourse.local' ORDER BY c.id`,
    );
    expect(rows.length).toBe(11);
    const usdt = rows.find((r) => r.name === 'USDT');
    expect(Number(usdt?.change_balance)).toBe(10000);
    for (const r of rows) expect(Number(r.change_balance)).toBe(Number(r.logged));
  });

  it('lists area codes', async () => {
    const r = await get(s, '/api/area_code');
    const list = r.message as Array<{ area_code: string; name_en: string }>;
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(list).toContainEqual(expect.objectContaining({ area_code: '86', name_en: 'China' }));
  });
});

describe('production safety', () => {
  it('refuses to start with the development code sender in production', async () => {
    await expect(createServer(testConfig({ production: true }))).rejects.toThrow(/production/);
  });
});
