// OCO on spot, as properties over any sequence (issue 44, ADR 0056): random sell OCOs on a
// market that trades at random prices, buyers reaching the limit leg, and the owner cancelling,
// some of it at once. Named after its invariants:
// - at most one leg executes: a limit leg with a fill never has a fired stop;
// - a stop never fires before its trigger was traded at or through;
// - nothing is created or lost: the seller's coins, held or free, plus what was sold, are the
//   coins they started with, and every balance equals its ledger.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import type { TestServer } from '../testing/helpers.ts';
import { startTestServer } from '../testing/helpers.ts';
import { ledgerProblems } from '../testing/security/fuzz-world.ts';
import { spotKit, type SpotKit, type User } from '../testing/spot-kit.ts';

let s: TestServer;
let k: SpotKit;
let maker: User;
let taker: User;
let bidder: User;
const sellers: User[] = [];

type Step =
  | { kind: 'trade'; price: number }
  | { kind: 'take'; above: number; qty: number }
  | { kind: 'cancel' };

// trades and buyers mostly, so that a limit leg often fills in part before the price falls
// through the stop; a cancel now and then
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('trade' as const),
      price: fc.integer({ min: 50_000, max: 70_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('take' as const),
      above: fc.integer({ min: 0, max: 500 }),
      qty: fc.integer({ min: 1, max: 100 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const) }) },
);

const scenario = fc.record({
  limit: fc.integer({ min: 60_100, max: 66_000 }),
  trigger: fc.integer({ min: 54_000, max: 59_900 }),
  /** 0.01 BTC steps. */
  qty: fc.integer({ min: 1, max: 100 }),
  stopLimit: fc.boolean(),
  /** Steps run in groups: the steps of one group at once. */
  groups: fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 4 }),
});

/** Σ the user's sell fills, BTC. */
async function sold(u: User): Promise<Decimal> {
  const rows = await s.ctx.db.query<{ n: string | null }>(
    `SELECT sum(t.number)::text AS n FROM transaction_complete t
     JOIN spot_orders o ON o.id = t.maker_order_id OR o.id = t.taker_order_id
     WHERE o.user_id = $1 AND o.side = 'out'`,
    [u.id],
  );
  return new Decimal(rows[0]?.n ?? '0');
}

/** A buyer reaching up to `price` for `qty` hundredths of a BTC; what does not fill is cancelled. */
async function take(price: string, qty: number): Promise<void> {
  const id = await k.order(taker, 'in', price, new Decimal(qty).div(100).toFixed());
  if ((await k.orderStatus(id)) === 0) await k.cancelOrder(taker, id);
}

describe('OCO properties', () => {
  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false });
    k = spotKit(s, 'ocoprop');
    maker = await k.user('0', '1000');
    taker = await k.user('100000000', '0');
    bidder = await k.user('100000000', '0');
    await k.tradeAt(maker, taker, '60000');
  }, 60_000);

  afterAll(async () => {
    await s.close();
  });

  it('at most one leg executes, no stop fires before its trigger, and no coin is created or lost', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        // every run (a shrinking one too) starts on an empty book at 60,000
        for (const who of [maker, taker, bidder, ...sellers])
          for (const id of await k.openOrders(who)) await k.cancelOrder(who, id);
        await k.tradeAt(maker, taker, '60000');
        // a deep bid far below: a stop at market finds a buyer
        await k.order(bidder, 'in', '45000', '10');
        // more coins than the pair sells: the funds alone do not stop a second leg
        const u = await k.user('0', '2');
        sellers.push(u);
        const qty = new Decimal(sc.qty).div(100).toFixed();
        const r = await k.place(u, {
          type: 'out',
          kind: sc.stopLimit ? 'stop_limit' : 'stop_market',
          trigger_price: String(sc.trigger),
          ...(sc.stopLimit ? { price: String(sc.trigger - 500) } : {}),
          num: qty,
          oco_price: String(sc.limit),
        });
        expect(r.type, JSON.stringify(r.message)).toBe('ok');
        const oco = r.message as { id: number; order_id: number };
        let lowest = 60_000;
        for (const group of sc.groups) {
          await Promise.allSettled(
            group.map((st) => {
              if (st.kind === 'trade') {
                lowest = Math.min(lowest, st.price);
                return k.tradeAt(maker, taker, String(st.price), null);
              }
              if (st.kind === 'take') return take(String(sc.limit + st.above), st.qty);
              return k.cancelTrigger(u, oco.id);
            }),
          );
          await s.spot.idle();
        }
        const t = await k.trigger(oco.id);
        console.log(
          'RUN',
          JSON.stringify(sc),
          t,
          await k.fills(oco.order_id),
          await k.orderStatus(oco.order_id),
        );
        // at most one leg executes
        expect((await k.fills(oco.order_id)) > 0 && t.status === 1).toBe(false);
        if (t.status === 1) expect(await k.orderStatus(oco.order_id)).toBe(2);
        // never before its condition held: some trade reached the trigger (a stop's own sale
        // at its limit trades lower still, so `lowest` counts only the market's trades)
        if (t.status === 1) expect(lowest).toBeLessThanOrEqual(sc.trigger);
        // nothing created or lost
        const coin = await k.btc(u);
        expect(
          new Decimal(coin.available)
            .plus(coin.locked)
            .plus(await sold(u))
            .toFixed(),
        ).toBe('2');
      }),
      { numRuns: 40 },
    );
    expect(await ledgerProblems(s)).toEqual([]);
  }, 120_000);
});
