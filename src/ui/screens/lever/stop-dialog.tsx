// The modals of an open lever position (trading-c2c-market.md §2 "Leverage positions page"):
// take-profit / stop-loss (contract §5.4: both prices > 0, in steps of 0.01; a long's take
// profit above both the open and the current price and its stop loss below both, a short the
// mirror) and the close confirmation with the live profit. Also the small cells the position
// tables share with these dialogs (side, signed money, stop prices).
import { useId, useState } from 'react';
import type { LeverPositionView } from '../../../engine/api.ts';
import { DECIMALS } from '../../../shared/constants.ts';
import { pairMetaSignal } from '../../trading/pair-meta.ts';
import { Decimal, parseDecimal } from '../../../shared/decimal.ts';
import { checkStopPrice, STOP_PRICE_DECIMALS } from '../../../shared/lever.ts';
import { trailLine } from '../../../shared/lever-trailing.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n, type I18n } from '../../i18n/i18n-context.tsx';
import type { CommandResult } from '../../../engine/api.ts';
import { initialLevel, TrailEdit, useTrailEdit, type TrailEditState } from './trail-edit.tsx';
import { toast } from '../../toast/toast.ts';
import { Field } from '../../kit/field.tsx';
import { DialogFooter, Modal } from '../../kit/modal.tsx';
import '../../styles/lever.css';

/** Spec §9: prices, totals and lever prices to 4 decimals; stop prices to 2. */
export const LEVER_DP = { money: DECIMALS.price, stop: 2 } as const;

/** Prices of a contract pair are shown with the pair's own decimals (issue 20, item 11). */
export function priceDpOf(symbol: string): number {
  return pairMetaSignal(symbol).peek().pricePrecision;
}
/** Shown for a stop price of "0" (not set) and a missing figure. */
export const DASH = '—';

type T = I18n['t'];
type Fmt = I18n['fmt'];

export function sideText(t: T, side: 1 | 2): string {
  return side === 1 ? t('lever.positions.long') : t('lever.positions.short');
}

/** The quote currency of "BTC/USDT". */
export function quoteOf(symbol: string): string {
  return symbol.split('/')[1] ?? '';
}

/** A money figure with its sign ("+1.2300", "-0.5000", "0.0000"), 4 decimals. */
export function signedMoney(fmt: Fmt, value: string, dp: number = LEVER_DP.money): string {
  const text = fmt.fixed(value, dp);
  return fmt.direction(value) === 'up' ? `+${text}` : text;
}

export function SideTag({ side }: { side: 1 | 2 }) {
  const { t } = useI18n();
  return (
    <span className={`lever-side lever-side--${side === 1 ? 'long' : 'short'}`}>
      {sideText(t, side)}
    </span>
  );
}

/** A profit coloured up / down, signed. */
export function SignedValue({ value, dp }: { value: string; dp?: number }) {
  const { fmt } = useI18n();
  return <span className={`is-${fmt.direction(value)}`}>{signedMoney(fmt, value, dp)}</span>;
}

/**
 * A take-profit or stop-loss price: 2 decimals, a dash when "0" (not set); a level that watches
 * the last trade instead of the mark says so (ADR 0059).
 */
export function StopPrice({ value, by = 'mark' }: { value: string; by?: 'mark' | 'last' }) {
  const { t, fmt } = useI18n();
  const d = parseDecimal(value);
  if (d === null || d.isZero())
    return (
      <span className="muted" title={t('lever.positions.notSet')}>
        {DASH}
      </span>
    );
  if (by === 'mark') return <>{fmt.fixed(value, LEVER_DP.stop)}</>;
  return (
    <>
      {fmt.fixed(value, LEVER_DP.stop)}{' '}
      <abbr className="lever-stop-by" title={t('lever.positions.byLastTitle')}>
        {t('lever.positions.byLast')}
      </abbr>
    </>
  );
}

/**
 * A position's trailing stop (ADR 0060): "Trail 1 %", with where it stands in its title — the
 * best price since it became active and where it closes, or the price that activates it.
 */
