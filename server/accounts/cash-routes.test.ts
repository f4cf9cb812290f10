// Payout details over HTTP against a real server (in-memory PGlite): empty until saved, the
// shared rules in the user's language, saving twice replaces, each user sees only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/helpers.ts';
import { post, startTestServer } from '../testing/helpers.ts';
import type { CashInfo } from './cash-info.ts';
import { issueToken } from './tokens.ts';
import { insertUser } from './users.ts';

let s: TestServer;
let auth: Record<string, string>;

const EMPTY: CashInfo = {
  real_name: '',
  bank_name: '',
  bank_account: '',
  alipay_account: '',
  wechat_nickname: '',
  wechat_account: '',
};

async function newUser(account: string): Promise<Record<string, string>> {
  const id = await insertUser(s.ctx.db, {
    kind: 'email',
    account,
    passwordHash: 'x',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: s.clock.now,
  });
  return { authorization: await issueToken(s.ctx.db, id, s.clock.now) };
}

const save = (body: Partial<CashInfo>, headers = auth) =>
  post(s, '/api/user/cash_save', body as Record<string, string>, headers);
const info = async (headers = auth) => {
  const r = await post(s, '/api/user/cash_info', {}, headers);
  expect(r.type).toBe('ok');
  return r.message as CashInfo;
};

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  auth = await newUser('cash@bourse.test');
}, 60_000);

afterAll(async () => {
  await s.close();
});

describe('payout details', () => {
  it('needs a login', async () => {
    expect((await post(s, '/api/user/cash_info', {})).type).toBe('999');
    expect((await post(s, '/api/user/cash_save', { real_name: 'A' })).type).toBe('999');
  });

  it('answers empty strings before anything is saved', async () => {
    expect(await info()).toEqual(EMPTY);
  });

  it('refuses incomplete details with the shared rules, localized', async () => {
    const cases: [Partial<CashInfo>, string][] = [
      [{ bank_name: 'ICBC', bank_account: '6222' }, 'Please enter the account holder’s real name.'],
      [{ real_name: 'Li Lei' }, 'Please enter at least one way to be paid'],
      [{ real_name: 'Li Lei', bank_account: '6222' }, 'Please enter the bank name.'],
      [{ real_name: 'Li Lei', bank_name: 'ICBC' }, 'Please enter the bank account number.'],
      [{ real_name: 'Li Lei', wechat_nickname: 'lei' }, 'Please enter the WeChat account.'],
      [{ real_name: 'x'.repeat(61), alipay_account: 'a@b.c' }, 'This entry is too long.'],
      [{ real_name: 'Li Lei', alipay_account: 'a'.repeat(101) }, 'This entry is too long.'],
    ];
    for (const [body, message] of cases) {
      const r = await save(body);
      expect(r.type, JSON.stringify(body)).toBe('error');
      expect(String(r.message)).toContain(message);
    }
    const zh = await save({ real_name: 'Li Lei' }, { ...auth, lang: 'zh' });
    expect(zh.message).toBe('请至少填写一种收款方式：银行账号、支付宝账号或微信账号。');
    expect((await save({ real_name: 'A', alipay_account: 'x'.repeat(401) })).type).toBe('error');
    expect(await info()).toEqual(EMPTY);
  });

  it('saves, trims and replaces the details', async () => {
    const r = await save({
      real_name: ' Li Lei ',
      bank_name: 'ICBC',
      bank_account: '6222 0000 1111',
      wechat_nickname: 'lei',
      wechat_account: 'lei_wx',
    });
    expect(r).toEqual({ type: 'ok', message: 'Payout details saved.' });
    expect(await info()).toEqual({
      ...EMPTY,
      real_name: 'Li Lei',
      bank_name: 'ICBC',
      bank_account: '6222 0000 1111',
      wechat_nickname: 'lei',
      wechat_account: 'lei_wx',
    });

    expect((await save({ real_name: 'Li Lei', alipay_account: 'lei@pay.cn' })).type).toBe('ok');
    expect(await info()).toEqual({ ...EMPTY, real_name: 'Li Lei', alipay_account: 'lei@pay.cn' });
  });

  it('keeps each user’s details apart', async () => {
    const other = await newUser('cash2@bourse.test');
    expect(await info(other)).toEqual(EMPTY);
    expect((await save({ real_name: 'Han Mei', alipay_account: 'mei' }, other)).type).toBe('ok');
    expect((await info(other)).real_name).toBe('Han Mei');
    expect((await info()).real_name).toBe('Li Lei');
  });
});
