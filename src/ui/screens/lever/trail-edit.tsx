// The trailing stop of an open position, in its TP/SL dialog (issue 44, ADR 0062): the rate
// (0.1–10 %) and an optional activation price, starting from what the position has; emptying the
// rate removes it. Says what it will do, from the next second, by the rule the server steps.
import { useState } from 'react';
import type { LeverPositionView } from '../../../engine/api.ts';
import { parseDecimal } from '../../../shared/decimal.ts';
import { STOP_PRICE_DECIMALS } from '../../../shared/lever.ts';
import { Field } from '../../kit/field.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { EntryStopsState } from './entry-stops-math.ts';
import { NO_ENTRY_STOPS, resolveTrail } from './entry-stops-math.ts';

/** A level already set ("0" = none) as a starting value. */
export function initialLevel(value: string): string {
  const d = parseDecimal(value);
  return d === null || d.isZero() ? '' : d.toFixed();
}

/** The trailing stop as edited: what is typed, what it resolves to, whether it changed. */
export function useTrailEdit(p: LeverPositionView) {
  const from = { trail: initialLevel(p.trailRate), activation: initialLevel(p.trailActivation) };
  const [state, setState] = useState<EntryStopsState>({ ...NO_ENTRY_STOPS, on: true, ...from });
  const resolved = resolveTrail(state);
  return {
    state,
    set: (patch: Partial<EntryStopsState>) => setState((s) => ({ ...s, ...patch })),
    resolved,
    dirty: state.trail.trim() !== from.trail || state.activation.trim() !== from.activation,
    ok: !resolved.rateProblem && !resolved.activationProblem,
  };
}

export type TrailEditState = ReturnType<typeof useTrailEdit>;

export function TrailEdit({
  side,
  edit,
  quote,
}: {
  side: 1 | 2;
  edit: TrailEditState;
  quote: string;
}) {
  const { t, fmt } = useI18n();
  const { rate, activation } = edit.resolved;
  return (
    <fieldset className="lever-dialog__trail" data-testid="lever-trail-edit">
      <legend>{t('lever.entry.trail')}</legend>
      <div className="lever-dialog__fields">
        <Field
          name="trailRate"
          label={t('lever.stop.trailRate')}
          value={edit.state.trail}
          decimals={2}
          onValue={(v) => edit.set({ trail: v })}
          error={edit.resolved.rateProblem ? t('validation.lever.trailRate') : undefined}
          addon={<span className="lever-field__unit">%</span>}
          data-testid="lever-trail-rate"
        />
        <Field
          name="trailActivation"
          label={t('lever.entry.trailActivation')}
          value={edit.state.activation}
          decimals={STOP_PRICE_DECIMALS}
          onValue={(v) => edit.set({ activation: v })}
          error={edit.resolved.activationProblem ? t('lever.entry.invalid') : undefined}
          addon={quote === '' ? undefined : <span className="lever-field__unit">{quote}</span>}
          data-testid="lever-trail-activation"
        />
      </div>
      <p className="lever-hint" data-testid="lever-trail-outcome">
        {rate === null
          ? t('lever.stop.trailNone')
          : t(side === 1 ? 'lever.stop.trailLong' : 'lever.stop.trailShort', {
              rate: fmt.fixed(rate.toFixed(), 2),
              start: activation === null ? 'now' : 'price',
              price:
                activation === null ? '' : fmt.fixed(activation.toFixed(), STOP_PRICE_DECIMALS),
            })}
      </p>
    </fieldset>
  );
}
