// Spot conditional orders against a real server (issue 44, ADR 0052): the reserve, the refusals
// at the edge, firing once in the order placed when the last price reaches the trigger, the
// refusal of an order whose funds or liquidity are gone, a second reader of the same waiting
// orders (a restart, another process), and a cancel racing the trigger. No market maker runs:
// the last price is what two users trade at, so every price here is set by the test. On PGlite
// and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { backends } from '../db/test-databases.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, post, spotUser, startTestServer } from '../testing/helpers.ts';
import { SpotTriggers } from './spot-triggers.ts';
import { placeTrigger, spotWallet, tradeAt as tradeAtKit } from '../testing/trigger-kit.ts';

let s: TestServer;
const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
const MATCH = 1;

interface User {
  id: number;
  token: string;
}

let seq = 0;
function user(usdt: string, btc: string): Promise<User> {
  return spotUser(s, `trigger${++seq}@example.com`, usdt, btc);
}

const wallet = (u: User, currencyId: number) => spotWallet(s, u, currencyId);
const usdt = (u: User) => wallet(u, CURRENCY_ID.USDT);
const btc = (u: User) => wallet(u, CURRENCY_ID.BTC);
const num = (v: string) => new Decimal(v).toFixed();

const place = (u: User, form: Record<string, string>) => placeTrigger(s, u, form);

/** The user's done conditional orders (GET conditional_list?status=done), newest first. */
async function doneList(u: User): Promise<unknown[]> {
  const r = await get(s, '/api/transaction/conditional_list?status=done', {
    authorization: u.token,
  });
  return (r.message as { list: unknown[] }).list;
}

async function placed(u: User, form: Record<string, string>): Promise<number> {
  const r = await place(u, form);
  expect(r.type, JSON.stringify(r.message)).toBe('ok');
  return (r.message as { id: number }).id;
}

let maker: User;
let taker: User;

/** The last price becomes `price` (trigger-kit.ts tradeAt). */
const tradeAt = (price: string, after = price) => tradeAtKit(s, { maker, taker }, price, after);

interface TriggerDb {
  status: number;
  order_id: number | null;
  reason: string;
}

async function row(id: number): Promise<TriggerDb> {
  const rows = await s.ctx.db.query<TriggerDb & Record<string, unknown>>(
    'SELECT status, order_id, reason FROM spot_triggers WHERE id = $1',
    [id],
  );
  const r = rows[0];
  if (r === undefined) throw new Error(`no trigger ${id}`);
  return r;
}

async function notes(u: User): Promise<{ kind: string; params: Record<string, string> }[]> {
  return s.ctx.db.query(
    'SELECT kind, params::json AS params FROM user_notification WHERE user_id = $1 ORDER BY id',
    [u.id],
  );
}

