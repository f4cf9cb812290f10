// Integer candles → the wire shapes of src/shared/wire.ts, as exact decimal strings.
import { Decimal, percentChange } from '../../src/shared/decimal.ts';
import type { DaymarketPush, KlineBar, KlinePush } from '../../src/shared/wire.ts';
import type { KlinePeriod } from '../../src/shared/constants.ts';
import type { AggBar } from './candles.ts';
import type { PairSpec } from './simulator.ts';

export const symbolOf = (p: PairSpec): string => `${p.currencyName}/${p.legalName}`;

export function price(p: PairSpec, ticks: number): string {
  return new Decimal(ticks).div(new Decimal(10).pow(p.pricePrecision)).toFixed(p.pricePrecision);
}

export function amount(p: PairSpec, lots: number): string {
  return new Decimal(lots).div(new Decimal(10).pow(p.amountPrecision)).toFixed(p.amountPrecision);
}

export function turnover(p: PairSpec, q: bigint): string {
  const scale = new Decimal(10).pow(p.pricePrecision + p.amountPrecision);
  return new Decimal(q.toString()).div(scale).toFixed(p.pricePrecision);
}

/** "+1.23", "-0.50" or "0.00": percent change with an explicit "+" when positive. */
export function changeOf(p: PairSpec, bar: AggBar): string {
  const pct = percentChange(new Decimal(price(p, bar.o)), new Decimal(price(p, bar.c)));
  const s = pct.toFixed(2);
  return pct.greaterThan(0) ? `+${s}` : s === '-0.00' ? '0.00' : s;
}

export function klineBar(p: PairSpec, period: string, bar: AggBar): KlineBar {
  const amt = amount(p, bar.v);
  return {
    id: bar.t,
    period,
    'base-currency': p.currencyName,
    'quote-currency': p.legalName,
    open: price(p, bar.o),
    close: price(p, bar.c),
    high: price(p, bar.h),
    low: price(p, bar.l),
    vol: turnover(p, bar.q),
    amount: amt,
    time: bar.t * 1000,
    volume: amt,
  };
}

function header(p: PairSpec) {
  return {
    match_id: p.matchId,
    currency_id: p.currencyId,
    currency_name: p.currencyName,
    legal_id: p.legalId,
    legal_name: p.legalName,
    symbol: symbolOf(p),
  };
}

export function daymarketPush(
  p: PairSpec,
  day: AggBar,
  seq: number,
  serverTime: number,
  markPrice: string | null = null,
): DaymarketPush {
  const close = price(p, day.c);
  return {
    type: 'daymarket',
    period: '1day',
    ...header(p),
    open: price(p, day.o),
    close,
    high: price(p, day.h),
    low: price(p, day.l),
    volume: amount(p, day.v),
    time: day.t * 1000,
    change: changeOf(p, day),
    now_price: close,
    api_form: 'huobi_websocket',
    seq,
    server_time: serverTime,
    turnover: turnover(p, day.q),
    ...(markPrice === null ? {} : { mark_price: markPrice }),
  };
}

export function klinePush(
  p: PairSpec,
  period: KlinePeriod,
  bar: AggBar,
  seq: number,
  serverTime: number,
): KlinePush {
  const push: KlinePush = {
    type: 'kline',
    period,
    ...header(p),
    open: price(p, bar.o),
    close: price(p, bar.c),
    high: price(p, bar.h),
    low: price(p, bar.l),
    volume: amount(p, bar.v),
    time: bar.t * 1000,
    seq,
    server_time: serverTime,
  };
  // The legacy 1day kline also carries the daymarket extras (api-contract §3.2).
  if (period === '1day') return { ...push, change: changeOf(p, bar), now_price: push.close };
  return push;
}
