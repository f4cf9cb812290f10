// The demo account is ready for every screen (issue 18): identity approved and payout details
// saved at start, so it opens a contract position and publishes a c2c ad at once; an account
// made by an older version (unverified, without payout details, a submission still waiting) is
// brought to that state at the next start; a new registration still meets 998, then 997.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUser } from '../accounts/users.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, lastCode, post, startTestServer } from '../testing/helpers.ts';

const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
const AD = {
  type: 'sell',
  way: 'ali_pay',
  price: '7.10',
  total_number: '10',
  currency_id: String(CURRENCY_ID.USDT),
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
}, 60_000);
afterAll(async () => {
  await s.close();
});

async function login(account: string, password: string): Promise<Record<string, string>> {
  const r = await post(s, '/api/user/login', { user_string: account, password, type: '1' });
  expect(r.type).toBe('ok');
  return { authorization: String(r.message) };
}

describe('the demo account', () => {
  it('opens a contract position and publishes a c2c ad right away', async () => {
    const demo = await login('demo@bourse.local', 'demo1234');
    const info = await get(s, '/api/user/info', demo);
    expect(info.message).toMatchObject({ review_status: 2 });
    const identity = await get(s, '/api/user/identity', demo);
    expect(identity.message).toMatchObject({ review_status: 2, name: 'Demo User' });
    const cash = await post(s, '/api/user/cash_info', {}, demo);
    expect(cash.message).toMatchObject({ real_name: 'Demo User' });

    const lever = await post(s, '/api/lever/submit', { ...BTC, share: '1', multiple: '10' }, demo);
    expect(lever).toMatchObject({ type: 'ok' });
    const ad = await post(s, '/api/c2c_send', AD, demo);
    expect(ad).toMatchObject({ type: 'ok' });
  });

  it('a new registration still goes through identity review (998), then payout details (997)', async () => {
    const email = 'newcomer@example.com';
    await post(s, '/api/sms_mail', { user_string: email, type: 'register' });
    const registered = await post(s, '/api/user/register', {
      type: 'email',
      user_string: email,
      code: await lastCode(s, email),
      password: 'newcomer1',
      re_password: 'newcomer1',
    });
    expect(registered.type).toBe('ok');
    const fresh = await login(email, 'newcomer1');
    const lever = await post(s, '/api/lever/submit', { ...BTC, share: '1', multiple: '10' }, fresh);
    expect(lever.type).toBe('998');
    expect((await post(s, '/api/c2c_send', AD, fresh)).type).toBe('998');
    await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE account = $1', [email]);
    expect((await post(s, '/api/c2c_send', AD, fresh)).type).toBe('997');
  });
});

describe('an older data folder', () => {
  it('gets its demo account approved and with payout details at the next start, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bourse-demo-'));
    try {
      const first = await startTestServer({ marketTimer: false, dataDir: dir });
      const demo = await findUser(first.ctx.db, first.ctx.config.demoUser);
      const id = demo?.id ?? 0;
      // as an older version left it: unverified, no payout details, a submission waiting
      await first.ctx.db.query('UPDATE users SET review_status = 1 WHERE id = $1', [id]);
      await first.ctx.db.query('DELETE FROM user_cash_info WHERE user_id = $1', [id]);
      await first.ctx.db.query('DELETE FROM identity_submissions WHERE user_id = $1', [id]);
      await first.ctx.db.query(
        `INSERT INTO identity_submissions (user_id, name, card_id, card_type, front_pic,
           reverse_pic, hand_pic, status, created_at) VALUES ($1, 'Old', 'X1', 1, '', '', '', 1, now())`,
        [id],
      );
      await first.close();

      for (let start = 0; start < 2; start++) {
        const again = await startTestServer({ marketTimer: false, dataDir: dir });
        try {
          const users = await again.ctx.db.query<{ review_status: number }>(
            'SELECT review_status FROM users WHERE id = $1',
            [id],
          );
          expect(users[0]?.review_status).toBe(2);
          const subs = await again.ctx.db.query<{ status: number }>(
            'SELECT status FROM identity_submissions WHERE user_id = $1 ORDER BY id',
            [id],
          );
          // the waiting one settled (no later decision can take the approval back), one added
          expect(subs.map((r) => r.status)).toEqual([2, 2]);
          const cash = await again.ctx.db.query<{ alipay_account: string }>(
            'SELECT alipay_account FROM user_cash_info WHERE user_id = $1',
            [id],
          );
          expect(cash[0]?.alipay_account).not.toBe('');
        } finally {
          await again.close();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
