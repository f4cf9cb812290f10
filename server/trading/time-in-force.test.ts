// Time in force and post-only on spot limit orders (issue 44, ADR 0054), against a real server
// with no market maker running: every resting order here is a test user's. A fill-or-kill fills
// whole or does nothing; an IOC takes what its price reaches and lets the rest go, or does nothing;
// a post-only order rests whole, or is refused when it would take. An order that does nothing is
// refused with the reason, and moves no balance and no order in the book. On PGlite and on
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../db/test-databases.ts';
import { t } from '../i18n/messages.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { Reply, TestServer } from '../testing/helpers.ts';
import { post, spotFunds, spotUser, startTestServer } from '../testing/helpers.ts';

let s: TestServer;
const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
const MATCH = 1;

interface User {
  id: number;
  token: string;
}

let seq = 0;
function user(usdt: string, btc: string): Promise<User> {
  return spotUser(s, `tif${++seq}@example.com`, usdt, btc);
}

function order(u: User, side: 'in' | 'out', form: Record<string, string>): Promise<Reply> {
  return post(
    s,
    `/api/transaction/${side}`,
    { ...BTC, mode: '2', ...form },
    { authorization: u.token },
  );
}

async function ok(u: User, side: 'in' | 'out', form: Record<string, string>): Promise<string> {
  const r = await order(u, side, form);
  expect(r.type, JSON.stringify(r.message)).toBe('ok');
  await s.spot.idle();
  return String(r.message);
}

/** Available and locked, USDT and BTC, as exact strings. */
const funds = (u: User): Promise<Record<string, string>> => spotFunds(s, u.id);

/** The book of BTC/USDT as [side, price ticks, remaining lots], best first. */
function book(): Array<[string, bigint, bigint]> {
  return [...s.spot.core.book(MATCH).allOrders()]
    .map((o): [string, bigint, bigint] => [o.side, o.price, o.remaining])
    .sort((a, b) => (a[0] === b[0] ? Number(a[1] - b[1]) : a[0] < b[0] ? -1 : 1));
}

/** The number of the user's order rows (any state). */
async function orderRows(u: User): Promise<number> {
  const rows = await s.ctx.db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM spot_orders WHERE user_id = $1',
    [u.id],
  );
  return rows[0]?.n ?? 0;
}

/** Refused with `id`: and nothing of the user's or the book's moved. */
async function refusedIdle(
  u: User,
  side: 'in' | 'out',
  form: Record<string, string>,
  id: string,
  values: Record<string, string> = {},
): Promise<void> {
  const before = { funds: await funds(u), book: book(), rows: await orderRows(u) };
  const r = await order(u, side, form);
  await s.spot.idle();
  expect(r).toEqual({ type: 'error', message: t('en', id, values) });
  expect({ funds: await funds(u), book: book(), rows: await orderRows(u) }).toEqual(before);
}

