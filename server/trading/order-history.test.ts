// Issue 20 items 1 and 8 over HTTP: a finished order shows what it really did. The completed
// list (`transaction/entrust`, type complete) and the spot order history (`transaction_history`)
// carry the filled quantity and the volume-weighted average fill price of the order's own fills
// (never the limit, nor a market order's protective band), the limit apart; cancelled orders
// (untouched, partly filled, a market order's dropped rest) stay listed with their status.
// The makers never quote (no timer, never stepped): the test owns the BTC/USDT book.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import type { EntrustItem, EntrustRow, OrderHistoryRow, PagedList } from '../../src/shared/wire.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { post, startTestServer, testUser } from '../testing/helpers.ts';
import { averageFillPrice } from './units.ts';

let s: TestServer;
let maker: { authorization: string };
let taker: { authorization: string };
const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };

async function order(
  who: { authorization: string },
  side: 'in' | 'out',
  form: { price?: string; num: string },
): Promise<string> {
  const mode = form.price === undefined ? '1' : '2';
  const r = await post(s, `/api/transaction/${side}`, { ...BTC, ...form, mode }, who);
  expect(r.type, String(r.message)).toBe('ok');
  return String(r.message);
}

/** The user's newest resting order of a side (to cancel it). */
async function newestResting(who: { authorization: string }, side: 'in' | 'out'): Promise<number> {
  const r = await post(s, `/api/transaction_${side}`, {}, who);
  const id = (r.message as PagedList<EntrustRow>).list[0]?.id;
  if (id === undefined) throw new Error('nothing rests');
  return id;
}

async function cancel(who: { authorization: string }, side: 'in' | 'out'): Promise<void> {
  const id = await newestResting(who, side);
  const r = await post(s, '/api/transaction_del', { id: String(id), type: side }, who);
  expect(r.type).toBe('ok');
}

async function history(who: { authorization: string }, form: Record<string, string> = {}) {
  const r = await post(s, '/api/transaction_history', form, who);
  expect(r.type).toBe('ok');
  return r.message as PagedList<OrderHistoryRow>;
}

async function completed(who: { authorization: string }): Promise<EntrustItem[]> {
  const r = await post(s, '/api/transaction/entrust', { type: 'complete' }, who);
  expect(r.type).toBe('ok');
  return (r.message as PagedList<EntrustItem>).list;
}

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  const m = await testUser(s, 'history-maker@example.com', {
    grants: [{ currencyId: CURRENCY_ID.BTC, field: 'change_balance', amount: '1' }],
  });
  const t = await testUser(s, 'history-taker@example.com', {
    grants: [{ currencyId: CURRENCY_ID.USDT, field: 'change_balance', amount: '100000' }],
  });
  maker = { authorization: m.token };
  taker = { authorization: t.token };
  const book = s.spot.core.book(1);
  for (const o of [...book.allOrders()]) await s.spot.simCancel(1, o.id);
  expect(book.orderCount).toBe(0);
}, 60_000);

afterAll(async () => {
  await s.close();
});

