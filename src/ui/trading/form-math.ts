// Pure arithmetic of the spot order form (trading-c2c-market.md §5), exact decimals only.
// Slider: buy quantity = available quote × percent / price / 100; sell quantity = available
// base × percent / 100. The spec says 4 decimals; the server refuses more decimals than the
// pair's amount precision, so the quantity has min(4, amountPrecision) decimals, truncated
// (rounded toward zero) so that 100 % never asks for more than the balance (ADR 0009).
import { Decimal, parseDecimal } from '../../shared/decimal.ts';
import type { SpotSide } from '../../shared/spot.ts';

/** Decimals of the spec's slider quantity. */
export const SLIDER_DECIMALS = 4;
export const SLIDER_MAX = 100;

export interface SliderInput {
  side: SpotSide;
  /** 0..100. */
  percent: number;
  /** Available quote (buy) or base (sell) balance. */
  balance: string;
  /** Order price (buy only: the limit price, or the best ask for a market buy). */
  price: string;
  amountPrecision: number;
}

/** Decimals the slider writes: the spec's 4, fewer when the pair allows fewer. */
export function sliderDecimals(amountPrecision: number): number {
  return Math.max(0, Math.min(SLIDER_DECIMALS, amountPrecision));
}

/** The quantity for a slider position, or null when it cannot be computed (price 0, no balance). */
export function sliderQuantity(v: SliderInput): string | null {
  const balance = positiveOrZero(v.balance);
  if (balance === null) return null;
  const percent = new Decimal(clampPercent(v.percent));
  let qty = balance.times(percent);
  if (v.side === 'buy') {
    const price = parseDecimal(v.price);
    if (price === null || !price.greaterThan(0)) return null;
    qty = qty.div(price);
  }
  return qty.div(100).toFixed(sliderDecimals(v.amountPrecision), Decimal.ROUND_DOWN);
}

/** Where the slider stands for a typed quantity: 0..100, whole percent, rounded down. */
export function sliderPercent(v: Omit<SliderInput, 'percent'> & { number: string }): number {
  const balance = positiveOrZero(v.balance);
  const qty = parseDecimal(v.number);
  if (balance === null || balance.isZero() || qty === null || !qty.greaterThan(0)) return 0;
  let used = qty;
  if (v.side === 'buy') {
    const price = parseDecimal(v.price);
    if (price === null || !price.greaterThan(0)) return 0;
    used = qty.times(price);
  }
  const pct = used.div(balance).times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
  return clampPercent(pct);
}

/** Whether the slider may be used (spec §5: not when logged out, not when the price is 0). */
export function sliderEnabled(loggedIn: boolean, price: string): boolean {
  const p = parseDecimal(price);
  return loggedIn && p !== null && p.greaterThan(0);
}

/** price × number, or null when either is not a positive number. */
export function orderTotal(price: string, number: string): string | null {
  const p = parseDecimal(price);
  const n = parseDecimal(number);
  if (p === null || n === null || p.isNegative() || n.isNegative()) return null;
  return p.times(n).toFixed();
}

function clampPercent(p: number): number {
  if (!Number.isFinite(p)) return 0;
  return Math.max(0, Math.min(SLIDER_MAX, Math.round(p)));
}

function positiveOrZero(value: string): Decimal | null {
  const d = parseDecimal(value);
  return d === null || d.isNegative() ? null : d;
}

/**
 * Decimals a fee is shown with: as many as it has, at least the pair's amount decimals, at most
 * 8 — a fee of 0.00002 BTC is not shown as 0.0000.
 */
export function feeDecimals(fee: string, amountPrecision: number): number {
  const d = parseDecimal(fee);
  return Math.min(8, Math.max(amountPrecision, d?.decimalPlaces() ?? 0));
}
