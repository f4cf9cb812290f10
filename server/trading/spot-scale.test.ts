// Scale orders against a real server (issue 44, ADR 0057): all legs rest with exactly the funds
// they lock, in one group; hostile and sloppy requests are refused with nothing placed; a leg
// that would trade refuses the whole scale; funds short by a cent refuse it; a repeated
// client_id places nothing twice; the group is cancelled together, and a leg that filled
// meanwhile stays filled. Every balance equals its ledger at the end. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { backends } from '../db/test-databases.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer } from '../testing/helpers.ts';
import { ledgerProblems } from '../testing/security/fuzz-world.ts';
import { spotMarket, type SpotKit, type User } from '../testing/spot-kit.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';

let s: TestServer;
let k: SpotKit;
let maker: User;
let taker: User;

const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
const num = (v: string) => new Decimal(v).toFixed();

function scale(u: User, form: Record<string, string>) {
  return post(s, '/api/transaction/scale', { ...BTC, ...form }, { authorization: u.token });
}

/** A buy scale of 1 BTC from 59,000 down to 55,000 in 5 orders, 3 times as much at the last. */
const BUY = { type: 'in', from_price: '59000', to_price: '55000', count: '5', num: '1', skew: '3' };

describe.each(backends())('scale orders on %s', (backend) => {
  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
    ({ k, maker, taker } = await spotMarket(s, 'scale'));
  }, 60_000);

  afterAll(async () => {
    expect(await ledgerProblems(s)).toEqual([]);
    await s.close();
  });

  it('places every leg as its own resting order in one group, locking exactly their cost', async () => {
    const u = await k.user('100000', '0');
    const r = await scale(u, BUY);
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    const m = r.message as { group: number; ids: number[]; average: string; msg: string };
    expect(m.ids).toHaveLength(5);
    expect(m.group).toBe(m.ids[0]);
    // 0.1, 0.15, 0.2, 0.25, 0.3 BTC at 59,000 … 55,000: 5,900 + 8,700 + 11,400 + 14,000 + 16,500
    expect(m.average).toBe('56500.00');
    expect(m.msg).toContain('5 orders');
    const rows = await s.ctx.db.query<{ price: string; number: string; group_id: number }>(
      'SELECT price, number, group_id FROM spot_orders WHERE user_id = $1 AND status = 0 ORDER BY id',
      [u.id],
    );
    expect(rows.map((x) => [num(x.price), num(x.number), x.group_id])).toEqual([
      ['59000', '0.1', m.group],
      ['58000', '0.15', m.group],
      ['57000', '0.2', m.group],
      ['56000', '0.25', m.group],
      ['55000', '0.3', m.group],
    ]);
    expect(await k.usdt(u)).toEqual({ available: num('43500'), locked: num('56500') });
    // the open orders say which scale each belongs to
    const open = await get(s, '/api/transaction_in?page=1', { authorization: u.token });
    const list = (open.message as { list: { group_id?: number }[] }).list;
    expect(list.every((x) => x.group_id === m.group)).toBe(true);
    for (const id of await k.openOrders(u)) await k.cancelOrder(u, id);
    expect(await k.usdt(u)).toEqual({ available: num('100000'), locked: num('0') });
  });

  it('refuses hostile and sloppy requests, a leg that would trade and funds short by a cent, placing nothing', async () => {
    const u = await k.user('56499.99', '0');
    const refused = async (form: Record<string, string>, text?: string) => {
      const r = await scale(u, form);
      expect(r.type, JSON.stringify(form)).toBe('error');
      if (text !== undefined) expect(String(r.message)).toContain(text);
    };
    await refused(BUY, 'Not enough');
    await refused({ ...BUY, count: '1' }, '2 to 50');
    await refused({ ...BUY, count: '51' }, '2 to 50');
    for (const count of ['2.5', '-3', '1e1', 'abc', '', '9'.repeat(9)])
      await refused({ ...BUY, count });
    await refused({ ...BUY, skew: '0' }, 'between 0.1 and 10');
    await refused({ ...BUY, skew: '11' });
    for (const skew of ['abc', '1e1', '-1']) await refused({ ...BUY, skew });
    await refused({ ...BUY, to_price: '58999.99', count: '5' }, 'too narrow');
    await refused({ ...BUY, num: '0.00001', count: '50' });
    for (const bad of ['0', '-1', '1e5', '59000.001', 'abc', '1'.repeat(40)])
      await refused({ ...BUY, from_price: bad });
    for (const bad of ['0', '-1', '1e2', 'abc', '1'.repeat(40)])
      await refused({ ...BUY, num: bad });
    // a resting ask at 58,500 lies inside the range: the 59,000 leg would take it
    const ask = await k.order(maker, 'out', '58500', '0.01');
    const rich = await k.user('100000', '0');
    const r = await scale(rich, BUY);
    expect(r.type).toBe('error');
    expect(String(r.message)).toContain('59,000.00 would trade at once');
    await k.cancelOrder(maker, ask);
    expect(await k.counts(u)).toEqual({ orders: 0, triggers: 0 });
    expect(await k.counts(rich)).toEqual({ orders: 0, triggers: 0 });
    expect(await k.usdt(u)).toEqual({ available: num('56499.99'), locked: num('0') });
    expect(await k.usdt(rich)).toEqual({ available: num('100000'), locked: num('0') });
  });

  it('a repeated client_id places nothing twice', async () => {
    const u = await k.user('100000', '0');
    const [a, b] = await Promise.all([
      scale(u, { ...BUY, client_id: 'scale-once' }),
      scale(u, { ...BUY, client_id: 'scale-once' }),
    ]);
    expect([a.type, b.type]).toContain('ok');
    expect((await k.openOrders(u)).length).toBe(5);
    const again = await scale(u, { ...BUY, client_id: 'scale-once' });
    expect(again.type).toBe('ok');
    expect((again.message as { ids: number[] }).ids).toHaveLength(5);
    expect((await k.openOrders(u)).length).toBe(5);
    for (const id of await k.openOrders(u)) await k.cancelOrder(u, id);
  });

  it('cancels together: every open leg back, a filled leg stays filled', async () => {
    const u = await k.user('0', '1');
    const r = await scale(u, {
      type: 'out',
      from_price: '61000',
      to_price: '65000',
      count: '5',
      num: '1',
    });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    const { group } = r.message as { group: number };
    expect(await k.btc(u)).toEqual({ available: num('0'), locked: num('1') });
    // a buyer takes the 61,000 leg (0.2 BTC) whole
    await k.order(taker, 'in', '61000', '0.2');
    await s.spot.idle();
    const cancel = await post(
      s,
      '/api/transaction/scale_cancel',
      { group: String(group) },
      { authorization: u.token },
    );
    expect(cancel.type, JSON.stringify(cancel.message)).toBe('ok');
    expect(String(cancel.message)).toContain('4 open orders');
    expect(await k.openOrders(u)).toEqual([]);
    expect(await k.btc(u)).toEqual({ available: num('0.8'), locked: num('0') });
    const twice = await post(
      s,
      '/api/transaction/scale_cancel',
      { group: String(group) },
      { authorization: u.token },
    );
    expect(twice.type).toBe('error');
    // nobody else's group
    const other = await k.user('100000', '0');
    const theirs = await scale(other, BUY);
    const g = (theirs.message as { group: number }).group;
    const stranger = await post(
      s,
      '/api/transaction/scale_cancel',
      { group: String(g) },
      { authorization: u.token },
    );
    expect(stranger.type).toBe('error');
    expect((await k.openOrders(other)).length).toBe(5);
  });
});