export function TrailTag({ position: p }: { position: LeverPositionView }) {
  const { t, fmt } = useI18n();
  const rate = parseDecimal(p.trailRate);
  if (rate === null || rate.isZero()) return null;
  const peak = parseDecimal(p.trailPeak) ?? new Decimal(0);
  const dp = priceDpOf(p.symbol);
  const title = t('lever.positions.trailTitle', {
    state: peak.isZero() ? 'waiting' : 'active',
    peak: fmt.fixed(peak.toFixed(), dp),
    line: fmt.fixed(trailLine(p.side, peak, rate).toDecimalPlaces(dp).toFixed(), dp),
    activation: fmt.fixed(p.trailActivation, dp),
  });
  return (
    <>
      {' '}
      <abbr className="lever-stop-by" title={title} data-testid="lever-trail">
        {t('lever.positions.trail', { rate: fmt.fixed(rate.toFixed(), 2) })}
      </abbr>
    </>
  );
}

// ---- Take profit / stop loss ---------------------------------------------------------------

interface StopErrors {
  takeProfit?: ValidationId | undefined;
  stopLoss?: ValidationId | undefined;
}

interface StopDialogProps {
  /** The live row; mount the dialog only while it is open. */
  position: LeverPositionView;
  onClose: () => void;
}

const initial = initialLevel;

export function StopDialog({ position: p, onClose }: StopDialogProps) {
  const { t, tv, fmt } = useI18n();
  const hintId = useId();
  const [takeProfit, setTakeProfit] = useState(() => initial(p.takeProfit));
  const [stopLoss, setStopLoss] = useState(() => initial(p.stopLoss));
  const [errors, setErrors] = useState<StopErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const trail = useTrailEdit(p);

  const submit = async (): Promise<void> => {
    if (busy) return;
    // the levels go only when they changed (the legacy call wants both); the trailing stop on
    // its own call (ADR 0062)
    const stopsDirty = takeProfit !== initial(p.takeProfit) || stopLoss !== initial(p.stopLoss);
    const next = stopsDirty ? checkBoth(takeProfit, stopLoss) : {};
    setErrors(next);
    setServerError(null);
    if (next.takeProfit !== undefined || next.stopLoss !== undefined || !trail.ok) return;
    setBusy(true);
    const r = await saveLevels(p.id, stopsDirty ? { takeProfit, stopLoss } : null, trail);
    setBusy(false);
    // nothing changed: nothing to send
    if (r === null || r.ok) {
      if (r !== null) toast.success(r.message !== '' ? r.message : t('lever.stop.done'));
      onClose();
      return;
    }
    refused(r);
  };
  /** A refusal: on its field when it names one, else in the form. */
  const refused = (r: CommandResult & { ok: false }): void => {
    const tp = r.code === 'invalid' ? r.fields['takeProfit'] : undefined;
    const sl = r.code === 'invalid' ? r.fields['stopLoss'] : undefined;
    if (tp !== undefined || sl !== undefined) setErrors({ takeProfit: tp, stopLoss: sl });
    // the native dialog sits above the toasts: the reply is shown in the form
    else setServerError(failureMessage(r));
  };

  const rule = stopRule(p, takeProfit, stopLoss, t, fmt);
  const quote = quoteOf(p.symbol);
  const unit = quote === '' ? undefined : <span className="lever-field__unit">{quote}</span>;

  return (
    <Modal
      open
      title={t('lever.stop.title')}
      onClose={onClose}
      testId="lever-stop-dialog"
      className="lever-dialog"
      closeButton={false}
      describedBy={hintId}
      data={{ 'data-position-id': p.id }}
      onSubmit={() => void submit()}
    >
      <p className="lever-dialog__position">
        <SideTag side={p.side} />
        <strong>{p.symbol}</strong>
        <span className="muted">
          {t('lever.positions.multipleValue', { multiple: p.multiple })}
        </span>
      </p>
      <PositionFacts position={p} />
      <p id={hintId} className={`lever-hint ${rule.broken ? 'is-broken' : ''}`}>
        {rule.text}
      </p>
      <div className="lever-dialog__fields">
        <Field
          name="takeProfit"
          label={t('lever.stop.takeProfit')}
          value={takeProfit}
          decimals={STOP_PRICE_DECIMALS}
          onValue={(v) => {
            setTakeProfit(v);
            setErrors((e) => ({ ...e, takeProfit: undefined }));
          }}
          error={errors.takeProfit === undefined ? undefined : tv(errors.takeProfit)}
          addon={unit}
          data-testid="lever-stop-tp"
        />
        <Field
          name="stopLoss"
          label={t('lever.stop.stopLoss')}
          value={stopLoss}
          decimals={STOP_PRICE_DECIMALS}
          onValue={(v) => {
            setStopLoss(v);
            setErrors((e) => ({ ...e, stopLoss: undefined }));
          }}
          error={errors.stopLoss === undefined ? undefined : tv(errors.stopLoss)}
          addon={unit}
          data-testid="lever-stop-sl"
        />
      </div>
      <TrailEdit side={p.side} edit={trail} quote={quote} />
      {serverError !== null && (
        <p className="form-error lever-dialog__error" role="alert" data-testid="lever-stop-error">
          {serverError}
        </p>
      )}
      <DialogFooter
        cancelLabel={t('common.cancel')}
        onCancel={onClose}
        submitLabel={t('lever.stop.submit')}
        busy={busy}
        submitTestId="lever-stop-submit"
      />
    </Modal>
  );
}

