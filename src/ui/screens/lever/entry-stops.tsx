// The contract ticket's TP/SL section (issue 44, ADR 0058): a switch, how the levels are typed
// (a price, a P&L amount in the quote currency, or a % of the margin), the two levels, and under
// each the price it triggers at with the P&L and ROE the position makes there — before anything
// is sent. A level on the wrong side says the price it must pass.
import type { StopBasis, StopKind, TriggerBy } from '../../../shared/lever-entry-stops.ts';
import { TRIGGER_BY } from '../../../shared/lever-entry-stops.ts';
import { STOP_PRICE_DECIMALS } from '../../../shared/lever.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { NumberField } from '../../trading/form-fields.tsx';
import type { EntryStopsState, ResolvedLevel, ResolvedTrail } from './entry-stops-math.ts';
import { DASH, signedMoney } from './stop-dialog.tsx';

const BASES: readonly StopBasis[] = ['price', 'pnl', 'roe'];
/** What a level is typed in: prices on the stop step, money to 4 decimals, ROE to 2. */
const DECIMALS: Record<StopBasis, number> = { price: STOP_PRICE_DECIMALS, pnl: 4, roe: 2 };
const BY_LABEL = { mark: 'lever.entry.byMark', last: 'lever.entry.byLast' } as const;
const BASIS_LABEL = {
  price: 'lever.entry.basisPrice',
  pnl: 'lever.entry.basisPnl',
  roe: 'lever.entry.basisRoe',
} as const;

/** The trailing stop's rate and optional activation price, with what it will do. */
function Trail(p: {
  side: 1 | 2;
  state: EntryStopsState;
  trail: ResolvedTrail;
  set: (patch: Partial<EntryStopsState>) => void;
  quote: string;
}) {
  const { t, fmt } = useI18n();
  const { rate, activation } = p.trail;
  return (
    <div className="lever-entry-stops__level" data-kind="trail">
      <NumberField
        name="trailRate"
        label={t('lever.entry.trail')}
        unit="%"
        value={p.state.trail}
        onValue={(v) => p.set({ trail: v })}
        maxDecimals={2}
        placeholder={t('lever.entry.optional')}
        error={p.trail.rateProblem ? t('validation.lever.trailRate') : undefined}
      />
      <NumberField
        name="trailActivation"
        label={t('lever.entry.trailActivation')}
        unit={p.quote}
        value={p.state.activation}
        onValue={(v) => p.set({ activation: v })}
        maxDecimals={STOP_PRICE_DECIMALS}
        placeholder={t('lever.entry.optional')}
        error={p.trail.activationProblem ? t('lever.entry.invalid') : undefined}
      />
      {rate !== null && (
        <p className="lever-entry-stops__outcome" data-testid="entry-trail-outcome">
          {t(p.side === 1 ? 'lever.entry.trailLong' : 'lever.entry.trailShort', {
            rate: fmt.fixed(rate.toFixed(), 2),
            start: activation === null ? 'open' : 'price',
            price: activation === null ? '' : fmt.fixed(activation.toFixed(), STOP_PRICE_DECIMALS),
          })}
        </p>
      )}
    </div>
  );
}

interface EntryStopsProps {
  /** 'long' | 'short', as the form's test ids name the side. */
  sideName: string;
  state: EntryStopsState;
  onChange: (next: EntryStopsState) => void;
  tp: ResolvedLevel;
  sl: ResolvedLevel;
  trail: ResolvedTrail;
  side: 1 | 2;
  quote: string;
  pricePrecision: number;
  /** False when the ticket's trigger shows what both watch (a conditional order, ADR 0065). */
  byShown?: boolean;
}

