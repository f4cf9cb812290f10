// A second contract's figures as its row shows them (issue 41): prices with the pair's own
// decimals (from its ticker; 4 when the pair is not known yet), the stake and the result with
// 2, the seconds left with 1, each in the locale's number format.
import type { MicroOrderView, Ticker } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';

interface Fixed {
  fixed(value: string, dp: number): string;
}

/** A pair's decimals until its ticker is known (spec: 4 in contract orders). */
const FALLBACK_PRICE_DP = 4;
const AMOUNT_DP = 2;

export interface MicroRowText {
  stake: string;
  open: string;
  /** The end price of a settled order, the live price (mark, else last) of an open one. */
  now: string;
  profit: string;
}

export function microRowText(o: MicroOrderView, ticker: Ticker | null, fmt: Fixed): MicroRowText {
  const dp = ticker?.pricePrecision ?? FALLBACK_PRICE_DP;
  const live: DecStr = ticker?.markPrice ?? ticker?.price ?? o.openPrice;
  return {
    stake: fmt.fixed(o.number, AMOUNT_DP),
    open: fmt.fixed(o.openPrice, dp),
    now: fmt.fixed(o.status === 3 ? o.endPrice : live, dp),
    profit: fmt.fixed(o.profit, AMOUNT_DP),
  };
}

/** Seconds left, one decimal, in the locale's format ("12,3" in Russian). */
export function secondsLeft(ms: number, fmt: Fixed): string {
  return fmt.fixed((Math.max(0, ms) / 1000).toFixed(1), 1);
}
