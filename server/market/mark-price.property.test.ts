// The mark price against manipulation (issue 18, ADR 0021), on a real server and database:
// one person with two accounts, A and B, trades with themselves on a thin BTC/USDT book at any
// price and size, leaves orders resting to move the mid, cancels them, in any order and at any
// pace. A holds a 0.1 BTC long and a 30-second contract opened at the mark before the attack.
//  MP1 boundedByBand: with the simulator on, the mark never stands further than the band from
//      the index; with it off, no further than the band from the mark before the attack for a
//      whole window after it starts.
//  MP2 closeAtMark: closing the long credits its margin plus (mark − open price) × number, the
//      mark within MP1's band; the second contract settles at that same kind of price. So
//      self-trades create no money: a 0.1 BTC long gains at most band × its value.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { backends, runsOn } from '../db/test-databases.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { post, startTestServer, testUser } from '../testing/helpers.ts';
import { MARK_RULES, MarkPrices, serverMarkSources } from './mark-price.ts';

const { USDT, BTC: BTC_ID } = CURRENCY_ID;
const BTC = { legal_id: String(USDT), currency_id: String(BTC_ID) };
const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };
const HONEST = new Decimal('67000.00');
const BAND = new Decimal(MARK_RULES.bandBp.toString()).dividedBy(10_000);
const TICK = new Decimal('0.01');

type Step =
  | { kind: 'selfTrade'; factor: number; lots: number; dt: number }
  | { kind: 'rest'; side: 'buy' | 'sell'; factor: number; lots: number; dt: number }
  | { kind: 'cancel'; dt: number };

/** A price `factor` times the honest one (0.01× … 100×), in BTC/USDT's two decimals. */
const priceAt = (factor: number): string =>
  Decimal.max(HONEST.times(factor).toDecimalPlaces(2), TICK).toFixed(2);

// log-uniform over 0.01 … 100 (a double would cluster at the special values near 0)
const factor = fc.integer({ min: -4605, max: 4605 }).map((i) => Math.exp(i / 1000));
const lots = fc.integer({ min: 1, max: 100_000 }); // 0.0001 … 10 BTC
const dt = fc.integer({ min: 0, max: 3000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('selfTrade' as const), factor, lots, dt }),
  fc.record({
    kind: fc.constant('rest' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    factor,
    lots,
    dt,
  }),
  fc.record({ kind: fc.constant('cancel' as const), dt }),
);

