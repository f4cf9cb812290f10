// Rate limits with small limits (config): the (n+1)th login, code request or order of one
// subject is refused with the localized envelope, other subjects go on, the window resets when
// the server's clock passes it. The default limits let the test suites' bursts through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/shared/locales.ts';
import { issueToken } from '../accounts/tokens.ts';
import { t } from '../i18n/messages.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { post, startTestServer } from '../testing/helpers.ts';
import { ensureDemoAccount } from '../seed/demo-account.ts';
import { DEFAULT_RATE_LIMITS } from '../kernel/rate-limit-policy.ts';
import type { RateLimits } from '../kernel/rate-limit-policy.ts';
import {
  ADDRESS_FACTOR,
  CountMinSketch,
  FixedWindows,
  RATE_LIMITED_ROUTES,
} from './rate-limits.ts';

const WINDOW_MS = 30_000;
const BTC_USDT = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
const LIMITS: RateLimits = {
  login: { max: 2, windowMs: WINDOW_MS },
  codes: { max: 2, windowMs: WINDOW_MS },
  orders: { max: 3, windowMs: WINDOW_MS },
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ marketTimer: false, rateLimits: LIMITS });
});
afterAll(async () => {
  await s.close();
});

/** Moves the server's clock past the window (the limiter counts on `config.now`). */
const passWindow = () => {
  s.clock.now += WINDOW_MS;
};
const refusal = (policy: 'login' | 'codes' | 'orders', lang: 'en' | 'de' = 'en') => ({
  type: 'error',
  message: t(lang, `rateLimit.${policy}`, { seconds: WINDOW_MS / 1000 }),
});

const login = (account: string, password = 'wrongpass1', lang = 'en') =>
  post(s, '/api/user/login', { user_string: account, password, type: '1' }, { lang });

async function tokenFor(account: string): Promise<string> {
  const id = await ensureDemoAccount(s.ctx.db, account, 'demo1234', s.clock.now);
  return issueToken(s.ctx.db, id, s.clock.now);
}

const buy = (token: string) =>
  post(
    s,
    '/api/transaction/in',
    { ...BTC_USDT, price: '1000', num: '0.001' },
    { authorization: token },
  );

