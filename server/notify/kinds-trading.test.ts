// Every trading notification written where the money moves (issue 25), on PGlite and on
// PostgreSQL: spot fills (the incoming order's and each resting order's, once per order and
// match step; the whole order when nothing is left), cancels, contract openings and closes
// (owner, batch, stop levels, liquidation) and second-contract settlements. Each action is taken
// through HTTP or the service the way the product does it; each party's list says exactly the
// kind and parameters, a bystander gets nothing, and one pump run pushes each row to its
// owner's room. The hostile and sloppy: one person's two accounts trading with each other, one
// account against itself, dust amounts, a market order's dropped rest, and a fill whose commit
// fails (no notification for anyone, the book unchanged).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { backends } from '../db/test-databases.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { Grant } from '../testing/races.ts';
import type { TestServer } from '../testing/helpers.ts';
import { post, startTestServer, testUser } from '../testing/helpers.ts';
import { notesOf, pumpNotes } from '../testing/notes.ts';

type User = { id: number; token: string };
const auth = (u: User) => ({ authorization: u.token });
const USDT = CURRENCY_ID.USDT;

describe.each(backends())('trading notifications on %s', (backend) => {
  let s: TestServer;
  let nobody: User;
  let serial = 0;
  let mark = new Decimal('67000');

  /** A new real user (identity approved) with `grants`. */
  const user = (grants: Grant[] = []) =>
    testUser(s, `kt-${backend}-${++serial}@bourse.test`, { grants });
  const grant = (currencyId: number, amount: string, field: Grant['field'] = 'change_balance') => ({
    currencyId,
    field,
    amount,
  });

  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
    // the tests own the mark price contracts and second contracts move at
    Object.assign(s.lever, { priceOf: (id: number) => (id === 1 ? mark : null) });
    Object.assign(s.micro, { priceOf: (id: number) => (id === 1 ? mark : null) });
    nobody = await user([grant(USDT, '1000')]);
    await s.notes.pump(); // the floor: nothing before this run is pushed
  }, 60_000);

  afterAll(async () => {
    expect(await notesOf(s, nobody)).toEqual([]);
    expect(s.ctx.metrics.internalErrors).toBe(0);
    await s.close();
  });

  // ---- spot ----------------------------------------------------------------------------------

  const pairOf = (currencyId: number) => ({
    legal_id: String(USDT),
    currency_id: String(currencyId),
  });
  const order = async (
    u: User,
    currencyId: number,
    side: 'in' | 'out',
    num: string,
    price: string | null,
  ): Promise<number> => {
    const body = price === null ? { num, mode: '1' } : { num, price, mode: '2' };
    const r = await post(
      s,
      `/api/transaction/${side}`,
      { ...pairOf(currencyId), ...body },
      auth(u),
    );
    expect(r.type).toBe('ok');
    const rows = await s.ctx.db.query<{ id: number }>(
      'SELECT id FROM spot_orders WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [u.id],
    );
    return rows[0]?.id ?? 0;
  };
  const spot = (id: number, symbol: string, side: 'buy' | 'sell') => ({
    order_id: String(id),
    symbol,
    side,
  });

  it('spot: one notification per order and step; the whole order once nothing is left', async () => {
    const a1 = await user([grant(CURRENCY_ID.BTC, '1')]);
    const a2 = await user([grant(CURRENCY_ID.BTC, '1')]);
    const b = await user([grant(USDT, '1000')]);
    const sell1 = await order(a1, CURRENCY_ID.BTC, 'out', '0.5', '100');
    const sell2 = await order(a2, CURRENCY_ID.BTC, 'out', '0.3', '101');
    expect(await pumpNotes(s)).toEqual([]); // resting orders: nothing happened to them yet
    // one buy takes a1's whole order and part of a2's, over two price levels
    const buy1 = await order(b, CURRENCY_ID.BTC, 'in', '0.6', '101');
    const sym = 'BTC/USDT';
    expect(await notesOf(s, a1)).toEqual([
      { kind: 'spot.filled', params: { ...spot(sell1, sym, 'sell'), amount: '0.5', price: '100' } },
    ]);
    expect(await notesOf(s, a2)).toEqual([
      {
        kind: 'spot.partial',
        params: { ...spot(sell2, sym, 'sell'), filled: '0.1', price: '101', left: '0.2' },
      },
    ]);
    // (0.5 × 100 + 0.1 × 101) / 0.6 = 100.1666… → 100.17, as the order history says
    const b1 = {
      kind: 'spot.filled',
      params: { ...spot(buy1, sym, 'buy'), amount: '0.6', price: '100.17' },
    };
    expect(await notesOf(s, b)).toEqual([b1]);
    expect((await pumpNotes(s)).map((n) => [n.userId, n.kind])).toEqual([
      [b.id, 'spot.filled'],
      [a1.id, 'spot.filled'],
      [a2.id, 'spot.partial'],
    ]);
    // a2's order fills in two more steps: a partial, then the whole order
    const buy2 = await order(b, CURRENCY_ID.BTC, 'in', '0.05', '102');
    const buy3 = await order(b, CURRENCY_ID.BTC, 'in', '0.2', '102');
    expect((await notesOf(s, a2)).slice(1)).toEqual([
      {
        kind: 'spot.partial',
        params: { ...spot(sell2, sym, 'sell'), filled: '0.05', price: '101', left: '0.15' },
      },
      { kind: 'spot.filled', params: { ...spot(sell2, sym, 'sell'), amount: '0.3', price: '101' } },
    ]);
    // buy3 rests with 0.05 open; its owner cancels it
    expect(
      (await post(s, '/api/transaction_del', { id: String(buy3), type: 'in' }, auth(b))).type,
    ).toBe('ok');
    expect((await notesOf(s, b)).slice(1)).toEqual([
      { kind: 'spot.filled', params: { ...spot(buy2, sym, 'buy'), amount: '0.05', price: '101' } },
      {
        kind: 'spot.partial',
        params: { ...spot(buy3, sym, 'buy'), filled: '0.15', price: '101', left: '0.05' },
      },
      { kind: 'spot.cancelled', params: { ...spot(buy3, sym, 'buy'), left: '0.05', by: 'user' } },
    ]);
    expect(await notesOf(s, a1)).toHaveLength(1);
    expect((await pumpNotes(s)).map((n) => [n.userId, n.kind])).toEqual([
      [b.id, 'spot.filled'],
      [a2.id, 'spot.partial'],
      [b.id, 'spot.partial'],
      [a2.id, 'spot.filled'],
      [b.id, 'spot.cancelled'],
    ]);
  });

  it('spot: one person’s two accounts and one account against itself, at dust amounts', async () => {
    // ETH/USDT: 2 price and 3 amount decimals; the smallest order is 0.001 at 0.01
    const p1 = await user([grant(CURRENCY_ID.ETH, '0.01'), grant(USDT, '1')]);
    const p2 = await user([grant(USDT, '1')]);
    const sym = 'ETH/USDT';
    const sell = await order(p1, CURRENCY_ID.ETH, 'out', '0.001', '0.01');
    const buy = await order(p2, CURRENCY_ID.ETH, 'in', '0.001', '0.01');
    expect(await notesOf(s, p1)).toEqual([
      {
        kind: 'spot.filled',
        params: { ...spot(sell, sym, 'sell'), amount: '0.001', price: '0.01' },
      },
    ]);
    expect(await notesOf(s, p2)).toEqual([
      { kind: 'spot.filled', params: { ...spot(buy, sym, 'buy'), amount: '0.001', price: '0.01' } },
    ]);
    // p1 buys from itself: two orders, two notifications, each exact
    const rest = await order(p1, CURRENCY_ID.ETH, 'out', '0.003', '0.02');
    const self = await order(p1, CURRENCY_ID.ETH, 'in', '0.001', '0.02');
    expect((await notesOf(s, p1)).slice(1)).toEqual([
      {
        kind: 'spot.filled',
        params: { ...spot(self, sym, 'buy'), amount: '0.001', price: '0.02' },
      },
      {
        kind: 'spot.partial',
        params: { ...spot(rest, sym, 'sell'), filled: '0.001', price: '0.02', left: '0.002' },
      },
    ]);
    expect(await notesOf(s, p2)).toHaveLength(1);
    const pushed = await pumpNotes(s);
    expect(pushed.map((n) => [n.userId, n.kind])).toEqual([
      [p2.id, 'spot.filled'],
      [p1.id, 'spot.filled'],
      [p1.id, 'spot.filled'],
      [p1.id, 'spot.partial'],
    ]);
    expect((await post(s, '/api/transaction_del', { id: String(rest) }, auth(p1))).type).toBe('ok');
    expect((await notesOf(s, p1))[3]).toEqual({
      kind: 'spot.cancelled',
      params: { ...spot(rest, sym, 'sell'), left: '0.002', by: 'user' },
    });
    expect((await pumpNotes(s)).map((n) => [n.userId, n.kind])).toEqual([
      [p1.id, 'spot.cancelled'],
    ]);
  });

  it('spot: a fill whose commit fails writes nothing, and the book stays as it was', async () => {
    const seller = await user([grant(CURRENCY_ID.BTC, '1')]);
    const buyer = await user([grant(USDT, '1000')]);
    const sell = await order(seller, CURRENCY_ID.BTC, 'out', '0.2', '90');
    await s.ctx.db.exec(`
      CREATE FUNCTION kt_refuse() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
      CREATE CONSTRAINT TRIGGER kt_refuse AFTER INSERT ON transaction_complete
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kt_refuse();`);
    try {
      const take = {
        userId: buyer.id,
        matchId: 1,
        side: 'buy' as const,
        mode: 2 as const,
        price: new Decimal('90'),
        num: new Decimal('0.2'),
        clientId: null,
      };
      await expect(s.spot.place(take)).rejects.toThrow(/refused by the test/);
    } finally {
      await s.ctx.db.exec(
        'DROP TRIGGER kt_refuse ON transaction_complete; DROP FUNCTION kt_refuse();',
      );
    }
    expect(await notesOf(s, seller)).toEqual([]);
    expect(await notesOf(s, buyer)).toEqual([]);
    expect(await pumpNotes(s)).toEqual([]);
    expect(s.spot.core.book(1).get(sell)?.remaining).toBe(2000n);
    // the same order again commits, and both are told once
    await order(buyer, CURRENCY_ID.BTC, 'in', '0.2', '90');
    expect((await notesOf(s, seller)).map((n) => n.kind)).toEqual(['spot.filled']);
    expect((await notesOf(s, buyer)).map((n) => n.kind)).toEqual(['spot.filled']);
    expect(await pumpNotes(s)).toHaveLength(2);
  });

  it('spot: a market order’s dropped rest is no cancel; simulated makers get nothing', async () => {
    // LTC/USDT, 2 price and 2 amount decimals; nothing rests on it yet
    const seller = await user([grant(CURRENCY_ID.LTC, '10')]);
    const buyer = await user([grant(USDT, '100000')]);
    const sym = 'LTC/USDT';
    const sell = await order(seller, CURRENCY_ID.LTC, 'out', '0.5', '85');
    // a market buy of more than rests: the rest is dropped, never shown open
    const buy = await order(buyer, CURRENCY_ID.LTC, 'in', '2', null);
    expect(await notesOf(s, buyer)).toEqual([
      { kind: 'spot.filled', params: { ...spot(buy, sym, 'buy'), amount: '0.5', price: '85' } },
    ]);
    expect(await notesOf(s, seller)).toEqual([
      { kind: 'spot.filled', params: { ...spot(sell, sym, 'sell'), amount: '0.5', price: '85' } },
    ]);
    expect((await pumpNotes(s)).map((n) => [n.userId, n.kind])).toEqual([
      [buyer.id, 'spot.filled'],
      [seller.id, 'spot.filled'],
    ]);
    // against the simulated makers' quotes: only the real taker is told, its exact average
    for (let i = 0; i < 3; i++) await s.makers?.step();
    await s.spot.idle();
    const taken = await order(buyer, CURRENCY_ID.LTC, 'in', '1', null);
    const facts = await s.ctx.db.query<{ n: string; notional: string }>(
      `SELECT SUM(number) AS n, SUM(price * number) AS notional FROM transaction_complete
       WHERE taker_order_id = $1`,
      [taken],
    );
    const filled = new Decimal(facts[0]?.n ?? '0');
    expect(filled.greaterThan(0)).toBe(true);
    const average = new Decimal(facts[0]?.notional ?? '0')
      .dividedBy(filled)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect((await notesOf(s, buyer)).slice(1)).toEqual([
      {
        kind: 'spot.filled',
        params: { ...spot(taken, sym, 'buy'), amount: filled.toFixed(), price: average.toFixed() },
      },
    ]);
    expect((await pumpNotes(s)).map((n) => [n.userId, n.kind])).toEqual([
      [buyer.id, 'spot.filled'],
    ]);
  });

  // ---- contracts -----------------------------------------------------------------------------

  const submit = async (u: User, form: Record<string, string>): Promise<number> => {
    const r = await post(
      s,
      '/api/lever/submit',
      { ...pairOf(CURRENCY_ID.BTC), multiple: '10', type: '1', share: '10', ...form },
      auth(u),
    );
    expect(r.type).toBe('ok');
    return (r.message as { id: number }).id;
  };
  const lever = (side: 'long' | 'short', amount: string, price: string) => ({
    symbol: 'BTC/USDT',
    side,
    amount,
    price,
  });

  it('contracts: opened (market and limit), closed by the owner and in a batch', async () => {
    mark = new Decimal('67000');
    const u = await user([grant(USDT, '10000', 'lever_balance')]);
    // 10 hands of 0.01 at the mark plus the 0.01 % spread
    const long = await submit(u, {});
    expect(await notesOf(s, u)).toEqual([
      { kind: 'lever.opened', params: lever('long', '0.1', '67006.7') },
    ]);
    mark = new Decimal('67100');
    expect((await post(s, '/api/lever/close', { id: String(long) }, auth(u))).type).toBe('ok');
    // a limit short rests until the mark reaches 67200, then opens at 67200 less the spread
    await submit(u, { type: '2', status: '0', target_price: '67200' });
    await s.leverRunner.step();
    expect(await notesOf(s, u)).toHaveLength(2);
    mark = new Decimal('67250');
    await s.leverRunner.step();
    await submit(u, { share: '1' });
    mark = new Decimal('67000');
    expect((await post(s, '/api/lever/batch_close', { type: '0' }, auth(u))).type).toBe('ok');
    expect((await notesOf(s, u)).slice(1)).toEqual([
      // (67100 − 67006.7) × 0.1
      { kind: 'lever.closed', params: { ...lever('long', '0.1', '67100'), profit: '9.33' } },
      { kind: 'lever.opened', params: lever('short', '0.1', '67193.28') },
      { kind: 'lever.opened', params: lever('long', '0.01', '67256.73') },
      // (67193.28 − 67000) × 0.1, then (67000 − 67256.73) × 0.01: a loss, signed
      { kind: 'lever.closed', params: { ...lever('short', '0.1', '67000'), profit: '19.328' } },
      { kind: 'lever.closed', params: { ...lever('long', '0.01', '67000'), profit: '-2.5673' } },
    ]);
    const pushed = await pumpNotes(s);
    expect(pushed.map((n) => n.kind)).toEqual([
      'lever.opened',
      'lever.closed',
      'lever.opened',
      'lever.opened',
      'lever.closed',
      'lever.closed',
    ]);
    expect(pushed.every((n) => n.userId === u.id)).toBe(true);
  });

  it('contracts: take-profit, stop-loss and liquidation say so', async () => {
    mark = new Decimal('67000');
    const u = await user([grant(USDT, '10000', 'lever_balance')]);
    const short = await submit(u, { type: '2' }); // at 66993.3
    const long = await submit(u, {}); // at 67006.7
    const stops = async (id: number, tp: string, sl: string) =>
      expect(
        (
          await post(
            s,
            '/api/lever/setstop',
            { id: String(id), target_profit_price: tp, stop_loss_price: sl },
            auth(u),
          )
        ).type,
      ).toBe('ok');
    await stops(short, '66000', '68000');
    await stops(long, '68000', '66500');
    mark = new Decimal('65900'); // the short's take-profit and the long's stop-loss at once
    await s.leverRunner.step();
    expect((await notesOf(s, u)).slice(2)).toEqual([
      {
        kind: 'lever.stop',
        params: { ...lever('short', '0.1', '65900'), profit: '109.33', trigger: 'profit' },
      },
      {
        kind: 'lever.stop',
        params: { ...lever('long', '0.1', '65900'), profit: '-110.67', trigger: 'loss' },
      },
    ]);
    // 100× with little free balance: a small move liquidates
    mark = new Decimal('67000');
    const poor = await user([grant(USDT, '100', 'lever_balance')]);
    await submit(poor, { multiple: '100' });
    mark = new Decimal('66100');
    await s.leverRunner.step();
    expect(await notesOf(s, poor)).toEqual([
      { kind: 'lever.opened', params: lever('long', '0.1', '67006.7') },
      { kind: 'lever.liquidated', params: { ...lever('long', '0.1', '66100'), profit: '-90.67' } },
    ]);
    expect((await notesOf(s, u)).map((n) => n.kind)).toEqual([
      'lever.opened',
      'lever.opened',
      'lever.stop',
      'lever.stop',
    ]);
    const pushed = await pumpNotes(s);
    expect(pushed.map((n) => [n.userId, n.kind])).toEqual([
      [u.id, 'lever.opened'],
      [u.id, 'lever.opened'],
      [u.id, 'lever.stop'],
      [u.id, 'lever.stop'],
      [poor.id, 'lever.opened'],
      [poor.id, 'lever.liquidated'],
    ]);
  });

  // ---- second contracts ----------------------------------------------------------------------

  it('second contracts: win, draw and loss, each once, with the exact payout', async () => {
    const u = await user([grant(USDT, '1000', 'micro_balance')]);
    const other = await user([grant(USDT, '1000', 'micro_balance')]);
    const place = async (who: User, type: '1' | '2') => {
      const r = await post(
        s,
        '/api/microtrade/submit',
        { match_id: '1', currency_id: String(USDT), type, seconds: '30', number: '100' },
        auth(who),
      );
      expect(r.type).toBe('ok');
    };
    const settleAt = async (price: string) => {
      s.clock.now += 31_000;
      mark = new Decimal(price);
      await s.micro.settle();
    };
    mark = new Decimal('67000');
    await place(u, '1');
    await place(other, '2');
    await settleAt('67000.01'); // up wins 100 × (1 + 85 %); down loses
    mark = new Decimal('67000');
    await place(u, '1');
    await settleAt('67000'); // a draw gives the stake back
    const micro = (amount: string, payout: string, outcome: string) => ({
      kind: 'micro.settled',
      params: { symbol: 'BTC/USDT', coin: 'USDT', amount, payout, outcome },
    });
    expect(await notesOf(s, u)).toEqual([micro('100', '185', 'win'), micro('100', '100', 'draw')]);
    expect(await notesOf(s, other)).toEqual([micro('100', '0', 'lose')]);
    expect(await s.micro.settle()).toEqual([]);
    expect((await pumpNotes(s)).map((n) => [n.userId, n.params.outcome])).toEqual([
      [u.id, 'win'],
      [other.id, 'lose'],
      [u.id, 'draw'],
    ]);
  });
});
