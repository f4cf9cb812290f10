// Amending a resting spot order (issue 44, ADR 0055) against a real server with no market maker
// running: every resting order is a test user's. Lowering the amount keeps the order's id and
// its place in the queue and releases exactly the difference; a new price (or more) cancels and
// replaces it in one transaction, at the back of the queue, and may trade at once; the amount is
// the new total, so a fill that landed first is never added to; bad input and another user's
// order are refused with nothing moved; an amend racing a fill has exactly one outcome. On
// PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
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
const user = (usdt: string, btc: string): Promise<User> =>
  spotUser(s, `amend${++seq}@example.com`, usdt, btc);

/** Places a limit order; returns the id of the user's newest order. */
async function rest(u: User, side: 'in' | 'out', price: string, num: string): Promise<number> {
  const r = await post(s, `/api/transaction/${side}`, { ...BTC, mode: '2', price, num }, auth(u));
  expect(r.type, JSON.stringify(r.message)).toBe('ok');
  await s.spot.idle();
  const rows = await s.ctx.db.query<{ id: number }>(
    'SELECT id FROM spot_orders WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [u.id],
  );
  return rows[0]?.id ?? 0;
}

const auth = (u: User) => ({ authorization: u.token });

function amend(u: User, form: Record<string, string>): Promise<Reply> {
  return post(s, '/api/transaction/amend', form, auth(u));
}

async function amended(
  u: User,
  form: Record<string, string>,
): Promise<{ id: number; kept: boolean; msg: string }> {
  const r = await amend(u, form);
  expect(r.type, JSON.stringify(r.message)).toBe('ok');
  await s.spot.idle();
  return r.message as { id: number; kept: boolean; msg: string };
}

/** Available and locked, USDT and BTC, as exact strings. */
const funds = (u: User): Promise<Record<string, string>> => spotFunds(s, u.id);

async function orderRow(id: number) {
  const rows = await s.ctx.db.query<{
    status: number;
    price: string;
    number: string;
    total_number: string;
  }>('SELECT status, price, number, total_number FROM spot_orders WHERE id = $1', [id]);
  const r = rows[0];
  if (r === undefined) throw new Error(`no order ${id}`);
  return {
    status: r.status,
    price: new Decimal(r.price).toFixed(),
    number: new Decimal(r.number).toFixed(),
    total: new Decimal(r.total_number).toFixed(),
  };
}

/** Takes the whole book on both sides: a clean start for the next test. */
async function sweep(): Promise<void> {
  for (const o of [...s.spot.core.book(MATCH).allOrders()])
    await s.spot.cancel(o.userId, o.id, null);
  await s.spot.idle();
}