describe('a finished order shows its fill price (issue 20, item 1)', () => {
  it('a market buy across two levels: the average of its fills, not the band bound', async () => {
    await order(maker, 'out', { price: '69200.00', num: '0.0100' });
    await order(maker, 'out', { price: '69216.50', num: '0.0200' });
    // the band bound: 5 % above the best ask, what the order row stores as its price
    expect(await order(taker, 'in', { num: '0.0300' })).toBe('Order filled: 0.0300 BTC.');

    const [done] = await completed(taker);
    // (692.00 + 1384.33) / 0.03 = 69211.00; the band bound would be 72660.00
    expect(done).toMatchObject({
      price: '69211.00',
      avg_price: '69211.00',
      number: '0.0300',
      complete_number: '0.0300',
      total_number: '0.0300',
      status: 1,
      mode: 1,
      type: 'in',
    });
    expect(done).not.toHaveProperty('limit_price');

    const [row] = (await history(taker)).list;
    expect(row).toMatchObject({
      type: 'in',
      way: 2,
      mode: 1,
      status: 1,
      avg_price: '69211.00',
      complete_number: '0.0300',
      total_number: '0.0300',
      fee: '0',
      currency_name: 'BTC',
      legal_name: 'USDT',
    });
    expect(row).not.toHaveProperty('limit_price');

    // the makers' orders filled whole at their own limits
    const makers = (await history(maker)).list;
    expect(makers.map((r) => [r.status, r.avg_price, r.limit_price, r.complete_number])).toEqual([
      [1, '69216.50', '69216.50', '0.0200'],
      [1, '69200.00', '69200.00', '0.0100'],
    ]);
  });

  it('a crossing limit buy: the makers’ prices averaged exactly, the limit apart, its fee', async () => {
    s.spot.core.setFeeRate(1, 1_000_000n); // 1 %
    try {
      await order(maker, 'out', { price: '69200.00', num: '0.0100' });
      await order(maker, 'out', { price: '69200.01', num: '0.0200' });
      expect(await order(taker, 'in', { price: '70000.00', num: '0.0300' })).toBe(
        'Order filled: 0.0300 BTC.',
      );
    } finally {
      s.spot.core.setFeeRate(1, 0n);
    }
    // (692.0000 + 1384.0002) / 0.03 = 69200.00666…: half up at the pair's 2 decimals
    const [row] = (await history(taker)).list;
    expect(row).toMatchObject({
      mode: 2,
      status: 1,
      avg_price: '69200.01',
      limit_price: '70000.00',
      complete_number: '0.0300',
      fee: '0.0003',
    });
    const [done] = await completed(taker);
    expect(done).toMatchObject({ price: '69200.01', limit_price: '70000.00', mode: 2 });
  });

  it('the average is exact decimal, rounded half up, and between the fill prices', () => {
    const fills: [string, string][] = [
      ['0.1', '3'],
      ['0.2', '3.3'],
    ];
    const notional = fills.reduce((a, [p, q]) => a.plus(new Decimal(p).times(q)), new Decimal(0));
    const filled = fills.reduce((a, [, q]) => a.plus(q), new Decimal(0));
    // 0.1 × 3 + 0.2 × 3.3 = 0.96 over 6.3 = 0.15238…; a float sum gives 0.9600000000000001
    expect(averageFillPrice(notional, filled, 4)).toBe('0.1524');
    expect(averageFillPrice(new Decimal('0.25'), new Decimal('1'), 1)).toBe('0.3');
    expect(averageFillPrice(new Decimal(0), new Decimal(0), 2)).toBeNull();
  });
});

describe('cancelled orders stay in the history with their status (issue 20, item 8)', () => {
  it('untouched, partly filled, and a market order’s dropped rest', async () => {
    // a resting buy cancelled before anything filled
    await order(taker, 'in', { price: '60000.00', num: '0.0100' });
    await cancel(taker, 'in');
    // a buy that fills 0.0100 of 0.0300, rests, and is cancelled
    await order(maker, 'out', { price: '69300.00', num: '0.0100' });
    await order(taker, 'in', { price: '69300.00', num: '0.0300' });
    await cancel(taker, 'in');
    // a market buy: 0.0100 fills, the next ask is beyond the 5 % band, the rest is dropped
    await order(maker, 'out', { price: '69400.00', num: '0.0100' });
    await order(maker, 'out', { price: '80000.00', num: '0.0100' });
    expect(await order(taker, 'in', { num: '0.0300' })).toBe(
      '0.0100 of 0.0300 BTC filled; the rest was cancelled because it would have traded more than 5 % away from the best price.',
    );
    await cancel(maker, 'out');

    const rows = (await history(taker)).list.slice(0, 3);
    expect(rows.map((r) => [r.mode, r.status, r.complete_number, r.total_number])).toEqual([
      [1, 2, '0.0100', '0.0300'],
      [2, 2, '0.0100', '0.0300'],
      [2, 2, '0.0000', '0.0100'],
    ]);
    expect(rows.map((r) => r.avg_price ?? null)).toEqual(['69400.00', '69300.00', null]);
    expect(rows.map((r) => r.limit_price ?? null)).toEqual([null, '69300.00', '60000.00']);

    const done = (await completed(taker)).slice(0, 3);
    expect(done.map((r) => [r.status, r.number, r.complete_number, r.price])).toEqual([
      [2, '0.0100', '0.0100', '69400.00'],
      [2, '0.0100', '0.0100', '69300.00'],
      [2, '0.0000', '0.0000', '60000.00'],
    ]);
    // the maker's cancelled ask is in its history too, nothing filled
    expect((await history(maker)).list[0]).toMatchObject({
      type: 'out',
      status: 2,
      complete_number: '0.0000',
      limit_price: '80000.00',
    });
  });

  it('pages ten at a time, newest first, filtered by pair; needs a session', async () => {
    const all = await history(taker);
    expect(all.total).toBe(5);
    expect(all.list.map((r) => r.id)).toEqual([...all.list.map((r) => r.id)].sort((a, b) => b - a));
    const ETH = { currency_id: String(CURRENCY_ID.ETH), legal_id: String(CURRENCY_ID.USDT) };
    expect(await history(taker, ETH)).toEqual({
      list: [],
      page: 1,
      pages: 1,
      total: 0,
    });
    expect((await history(taker, { currency_id: BTC.currency_id, page: '2' })).list).toEqual([]);
    const anonymous = await post(s, '/api/transaction_history', {});
    expect(anonymous.type).not.toBe('ok');
  });
});