describe.each(backends().flatMap((b) => [true, false].map((simOff) => [b, simOff] as const)))(
  'the mark price under self-trades (%s, SIM_OFF=%s)',
  (backend, simOff) => {
    let s: TestServer;
    let a: { id: number; token: string };
    let b: { id: number; token: string };

    const account = (name: string) =>
      testUser(s, `${name}-${simOff ? 'off' : 'on'}@example.com`, {
        grants: [
          { currencyId: USDT, field: 'change_balance', amount: '900000000' },
          { currencyId: BTC_ID, field: 'change_balance', amount: '10000' },
          { currencyId: USDT, field: 'lever_balance', amount: '100000' },
          { currencyId: USDT, field: 'micro_balance', amount: '100000' },
        ],
      });

    const order = async (
      who: { token: string },
      side: 'buy' | 'sell',
      price: string,
      num: string,
    ): Promise<void> => {
      const r = await post(
        s,
        side === 'buy' ? '/api/transaction/in' : '/api/transaction/out',
        { ...BTC, price, num, mode: '2' },
        { authorization: who.token },
      );
      expect(r.type, `${side} ${num} at ${price}: ${JSON.stringify(r.message)}`).toBe('ok');
    };

    async function cancelAll(): Promise<void> {
      const rows = await s.ctx.db.query<{ id: number; user_id: number }>(
        'SELECT id, user_id FROM spot_orders WHERE status = 0 AND user_id IN ($1, $2)',
        [a.id, b.id],
      );
      for (const r of rows)
        await post(
          s,
          '/api/transaction_del',
          { id: String(r.id) },
          { authorization: r.user_id === a.id ? a.token : b.token },
        );
    }

    /** B sells and A buys `lots` at `price`: the two accounts of one person trade. */
    async function selfTrade(price: string, n: number): Promise<void> {
      const num = new Decimal(n).dividedBy(10_000).toFixed(4);
      await order(b, 'sell', price, num);
      await order(a, 'buy', price, num);
    }

    beforeAll(async () => {
      s = await startTestServer({
        backend,
        marketTimer: false,
        simOff,
        rateLimits: { login: UNLIMITED, codes: UNLIMITED, orders: UNLIMITED },
      });
      a = await account('mark-a');
      b = await account('mark-b');
    }, 120_000);

    afterAll(async () => {
      await s.close();
    });

    /** An honest market (no resting orders of A and B, the last trade at the honest price)
     *  with a minute of marks behind it; lever and micro take their price from these marks. */
    async function honestMarks(): Promise<MarkPrices> {
      await cancelAll();
      await selfTrade(HONEST.toFixed(2), 1);
      const marks = new MarkPrices(
        s.spot.pairs(),
        serverMarkSources(s.spot, s.ctx.market, simOff),
        s.clock.now,
      );
      for (let i = 0; i < 60; i++) marks.sample((s.clock.now += 1000));
      Object.assign(s.lever, { priceOf: marks.priceOf });
      Object.assign(s.micro, { priceOf: marks.priceOf });
      return marks;
    }

    /** A opens a 0.1 BTC long (10 hands × 0.01) and a 30 s "up" contract at the mark. */
    async function openAt(start: Decimal): Promise<void> {
      const opened = await post(
        s,
        '/api/lever/submit',
        { ...BTC, share: '10', multiple: '10', type: '1' },
        { authorization: a.token },
      );
      expect(opened.type).toBe('ok');
      const micro = await post(
        s,
        '/api/microtrade/submit',
        { match_id: '1', currency_id: String(USDT), type: '1', seconds: '30', number: '100' },
        { authorization: a.token },
      );
      expect(micro.type).toBe('ok');
      expect((micro.message as { open_price: string }).open_price).toBe(start.toFixed());
    }

    async function play(st: Step): Promise<void> {
      if (st.kind === 'selfTrade') await selfTrade(priceAt(st.factor), st.lots);
      else if (st.kind === 'rest')
        await order(
          st.side === 'buy' ? a : b,
          st.side,
          priceAt(st.factor),
          new Decimal(st.lots).dividedBy(10_000).toFixed(4),
        );
      else await cancelAll();
    }

    /** Closes A's long: the credit must be margin + (mark − open) × number, nothing more. */
    async function closeLong(mark: Decimal, start: Decimal): Promise<void> {
      const [position] = await s.ctx.db.query<{
        id: number;
        price: string;
        number: string;
        caution_money: string;
      }>(
        'SELECT id, price, number, caution_money FROM lever_transactions WHERE user_id = $1 AND status = 1',
        [a.id],
      );
      if (position === undefined) throw new Error('no open position');
      const before = await leverFree(a.id);
      const closed = await post(
        s,
        '/api/lever/close',
        { id: String(position.id) },
        { authorization: a.token },
      );
      expect(closed.type).toBe('ok');
      const credit = (await leverFree(a.id)).minus(before);
      const profit = mark.minus(position.price).times(position.number);
      expect(credit.toFixed()).toBe(new Decimal(position.caution_money).plus(profit).toFixed());
      const value = start.times(position.number);
      expect(profit.lessThanOrEqualTo(value.times(BAND).times(2).plus(TICK))).toBe(true);
    }

    it('MP1 boundedByBand and MP2 closeAtMark for any attack', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
          const marks = await honestMarks();
          const start = marks.mark(1) ?? HONEST;
          // MP1: around the index with one, around the mark before the attack without
          const ref = simOff ? start : (marks.index(1) ?? start);
          const tick = (ms: number): void => {
            s.clock.now += ms;
            marks.sample(s.clock.now);
            const mark = marks.mark(1) ?? start;
            const slack = ref.times(BAND).plus(TICK);
            expect(mark.minus(ref).abs().lessThanOrEqualTo(slack), mark.toFixed()).toBe(true);
          };
          await openAt(start);
          const t0 = s.clock.now;
          for (const st of steps) {
            await play(st);
            // sample every second of the step's pause, as the server's timer does
            for (let t = 0; t < st.dt; t += 1000) tick(Math.min(1000, st.dt - t));
            tick(0);
          }
          // the contract expires, still within a window of the attack's start
          while (s.clock.now < t0 + 31_000) tick(1000);
          const mine = (await s.micro.settle()).find((o) => o.user_id === a.id);
          expect(mine?.end_price).toBe(marks.mark(1)?.toFixed());
          await closeLong(marks.mark(1) ?? start, start);
        }),
        { numRuns: runsOn(backend, 12, 6) },
      );
    }, 240_000);

    async function leverFree(userId: number): Promise<Decimal> {
      const rows = await s.ctx.db.query<{ v: string }>(
        'SELECT lever_balance AS v FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
        [userId, USDT],
      );
      return new Decimal(rows[0]?.v ?? '0');
    }
  },
);