describe.each(backends())('amending a spot order on %s', (backend) => {
  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
  }, 60_000);

  afterAll(async () => {
    await s.close();
  });

  it('lowering the amount keeps the id and the place in the queue, and releases the difference', async () => {
    await sweep();
    const a = await user('0', '1');
    const b = await user('0', '1');
    const first = await rest(a, 'out', '60000', '0.3');
    const second = await rest(b, 'out', '60000', '0.1');
    const r = await amended(a, { id: String(first), num: '0.2' });
    expect(r).toEqual({
      id: first,
      kept: true,
      msg: t('en', 'spot.amend.kept', {
        number: '0.2000',
        currency: 'BTC',
        price: '60,000.00',
        legal: 'USDT',
      }),
    });
    expect(await funds(a)).toEqual({ btc: '0.8', btcLocked: '0.2' });
    expect(await orderRow(first)).toEqual({
      status: 0,
      price: '60000',
      number: '0.2',
      total: '0.2',
    });
    // a's order is still first at 60000: a buyer of 0.2 takes all of it and none of b's
    const taker = await user('20000', '0');
    await rest(taker, 'in', '60000', '0.2');
    expect((await orderRow(first)).status).toBe(1);
    expect(await orderRow(second)).toMatchObject({ status: 0, number: '0.1' });
    expect(await funds(a)).toEqual({ btc: '0.8', btcLocked: '0', usdt: '12000', usdtLocked: '0' });
  });

  it('a new price cancels and replaces: a new id at the back of the queue, the lock moved exactly', async () => {
    await sweep();
    const early = await user('10000', '0');
    const u = await user('10000', '0');
    const own = await rest(u, 'in', '59000', '0.1');
    await rest(early, 'in', '59500', '0.1');
    const r = await amended(u, { id: String(own), price: '59500' });
    expect(r.kept).toBe(false);
    expect(r.id).toBeGreaterThan(own);
    expect(r.msg).toBe(
      `${t('en', 'spot.amend.replaced', { id: r.id })} ${t('en', 'spot.placed', {
        total: '0.1000',
        currency: 'BTC',
        price: '59,500.00',
        legal: 'USDT',
      })}`,
    );
    expect(await orderRow(own)).toMatchObject({ status: 2, number: '0.1' });
    expect(await orderRow(r.id)).toEqual({
      status: 0,
      price: '59500',
      number: '0.1',
      total: '0.1',
    });
    expect(await funds(u)).toEqual({ usdt: '4050', usdtLocked: '5950' });
    // the earlier bid at 59500 is served first
    const seller = await user('0', '1');
    await rest(seller, 'out', '59500', '0.1');
    expect(await orderRow(r.id)).toMatchObject({ status: 0, number: '0.1' });
  });

  it('a new price across the book trades at once, as a taker', async () => {
    await sweep();
    const seller = await user('0', '1');
    await rest(seller, 'out', '60000', '0.1');
    const u = await user('10000', '0');
    const own = await rest(u, 'in', '59000', '0.1');
    const r = await amended(u, { id: String(own), price: '60000' });
    expect(r.msg).toContain(t('en', 'spot.filled', { filled: '0.1000', currency: 'BTC' }));
    expect(await orderRow(r.id)).toMatchObject({ status: 1 });
    expect(await funds(u)).toEqual({ usdt: '4000', usdtLocked: '0', btc: '0.1', btcLocked: '0' });
  });

  it('the amount is the new total: a fill that landed first is never added to', async () => {
    await sweep();
    const u = await user('0', '1');
    const own = await rest(u, 'out', '61000', '0.3');
    const taker = await user('20000', '0');
    await rest(taker, 'in', '61000', '0.1');
    // 0.1 filled: a total of 0.25 leaves 0.15, kept in place
    const r = await amended(u, { id: String(own), num: '0.25' });
    expect(r.kept).toBe(true);
    expect(await orderRow(own)).toEqual({
      status: 0,
      price: '61000',
      number: '0.15',
      total: '0.25',
    });
    expect(await funds(u)).toEqual({
      btc: '0.75',
      btcLocked: '0.15',
      usdt: '6100',
      usdtLocked: '0',
    });
    // at or under what filled: refused, nothing moved
    const before = await funds(u);
    expect(await amend(u, { id: String(own), num: '0.1' })).toEqual({
      type: 'error',
      message: t('en', 'spot.amend.belowFilled', { filled: '0.1000', currency: 'BTC' }),
    });
    expect(await funds(u)).toEqual(before);
  });

  it('refuses nothing to change, bad values, missing funds, and orders not its own, moving nothing', async () => {
    await sweep();
    const u = await user('1000', '0');
    const own = await rest(u, 'in', '50000', '0.01');
    const other = await user('1000', '0');
    const before = { mine: await funds(u), book: [...s.spot.core.book(MATCH).allOrders()].length };
    const cases: Array<[Record<string, string>, string]> = [
      [{ id: String(own) }, t('en', 'spot.amend.nothing')],
      [{ id: String(own), price: '50000' }, t('en', 'spot.amend.same')],
      [{ id: String(own), num: '0.01', price: '50000.00' }, t('en', 'spot.amend.same')],
      [{ id: '999999', price: '1' }, t('en', 'spot.orderNotFound')],
    ];
    for (const [form, message] of cases)
      expect(await amend(u, form), JSON.stringify(form)).toEqual({ type: 'error', message });
    expect((await amend(other, { id: String(own), price: '49000' })).type).toBe('error');
    for (const form of [
      { price: '0' },
      { price: '-1' },
      { price: '1e4' },
      { price: 'abc' },
      { price: '50000.001' },
      { num: '0.00001' },
      { num: '0' },
      { num: '9'.repeat(40) },
      { price: '99999999999', num: '99999' },
      { num: '1' }, // 50000 USDT: more than the user has
    ]) {
      const r = await amend(u, { id: String(own), ...form });
      expect(r.type, JSON.stringify(form)).toBe('error');
    }
    await s.spot.idle();
    expect({ mine: await funds(u), book: [...s.spot.core.book(MATCH).allOrders()].length }).toEqual(
      before,
    );
    expect(await orderRow(own)).toEqual({
      status: 0,
      price: '50000',
      number: '0.01',
      total: '0.01',
    });
  });

  it('an amend racing a fill has exactly one outcome, and no coin or dollar is made or lost', async () => {
    for (let round = 0; round < 6; round++) {
      await sweep();
      const u = await user('0', '1');
      const taker = await user('100000', '0');
      const own = await rest(u, 'out', '62000', '0.2');
      const [, a] = await Promise.all([
        post(
          s,
          '/api/transaction/in',
          { ...BTC, mode: '2', price: '62000', num: '0.2' },
          auth(taker),
        ),
        amend(u, { id: String(own), price: round % 2 === 0 ? '62500' : '62000', num: '0.15' }),
      ]);
      await s.spot.idle();
      const mine = await funds(u);
      const theirs = await funds(taker);
      // what u sold, the taker bought, at 62000 a coin: no more, no less
      const sold = new Decimal(1).minus(mine.btc ?? '0').minus(mine.btcLocked ?? '0');
      expect(new Decimal(theirs.btc ?? '0').toFixed()).toBe(sold.toFixed());
      expect(new Decimal(mine.usdt ?? '0').toFixed()).toBe(sold.times(62000).toFixed());
      expect(new Decimal(theirs.usdt ?? '0').plus(theirs.usdtLocked ?? '0').toFixed()).toBe(
        new Decimal(100000).minus(sold.times(62000)).toFixed(),
      );
      if (a.type === 'ok') expect(sold.lte('0.15')).toBe(true);
      else expect(a.message).toBe(t('en', 'spot.amend.gone'));
      // the book holds exactly what the wallets lock
      const resting = [...s.spot.core.book(MATCH).allOrders()];
      const locked = resting
        .filter((o) => o.userId === u.id)
        .reduce((sum, o) => sum.plus(new Decimal(o.remaining.toString()).div(1e4)), new Decimal(0));
      expect(new Decimal(mine.btcLocked ?? '0').toFixed()).toBe(locked.toFixed());
    }
  });
});
