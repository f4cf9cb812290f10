// The trigger of a conditional contract order (issue 44, ADR 0065) on the ticket: the trigger
// price, what it watches (the mark, or the last trade), and in words what will happen: "Stop: when
// the mark price rises to 68,000.00, opens a long at the mark price then". Stop or take-profit
// follows from the trigger against the price it watches (shared/lever-conditional.ts); a trigger
// at that price is refused here as on the server. The order tags of the positions tables say
// what a conditional order waits for and what became of it.
import { computed } from '@preact/signals-core';
import { useMemo, useState } from 'react';
import type { LeverPositionView } from '../../../engine/api.ts';
import { parseDecimal } from '../../../shared/decimal.ts';
import type { LeverMode } from '../../../shared/lever.ts';
import type { LeverTriggerDirection, LeverTriggerKind } from '../../../shared/lever-conditional.ts';
import { directionAgainst, kindOf } from '../../../shared/lever-conditional.ts';
import type { TriggerBy } from '../../../shared/lever-entry-stops.ts';
import { tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import type { I18n } from '../../i18n/i18n-context.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { NumberField } from '../../trading/form-fields.tsx';
import { ByChips } from './entry-stops.tsx';
import { triggerTagText } from './lever-order-words.ts';

/** The ticket's kinds: market and limit, and their conditional forms. */
export type LeverTicket = 'market' | 'limit' | 'stopLimit' | 'stopMarket';
export const LEVER_TICKETS: readonly LeverTicket[] = ['market', 'limit', 'stopLimit', 'stopMarket'];

/** What the order does once it opens (or its trigger fires): the wire's `status`. */
export const modeOf = (k: LeverTicket): LeverMode => (k === 'market' || k === 'stopMarket' ? 1 : 0);
export const isConditional = (k: LeverTicket): boolean => k === 'stopLimit' || k === 'stopMarket';

export interface TriggerState {
  text: string;
  set: (v: string) => void;
  /** The price the trigger is read against now (mark or last); null before there is one. */
  current: string | null;
  direction: LeverTriggerDirection | null;
  kind: LeverTriggerKind | null;
  /** The trigger is at the price it watches: it would fire at once. */
  reached: boolean;
  /** Not a conditional order, or a trigger above or below the price it watches. */
  placeable: boolean;
  /** What the trigger does, in words; null when not conditional or not placeable. */
  sentence: string | null;
  /** The price a market order's margin is figured at: the mark, or a stop-market's trigger. */
  marketAt: string | null;
  /** What goes with the order; null when not conditional. */
  sent: { stopPrice: string; stopKind: LeverTriggerKind } | null;
}

/** The ticket's order, as the trigger's sentence reads it. */
interface TicketTerms {
  conditional: boolean;
  mode: LeverMode;
  price: string;
  dp: number;
  /** The trigger the form starts with (an order offered at a price of the chart, issue 46). */
  initial?: string;
}

/** The trigger typed, read against the price it watches. */
export function useLeverTrigger(
  side: 1 | 2,
  symbol: string,
  by: TriggerBy,
  mark: string | null,
  o: TicketTerms,
): TriggerState {
  const { t, fmt } = useI18n();
  const [text, set] = useState(o.initial ?? '');
  const lastSignal = useMemo(
    () => computed(() => tickerSignal(symbol).value?.price ?? null),
    [symbol],
  );
  const last = useSignalValue(lastSignal);
  const current = by === 'last' ? (last ?? mark) : mark;
  const d = directionAgainst(parseDecimal(text), current);
  const direction = o.conditional && (d === 'rises' || d === 'falls') ? d : null;
  const kind = direction === null ? null : kindOf(side, direction);
  const sentence =
    kind === null || direction === null
      ? null
      : t('lever.trigger.sentence', sentenceValues(side, by, text, { direction, kind }, o, fmt));
  return {
    text,
    set,
    current,
    direction,
    kind,
    reached: d === 'reached',
    placeable: !o.conditional || direction !== null,
    sentence,
    marketAt: o.conditional ? text : mark,
    sent: kind === null ? null : { stopPrice: text, stopKind: kind },
  };
}

/** The values of the trigger's sentence. */
function sentenceValues(
  side: 1 | 2,
  by: TriggerBy,
  text: string,
  g: { direction: LeverTriggerDirection; kind: LeverTriggerKind },
  o: TicketTerms,
  fmt: I18n['fmt'],
) {
  return {
    kind: g.kind,
    by,
    direction: g.direction,
    trigger: fmt.fixed(text, o.dp),
    order: o.mode === 1 ? 'market' : 'limit',
    side: side === 1 ? 'long' : 'short',
    price: o.price.trim() === '' ? '--' : fmt.fixed(o.price, o.dp),
  };
}

/** The trigger price, what it watches, and the sentence (or why it cannot be placed). */
export function TriggerFields(p: {
  /** A conditional order's ticket: else nothing. */
  shown: boolean;
  sideName: string;
  trig: TriggerState;
  by: TriggerBy;
  onBy: (by: TriggerBy) => void;
  sentence: string | null;
  error: string | undefined;
  quote: string;
  dp: number;
}) {
  const { t, fmt } = useI18n();
  if (!p.shown) return null;
  const reached =
    p.trig.reached && p.trig.current !== null
      ? t('lever.trigger.reached', { price: fmt.fixed(p.trig.current, p.dp) })
      : undefined;
  return (
    <div className="lever-trigger" data-testid={`lever-trigger-${p.sideName}`}>
      <NumberField
        name="trigger"
        label={t('lever.trigger.price')}
        unit={p.quote}
        value={p.trig.text}
        onValue={p.trig.set}
        maxDecimals={p.dp}
        error={p.error ?? reached}
      />
      <ByChips value={p.by} onChange={p.onBy} />
      <p className="lever-entry-stops__outcome" data-testid={`lever-trigger-outcome-${p.sideName}`}>
        {p.sentence ?? t('lever.trigger.none')}
      </p>
    </div>
  );
}

/** A conditional order's tag in the tables: what it waits for, or what became of it. */
export function TriggerTag({ p }: { p: LeverPositionView }) {
  const i18n = useI18n();
  const g = p.trigger;
  if (g === null) return null;
  return (
    <>
      {' '}
      <span className="lever-tag" data-testid="lever-trigger-tag" data-state={g.state}>
        {triggerTagText(p, i18n)}
      </span>
    </>
  );
}
