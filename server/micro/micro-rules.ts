// Second-contract rules ("microtrade", api-contract §6, issue 7), honest only (decision 6, §13):
// the kinds, states and outcomes, the settings that bound a placement (payable currencies,
// enabled durations, preset stakes), the fee (stake × micro_trade_fee / 100, never returned)
// and the payout of a settled order: stake × (1 + profit_ratio / 100) on a win, the stake on a
// draw, nothing on a loss. Pure of HTTP.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Queryable } from '../db/database.ts';

/** The mark price of a pair (market/mark-price.ts), or null when there is none yet. */
export type PriceOf = (matchId: number) => Decimal | null;

export type MicroType = 1 | 2; // 1 up, 2 down
export type MicroStatus = 1 | 3; // 1 trading, 3 finished
export type MicroResult = -1 | 0 | 1; // loss, draw (or not settled yet), win

/** How often the service settles due orders (contract §6.4: within 1 s of expiry). */
export const MICRO_TICK_MS = 250;
/** Pseudo ids shown to users: show_micro_id = id + 10000 (contract §12). */
export const SHOW_ID_OFFSET = 10000;
/** Money figures kept to NUMERIC(36,18)'s scale; a payout is never rounded up. */
const SCALE = 18;

// ---- configuration ------------------------------------------------------------------------

export interface PayableCurrency {
  id: number;
  name: string;
  micro_trade_fee: string;
  micro_min: string;
  micro_max: string;
  micro_holdtrade_max: number;
  micro_numbers: string;
}

export const PAYABLE_SELECT = `
  SELECT id, name, micro_trade_fee, micro_min, micro_max, micro_holdtrade_max, micro_numbers
  FROM currencies WHERE is_micro = 1 AND is_legal = 1 AND is_display = 1`;

/** The currencies second contracts can be paid with (is_micro and is_legal). */
export async function payableCurrencies(q: Queryable): Promise<PayableCurrency[]> {
  return q.query<PayableCurrency & Record<string, unknown>>(`${PAYABLE_SELECT} ORDER BY sort, id`);
}

export interface MicroWalletRow {
  currency_id: number;
  micro_balance: string;
  lock_micro_balance: string;
}

/** The user's second-contract balances, by currency. */
export function microBalances(q: Queryable, userId: number): Promise<MicroWalletRow[]> {
  return q.query<MicroWalletRow & Record<string, unknown>>(
    'SELECT currency_id, micro_balance, lock_micro_balance FROM users_wallet WHERE user_id = $1',
    [userId],
  );
}

export interface MicroSeconds {
  id: number;
  seconds: number;
  profit_ratio: string;
}

/** The enabled durations, shortest first. */
export async function enabledSeconds(q: Queryable): Promise<MicroSeconds[]> {
  return q.query<MicroSeconds & Record<string, unknown>>(
    'SELECT id, seconds, profit_ratio FROM micro_seconds WHERE status = 1 ORDER BY seconds',
  );
}

/** The preset stakes of a currency's comma list, in order, without blanks or non-numbers. */
export function presetNumbers(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+(\.\d+)?$/.test(s))
    .map((s) => new Decimal(s).toFixed());
}

/** fee = stake × micro_trade_fee / 100 (exact; at most 18 decimals, rounded up). */
export function microFee(number: Decimal.Value, feePct: Decimal.Value): Decimal {
  return new Decimal(number).times(feePct).dividedBy(100).toDecimalPlaces(SCALE, Decimal.ROUND_UP);
}

/** What a settled order credits and its fact_profits (contract §6.4). */
export function payoutOf(
  result: MicroResult,
  number: Decimal.Value,
  ratioPct: Decimal.Value,
): { credit: Decimal; factProfits: Decimal } {
  const stake = new Decimal(number);
  if (result === 0) return { credit: stake, factProfits: new Decimal(0) };
  if (result === -1) return { credit: new Decimal(0), factProfits: stake.negated() };
  const profit = stake.times(ratioPct).dividedBy(100).toDecimalPlaces(SCALE, Decimal.ROUND_DOWN);
  return { credit: stake.plus(profit), factProfits: profit };
}

/**
 * What a bettor who guesses at random gains per unit staked, fee included (ADR 0040): half the
 * bets win ratio / 100, half lose the stake, every one pays the fee. Draws only lower it (a draw
 * returns the stake, not the fee), so this is its most: a setting is fair when it is ≤ 0.
 */
export function randomBettorEdge(ratioPct: Decimal.Value, feePct: Decimal.Value): Decimal {
  return new Decimal(ratioPct)
    .dividedBy(100)
    .minus(1)
    .dividedBy(2)
    .minus(new Decimal(feePct).dividedBy(100));
}

/** The highest fair profit ratio for a fee: 100 + 2 × fee (percent). */
export function fairRatioMax(feePct: Decimal.Value): Decimal {
  return new Decimal(feePct).times(2).plus(100);
}

export interface UnfairPayout {
  seconds: number;
  ratio: string;
  currency: string;
  fee: string;
  /** The random bettor's gain per unit staked, as a percent of the stake. */
  edgePct: string;
}

/**
 * The durations (offered or switched off: either may be offered tomorrow) whose ratio, with the
 * fee of a payable currency, gives a bettor who guesses at random a positive expectation (each
 * such pair of duration and currency once).
 */
export async function unfairPayouts(q: Queryable): Promise<UnfairPayout[]> {
  const [durations, currencies] = await Promise.all([
    q.query<MicroSeconds & Record<string, unknown>>(
      'SELECT id, seconds, profit_ratio FROM micro_seconds ORDER BY seconds',
    ),
    payableCurrencies(q),
  ]);
  const out: UnfairPayout[] = [];
  for (const d of durations)
    for (const c of currencies) {
      const edge = randomBettorEdge(d.profit_ratio, c.micro_trade_fee);
      if (edge.greaterThan(0))
        out.push({
          seconds: d.seconds,
          ratio: new Decimal(d.profit_ratio).toFixed(),
          currency: c.name,
          fee: new Decimal(c.micro_trade_fee).toFixed(),
          edgePct: edge.times(100).toFixed(),
        });
    }
  return out;
}

/** +1 win, 0 draw, -1 loss: the end price against the open price, inverted for "down". */
export function outcomeOf(type: MicroType, open: Decimal.Value, end: Decimal.Value): MicroResult {
  const cmp = new Decimal(end).comparedTo(open);
  const dir = type === 1 ? cmp : -cmp;
  return dir > 0 ? 1 : dir < 0 ? -1 : 0;
}
