// A template's order (issue 24): the limit price as ticks from a reference — the best bid, the
// best ask, their mid or the last trade — and the amount as given or as a percent of what is
// available for the side (a buy spends the quote currency at that price, a sell the base),
// rounded down to the pair's decimals so that it never asks for more than there is. Exact
// decimals throughout; what cannot be made (no price to start from, nothing available, an
// amount that rounds to nothing) says why.
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
      side: 'buy' | 'sell';
      price: string;
      number: string;
      tif: OrderTemplate['tif'];
      postOnly: boolean;
    }
  | { ok: false; reason: 'noPrice' | 'noFunds' | 'tooSmall' };

export function templateOrder(
  t: OrderTemplate,
  market: TemplateMarket,
  funds: TemplateFunds,
): TemplateOrder {
  const reference = referencePrice(t.price.from, market);
  if (reference === null) return { ok: false, reason: 'noPrice' };
  const tick = new Decimal(1).div(new Decimal(10).pow(market.pricePrecision));
  const price = reference
    .plus(tick.times(t.price.ticks))
    .toDecimalPlaces(
      market.pricePrecision,
      t.side === 'buy' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP,
    );
  if (!price.greaterThan(0)) return { ok: false, reason: 'noPrice' };
  const amount = templateAmount(t, price, funds, market.amountPrecision);
  if (amount === null) return { ok: false, reason: 'noFunds' };
  if (!amount.greaterThan(0)) return { ok: false, reason: 'tooSmall' };
  return {
    ok: true,
    side: t.side,
    price: price.toFixed(market.pricePrecision),
    number: amount.toFixed(),
    tif: t.tif,
    postOnly: t.postOnly,
  };
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
