// Lock-up savings, the rules without storage (api-contract §10): UTC days, the amount tiers,
// one day's interest, the early-cancel fee, the spec's expected yield, and the row shapes.
// Every figure is rounded down to the currency's decimals (a payout is never rounded up, and
// amount − fee never goes below zero).
import { Decimal } from '../../src/shared/decimal.ts';
import type { Queryable } from '../db/database.ts';
import { setting } from '../wallet/funds.ts';

export const DAY_MS = 86_400_000;
/** How often the service looks for days to settle (a day ends at most a minute late). */
export const LOCKUP_TICK_MS = 60_000;
const MAX_SCALE = 18;

export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);
export const midnight = (day: number): Date => new Date(day * DAY_MS);
export const dayOfTime = (d: Date | string): number => Math.round(new Date(d).getTime() / DAY_MS);

/** A `lh_deposit_config` row. */
export interface LockupProduct {
  id: number;
  currency_id: number;
  save_min: string;
  save_max: string;
  day: number;
  interest_rate: string;
  quota: string;
  sold: string;
  sort: number;
}

/** A `lh_deposit_orders` row with its currency's name and decimals. */
export interface LockupOrderRow {
  id: number;
  user_id: number;
  currency_id: number;
  config_id: number;
  amount: string;
  lock_amount: string;
  day_rate: string;
  day: number;
  total_interest: string;
  withdraw_amount: string;
  start_at: Date | string;
  end_at: Date | string;
  settled_to: Date | string;
  status: 1 | 2;
  is_cancel: 0 | 1;
  cancel_fee: string;
  created_at: Date | string;
  updated_at: Date | string;
  ended_at: Date | string | null;
  currency_name: string;
  decimal_scale: number;
}

/** A currency's decimal_scale, kept within NUMERIC(36,18)'s scale. */
export const clampScale = (n: number): number => Math.max(0, Math.min(MAX_SCALE, n));

/** The product whose range holds `amount` (inclusive); at a shared bound the higher tier. */
export function tierOf(products: readonly LockupProduct[], amount: Decimal): LockupProduct | null {
  let best: LockupProduct | null = null;
  for (const p of products) {
    if (amount.lessThan(p.save_min) || amount.greaterThan(p.save_max)) continue;
    const cmp = best === null ? 1 : new Decimal(p.save_min).comparedTo(best.save_min);
    if (cmp > 0 || (cmp === 0 && best !== null && p.id < best.id)) best = p;
  }
  return best;
}

/** The daily rate of a product: interest_rate (percent) / 100. */
export const dayRateOf = (p: LockupProduct): Decimal => new Decimal(p.interest_rate).dividedBy(100);

/** One day's interest: amount × day_rate, rounded down to the currency's decimals. */
export function dailyInterest(
  amount: Decimal.Value,
  dayRate: Decimal.Value,
  scale: number,
): Decimal {
  return new Decimal(amount).times(dayRate).toDecimalPlaces(scale, Decimal.ROUND_DOWN);
}

/** The early-cancel fee: lock_amount × pct / 100, rounded down to the currency's decimals. */
export function cancelFeeOf(lockAmount: Decimal.Value, pct: Decimal.Value, scale: number): Decimal {
  return new Decimal(lockAmount)
    .times(pct)
    .dividedBy(100)
    .toDecimalPlaces(scale, Decimal.ROUND_DOWN);
}

/** The spec's expected yield: amount × rate / 100 × days, rounded down. */
export function expectedYield(
  amount: Decimal.Value,
  dayRate: Decimal.Value,
  days: number,
  scale: number,
): Decimal {
  return new Decimal(amount).times(dayRate).times(days).toDecimalPlaces(scale, Decimal.ROUND_DOWN);
}

/** Setting `cancel_deposit_fee` (percent), clamped to [0, 100]; unset or unreadable: 0. */
export async function cancelFeePct(q: Queryable): Promise<Decimal> {
  const raw = (await setting(q, 'cancel_deposit_fee')).trim();
  if (!/^\d+(\.\d+)?$/.test(raw)) return new Decimal(0);
  return Decimal.min(new Decimal(raw), 100);
}

/** Whether `value` can be the cancel_deposit_fee setting: a plain decimal from 0 to 100. */
export function validCancelFeePct(value: string): boolean {
  return /^\d+(\.\d+)?$/.test(value) && new Decimal(value).lessThanOrEqualTo(100);
}
