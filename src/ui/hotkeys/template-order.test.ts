// A template's order is exact: ticks from the reference in the pair's tick, a percent of funds
// rounded down (never more than there is), and a clear reason when none can be made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../shared/decimal.ts';
import type { OrderTemplate } from '../../shared/workspace.ts';
import { templateOrder, type TemplateMarket } from './template-order.ts';

const market: TemplateMarket = {
  bestBid: '70000.5',
  bestAsk: '70001',
  last: '70000.75',
  pricePrecision: 2,
  amountPrecision: 4,
};
const tpl = (over: Partial<OrderTemplate>): OrderTemplate => ({
  key: 'Alt+1',
  side: 'buy',
  price: { from: 'ask', ticks: 1 },
  size: { kind: 'percent', value: '25' },
  tif: 'gtc',
  postOnly: false,
  ...over,
});

describe('templateOrder', () => {
  it('buys 25 % of the available quote at the best ask + 1 tick, rounded down', () => {
    expect(templateOrder(tpl({}), market, { quote: '10000', base: '0' })).toEqual({
      ok: true,
      side: 'buy',
      price: '70001.01',
      // 2500 / 70001.01 = 0.035713... → 0.0357
      number: '0.0357',
      tif: 'gtc',
      postOnly: false,
    });
  });

  it("carries the template's time in force and post-only to the order", () => {
    const funds = { quote: '10000', base: '0' };
    expect(templateOrder(tpl({ tif: 'ioc' }), market, funds)).toMatchObject({ tif: 'ioc' });
    expect(templateOrder(tpl({ postOnly: true }), market, funds)).toMatchObject({
      tif: 'gtc',
      postOnly: true,
    });
  });

  it('sells a fixed amount at the best bid, the mid or the last, ticks either way', () => {
    const sell = tpl({ side: 'sell', size: { kind: 'amount', value: '0.01' } });
    const at = (from: OrderTemplate['price']['from'], ticks: number) =>
      templateOrder({ ...sell, price: { from, ticks } }, market, { quote: '0', base: '1' });
    expect(at('bid', 0)).toMatchObject({ price: '70000.50', number: '0.01' });
    expect(at('mid', -3)).toMatchObject({ price: '70000.72' });
    expect(at('last', 2)).toMatchObject({ price: '70000.77' });
    // the mid of 70000.5 and 70001 is 70000.75: a sell rounds a finer price up, a buy down
    expect(
      templateOrder(
        tpl({ price: { from: 'mid', ticks: 0 } }),
        { ...market, pricePrecision: 1 },
        { quote: '1000', base: '0' },
      ),
    ).toMatchObject({ price: '70000.7' });
  });

  it('says why when it cannot: no price, no funds, an amount that rounds to nothing', () => {
    expect(templateOrder(tpl({}), { ...market, bestAsk: null }, { quote: '1', base: '1' })).toEqual(
      {
        ok: false,
        reason: 'noPrice',
      },
    );
    expect(templateOrder(tpl({}), market, { quote: '0', base: '5' })).toEqual({
      ok: false,
      reason: 'noFunds',
    });
    expect(templateOrder(tpl({}), market, { quote: '0.01', base: '0' })).toEqual({
      ok: false,
      reason: 'tooSmall',
    });
    expect(
      templateOrder(tpl({ price: { from: 'bid', ticks: -8_000_000 } }), market, {
        quote: '1',
        base: '0',
      }),
    ).toEqual({ ok: false, reason: 'noPrice' });
  });

  it('never spends more than is available, whatever the percent and funds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: -500, max: 500 }),
        (pct, cents, ticks) => {
          const quote = new Decimal(cents).div(100).toFixed();
          const r = templateOrder(
            tpl({ size: { kind: 'percent', value: String(pct) }, price: { from: 'ask', ticks } }),
            market,
            { quote, base: '0' },
          );
          if (!r.ok) return;
          expect(new Decimal(r.price).times(r.number).lessThanOrEqualTo(quote)).toBe(true);
          expect(r.number.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(4);
        },
      ),
    );
  });
});
