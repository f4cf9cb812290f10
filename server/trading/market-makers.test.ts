// The simulated market (makers and a taker) stands for the outside market: it never hands a
// user money by trading far from what the coin is worth elsewhere (issue 18). A bid far below
// the fair value, resting on a book the makers have not quoted yet, is not filled by the
// taker's random flow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { post, startTestServer, testUser } from '../testing/helpers.ts';

describe('the simulated taker', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false });
  }, 60_000);

  afterAll(async () => {
    await s.close();
  });

  it('trades at most 1 % away from the fair value, also on an empty book', async () => {
    const user = await testUser(s, 'far-bid@example.com', {
      grants: [{ currencyId: CURRENCY_ID.USDT, field: 'change_balance', amount: '10000' }],
    });
    const placed = await post(
      s,
      '/api/transaction/in',
      {
        legal_id: String(CURRENCY_ID.USDT),
        currency_id: String(CURRENCY_ID.BTC),
        price: '1000.00',
        num: '1',
        mode: '2',
      },
      { authorization: user.token },
    );
    expect(placed.type).toBe('ok');
    for (let i = 0; i < 60; i++) {
      await s.makers?.step();
      await s.spot.idle();
    }
    const fair = new Decimal(s.market.fairPrice(1) ?? 0).dividedBy(100);
    const fills = await s.ctx.db.query<{ price: string }>(
      'SELECT price FROM transaction_complete WHERE user_id = $1 OR from_user_id = $1',
      [user.id],
    );
    for (const f of fills)
      expect(new Decimal(f.price).greaterThanOrEqualTo(fair.times(0.99))).toBe(true);
    const [order] = await s.ctx.db.query<{ status: number; number: string }>(
      'SELECT status, number FROM spot_orders WHERE user_id = $1',
      [user.id],
    );
    expect(order?.status).toBe(0);
    expect(new Decimal(order?.number ?? 0).toFixed()).toBe('1');
  });
});
