// What the contract ticket's TP/SL section makes of what was typed (issue 44, ADR 0058): each
// level's trigger price (src/shared/lever-entry-stops.ts), the P&L and ROE the position makes
// there, and what is wrong with it — a text that is not a level, a result no price gives, or a
// price on the wrong side of the expected open and current price, with the price it must pass.
import { Decimal } from '../../../shared/decimal.ts';
import { trailRateProblem } from '../../../shared/lever-trailing.ts';
import { checkStopPrice } from '../../../shared/lever.ts';
import type {
  EntryTerms,
  StopBasis,
  StopKind,
  TriggerBy,
} from '../../../shared/lever-entry-stops.ts';
import { stopOutcome, stopPriceOf, stopSide } from '../../../shared/lever-entry-stops.ts';

export interface EntryStopsState {
  on: boolean;
  /** What the levels watch (ADR 0059). */
  by: TriggerBy;
  basis: StopBasis;
  tp: string;
  sl: string;
  /** A trailing stop (ADR 0060): callback rate in %, optional activation price. */
  trail: string;
  activation: string;
}

export const NO_ENTRY_STOPS: EntryStopsState = {
  on: false,
  by: 'mark',
  basis: 'price',
  tp: '',
  sl: '',
  trail: '',
  activation: '',
};

export interface ResolvedTrail {
  /** The rate and activation price to send (null: not set). */
  rate: Decimal | null;
  activation: Decimal | null;
  rateProblem: boolean;
  activationProblem: boolean;
}

/** The trailing stop as typed: a rate of 0.1–10 %, an activation price on the stop step. */
export function resolveTrail(state: EntryStopsState): ResolvedTrail {
  const rate = state.on ? state.trail.trim() : '';
  const activation = state.on ? state.activation.trim() : '';
  const rateProblem = rate !== '' && trailRateProblem(rate) !== null;
  // an activation price without a rate activates nothing
  const activationProblem =
    activation !== '' && (checkStopPrice(activation) !== null || rate === '');
  return {
    rate: rate === '' || rateProblem ? null : new Decimal(rate),
    activation: activation === '' || activationProblem ? null : new Decimal(activation),
    rateProblem,
    activationProblem,
  };
}

export type LevelProblem =
  { kind: 'invalid' } | { kind: 'unreachable' } | { kind: 'above' | 'below'; bound: Decimal };

export interface ResolvedLevel {
  /** The trigger price (null: not set, or not a level). */
  price: Decimal | null;
  pnl: Decimal | null;
  roe: Decimal | null;
  problem: LevelProblem | null;
}

const UNSET: ResolvedLevel = { price: null, pnl: null, roe: null, problem: null };

/** One level: unset when empty; without figures (no terms yet) only its text is checked. */
export function resolveLevel(
  kind: StopKind,
  state: EntryStopsState,
  terms: EntryTerms | null,
  current: Decimal.Value | null,
): ResolvedLevel {
  const text = (kind === 'tp' ? state.tp : state.sl).trim();
  if (!state.on || text === '') return UNSET;
  if (state.basis === 'price' && checkStopPrice(text) !== null)
    return { ...UNSET, problem: { kind: 'invalid' } };
  if (terms === null) return UNSET;
  const price = stopPriceOf(kind, state.basis, text, terms);
  if (price === null)
    return {
      ...UNSET,
      problem: { kind: /^\d+(\.\d+)?$/.test(text) ? 'unreachable' : 'invalid' },
    };
  const { pnl, roe } = stopOutcome(price, terms);
  const side = stopSide(kind, terms.side, terms.entry, current ?? terms.entry, price);
  const above = (kind === 'tp') === (terms.side === 1);
  const problem = side.ok
    ? null
    : ({ kind: above ? 'above' : 'below', bound: side.bound } as const);
  return { price, pnl, roe, problem };
}

/** Both levels, and whether the order may go with them. */
export function resolveStops(
  state: EntryStopsState,
  terms: EntryTerms | null,
  current: Decimal.Value | null,
): { tp: ResolvedLevel; sl: ResolvedLevel; trail: ResolvedTrail; ok: boolean } {
  const tp = resolveLevel('tp', state, terms, current);
  const sl = resolveLevel('sl', state, terms, current);
  const trail = resolveTrail(state);
  const trailOk = !trail.rateProblem && !trail.activationProblem;
  return { tp, sl, trail, ok: tp.problem === null && sl.problem === null && trailOk };
}
