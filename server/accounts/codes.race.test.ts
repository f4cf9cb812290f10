// Verification codes under parallel requests (issue 18), through the real server on PGlite and
// on PostgreSQL (READ COMMITTED, a pool of connections: where check-then-act races show):
//  R1 attemptLimit: a burst of wrong guesses at every route that checks a code (check_email,
//     register, forget, safe/email) compares at most CODE_MAX_WRONG_TRIES of them with the
//     code (the row's wrong_tries, and the replies that say "wrong, n left"); the right code is
//     refused afterwards.
//  R2 singleUse: the right code submitted many times at once is accepted once (one password
//     reset, one account registered, one e-mail bound), and no request fails unexpectedly.
//  R3 resendWindow: a burst of code requests for one target makes one code.
//  R4 boundedSessions: a burst of logins to one account leaves exactly MAX_SESSIONS live tokens
//     (ADR 0042: several devices at once, the oldest ended past the bound), and each of them works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../db/test-databases.ts';
import { t } from '../i18n/messages.ts';
import type { Reply, TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer } from '../testing/helpers.ts';
import type { CodePurpose } from './codes.ts';
import { checkCode, CODE_MAX_WRONG_TRIES, createCode } from './codes.ts';
import { hashPassword } from './passwords.ts';
import { MAX_SESSIONS } from './tokens.ts';
import { insertUser } from './users.ts';

const GUESSES = 200;
const RIGHT = 50;
const PASSWORD = 'abc12345';
const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };

describe.each(backends())('verification codes under parallel requests on %s', (backend) => {
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

  const fresh = (what: string) => `${what}-${backend}-${++serial}@example.com`;

  async function newUser(account: string): Promise<string> {
    await insertUser(s.ctx.db, {
      kind: 'email',
      account,
      passwordHash: await hashPassword(PASSWORD),
      areaCode: null,
      countryCode: null,
      invitedBy: null,
      nowMs: s.clock.now,
    });
    const login = await post(s, '/api/user/login', { user_string: account, password: PASSWORD });
    expect(login.type).toBe('ok');
    return String(login.message);
  }

  /** What each route needs around the code, for a target (and the bind route's token). */
  interface Route {
    purpose: CodePurpose;
    path: string;
    body: (target: string, code: string, i: number) => Record<string, string>;
    /** Makes the account ready; returns headers for the calls. */
    setup: (target: string) => Promise<Record<string, string>>;
  }
  const routes: Record<string, Route> = {
    check_email: {
      purpose: 'forget',
      path: '/api/user/check_email',
      body: (target, code) => ({ user_string: target, email_code: code }),
      setup: async (target) => (await newUser(target), {}),
    },
    forget: {
      purpose: 'forget',
      path: '/api/user/forget',
      body: (target, code, i) => ({
        account: target,
        code,
        password: `new${i}pass1`,
        repassword: `new${i}pass1`,
      }),
      setup: async (target) => (await newUser(target), {}),
    },
    register: {
      purpose: 'register',
      path: '/api/user/register',
      body: (target, code) => ({
        type: 'email',
        user_string: target,
        code,
        password: PASSWORD,
        re_password: PASSWORD,
      }),
      setup: () => Promise.resolve({}),
    },
    bind: {
      purpose: 'bind',
      path: '/api/safe/email',
      body: (target, code) => ({ email: target, code }),
      setup: async () => ({ authorization: await newUser(fresh('binder')) }),
    },
  };

  const burst = (r: Route, target: string, codes: string[], headers: Record<string, string>) =>
    Promise.all(codes.map((c, i) => post(s, r.path, r.body(target, c, i), headers)));

  async function wrongTries(target: string, purpose: CodePurpose): Promise<number> {
    const rows = await s.ctx.db.query<{ n: number }>(
      `SELECT wrong_tries AS n FROM verification_codes WHERE target = $1 AND purpose = $2
       ORDER BY id DESC LIMIT 1`,
      [target, purpose],
    );
    return rows[0]?.n ?? -1;
  }

  const saysWrong = (r: Reply) =>
    Array.from({ length: CODE_MAX_WRONG_TRIES }, (_, i) =>
      t('en', 'code.invalid', { left: i + 1 }),
    ).includes(String(r.message));

  it.each(Object.keys(routes))(
    'R1 %s: 200 parallel wrong guesses are checked at most 5 times',
    async (name) => {
      const r = routes[name];
      if (r === undefined) throw new Error(name);
      const target = fresh(name);
      const headers = await r.setup(target);
      const code = await createCode(s.ctx.db, target, r.purpose, s.clock.now);
      const guesses = Array.from({ length: GUESSES }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const errorsBefore = s.ctx.metrics.internalErrors;
      const replies = await burst(r, target, guesses, headers);
      const checked = await wrongTries(target, r.purpose);
      const told = replies.filter(saysWrong).length;
      console.log(`${backend} R1 ${name}: ${checked} guesses checked, ${told} told "n left"`);
      expect(replies.filter((x) => x.type === 'ok')).toHaveLength(0);
      expect(checked).toBeLessThanOrEqual(CODE_MAX_WRONG_TRIES);
      expect(told).toBeLessThanOrEqual(CODE_MAX_WRONG_TRIES - 1);
      expect(s.ctx.metrics.internalErrors).toBe(errorsBefore);
      const right = await post(s, r.path, r.body(target, code, 0), headers);
      expect(right.message).toBe(t('en', 'code.tooManyTries'));
    },
  );

  it('R1 checkCode: 200 concurrent wrong checks on the pool compare at most 5', async () => {
    const target = fresh('direct');
    const code = await createCode(s.ctx.db, target, 'forget', s.clock.now);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const results = await Promise.allSettled(
      Array.from({ length: GUESSES }, () =>
        checkCode(s.ctx.db, target, 'forget', wrong, s.clock.now, false),
      ),
    );
    const checked = await wrongTries(target, 'forget');
    console.log(`${backend} R1 checkCode: ${checked} of ${GUESSES} compared`);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(checked).toBeLessThanOrEqual(CODE_MAX_WRONG_TRIES);
    await expect(checkCode(s.ctx.db, target, 'forget', code, s.clock.now, true)).rejects.toThrow(
      'code.tooManyTries',
    );
  });

  it.each(['forget', 'register', 'bind'])(
    'R2 %s: the right code sent 50 times at once is accepted once',
    async (name) => {
      const r = routes[name];
      if (r === undefined) throw new Error(name);
      const target = fresh(name);
      const headers = await r.setup(target);
      const code = await createCode(s.ctx.db, target, r.purpose, s.clock.now);
      const errorsBefore = s.ctx.metrics.internalErrors;
      const replies = await burst(r, target, Array<string>(RIGHT).fill(code), headers);
      const accepted = replies.filter((x) => x.type === 'ok').length;
      const failed = s.ctx.metrics.internalErrors - errorsBefore;
      console.log(`${backend} R2 ${name}: accepted ${accepted}, internal errors ${failed}`);
      expect(accepted).toBe(1);
      expect(failed).toBe(0);
      for (const x of replies.filter((y) => y.type !== 'ok'))
        expect(x.message).toBe(t('en', 'code.expired'));
    },
  );

  it('R3: 50 parallel code requests for one target make one code', async () => {
    const target = fresh('resend');
    const replies = await Promise.all(
      Array.from({ length: RIGHT }, () =>
        post(s, '/api/sms_mail', { user_string: target, type: 'register' }),
      ),
    );
    const rows = await s.ctx.db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM verification_codes WHERE target = $1',
      [target],
    );
    const sent = replies.filter((x) => x.type === 'ok').length;
    console.log(`${backend} R3: ${rows[0]?.n ?? 0} codes made, ${sent} requests answered ok`);
    expect(rows[0]?.n).toBe(1);
  });

  it('R4: 30 parallel logins to one account leave MAX_SESSIONS live tokens', async () => {
    const account = fresh('sessions');
    await newUser(account);
    const logins = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(s, '/api/user/login', { user_string: account, password: PASSWORD }),
      ),
    );
    expect(logins.every((x) => x.type === 'ok')).toBe(true);
    const rows = await s.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tokens t JOIN users u ON u.id = t.user_id
       WHERE u.account = $1`,
      [account],
    );
    expect(rows[0]?.n).toBe(MAX_SESSIONS);
    const live = await Promise.all(
      logins.map((x) => get(s, '/api/user/info', { authorization: String(x.message) })),
    );
    expect(live.filter((x) => x.type === 'ok')).toHaveLength(MAX_SESSIONS);
  });
});