/**
 * The changed levels, then the changed trailing stop: the first refusal, or the last reply;
 * null when nothing changed.
 */
async function saveLevels(
  id: number,
  stops: { takeProfit: string; stopLoss: string } | null,
  trail: TrailEditState,
): Promise<CommandResult | null> {
  const first = stops === null ? null : await engine.leverCommand('set-stop', { id, ...stops });
  if ((first !== null && !first.ok) || !trail.dirty) return first;
  return engine.leverCommand('set-trail', {
    id,
    trailRate: trail.state.trail,
    trailActivation: trail.state.activation,
  });
}

function checkBoth(takeProfit: string, stopLoss: string): StopErrors {
  const tp = checkStopPrice(takeProfit);
  const sl = checkStopPrice(stopLoss);
  return {
    ...(tp === null ? {} : { takeProfit: tp }),
    ...(sl === null ? {} : { stopLoss: sl }),
  };
}

/** Open and current price, hands and the live profit of the position. */
function PositionFacts({ position: p }: { position: LeverPositionView }) {
  const { t, fmt } = useI18n();
  return (
    <dl className="lever-facts">
      <div>
        <dt>{t('lever.positions.col.openPrice')}</dt>
        <dd className="num" data-testid="lever-stop-open">
          {fmt.fixed(p.price, priceDpOf(p.symbol))}
        </dd>
      </div>
      <div>
        <dt>{t('lever.positions.col.markPrice')}</dt>
        <dd className="num" data-testid="lever-stop-mark">
          {fmt.fixed(p.markPrice, priceDpOf(p.symbol))}
        </dd>
      </div>
      <div>
        <dt>{t('lever.positions.col.hands')}</dt>
        <dd className="num">{fmt.fixed(p.share, 0)}</dd>
      </div>
      <div>
        <dt>{t('lever.positions.col.profit')}</dt>
        <dd className="num">
          <SignedValue value={p.profit} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * The side's rule with the figures of the moment: a long's take profit above the higher of
 * the open and the current price, its stop loss below the lower; a short the mirror.
 * `broken` (a hint, not a block: the server checks against its own last price) when a valid
 * value typed is on the wrong side.
 */
function stopRule(
  p: LeverPositionView,
  takeProfit: string,
  stopLoss: string,
  t: T,
  fmt: Fmt,
): { text: string; broken: boolean } {
  const open = parseDecimal(p.price) ?? new Decimal(0);
  const mark = parseDecimal(p.markPrice) ?? open;
  const high = Decimal.max(open, mark);
  const low = Decimal.min(open, mark);
  const values = {
    above: fmt.fixed(high.toFixed(), priceDpOf(p.symbol)),
    below: fmt.fixed(low.toFixed(), priceDpOf(p.symbol)),
  };
  const tp = checkStopPrice(takeProfit) === null ? new Decimal(takeProfit.trim()) : null;
  const sl = checkStopPrice(stopLoss) === null ? new Decimal(stopLoss.trim()) : null;
  if (p.side === 1)
    return {
      text: t('lever.stop.ruleLong', values),
      broken: (tp !== null && tp.lte(high)) || (sl !== null && sl.gte(low)),
    };
  return {
    text: t('lever.stop.ruleShort', values),
    broken: (tp !== null && tp.gte(low)) || (sl !== null && sl.lte(high)),
  };
}
