// The withdrawal address book's limit under parallel requests (issue 18), through the real
// server on PGlite and on PostgreSQL:
//  A1 bookLimit: 150 parallel `wallet/addaddress` calls of a user with an empty book store
//     exactly 100 addresses (the book's limit); the rest are refused as "full".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../db/test-databases.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { post, startTestServer } from '../testing/helpers.ts';

const ADDS = 150;
const LIMIT = 100;

describe.each(backends())('address book under parallel requests on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ backend, marketTimer: false });
  }, 60_000);
  afterAll(async () => {
    await s.close();
  });

  it('A1 bookLimit: 150 adds at once store 100', async () => {
    const login = await post(s, '/api/user/login', {
      user_string: s.ctx.config.demoUser,
      password: s.ctx.config.demoPassword,
    });
    const token = String(login.message);
    const errorsBefore = s.ctx.metrics.internalErrors;
    const replies = await Promise.all(
      Array.from({ length: ADDS }, (_, i) =>
        post(
          s,
          '/api/wallet/addaddress',
          {
            currency_id: String(CURRENCY_ID.USDT),
            address: `0x${String(i).padStart(40, '0')}`,
            notes: `n${i}`,
          },
          { authorization: token },
        ),
      ),
    );
    const stored = await s.ctx.db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM withdraw_addresses
       WHERE user_id = (SELECT id FROM users WHERE account = $1)`,
      [s.ctx.config.demoUser],
    );
    const accepted = replies.filter((r) => r.type === 'ok').length;
    console.log(`${backend} A1 address book: ${accepted} accepted, ${stored[0]?.n} stored`);
    expect(stored[0]?.n).toBe(LIMIT);
    expect(accepted).toBe(LIMIT);
    expect(s.ctx.metrics.internalErrors).toBe(errorsBefore);
  });
});