describe.each(backends())('time in force and post-only on %s', (backend) => {
  let maker: User;

  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
    maker = await user('1000000', '10');
  }, 60_000);

  afterAll(async () => {
    await s.close();
  });

  it('a fill-or-kill fills whole at its price or does nothing', async () => {
    await ok(maker, 'out', { price: '60000', num: '0.1' });
    await ok(maker, 'out', { price: '60100', num: '0.1' });
    const u = await user('20000', '0');
    // 0.3 wanted, 0.2 offered up to 60100: nothing trades
    await refusedIdle(u, 'in', { price: '60100', num: '0.3', tif: 'fok' }, 'spot.fokUnfilled', {
      total: '0.3000',
      currency: 'BTC',
      price: '60,100.00',
    });
    // 0.15 up to 60100: all of it, at the makers' prices, none resting
    expect(await ok(u, 'in', { price: '60100', num: '0.15', tif: 'fok' })).toBe(
      t('en', 'spot.filled', { filled: '0.1500', currency: 'BTC' }),
    );
    expect(await funds(u)).toEqual({
      usdt: '10995', // 20000 − 0.1 × 60000 − 0.05 × 60100
      usdtLocked: '0',
      btc: '0.15',
      btcLocked: '0',
    });
    expect(book()).toEqual([['sell', 6010000n, 500n]]);
  });

  it('an IOC takes what its price reaches and lets the rest go, or does nothing', async () => {
    const u = await user('20000', '0');
    // 0.05 left at 60100: 0.05 of 0.2 fills, the rest is let go (nothing rests, nothing locked)
    expect(await ok(u, 'in', { price: '60100', num: '0.2', tif: 'ioc' })).toBe(
      t('en', 'spot.iocPartFilled', { filled: '0.0500', total: '0.2000', currency: 'BTC' }),
    );
    expect(await funds(u)).toEqual({
      usdt: '16995', // 20000 − 0.05 × 60100
      usdtLocked: '0',
      btc: '0.05',
      btcLocked: '0',
    });
    expect(book()).toEqual([]);
    // nothing to take at any price
    await refusedIdle(u, 'in', { price: '59000', num: '0.1', tif: 'ioc' }, 'spot.iocUnfilled', {
      price: '59,000.00',
    });
  });

  it('a post-only order rests whole, or is refused when it would take, saying the best price', async () => {
    await ok(maker, 'out', { price: '61000', num: '0.1' });
    const u = await user('20000', '1');
    await refusedIdle(
      u,
      'in',
      { price: '61000', num: '0.1', post_only: '1' },
      'spot.postOnlyWouldTake',
      { price: '61,000.00', best: '61,000.00' },
    );
    expect(await ok(u, 'in', { price: '60900', num: '0.1', post_only: '1' })).toBe(
      t('en', 'spot.placed', {
        total: '0.1000',
        currency: 'BTC',
        price: '60,900.00',
        legal: 'USDT',
      }),
    );
    expect(await funds(u)).toEqual({
      usdt: '13910', // 6090 held for the resting bid
      usdtLocked: '6090',
      btc: '1',
      btcLocked: '0',
    });
    // a post-only sell at the bid would take it: refused; above the bid it rests
    await refusedIdle(
      u,
      'out',
      { price: '60900', num: '0.1', post_only: '1' },
      'spot.postOnlyWouldTake',
      { price: '60,900.00', best: '60,900.00' },
    );
    await ok(u, 'out', { price: '60950', num: '0.1', post_only: '1' });
    expect(book()).toEqual([
      ['buy', 6090000n, 1000n],
      ['sell', 6095000n, 1000n],
      ['sell', 6100000n, 1000n],
    ]);
  });

  it('refuses time in force on a market order, post-only beside IOC or FOK, and unknown values', async () => {
    const u = await user('20000', '1');
    for (const [form, id] of [
      [{ mode: '1', num: '0.01', tif: 'ioc' }, 'spot.tifLimitOnly'],
      [{ mode: '1', num: '0.01', post_only: '1' }, 'spot.tifLimitOnly'],
      [{ price: '60000', num: '0.01', post_only: '1', tif: 'fok' }, 'spot.postOnlyGtc'],
      [{ price: '60000', num: '0.01', post_only: '1', tif: 'ioc' }, 'spot.postOnlyGtc'],
    ] as const)
      await refusedIdle(u, 'in', form, id);
    for (const form of [
      { price: '60000', num: '0.01', tif: 'gtd' },
      { price: '60000', num: '0.01', tif: 'IOC ' },
      { price: '60000', num: '0.01', post_only: 'true' },
      { price: '60000', num: '0.01', post_only: '2' },
    ]) {
      const r = await order(u, 'in', form);
      expect(r.type, JSON.stringify(form)).toBe('error');
    }
    expect(await orderRows(u)).toBe(0);
  });

  it('a legacy order (no tif, no post_only) is good till cancelled: its rest rests', async () => {
    const u = await user('0', '1');
    const reply = await ok(u, 'out', { price: '60900', num: '0.3' });
    expect(reply).toBe(
      t('en', 'spot.partFilled', {
        filled: '0.1000',
        total: '0.3000',
        currency: 'BTC',
        price: '60,900.00',
        legal: 'USDT',
      }),
    );
    expect(await funds(u)).toMatchObject({ btc: '0.7', btcLocked: '0.2' });
  });
});
