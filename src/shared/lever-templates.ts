// The contracts screen's order templates (issue 44, ADR 0066): a key that places a contract order
// sized in hands at a multiple, the way the contract ticket sizes one, not in a share of a balance
// like a spot template. What it places: an order at market, a limit order, or a conditional order
// (stop-limit or stop-market). Its price is ticks from the mark, the price contracts open and settle
// at: the limit price of a limit order, the trigger of a conditional one; a stop-limit's limit price
// is ticks from its trigger. Checked one field at a time when read back from the workspace; a
// template of a kind this version does not know, or of a hostile shape, is dropped.
import { Decimal } from './decimal.ts';
import type { LeverSide } from './lever.ts';
import type { LeverTriggerKind } from './lever-conditional.ts';
import { directionAgainst, kindOf } from './lever-conditional.ts';

export const LEVER_TEMPLATE_ORDERS = ['market', 'limit', 'stop-limit', 'stop-market'] as const;
export type LeverTemplateOrder = (typeof LEVER_TEMPLATE_ORDERS)[number];

export interface LeverTemplate {
  key: string;
  side: 'long' | 'short';
  order: LeverTemplateOrder;
  /** Ticks from the mark: a limit order's price, a conditional order's trigger (market: 0). */
  ticks: number;
  /** A stop-limit's price: ticks from its trigger (+ above, − below). */
  limitTicks: number;
  /** Whole hands, 1 to HANDS_MAX (the pair's own bounds are the server's). */
  hands: number;
  /** The multiple; the pair must offer it when the key is pressed. */
  multiple: number;
}

/** Most contract templates a workspace keeps; most hands and ticks one may give. */
export const LEVER_TEMPLATES_MAX = 9;
export const HANDS_MAX = 100_000;
const MULTIPLE_MAX = 10_000;
const TICKS_MAX = 10_000;

const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

/** One template read back, or null when any field is not one this version places. */
export function leverTemplate(raw: unknown, isKey: (k: unknown) => boolean): LeverTemplate | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const v = raw as Record<string, unknown>;
  const side = (['long', 'short'] as const).find((s) => s === v.side);
  const order = LEVER_TEMPLATE_ORDERS.find((o) => o === v.order);
  if (!isKey(v.key) || side === undefined || order === undefined) return null;
  const numbers = leverNumbers(v);
  return numbers === null ? null : { key: v.key as string, side, order, ...numbers };
}

/** A template's numbers, each a whole number in its bounds; null when one is not. */
function leverNumbers(
  v: Record<string, unknown>,
): Pick<LeverTemplate, 'ticks' | 'limitTicks' | 'hands' | 'multiple'> | null {
  const { ticks, limitTicks, hands, multiple } = v;
  const ok =
    whole(ticks, -TICKS_MAX, TICKS_MAX) &&
    whole(limitTicks, -TICKS_MAX, TICKS_MAX) &&
    whole(hands, 1, HANDS_MAX) &&
    whole(multiple, 1, MULTIPLE_MAX);
  return ok ? { ticks, limitTicks, hands, multiple } : null;
}

/** What a template's key places now, in the terms of the contract ticket. */
export type LeverTemplateResult =
  | {
      ok: true;
      side: LeverSide;
      /** 1 at market (or a stop-market), 0 a limit order (or a stop-limit) at `price`. */
      mode: 0 | 1;
      price: string;
      share: string;
      multiple: number;
      trigger: { price: string; kind: LeverTriggerKind } | null;
    }
  | { ok: false; reason: 'noPrice' | 'multiple' | 'reached' };

/** A price above 0, or null. */
function positive(text: string | null): Decimal | null {
  const d = text === null ? null : new Decimal(text);
  return d !== null && d.isFinite() && d.greaterThan(0) ? d : null;
}

/**
 * A template's order at `mark` (in the pair's `dp` decimals): a price `ticks` ticks from the mark,
 * a trigger the same, its kind from where it stands against the mark (one at the mark would fire
 * at once: refused, as the ticket refuses it). The multiple must be one the pair offers.
 */
export function leverTemplateOrder(
  t: LeverTemplate,
  mark: string | null,
  pair: { pricePrecision: number; multiples: readonly number[] },
): LeverTemplateResult {
  if (!pair.multiples.includes(t.multiple)) return { ok: false, reason: 'multiple' };
  const m = positive(mark);
  if (m === null) return { ok: false, reason: 'noPrice' };
  const tick = new Decimal(1).dividedBy(new Decimal(10).pow(pair.pricePrecision));
  const at = (from: Decimal, n: number) => from.plus(tick.times(n));
  const side: LeverSide = t.side === 'long' ? 1 : 2;
  const base = { ok: true as const, side, share: String(t.hands), multiple: t.multiple };
  const dp = pair.pricePrecision;
  if (t.order === 'market') return { ...base, mode: 1, price: '', trigger: null };
  const price = at(m, t.ticks);
  if (!price.greaterThan(0)) return { ok: false, reason: 'noPrice' };
  if (t.order === 'limit') return { ...base, mode: 0, price: price.toFixed(dp), trigger: null };
  const direction = directionAgainst(price, m);
  if (direction === 'reached') return { ok: false, reason: 'reached' };
  // a price above 0 against a mark above 0 has a direction
  const trigger = { price: price.toFixed(dp), kind: kindOf(side, direction ?? 'rises') };
  if (t.order === 'stop-market') return { ...base, mode: 1, price: '', trigger };
  const limit = at(price, t.limitTicks);
  if (!limit.greaterThan(0)) return { ok: false, reason: 'noPrice' };
  return { ...base, mode: 0, price: limit.toFixed(dp), trigger };
}