export function EntryStops(p: EntryStopsProps) {
  const { t } = useI18n();
  const set = (patch: Partial<EntryStopsState>) => p.onChange({ ...p.state, ...patch });
  const unit = p.state.basis === 'roe' ? '%' : p.quote;
  return (
    <div className="lever-entry-stops" data-testid={`lever-entry-stops-${p.sideName}`}>
      <label className="lever-entry-stops__switch">
        <input
          type="checkbox"
          checked={p.state.on}
          onChange={(e) => set({ on: e.currentTarget.checked })}
          data-testid={`lever-entry-stops-on-${p.sideName}`}
        />
        {t('lever.entry.switch')}
      </label>
      {p.state.on && (
        <>
          {p.byShown !== false && <ByChips value={p.state.by} onChange={(by) => set({ by })} />}
          <div className="lever-chips" role="radiogroup" aria-label={t('lever.entry.basis')}>
            <span className="lever-entry-stops__label" aria-hidden="true">
              {t('lever.entry.basis')}
            </span>
            {BASES.map((b) => (
              <button
                key={b}
                type="button"
                role="radio"
                aria-checked={p.state.basis === b}
                className={`lever-chip${p.state.basis === b ? ' is-on' : ''}`}
                // a level typed in one basis means nothing in another: both start again
                onClick={() => set({ basis: b, tp: '', sl: '' })}
                data-basis={b}
              >
                {t(BASIS_LABEL[b])}
              </button>
            ))}
          </div>
          {(['tp', 'sl'] as const).map((kind) => (
            <Level
              key={kind}
              kind={kind}
              value={kind === 'tp' ? p.state.tp : p.state.sl}
              onValue={(v) => set(kind === 'tp' ? { tp: v } : { sl: v })}
              level={kind === 'tp' ? p.tp : p.sl}
              basis={p.state.basis}
              unit={unit}
              quote={p.quote}
              pricePrecision={p.pricePrecision}
            />
          ))}
          <Trail side={p.side} state={p.state} trail={p.trail} set={set} quote={p.quote} />
        </>
      )}
    </div>
  );
}

/** "Take profit 68,000.00, stop loss —." for the confirmation, or null with neither level. */
export function useStopsSentence(
  levels: { tp: ResolvedLevel; sl: ResolvedLevel; trail: ResolvedTrail },
  pricePrecision: number,
): string | null {
  const { t, fmt } = useI18n();
  const rate = levels.trail.rate;
  const trail =
    rate === null ? '' : ` ${t('lever.positions.trail', { rate: fmt.fixed(rate.toFixed(), 2) })}.`;
  if (levels.tp.price === null && levels.sl.price === null)
    return rate === null ? null : trail.trim();
  const text = (l: ResolvedLevel) =>
    l.price === null ? DASH : fmt.fixed(l.price.toFixed(), Math.min(pricePrecision, 8));
  return `${t('lever.entry.confirm', { tp: text(levels.tp), sl: text(levels.sl) })}${trail}`;
}

function Level(p: {
  kind: StopKind;
  value: string;
  onValue: (v: string) => void;
  level: ResolvedLevel;
  basis: StopBasis;
  unit: string;
  quote: string;
  pricePrecision: number;
}) {
  const { t, fmt } = useI18n();
  const problem = p.level.problem;
  const error =
    problem === null
      ? undefined
      : problem.kind === 'invalid'
        ? t('lever.entry.invalid')
        : problem.kind === 'unreachable'
          ? t('lever.entry.unreachable')
          : t(problem.kind === 'above' ? 'lever.entry.above' : 'lever.entry.below', {
              price: fmt.fixed(problem.bound.toFixed(), p.pricePrecision),
            });
  const { price, pnl, roe } = p.level;
  return (
    <div className="lever-entry-stops__level" data-kind={p.kind}>
      <NumberField
        name={p.kind === 'tp' ? 'takeProfit' : 'stopLoss'}
        label={t(p.kind === 'tp' ? 'lever.entry.tp' : 'lever.entry.sl')}
        unit={p.unit}
        value={p.value}
        onValue={p.onValue}
        maxDecimals={DECIMALS[p.basis]}
        placeholder={t('lever.entry.optional')}
        error={error}
      />
      {price !== null && pnl !== null && roe !== null && problem === null && (
        <p className="lever-entry-stops__outcome num" data-testid={`entry-${p.kind}-outcome`}>
          <span>
            {t('lever.entry.triggersAt', {
              price: fmt.fixed(price.toFixed(), STOP_PRICE_DECIMALS),
            })}
          </span>
          <span className={`is-${fmt.direction(pnl.toFixed())}`}>
            {t('lever.entry.result', {
              pnl: signedMoney(fmt, pnl.toFixed()),
              currency: p.quote,
              roe: signedMoney(fmt, roe.toFixed(), 2),
            })}
          </span>
        </p>
      )}
    </div>
  );
}

/** What a level or a trigger watches: the mark price (the default) or the last trade (ADR 0059). */
export function ByChips({
  value,
  onChange,
}: {
  value: TriggerBy;
  onChange: (by: TriggerBy) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="lever-chips" role="radiogroup" aria-label={t('lever.entry.by')}>
      <span className="lever-entry-stops__label" aria-hidden="true">
        {t('lever.entry.by')}
      </span>
      {TRIGGER_BY.map((by) => (
        <button
          key={by}
          type="button"
          role="radio"
          aria-checked={value === by}
          className={`lever-chip${value === by ? ' is-on' : ''}`}
          onClick={() => onChange(by)}
          data-by={by}
        >
          {t(BY_LABEL[by])}
        </button>
      ))}
    </div>
  );
}