describe.each(backends())('conditional orders on %s', (backend) => {
  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
    maker = await user('0', '10');
    taker = await user('1000000', '0');
    await tradeAt('60000');
  }, 60_000);

  afterAll(async () => {
    await s.close();
  });

  describe('placing a conditional order', () => {
    it('reserves what its order will need, and a cancel gives exactly that back', async () => {
      const u = await user('10000', '1');
      // a stop-limit buy: its limit × number of USDT
      const a = await placed(u, {
        type: 'in',
        kind: 'stop_limit',
        trigger_price: '65000',
        price: '65100',
        num: '0.1',
      });
      expect(await usdt(u)).toEqual({ available: num('3490'), locked: num('6510') });
      // a stop-market buy: trigger × (1 + the 5 % band) × number, the most its market order pays
      const b = await placed(u, {
        type: 'in',
        kind: 'stop_market',
        trigger_price: '70000',
        num: '0.01',
      });
      expect(await usdt(u)).toEqual({ available: num('2755'), locked: num('7245') });
      // a sell: its number of BTC
      const c = await placed(u, {
        type: 'out',
        kind: 'stop_market',
        trigger_price: '50000',
        num: '0.4',
      });
      expect(await btc(u)).toEqual({ available: num('0.6'), locked: num('0.4') });

      const waiting = await get(s, '/api/transaction/conditional_list?status=waiting', {
        authorization: u.token,
      });
      const list = (waiting.message as { list: { id: number; kind: string; status: number }[] })
        .list;
      expect(list.map((r) => [r.id, r.kind, r.status])).toEqual([
        [c, 'stop_market', 0],
        [b, 'stop_market', 0],
        [a, 'stop_limit', 0],
      ]);

      for (const id of [a, b, c]) {
        const r = await post(
          s,
          '/api/transaction/conditional_cancel',
          { id: String(id) },
          { authorization: u.token },
        );
        expect(r.type).toBe('ok');
      }
      expect(await usdt(u)).toEqual({ available: num('10000'), locked: '0' });
      expect(await btc(u)).toEqual({ available: num('1'), locked: '0' });
      // a second cancel, or another user's, finds nothing waiting
      const again = await post(
        s,
        '/api/transaction/conditional_cancel',
        { id: String(a) },
        { authorization: u.token },
      );
      expect(again.type).toBe('error');
      const done = await get(s, '/api/transaction/conditional_list?status=done', {
        authorization: u.token,
      });
      expect((done.message as { list: { status: number }[] }).list.map((r) => r.status)).toEqual([
        2, 2, 2,
      ]);
    });

    it('refuses a trigger the last price has already reached, saying so', async () => {
      const u = await user('10000', '1');
      // the last price is 60000: a stop buy at or under it, a stop sell at or over it, are reached
      for (const [type, kind, trigger] of [
        ['in', 'stop_market', '60000'],
        ['in', 'stop_market', '59000'],
        ['out', 'stop_market', '61000'],
        ['in', 'tp_market', '61000'],
        ['out', 'tp_market', '60000'],
      ] as const) {
        const r = await place(u, { type, kind, trigger_price: trigger, num: '0.01' });
        expect(r.type, `${type} ${kind} ${trigger}`).toBe('error');
        expect(String(r.message)).toContain('60,000.00');
      }
      expect(await usdt(u)).toEqual({ available: num('10000'), locked: '0' });
    });

    it('refuses dust, exponents, letters, huge values, a missing limit and missing funds', async () => {
      const u = await user('100', '0');
      const base = { type: 'in', kind: 'stop_limit', trigger_price: '70000', price: '70000' };
      for (const bad of [
        { num: '0' },
        { num: '-1' },
        { num: '0.00001' },
        { num: '1e-2' },
        { num: 'abc' },
        { num: '99999999999999999999999' },
        { num: '0.01', trigger_price: '0' },
        { num: '0.01', trigger_price: '70000.001' },
        { num: '0.01', trigger_price: '7e4' },
        { num: '0.01', price: '' },
        { num: '0.01', kind: 'stop_sideways' },
        { num: '0.01' },
      ]) {
        const r = await place(u, { ...base, ...bad });
        expect(r.type, JSON.stringify(bad)).not.toBe('ok');
      }
      expect(await usdt(u)).toEqual({ available: num('100'), locked: '0' });
      const rows = await s.ctx.db.query('SELECT id FROM spot_triggers WHERE user_id = $1', [u.id]);
      expect(rows).toEqual([]);
    });

    it('answers the first order again for a repeated client id', async () => {
      const u = await user('10000', '0');
      const form = {
        type: 'in',
        kind: 'stop_limit',
        trigger_price: '80000',
        price: '80000',
        num: '0.01',
        client_id: 'c-1',
      };
      const [a, b] = await Promise.all([placed(u, form), placed(u, form)]);
      expect(a).toBe(b);
      expect(await usdt(u)).toEqual({ available: num('9200'), locked: num('800') });
    });
  });

  describe('firing', () => {
    it('refuses a market buy the market outran beyond its reserve, and tells the user', async () => {
      // a take-profit buy of 0.01 BTC at 59500 reserves 59500 × 1.05 × 0.01 = 624.75 USDT, all
      // there is; when it fires, the only ask is at 63000: 630 USDT, more than the reserve
      const u = await user('624.75', '0');
      const id = await placed(u, {
        type: 'in',
        kind: 'tp_market',
        trigger_price: '59500',
        num: '0.01',
      });
      expect(await usdt(u)).toEqual({ available: '0', locked: num('624.75') });
      const ask = await post(
        s,
        '/api/transaction/out',
        { ...BTC, mode: '2', price: '63000', num: '0.01' },
        { authorization: maker.token },
      );
      expect(ask.type).toBe('ok');
      await tradeAt('59400');
      const r = await row(id);
      expect(r.status).toBe(3);
      expect(r.reason).toBe('spot.insufficient');
      expect(await usdt(u)).toEqual({ available: num('624.75'), locked: '0' });
      const refused = (await notes(u)).find((n) => n.kind === 'spot.triggerRefused');
      expect(refused?.params['reason']).toBe('funds');
    });

    it('fires each reached order once, first placed first, and releases its reserve', async () => {
      await tradeAt('59700');
      const u = await user('0', '1');
      const first = await placed(u, {
        type: 'out',
        kind: 'stop_limit',
        trigger_price: '59000',
        price: '58000',
        num: '0.2',
      });
      const second = await placed(u, {
        type: 'out',
        kind: 'stop_limit',
        trigger_price: '59500',
        price: '58500',
        num: '0.3',
      });
      expect(await btc(u)).toEqual({ available: num('0.5'), locked: num('0.5') });
      await tradeAt('59600');
      expect((await row(first)).status).toBe(0);
      // one trade reaches both: they fire in the order they were placed
      await tradeAt('58900');
      const [a, b] = [await row(first), await row(second)];
      expect([a.status, b.status]).toEqual([1, 1]);
      expect(a.order_id).not.toBeNull();
      expect(Number(a.order_id)).toBeLessThan(Number(b.order_id));
      // their limit orders rest (nobody bids 58000) with the same BTC locked, none free or lost
      expect(await btc(u)).toEqual({ available: num('0.5'), locked: num('0.5') });
      const orders = await s.ctx.db.query<{ id: number; price: string; number: string }>(
        'SELECT id, price, number FROM spot_orders WHERE user_id = $1 AND status = 0 ORDER BY id',
        [u.id],
      );
      expect(orders.map((o) => [o.id, num(o.price), num(o.number)])).toEqual([
        [a.order_id, '58000', '0.2'],
        [b.order_id, '58500', '0.3'],
      ]);
      const kinds = (await notes(u)).filter((n) => n.kind === 'spot.triggered');
      expect(kinds.map((n) => n.params['order_id'])).toEqual([
        String(a.order_id),
        String(b.order_id),
      ]);
      expect(kinds[0]?.params).toMatchObject({ level: '59000', last: '58900', side: 'sell' });
      // the done list says what became of each: its order, still resting, nothing filled yet
      expect(await doneList(u)).toEqual([
        expect.objectContaining({ id: second, status: 1, order_status: 0, filled: '0.0000' }),
        expect.objectContaining({ id: first, status: 1, order_status: 0, filled: '0.0000' }),
      ]);
      // a taker buys 0.1 at 58000: the first's order (the best ask) fills in part, not the second's
      const buyer = await user('20000', '0');
      const bought = await post(
        s,
        '/api/transaction/in',
        { ...BTC, mode: '2', price: '58000', num: '0.1' },
        { authorization: buyer.token },
      );
      expect(bought.type, JSON.stringify(bought.message)).toBe('ok');
      await s.spot.idle();
      expect(await doneList(u)).toEqual([
        expect.objectContaining({ id: second, order_status: 0, filled: '0.0000' }),
        expect.objectContaining({ id: first, order_status: 0, filled: '0.1000' }),
      ]);
      // the rest cancelled by the user: partly filled, and not filled, ended (2)
      for (const id of [a.order_id, b.order_id])
        expect(
          (await post(s, '/api/transaction_del', { id: String(id) }, { authorization: u.token }))
            .type,
        ).toBe('ok');
      await s.spot.idle();
      expect(await doneList(u)).toEqual([
        expect.objectContaining({ id: second, order_status: 2, filled: '0.0000' }),
        expect.objectContaining({ id: first, order_status: 2, filled: '0.1000' }),
      ]);
      await tradeAt('59700'); // the last price back above the next test's triggers
      // a later look at a price through the triggers fires nothing more
      s.triggers.check(MATCH);
      await s.spot.idle();
      const placedOrders = await s.ctx.db.query('SELECT id FROM spot_orders WHERE user_id = $1', [
        u.id,
      ]);
      expect(placedOrders).toHaveLength(2);
    });

    it('refuses a reached order whose market finds no liquidity, with the reserve back', async () => {
      const u = await user('0', '1');
      // nobody bids (every buy so far took a whole ask): the stop-market sell has nothing to sell to
      const id = await placed(u, {
        type: 'out',
        kind: 'stop_market',
        trigger_price: '58000',
        num: '0.1',
      });
      await tradeAt('57900');
      const r = await row(id);
      expect(r.status).toBe(3);
      expect(r.reason).toBe('spot.noLiquidity');
      expect(await btc(u)).toEqual({ available: num('1'), locked: '0' });
      const refused = (await notes(u)).find((n) => n.kind === 'spot.triggerRefused');
      expect(refused?.params).toMatchObject({ reason: 'liquidity', order_id: `T${id}` });
      const done = await get(s, '/api/transaction/conditional_list?status=done', {
        authorization: u.token,
      });
      const rows = (done.message as { list: { id: number; reason?: string }[] }).list;
      expect(rows.find((x) => x.id === id)?.reason).toMatch(/no orders to trade against/i);
    });

    it('a market order that finds part of its amount is triggered, partly filled, the rest let go', async () => {
      const bidder = await user('10000', '0');
      const bid = await post(
        s,
        '/api/transaction/in',
        { ...BTC, mode: '2', price: '57000', num: '0.05' },
        { authorization: bidder.token },
      );
      expect(bid.type, JSON.stringify(bid.message)).toBe('ok');
      const u = await user('0', '1');
      const id = await placed(u, {
        type: 'out',
        kind: 'stop_market',
        trigger_price: '57500',
        num: '0.1',
      });
      await tradeAt('57400', '57000'); // the stop's market sell trades last, at the bid
      expect(await doneList(u)).toEqual([
        expect.objectContaining({ id, status: 1, order_status: 2, filled: '0.0500' }),
      ]);
      // sold 0.05 at the bid, the other 0.05 back in the available balance, nothing held
      expect(await btc(u)).toEqual({ available: num('0.95'), locked: '0' });
      expect(await usdt(u)).toEqual({ available: num('2850'), locked: '0' });
    });
  });

  describe('one outcome', () => {
    it('a second reader of the same waiting orders (a restart, another process) fires none twice', async () => {
      const u = await user('0', '1');
      const id = await placed(u, {
        type: 'out',
        kind: 'stop_limit',
        trigger_price: '56000',
        price: '56500',
        num: '0.1',
      });
      // a second engine reading the waiting orders, as a restarted server does
      const second = new SpotTriggers(s.spot, s.ctx.db, () => s.clock.now);
      expect(await second.start()).toBeGreaterThan(0);
      await s.spot.idle();
      expect(second.book.size(MATCH)).toBeGreaterThan(0);
      await tradeAt('55900');
      expect((await row(id)).status).toBe(1);
      const orders = await s.ctx.db.query('SELECT id FROM spot_orders WHERE user_id = $1', [u.id]);
      expect(orders).toHaveLength(1);
      expect(await btc(u)).toEqual({ available: num('0.9'), locked: num('0.1') });
      // and a restart after the price crossed fires what waited, once
      s.triggers.book.remove(MATCH, id);
      const late = await placed(u, {
        type: 'out',
        kind: 'stop_limit',
        trigger_price: '55500',
        price: '56500',
        num: '0.1',
      });
      s.triggers.book.remove(MATCH, late);
      second.book.remove(MATCH, late);
      await tradeAt('55400');
      expect((await row(late)).status).toBe(0);
      const restarted = new SpotTriggers(s.spot, s.ctx.db, () => s.clock.now);
      await restarted.start();
      await s.spot.idle();
      expect((await row(late)).status).toBe(1);
      expect(await btc(u)).toEqual({ available: num('0.8'), locked: num('0.2') });
    });

    it('a cancel racing the trigger has exactly one outcome and the reserve moves once', async () => {
      for (let round = 0; round < 4; round++) {
        const u = await user('0', '1');
        const id = await placed(u, {
          type: 'out',
          kind: 'stop_limit',
          trigger_price: String(55000 - round * 100),
          // its sell rests above every later trade: the price stays what the test trades at
          price: '60000',
          num: '0.1',
        });
        const sell = post(
          s,
          '/api/transaction/out',
          { ...BTC, mode: '2', price: String(54950 - round * 100), num: '0.01' },
          { authorization: maker.token },
        );
        const cancel = post(
          s,
          '/api/transaction/conditional_cancel',
          { id: String(id) },
          { authorization: u.token },
        );
        await sell;
        const buy = post(
          s,
          '/api/transaction/in',
          { ...BTC, mode: '2', price: String(54950 - round * 100), num: '0.01' },
          { authorization: taker.token },
        );
        const [c] = await Promise.all([cancel, buy]);
        await s.spot.idle();
        const r = await row(id);
        const orders = await s.ctx.db.query('SELECT id FROM spot_orders WHERE user_id = $1', [
          u.id,
        ]);
        if (r.status === 2) {
          expect(c.type).toBe('ok');
          expect(orders).toHaveLength(0);
          expect(await btc(u)).toEqual({ available: num('1'), locked: '0' });
        } else {
          expect(r.status).toBe(1);
          expect(c.type).toBe('error');
          expect(orders).toHaveLength(1);
          expect(await btc(u)).toEqual({ available: num('0.9'), locked: num('0.1') });
        }
      }
    });
  });
});
