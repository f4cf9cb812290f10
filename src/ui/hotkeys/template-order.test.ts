// A template's order is exact: ticks from the reference in the pair's tick, a percent of funds
// rounded down (never more than there is), and a clear reason when none can be made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../shared/decimal.ts';
import { DEFAULT_SCALE, type OrderTemplate } from '../../shared/workspace.ts';
import { templateOrder, type TemplateMarket } from './template-order.ts';
import { scaleLegs } from '../../shared/scale.ts';

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
  order: 'limit',
  limitTicks: 0,
  scale: DEFAULT_SCALE,
  ...over,
});

describe('templateOrder', () => {
  it('buys 25 % of the available quote at the best ask + 1 tick, rounded down', () => {
    expect(templateOrder(tpl({}), market, { quote: '10000', base: '0' })).toEqual({
      ok: true,
      order: 'limit',
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
          if (!r.ok || r.order !== 'limit') return;
          expect(new Decimal(r.price).times(r.number).lessThanOrEqualTo(quote)).toBe(true);
          expect(r.number.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(4);
        },
      ),
    );
  });

  it('a conditional template: its price is the trigger, its limit ticks from it, or market', () => {
    const funds = { quote: '10000', base: '1' };
    const limit = tpl({
      order: 'trigger-limit',
      side: 'sell',
      price: { from: 'bid', ticks: -100 },
      limitTicks: -5,
      size: { kind: 'amount', value: '0.5' },
    });
    expect(templateOrder(limit, market, funds)).toEqual({
      ok: true,
      order: 'trigger',
      side: 'sell',
      trigger: '69999.50',
      price: '69999.45',
      number: '0.5',
    });
    const atMarket = tpl({ order: 'trigger-market', price: { from: 'ask', ticks: 100 } });
    // a market buy's 25 % is taken at its trigger: 2,500 / 70,002 = 0.035713… → 0.0357
    expect(templateOrder(atMarket, market, funds)).toMatchObject({
      order: 'trigger',
      trigger: '70002.00',
      price: null,
      number: '0.0357',
    });
  });

  it('a scale template: from its price over its span, a buy sized at its highest price', () => {
    const up = tpl({
      order: 'scale',
      price: { from: 'bid', ticks: 0 },
      scale: { count: 5, spanTicks: 1000, skew: '2' },
      size: { kind: 'percent', value: '50' },
    });
    // 5,000 / 70,010.50 (the last, highest price) = 0.071417… → 0.0714
    expect(templateOrder(up, market, { quote: '10000', base: '0' })).toEqual({
      ok: true,
      order: 'scale',
      side: 'buy',
      from: '70000.50',
      to: '70010.50',
      count: 5,
      skew: '2',
      number: '0.0714',
    });
    const below = tpl({
      order: 'scale',
      price: { from: 'bid', ticks: 0 },
      scale: { count: 3, spanTicks: -7_000_051, skew: '1' },
    });
    expect(templateOrder(below, market, { quote: '10000', base: '0' })).toEqual({
      ok: false,
      reason: 'noPrice',
    });
  });

  it('a scale buy of a percent never spends more than there is, whatever its shape', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 2, max: 50 }),
        fc.integer({ min: -5000, max: 5000 }).filter((n) => n !== 0),
        fc.constantFrom('0.1', '0.5', '1', '2', '10'),
        (pct, cents, count, spanTicks, skew) => {
          const quote = new Decimal(cents).div(100);
          const r = templateOrder(
            tpl({
              order: 'scale',
              size: { kind: 'percent', value: String(pct) },
              scale: { count, spanTicks, skew },
            }),
            market,
            { quote: quote.toFixed(), base: '0' },
          );
          if (!r.ok || r.order !== 'scale') return;
          const plan = scaleLegs({
            from: new Decimal(r.from),
            to: new Decimal(r.to),
            count,
            total: new Decimal(r.number),
            skew: new Decimal(skew),
            pricePrecision: market.pricePrecision,
            amountPrecision: market.amountPrecision,
          });
          if (!plan.ok) return;
          const spent = plan.legs.reduce((a, l) => a.plus(l.price.times(l.amount)), new Decimal(0));
          expect(spent.lessThanOrEqualTo(quote)).toBe(true);
        },
      ),
    );
  });
});
