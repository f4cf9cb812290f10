// What the spot conditional-order tests share (issue 44, ADRs 0052, 0067): the pair's form fields,
// a user's spot wallet in one currency, a trade between two users that sets the last price, and a
// placement through the server.
import { expect } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { CURRENCY_ID } from './fixtures.ts';
import type { TestServer } from './helpers.ts';
import { post } from './helpers.ts';

export const BTC_FORM = {
  legal_id: String(CURRENCY_ID.USDT),
  currency_id: String(CURRENCY_ID.BTC),
};
export const BTC_MATCH = 1;

export interface TriggerUser {
  id: number;
  token: string;
}

const num = (v: string) => new Decimal(v).toFixed();

/** A user's spot balance of one currency: available and locked, as canonical decimals. */
export async function spotWallet(
  s: TestServer,
  u: TriggerUser,
  currencyId: number,
): Promise<{ available: string; locked: string }> {
  const rows = await s.ctx.db.query<{ change_balance: string; lock_change_balance: string }>(
    'SELECT change_balance, lock_change_balance FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [u.id, currencyId],
  );
  return {
    available: num(rows[0]?.change_balance ?? '0'),
    locked: num(rows[0]?.lock_change_balance ?? '0'),
  };
}

/**
 * The last price becomes `price`: the maker sells 0.01 BTC there and the taker buys it. With
 * `after`, the last price the orders it fires leave (their own trades come after).
 */
export async function tradeAt(
  s: TestServer,
  parties: { maker: TriggerUser; taker: TriggerUser },
  price: string,
  after = price,
): Promise<void> {
  const order = { ...BTC_FORM, mode: '2', price, num: '0.01' };
  const sell = await post(s, '/api/transaction/out', order, {
    authorization: parties.maker.token,
  });
  expect(sell.type, JSON.stringify(sell.message)).toBe('ok');
  const buy = await post(s, '/api/transaction/in', order, { authorization: parties.taker.token });
  expect(buy.type, JSON.stringify(buy.message)).toBe('ok');
  await s.spot.idle();
  expect(s.spot.lastPrice(BTC_MATCH)).toBe(BigInt(new Decimal(after).times(100).toFixed(0)));
}

/** Places a conditional order on BTC/USDT. */
export function placeTrigger(s: TestServer, u: TriggerUser, form: Record<string, string>) {
  return post(
    s,
    '/api/transaction/conditional',
    { ...BTC_FORM, ...form },
    {
      authorization: u.token,
    },
  );
}