describe('rate limits', () => {
  it('refuse the third login of one account, localized, and not another account', async () => {
    const wrong = { type: 'error', message: 'Wrong account or password.' };
    expect(await login('demo@bourse.local')).toEqual(wrong);
    expect(await login(' DEMO@bourse.local ')).toEqual(wrong);
    // The right password does not get through either: every attempt counts.
    expect(await login('demo@bourse.local', 'demo1234')).toEqual(refusal('login'));
    expect(await login('demo@bourse.local', 'demo1234', 'de')).toEqual(refusal('login', 'de'));
    const res = await fetch(`${s.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_string: 'demo@bourse.local', password: 'x', type: '1' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('retry-after')).toBe(String(WINDOW_MS / 1000));
    expect(await res.json()).toEqual(refusal('login'));
    expect(await login('nobody@bourse.local')).toEqual(wrong);
    s.clock.now += WINDOW_MS / 2;
    const later = await login('demo@bourse.local', 'demo1234');
    expect(later.message).toBe(t('en', 'rateLimit.login', { seconds: WINDOW_MS / 2000 }));
    passWindow();
    const again = await login('demo@bourse.local', 'demo1234');
    expect(again.type).toBe('ok');
    expect(String(again.message)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuse the third code request for one target, not for another', async () => {
    const mail = (to: string) =>
      post(s, '/api/sms_mail', { user_string: to, type: 'register' }, { lang: 'en' });
    expect((await mail('rl-a@bourse.test')).type).toBe('ok');
    // Refused by the resend rule (60 s), yet counted.
    expect((await mail('rl-a@bourse.test')).message).toMatch(/wait/i);
    expect(await mail('rl-a@bourse.test')).toEqual(refusal('codes'));
    const sms = await post(s, '/api/sms_send', { user_string: 'rl-a@bourse.test' });
    expect(sms).toEqual(refusal('codes'));
    expect((await mail('rl-b@bourse.test')).type).toBe('ok');
    passWindow();
    expect((await mail('rl-a@bourse.test')).message).not.toBe(refusal('codes').message);
  });

  it('refuse the fourth order of one user, not another user', async () => {
    const a = await tokenFor('rl-orders-a@bourse.test');
    const b = await tokenFor('rl-orders-b@bourse.test');
    for (let i = 0; i < 3; i++) expect((await buy(a)).type).toBe('ok');
    expect(await buy(a)).toEqual(refusal('orders'));
    const lever = await post(
      s,
      '/api/lever/submit',
      { ...BTC_USDT, share: '1', multiple: '10' },
      { authorization: a },
    );
    expect(lever).toEqual(refusal('orders'));
    expect((await buy(b)).type).toBe('ok');
    passWindow();
    expect((await buy(a)).type).toBe('ok');
  });

  it('word the refusal in all nine languages with the wait in seconds', () => {
    for (const lang of LANGS) {
      for (const policy of ['login', 'codes', 'orders'] as const) {
        const text = t(lang, `rateLimit.${policy}`, { seconds: 42 });
        expect(text, `${lang} ${policy}`).toContain('42');
        if (lang !== 'en') expect(text).not.toBe(t('en', `rateLimit.${policy}`, { seconds: 42 }));
      }
    }
  });

  it('refuse an address that names more accounts than ADDRESS_FACTOR allowances', async () => {
    passWindow();
    const budget = LIMITS.login.max * ADDRESS_FACTOR;
    // no password: the handler refuses at once (no scrypt), but every attempt counts
    const replies = await Promise.all(
      Array.from({ length: budget }, (_, i) => login(`flood-${i}@bourse.test`, '')),
    );
    expect(
      replies.filter((r) => r.type === 'error' && r.message === refusal('login').message),
    ).toHaveLength(0);
    expect(await login('flood-last@bourse.test')).toEqual(refusal('login'));
    passWindow();
    expect((await login('flood-last@bourse.test')).message).toBe('Wrong account or password.');
  });

  it('limit exactly login, code sending and order submission', () => {
    const registered = new Set(s.routes.map((r) => r.url));
    for (const url of Object.keys(RATE_LIMITED_ROUTES)) expect(registered, url).toContain(url);
    expect(new Set(Object.values(RATE_LIMITED_ROUTES))).toEqual(
      new Set(['login', 'codes', 'orders']),
    );
  });
});

describe('fixed windows', () => {
  it('count per key, answer the wait, reset after the window', () => {
    const w = new FixedWindows({ max: 2, windowMs: 1000 }, 3);
    expect([w.hit('a', 0), w.hit('a', 10), w.hit('a', 400), w.hit('b', 400)]).toEqual([
      0, 0, 600, 0,
    ]);
    expect(w.hit('a', 1000)).toBe(0);
    // A clock that went back (a test, a corrected host clock) starts a new window.
    expect(w.hit('a', 500)).toBe(0);
  });

  it('a flood of other keys does not reset a limited one (the limit cannot be flushed)', () => {
    // the attack of issue 41: 20,050 logins naming other accounts from one address in 15 s
    const w = new FixedWindows({ max: 5, windowMs: 15 * 60_000 }, 20_000);
    for (let i = 0; i < 6; i += 1) w.hit('1.2.3.4\u0000victim', i);
    expect(w.hit('1.2.3.4\u0000victim', 10)).toBeGreaterThan(0);
    for (let i = 0; i < 20_050; i += 1) w.hit(`1.2.3.4\u0000other-${i}`, 100 + Math.floor(i / 2));
    expect(w.hit('1.2.3.4\u0000victim', 15_000)).toBeGreaterThan(0);
    // memory stays bounded: the exact windows never pass `kept`
    expect(w.size).toBeLessThanOrEqual(20_000);
    // a window that has ended is forgotten, and its key counts anew
    expect(w.hit('1.2.3.4\u0000victim', 15 * 60_000 + 10)).toBe(0);
  });

  it('a new key past the bound is counted in the sketch, and keeps its count later', () => {
    const w = new FixedWindows({ max: 2, windowMs: 1000 }, 2);
    w.hit('a', 500);
    w.hit('b', 500);
    // full of live windows: 'c' is counted in the sketch, refused past the limit, to the end
    // of the aligned window (1000…2000)
    expect([w.hit('c', 1100), w.hit('c', 1200), w.hit('c', 1300)]).toEqual([0, 0, 700]);
    expect(w.size).toBe(2);
    // 'a' and 'b' end: 'c' gets an exact window that starts from the sketch's count
    expect(w.hit('c', 1600)).toBe(1000);
    expect(w.size).toBe(1);
    // a new aligned window: the sketch starts from zero too
    expect(w.hit('d', 2100)).toBe(0);
  });

  it('a sketch over-counts, never under-counts', () => {
    const sketch = new CountMinSketch(4, 256);
    const counts = new Map<string, number>();
    for (let i = 0; i < 5_000; i += 1) {
      const key = `k${i % 700}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      expect(sketch.add(key)).toBeGreaterThanOrEqual(counts.get(key) ?? 0);
    }
    for (const [key, n] of counts) expect(sketch.estimate(key)).toBeGreaterThanOrEqual(n);
  });
});

describe('default rate limits', () => {
  let d: TestServer;
  beforeAll(async () => {
    d = await startTestServer({ marketTimer: false });
  });
  afterAll(async () => {
    await d.close();
  });

  it('let a test suite log the demo user in 20 times a minute', async () => {
    expect(DEFAULT_RATE_LIMITS.login.max).toBeGreaterThanOrEqual(20);
    for (let i = 0; i < 20; i++) {
      const r = await post(d, '/api/user/login', {
        user_string: 'demo@bourse.local',
        password: 'demo1234',
        type: '1',
      });
      expect(r.type, `login ${i + 1}`).toBe('ok');
    }
  });

  it('let one user place hundreds of orders a minute', () => {
    expect(DEFAULT_RATE_LIMITS.orders.max / (DEFAULT_RATE_LIMITS.orders.windowMs / 60_000)).toBe(
      600,
    );
  });
});
