// A template's order (issue 24): the limit price as ticks from a reference — the best bid, the
// best ask, their mid or the last trade — and the amount as given or as a percent of what is
// available for the side (a buy spends the quote currency at that price, a sell the base),
// rounded down to the pair's decimals so that it never asks for more than there is. Exact
// decimals throughout; what cannot be made (no price to start from, nothing available, an
// amount that rounds to nothing) says why. Issue 44: the same price can be a conditional order's
// trigger (its limit price ticks from it, or a market order) or a scale order's first price (its
// last one ticks from it); a percent of a buy's funds is then taken at the highest price the
// order may pay.
import { Decimal } from '../../shared/decimal.ts';
import type { OrderTemplate } from '../../shared/workspace.ts';

export interface TemplateMarket {
  bestBid: string | null;
  bestAsk: string | null;
  last: string | null;
  pricePrecision: number;
  amountPrecision: number;
}

export interface TemplateFunds {
  /** Available quote currency (what a buy spends). */
  quote: string;
  /** Available base currency (what a sell spends). */
  base: string;
}

export type TemplateOrder =
  | {
      ok: true;
      order: 'limit';
      side: 'buy' | 'sell';
      price: string;
      number: string;
      tif: OrderTemplate['tif'];
      postOnly: boolean;
    }
  | {
      ok: true;
      order: 'trigger';
      side: 'buy' | 'sell';
      trigger: string;
      /** The limit price; null: a market order. */
      price: string | null;
      number: string;
    }
  | {
      ok: true;
      order: 'scale';
      side: 'buy' | 'sell';
      from: string;
      to: string;
      count: number;
      skew: string;
      number: string;
    }
  | { ok: false; reason: 'noPrice' | 'noFunds' | 'tooSmall' };

type Fail = Extract<TemplateOrder, { ok: false }>;

export function templateOrder(
  t: OrderTemplate,
  market: TemplateMarket,
  funds: TemplateFunds,
): TemplateOrder {
  const reference = referencePrice(t.price.from, market);
  if (reference === null) return { ok: false, reason: 'noPrice' };
  const price = ticksFrom(reference, t.price.ticks, t.side, market);
  if (!price.greaterThan(0)) return { ok: false, reason: 'noPrice' };
  if (t.order === 'scale') return scaleOrder(t, price, market, funds);
  if (t.order === 'trigger-limit' || t.order === 'trigger-market')
    return triggerOrder(t, price, market, funds);
  const amount = sized(t, price, funds, market);
  if ('reason' in amount) return amount;
  return {
    ok: true,
    order: 'limit',
    side: t.side,
    price: price.toFixed(market.pricePrecision),
    number: amount.number,
    tif: t.tif,
    postOnly: t.postOnly,
  };
}

/** A scale order from `price` over the template's span; a buy sized at its highest price. */
function scaleOrder(
  t: OrderTemplate,
  price: Decimal,
  market: TemplateMarket,
  funds: TemplateFunds,
): TemplateOrder {
  const last = ticksFrom(price, t.scale.spanTicks, t.side, market);
  if (!last.greaterThan(0)) return { ok: false, reason: 'noPrice' };
  const amount = sized(t, Decimal.max(price, last), funds, market);
  if ('reason' in amount) return amount;
  const dp = market.pricePrecision;
  return {
    ok: true,
    order: 'scale',
    side: t.side,
    from: price.toFixed(dp),
    to: last.toFixed(dp),
    count: t.scale.count,
    skew: t.scale.skew,
    number: amount.number,
  };
}

/** A conditional order triggered at `price`: a limit `limitTicks` from it, or market. */
function triggerOrder(
  t: OrderTemplate,
  price: Decimal,
  market: TemplateMarket,
  funds: TemplateFunds,
): TemplateOrder {
  const limit = t.order === 'trigger-limit' ? ticksFrom(price, t.limitTicks, t.side, market) : null;
  if (limit !== null && !limit.greaterThan(0)) return { ok: false, reason: 'noPrice' };
  const amount = sized(t, limit ?? price, funds, market);
  if ('reason' in amount) return amount;
  const dp = market.pricePrecision;
  return {
    ok: true,
    order: 'trigger',
    side: t.side,
    trigger: price.toFixed(dp),
    price: limit?.toFixed(dp) ?? null,
    number: amount.number,
  };
}

/** `ticks` of the pair's tick from `from`, rounded to the tick (a buy down, a sell up). */
function ticksFrom(from: Decimal, ticks: number, side: 'buy' | 'sell', m: TemplateMarket): Decimal {
  const tick = new Decimal(1).div(new Decimal(10).pow(m.pricePrecision));
  return from
    .plus(tick.times(ticks))
    .toDecimalPlaces(m.pricePrecision, side === 'buy' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP);
}

/** The order's amount at `price`, or why there is none. */
function sized(
  t: OrderTemplate,
  price: Decimal,
  funds: TemplateFunds,
  m: TemplateMarket,
): { number: string } | Fail {
  const amount = templateAmount(t, price, funds, m.amountPrecision);
  if (amount === null) return { ok: false, reason: 'noFunds' };
  if (!amount.greaterThan(0)) return { ok: false, reason: 'tooSmall' };
  return { number: amount.toFixed() };
}

function referencePrice(from: OrderTemplate['price']['from'], m: TemplateMarket): Decimal | null {
  const bid = m.bestBid === null ? null : new Decimal(m.bestBid);
  const ask = m.bestAsk === null ? null : new Decimal(m.bestAsk);
  if (from === 'bid') return bid;
  if (from === 'ask') return ask;
  if (from === 'last') return m.last === null ? null : new Decimal(m.last);
  return bid === null || ask === null ? null : bid.plus(ask).div(2);
}

/** The amount: as given (cut to the pair's decimals), or a percent of the side's funds. */
function templateAmount(
  t: OrderTemplate,
  price: Decimal,
  funds: TemplateFunds,
  dp: number,
): Decimal | null {
  if (t.size.kind === 'amount')
    return new Decimal(t.size.value).toDecimalPlaces(dp, Decimal.ROUND_DOWN);
  const have = new Decimal(t.side === 'buy' ? funds.quote : funds.base);
  if (!have.greaterThan(0)) return null;
  const share = have.times(t.size.value).div(100);
  const amount = t.side === 'buy' ? share.div(price) : share;
  return amount.toDecimalPlaces(dp, Decimal.ROUND_DOWN);
}
