// No account enumeration (issue 18, ADR 0020): code requests (register, reset, bind; e-mail and
// SMS), the register, reset and bind calls with a wrong code, and login answer the same for an
// address that has an account and one that has none, do the same work (a code is stored in
// both cases, so the resend window is the same), and login takes comparable time (scrypt runs
// against a dummy hash for an unknown account). The holder of the address is told by a
// localized notice without a code where a code would be useless.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../i18n/messages.ts';
import type { Reply, TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer } from '../testing/helpers.ts';
import { issueToken } from './tokens.ts';
import { insertUser } from './users.ts';

const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };
const KNOWN = 'demo@bourse.local';
const KNOWN_PHONE = '13700137000';
/** An account for which no code was ever requested. */
const QUIET = 'quiet@example.com';
const SENT = { type: 'ok', message: 'Verification code sent.' };
const LOGINS = 15;
import { backends } from '../db/test-databases.ts';

describe.each(backends())('no account enumeration on %s', (backend) => {
  let s: TestServer;
  let fresh = 0;
  /** An address nobody registered. */
  const unknown = (tag: string) => `nobody-${tag}-${(fresh += 1)}@example.com`;

  interface Sent {
    to: string;
    channel: string;
    purpose: string;
    code: string | null;
    text: string;
  }

  beforeAll(async () => {
    s = await startTestServer({
      backend,
      marketTimer: false,
      rateLimits: { login: UNLIMITED, codes: UNLIMITED, orders: UNLIMITED },
    });
    await insertUser(s.ctx.db, {
      kind: 'mobile',
      account: KNOWN_PHONE,
      passwordHash: 'disabled',
      areaCode: '86',
      countryCode: '86',
      invitedBy: null,
      nowMs: s.clock.now,
    });
    await insertUser(s.ctx.db, {
      kind: 'email',
      account: QUIET,
      passwordHash: 'disabled',
      areaCode: null,
      countryCode: null,
      invitedBy: null,
      nowMs: s.clock.now,
    });
  }, 60_000);

  afterAll(async () => {
    await s.close();
  });

  const nextWindow = () => {
    s.clock.now += 61_000;
  };

  async function outbox(to: string): Promise<Sent[]> {
    return (await get(s, `/api/dev/outbox?to=${encodeURIComponent(to)}`)).message as Sent[];
  }

  async function storedCodes(target: string, purpose: string): Promise<number> {
    const rows = await s.ctx.db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM verification_codes WHERE target = $1 AND purpose = $2',
      [target, purpose],
    );
    return rows[0]?.n ?? 0;
  }

  const mail = (to: string, type: string, lang = 'en') =>
    post(s, '/api/sms_mail', { user_string: to, type }, { lang });
  const sms = (to: string, type: string) =>
    post(s, '/api/sms_send', { user_string: to, country_code: '86', type });

  /** A code that is not `code` (the code was never delivered: any guess is one). */
  const wrongFor = async (to: string): Promise<string> => {
    const last = (await outbox(to))[0]?.code ?? null;
    return last === '000000' ? '111111' : '000000';
  };

  describe('code requests answer and work the same for known and unknown addresses', () => {
    it('register by e-mail: "code sent" for both; the holder of a known address gets a notice', async () => {
      nextWindow();
      const other = unknown('reg');
      const known = await mail(KNOWN, 'register', 'de');
      const fresh1 = await mail(other, 'register', 'de');
      expect(known).toEqual(fresh1);
      expect(known).toEqual({ type: 'ok', message: t('de', 'code.sent') });
      const [notice] = await outbox(KNOWN);
      expect(notice).toMatchObject({ purpose: 'register', code: null, channel: 'email' });
      expect(notice?.text).toBe(t('de', 'code.noticeAccountExists', { channel: 'email' }));
      expect(notice?.text).not.toMatch(/\d{6}/);
      expect((await outbox(other))[0]?.code).toMatch(/^\d{6}$/);
      // the same work: a code stored for both, so the resend window answers alike
      expect(await storedCodes(KNOWN, 'register')).toBeGreaterThan(0);
      expect(await storedCodes(other, 'register')).toBe(1);
      expect(await mail(KNOWN, 'register')).toEqual(await mail(other, 'register'));
    });

    it('reset by e-mail: "code sent" for both; an unknown address gets a notice', async () => {
      nextWindow();
      const other = unknown('reset');
      const known = await mail(KNOWN, 'forget');
      expect(known).toEqual(SENT);
      expect(await mail(other, 'forget')).toEqual(known);
      const [notice] = await outbox(other);
      expect(notice).toMatchObject({ purpose: 'forget', code: null });
      expect(notice?.text).toBe(
        'Someone asked to reset the password of a Bourse account with this e-mail address, but no account uses it. If it was you, you may have registered with another e-mail address or phone number. If it was not you, you can ignore this message.',
      );
      expect((await outbox(KNOWN))[0]?.code).toMatch(/^\d{6}$/);
      expect(await storedCodes(other, 'forget')).toBe(1);
      expect(await mail(KNOWN, 'forget')).toEqual(await mail(other, 'forget'));
    });

    it('register and reset by SMS: the same answers; notices name the phone number', async () => {
      nextWindow();
      const other = '13600136000';
      expect(await sms(KNOWN_PHONE, 'register')).toEqual(SENT);
      expect(await sms(other, 'forget')).toEqual(SENT);
      expect((await outbox(KNOWN_PHONE))[0]).toMatchObject({
        code: null,
        text: t('en', 'code.noticeAccountExists', { channel: 'sms' }),
      });
      expect((await outbox(other))[0]).toMatchObject({
        code: null,
        text: t('en', 'code.noticeNoAccount', { channel: 'sms' }),
      });
      expect((await outbox(KNOWN_PHONE))[0]?.text).toContain('this phone number');
    });

    it('bind: "code sent" for a taken address too, whose holder gets a notice', async () => {
      nextWindow();
      const free = unknown('bind');
      expect(await mail(KNOWN, 'bind')).toEqual(SENT);
      expect(await mail(free, 'bind')).toEqual(SENT);
      expect((await outbox(KNOWN))[0]).toMatchObject({
        purpose: 'bind',
        code: null,
        text: t('en', 'code.noticeBindTaken', { channel: 'email' }),
      });
      expect((await outbox(free))[0]?.code).toMatch(/^\d{6}$/);
    });
  });

  describe('register, reset and bind check the code before saying anything of the account', () => {
    const form = (to: string, code: string) => ({
      type: 'email',
      user_string: to,
      code,
      password: 'guess1234',
      re_password: 'guess1234',
    });

    it('register an existing account with the notice’s (non-)code: "wrong code", as for a new one', async () => {
      nextWindow();
      const other = unknown('reg2');
      await mail(KNOWN, 'register');
      await mail(other, 'register');
      const known = await post(s, '/api/user/register', form(KNOWN, await wrongFor(KNOWN)));
      const fresh1 = await post(s, '/api/user/register', form(other, await wrongFor(other)));
      expect(known).toEqual(fresh1);
      expect(known.message).toBe(t('en', 'code.invalid', { left: 4 }));
      // without any code requested: "expired or not requested" for an existing account too
      const never = await post(s, '/api/user/register', form(QUIET, '123456'));
      expect(never).toEqual(await post(s, '/api/user/register', form(unknown('never'), '123456')));
      expect(never.message).toBe(t('en', 'code.expired'));
    });

    it('reset an unknown account with a guessed code: "wrong code", as for a known one', async () => {
      nextWindow();
      const other = unknown('reset2');
      await mail(KNOWN, 'forget');
      await mail(other, 'forget');
      const body = (to: string, code: string) => ({
        account: to,
        password: 'guess1234',
        repassword: 'guess1234',
        code,
      });
      const known = await post(s, '/api/user/forget', body(KNOWN, await wrongFor(KNOWN)));
      const none = await post(s, '/api/user/forget', body(other, await wrongFor(other)));
      expect(none).toEqual(known);
      expect(none.message).toBe(t('en', 'code.invalid', { left: 4 }));
      const check = (to: string) =>
        post(s, '/api/user/check_email', { user_string: to, email_code: '1' });
      expect(await check(other)).toEqual(await check(KNOWN));
    });

    it('bind a taken address with a guessed code: "wrong code", as for a free one', async () => {
      nextWindow();
      const id = await insertUser(s.ctx.db, {
        kind: 'mobile',
        account: '13500135000',
        passwordHash: 'disabled',
        areaCode: '86',
        countryCode: '86',
        invitedBy: null,
        nowMs: s.clock.now,
      });
      const token = await issueToken(s.ctx.db, id, s.clock.now);
      const free = unknown('bind2');
      await mail(KNOWN, 'bind');
      await mail(free, 'bind');
      const bind = async (email: string) =>
        post(
          s,
          '/api/safe/email',
          { email, code: await wrongFor(email) },
          { authorization: token },
        );
      const taken = await bind(KNOWN);
      expect(taken).toEqual(await bind(free));
      expect(taken.message).toBe(t('en', 'code.invalid', { left: 4 }));
    });
  });

  describe('login', () => {
    it('answers the same and takes comparable time for a known and an unknown account', async () => {
      const login = (account: string) =>
        post(s, '/api/user/login', { user_string: account, password: 'wrong-pass1', type: '1' });
      const timed = async (account: string): Promise<[Reply, number]> => {
        const start = performance.now();
        const r = await login(account);
        return [r, performance.now() - start];
      };
      const known: number[] = [];
      const none: number[] = [];
      await login(KNOWN); // warm up
      for (let i = 0; i < LOGINS; i++) {
        const [a, ta] = await timed(KNOWN);
        const [b, tb] = await timed(unknown('login'));
        expect(b).toEqual(a);
        expect(a).toEqual({ type: 'error', message: t('en', 'account.wrongPassword') });
        known.push(ta);
        none.push(tb);
      }
      const [mk, mu] = [median(known), median(none)];
      console.info(`login medians: known ${mk.toFixed(1)} ms, unknown ${mu.toFixed(1)} ms`);
      expect(Math.max(mk, mu) / Math.min(mk, mu)).toBeLessThan(2);
    }, 60_000);
  });

  function median(xs: number[]): number {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
      ? (sorted[mid] ?? 0)
      : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  }
});
