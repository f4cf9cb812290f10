// OCO on spot against a real server (issue 44, ADR 0056): the funds held once for the dearer leg,
// the refusals at the edge, the limit leg's first fill ending the stop, the stop reached ending
// the limit leg, a cancel of either leg ending both, an amend of a leg refused, and both legs
// pressed at once: exactly one executes. No market maker runs: every price is what two users
// trade at. Every balance equals its ledger at the end. On PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { backends } from '../db/test-databases.ts';
import type { TestServer } from '../testing/helpers.ts';
import { startTestServer } from '../testing/helpers.ts';
import { ledgerProblems } from '../testing/security/fuzz-world.ts';
import { spotMarket, type SpotKit, type User } from '../testing/spot-kit.ts';

let s: TestServer;
let k: SpotKit;
let maker: User;
let taker: User;

const num = (v: string) => new Decimal(v).toFixed();

/** A sell OCO of `qty` BTC: limit leg at `limit`, stop at `trigger` (at market, or at `price`). */
function sellOco(u: User, limit: string, trigger: string, qty: string, price?: string) {
  return k.place(u, {
    type: 'out',
    kind: price === undefined ? 'stop_market' : 'stop_limit',
    trigger_price: trigger,
    ...(price === undefined ? {} : { price }),
    num: qty,
    oco_price: limit,
  });
}

/** A buy OCO of 0.1 BTC: 55,000 if it dips, or a stop-limit at 65,100 once it rises to 65,000. */
const BUY_OCO = {
  type: 'in',
  kind: 'stop_limit',
  trigger_price: '65000',
  price: '65100',
  num: '0.1',
  oco_price: '55000',
};

async function placedOco(r: Promise<{ type: string; message: unknown }>) {
  const x = await r;
  expect(x.type, JSON.stringify(x.message)).toBe('ok');
  return x.message as { id: number; order_id: number; msg: string };
}

