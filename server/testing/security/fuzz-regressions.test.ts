// The server failures the route fuzz found (fuzz.test.ts), each pinned by the request that
// crashed it: every one was an `error.internal` answer counted in metrics.internalErrors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../accounts/tokens.ts';
import type { TestServer } from '../helpers.ts';
import { startTestServer } from '../helpers.ts';
import { ensureDemoAccount } from '../../seed/demo-account.ts';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  const id = await ensureDemoAccount(s.ctx.db, 'regress@bourse.test', 'regress123', s.clock.now);
  token = await issueToken(s.ctx.db, id, s.clock.now);
});
afterAll(async () => {
  await s.close();
});

async function send(
  url: string,
  payload: string | Buffer,
  contentType: string,
): Promise<{ status: number; body: unknown }> {
  const res = await s.app.inject({
    method: 'POST',
    url,
    headers: { authorization: token, 'content-type': contentType, lang: 'en' },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('fuzz regressions', () => {
  it('a NUL character in any field is refused by name (PostgreSQL cannot store it)', async () => {
    const json = await send(
      '/api/user/cash_save',
      JSON.stringify({ real_name: 'Ma\u0000llory', alipay_account: 'm@ali' }),
      'application/json',
    );
    expect(json.body).toEqual({ type: 'error', message: 'The field “real_name” is not valid.' });
    const query = await s.app.inject({
      method: 'GET',
      url: '/api/news/list?lang=en%00',
      headers: { lang: 'en' },
    });
    expect(query.json()).toEqual({ type: 'error', message: 'The field “lang” is not valid.' });
    const nested = await send(
      '/api/user/cash_save',
      JSON.stringify({ real_name: 'M', alipay_account: 'm@ali', x: { y: ['a\u0000'] } }),
      'application/json',
    );
    expect(nested.body).toEqual({ type: 'error', message: 'The field “x.y.0” is not valid.' });
    // nothing stored for this user (the demo account has payout details of its own)
    const rows = await s.ctx.db.query(
      `SELECT 1 FROM user_cash_info c JOIN users u ON u.id = c.user_id
       WHERE u.account = 'regress@bourse.test'`,
    );
    expect(rows).toEqual([]);
    const clean = await send(
      '/api/user/cash_save',
      JSON.stringify({ real_name: 'Mallory', alipay_account: 'm@ali' }),
      'application/json',
    );
    expect(clean.body).toMatchObject({ type: 'ok' });
  });

  it('a news id beyond a SQL INTEGER is an invalid field, not a failed query', async () => {
    for (const field of ['id', 'c_id']) {
      const url = field === 'id' ? '/api/news/detail' : '/api/news/list';
      const r = await send(url, `${field}=2147483648`, 'application/x-www-form-urlencoded');
      expect(r.body).toEqual({ type: 'error', message: `The field “${field}” is not valid.` });
    }
  });

  it('a truncated multipart body is a bad request, not an internal error', async () => {
    const boundary = 'fuzzboundary';
    for (const url of ['/api/safe/email', '/api/upload', '/api/user/login']) {
      const r = await send(
        url,
        `--${boundary}\r\nbroken`,
        `multipart/form-data; boundary=${boundary}`,
      );
      expect(r).toEqual({
        status: 200,
        body: {
          type: 'error',
          message: 'The request could not be read. Please check what was sent.',
        },
      });
    }
  });

  it('counted no internal error', () => {
    expect(s.ctx.metrics.internalErrors).toBe(0);
  });
});