describe.each(backends())('OCO on %s', (backend) => {
  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
    ({ k, maker, taker } = await spotMarket(s, 'oco'));
  }, 60_000);

  afterAll(async () => {
    expect(await ledgerProblems(s)).toEqual([]);
    await s.close();
  });

  it('a sell holds its coins once for both legs; a buy holds the dearer leg, and a cancel gives all back', async () => {
    const u = await k.user('10000', '1');
    const sell = await placedOco(sellOco(u, '66000', '55000', '1'));
    expect(sell.msg).toContain('OCO placed');
    expect(await k.btc(u)).toEqual({ available: num('0'), locked: num('1') });
    const waiting = await k.list(u, 'waiting');
    expect(waiting[0]).toMatchObject({
      id: sell.id,
      oco_order_id: sell.order_id,
      oco_price: '66000.00',
    });
    // a buy: the limit leg locks 55,000 × 0.1; the stop-limit needs 65,100 × 0.1, 1,010 more
    const buy = await placedOco(k.place(u, BUY_OCO));
    expect(await k.usdt(u)).toEqual({ available: num('3490'), locked: num('6510') });
    // cancelling the stop leg cancels the limit leg too, and everything comes back
    await k.cancelTrigger(u, buy.id);
    await k.cancelTrigger(u, sell.id);
    expect(await k.usdt(u)).toEqual({ available: num('10000'), locked: num('0') });
    expect(await k.btc(u)).toEqual({ available: num('1'), locked: num('0') });
    expect(await k.orderStatus(buy.order_id)).toBe(2);
    expect(await k.orderStatus(sell.order_id)).toBe(2);
  });

  it('refuses a pair without the funds for the dearer leg, a limit leg that would trade, prices on the wrong side and a take-profit leg, placing nothing', async () => {
    const u = await k.user('6000', '1');
    const before = await k.counts(u);
    const refused = async (form: Promise<{ type: string; message: unknown }>, text: string) => {
      const r = await form;
      expect(r.type).toBe('error');
      expect(String(r.message)).toContain(text);
    };
    // 5,500 for the limit leg, but 6,510 for the stop: not enough for both
    await refused(k.place(u, BUY_OCO), 'Not enough');
    // a bid at 59,500 rests: a sell limit leg at 59,000 would take it
    const bid = await k.order(taker, 'in', '59500', '0.01');
    await refused(sellOco(u, '59000', '55000', '0.5'), 'would trade at once');
    await k.cancelOrder(taker, bid);
    await refused(sellOco(u, '54000', '55000', '0.5'), 'above the stop');
    await refused(sellOco(u, '66000', '61000', '0.5'), 'already reached');
    await refused(
      k.place(u, {
        type: 'out',
        kind: 'tp_market',
        trigger_price: '70000',
        num: '0.5',
        oco_price: '66000',
      }),
      'stop limit or a stop market',
    );
    for (const bad of ['0', '-1', '1e5', '66000.001', 'abc', '1'.repeat(40)])
      expect((await sellOco(u, bad, '55000', '0.5')).type).toBe('error');
    expect(await k.counts(u)).toEqual(before);
    expect(await k.usdt(u)).toEqual({ available: num('6000'), locked: num('0') });
    expect(await k.btc(u)).toEqual({ available: num('1'), locked: num('0') });
  });

  it("the limit leg's first fill, even a part, cancels the stop: a later fall fires nothing", async () => {
    const u = await k.user('0', '1');
    const oco = await placedOco(sellOco(u, '66000', '55000', '1'));
    await k.order(taker, 'in', '66000', '0.3');
    await s.spot.idle();
    expect(await k.trigger(oco.id)).toMatchObject({
      status: 2,
      order_id: null,
      reason: 'spot.oco.limitFilled',
    });
    expect(await k.notes(u)).toContainEqual(
      expect.objectContaining({
        kind: 'spot.ocoCancelled',
        params: expect.objectContaining({ leg: 'stop', order_id: `T${oco.id}` }),
      }),
    );
    await k.tradeAt(maker, taker, '50000');
    expect(await k.trigger(oco.id)).toMatchObject({ status: 2, order_id: null });
    // the limit leg rests on with its 0.7 BTC
    expect(await k.orderStatus(oco.order_id)).toBe(0);
    expect(await k.btc(u)).toEqual({ available: num('0'), locked: num('0.7') });
    await k.cancelOrder(u, oco.order_id);
    expect(await k.btc(u)).toEqual({ available: num('0.7'), locked: num('0') });
    await k.tradeAt(maker, taker, '60000');
  });

  it('the stop reached cancels the limit leg in the transaction that places its order', async () => {
    const u = await k.user('0', '1');
    const oco = await placedOco(sellOco(u, '66000', '55000', '1', '54000'));
    await k.tradeAt(maker, taker, '55000');
    const fired = await k.trigger(oco.id);
    expect(fired.status).toBe(1);
    expect(fired.order_id).not.toBeNull();
    expect(await k.orderStatus(oco.order_id)).toBe(2);
    expect(await k.fills(oco.order_id)).toBe(0);
    expect(await k.notes(u)).toContainEqual(
      expect.objectContaining({
        kind: 'spot.ocoCancelled',
        params: expect.objectContaining({ leg: 'limit', order_id: String(oco.order_id) }),
      }),
    );
    // the stop's sell at 54,000 rests with the coin the limit leg held; nothing more is locked
    expect(await k.btc(u)).toEqual({ available: num('0'), locked: num('1') });
    await k.cancelOrder(u, fired.order_id ?? 0);
    await k.tradeAt(maker, taker, '60000');
  });

  it('cancelling the limit leg cancels the stop; amending it is refused', async () => {
    const u = await k.user('0', '1');
    const oco = await placedOco(sellOco(u, '66000', '55000', '1'));
    const amend = await k.amend(u, oco.order_id, '67000');
    expect(amend.type).toBe('error');
    expect(String(amend.message)).toContain('one leg of an OCO');
    await k.cancelOrder(u, oco.order_id);
    expect(await k.trigger(oco.id)).toMatchObject({ status: 2, reason: 'spot.oco.limitCancelled' });
    expect(await k.btc(u)).toEqual({ available: num('1'), locked: num('0') });
    const done = await k.list(u, 'done');
    expect(done[0]).toMatchObject({
      id: oco.id,
      status: 2,
      reason: "its OCO's limit order was cancelled",
    });
  });

  it('both legs pressed at once, and a cancel racing them: exactly one outcome, funds exact', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await k.user('0', '1');
      const oco = await placedOco(sellOco(u, '61000', '59000', '1', '58000'));
      // a buyer reaching the limit leg, a trade at the trigger and the owner's cancel, together
      await Promise.allSettled([
        k.order(taker, 'in', '61000', '0.2'),
        k.tradeAt(maker, taker, '59000', null),
        round === 2 ? k.cancelTrigger(u, oco.id) : Promise.resolve(),
      ]);
      await s.spot.idle();
      const t = await k.trigger(oco.id);
      const limitFills = await k.fills(oco.order_id);
      // never both: a filled limit leg and a fired stop
      expect(limitFills > 0 && t.status === 1).toBe(false);
      expect(t.status).not.toBe(0);
      if (t.status === 1) expect(await k.orderStatus(oco.order_id)).toBe(2);
      // whatever happened, the coin is either sold, resting or back: never more than the one BTC
      const coin = await k.btc(u);
      expect(new Decimal(coin.available).plus(coin.locked).lte(1)).toBe(true);
      for (const who of [u, taker])
        for (const id of await k.openOrders(who)) await k.cancelOrder(who, id);
      await k.tradeAt(maker, taker, '60000');
    }
  });
});
