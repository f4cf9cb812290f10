// One side of the lever trade panel (spec §2 "trade panel with long and short sides", §5
// rules, cost rules): the price (limit only), the multiple, the hands with presets and the
// 0–100 % slider of the most the balance pays for, and the cost read-out — expected price with
// the spread, contract value, margin, fee, and the price at which the position would be
// liquidated — all from src/shared/lever.ts, the formulas the server charges with. A confirm
// dialog comes before the order is sent; a failure closes it and shows the server's message.
import { useState, type FormEvent } from 'react';
import type { LeverPick } from './lever-chart-trading.ts';
import type { LeverDealView, LeverRiskView } from '../../../engine/api.ts';
import type { LeverMode, LeverOrderField, LeverValidationId } from '../../../shared/lever.ts';
import { validateLeverOrder } from '../../../shared/lever.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import { NumberField, PercentSlider } from '../../trading/form-fields.tsx';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { formFigures } from './lever-form-math.ts';
import { EntryStops, useStopsSentence } from './entry-stops.tsx';
import type { EntryStopsState } from './entry-stops-math.ts';
import { NO_ENTRY_STOPS, resolveStops } from './entry-stops-math.ts';
import {
  Available,
  CostReadout,
  MarginShort,
  MultipleChips,
  PriceField,
} from './lever-form-parts.tsx';
import { OutcomeChecking } from '../../components/outcome-checking.tsx';
import { ReduceAbove, ReduceToggle, useReduceOnly } from './lever-reduce-parts.tsx';
import type { ConfirmedStops, Errors } from './lever-form-confirm.tsx';
import { Confirms, confirmedOf, NO_LEVELS, readyToConfirm } from './lever-form-confirm.tsx';
import { TriggerFields, useLeverTrigger } from './lever-trigger.tsx';
import { useOrderGuard } from '../../components/offline-reason.tsx';

interface LeverFormProps {
  side: 1 | 2;
  mode: LeverMode;
  meta: PairMeta;
  deal: LeverDealView;
  risk: LeverRiskView | null;
  /** The live mark price of the pair (market orders open at it; the limit price starts at it). */
  mark: string | null;
  /** Bumped when the mode switches: the multiple is cleared and the price reset (spec §4). */
  resetKey: number;
  /** A conditional order (ADR 0065): it waits for its trigger, then does what `mode` says. */
  conditional: boolean;
  /** An order offered at a price of the chart for this side: its limit price or its trigger. */
  seed?: LeverPick | null;
}

export function LeverForm(props: LeverFormProps) {
  return <LeverFormInner key={props.resetKey} {...props} />;
}

function LeverFormInner(props: LeverFormProps) {
  const { side, mode, meta, deal, risk, mark, conditional, seed = null } = props;
  const { t, tv } = useI18n();
  const [price, setPrice] = useState(() => initialPrice(conditional, mark, seed));
  const [multiple, setMultiple] = useState<number | null>(null);
  const [share, setShare] = useState('');
  const [percent, setPercent] = useState(0);
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [stops, setStops] = useState<EntryStopsState>(NO_ENTRY_STOPS);
  // the levels as confirmed: a market order's preview follows the mark, what is sent does not
  const [confirmed, setConfirmed] = useState<ConfirmedStops>(NO_LEVELS);
  const guard = useOrderGuard();
  const long = side === 1;
  const waiting = busy || checking;
  const sideClass = long ? 'buy' : 'sell';
  // the side as its test ids name it
  const sideName = long ? 'long' : 'short';
  const trig = useLeverTrigger(side, meta.symbol, stops.by, mark, {
    conditional,
    mode,
    price,
    dp: deal.pricePrecision,
    initial: seedTrigger(seed),
  });
  const { figures, most, liquidation, short } = formFigures({
    side,
    // a stop-market's margin is figured at its trigger, and again at the mark it opens at
    reference: mode === 1 ? trig.marketAt : price,
    share,
    multiple,
    deal,
    risk,
  });
  const levels = resolveStops(
    stops,
    figures === null
      ? null
      : { side, entry: figures.price, number: figures.number, margin: figures.margin },
    mark,
  );
  const stopsSentence = useStopsSentence(levels, deal.pricePrecision);
  // reduce-only (ADR 0061): closes the other side's hands; no multiple, margin or levels
  const ro = useReduceOnly(side, meta.symbol, deal, multiple, most);
  const { on: reduce, held, cap, multiple: sentMultiple } = ro;
  const clear = (field: LeverOrderField) => setErrors((e) => ({ ...e, [field]: undefined }));
  const fieldError = (field: 'price' | 'multiple' | 'stopPrice'): string | undefined => {
    const id = errors[field];
    return id === undefined ? undefined : tv(id);
  };

  const onShare = (v: string) => {
    setShare(v);
    setPercent(cap > 0 && /^\d+$/.test(v) ? Math.min(100, Math.round((Number(v) / cap) * 100)) : 0);
    clear('share');
  };
  const onSlide = (pct: number) => {
    setPercent(pct);
    const n = Math.floor((cap * pct) / 100);
    setShare(pct === 0 || n === 0 ? '' : String(n));
    clear('share');
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (waiting || guard.down) return;
    const found: Errors = validateLeverOrder({
      multiple: sentMultiple,
      mode,
      price,
      share,
      minShare: deal.minShare,
      maxShare: deal.maxShare,
      legalId: deal.legalId,
      currencyId: deal.currencyId,
    });
    if (!trig.placeable) found.stopPrice = 'validation.lever.triggerInvalid';
    setErrors(found);
    if (found.pair !== undefined) {
      toast.error(tv(found.pair));
      return;
    }
    // more than the available margin (MarginShort) or than the hands held (ReduceAbove): the form
    // says so, the server would refuse it
    if (!readyToConfirm(found, { reduce, share, held, short, levelsOk: levels.ok })) return;
    const said = joinSentences(trig.sentence, stopsSentence);
    const trigger = trig.sent;
    setConfirmed(reduce ? NO_LEVELS : { ...confirmedOf(levels, stops.by, said), trigger });
    setConfirming(true);
  };

  const send = async () => {
    setBusy(true);
    const order = {
      side,
      mode,
      multiple: sentMultiple,
      share,
      price,
      reduceOnly: reduce,
      takeProfit: confirmed.takeProfit,
      stopLoss: confirmed.stopLoss,
      triggerBy: confirmed.by,
      trailRate: confirmed.trailRate,
      trailActivation: confirmed.trailActivation,
      ...confirmed.trigger,
    };
    const r = await engine.leverCommand('submit', order, () => {
      // the reply is late: the dialog gives way to the form, which says it is checking
      setConfirming(false);
      setChecking(true);
    });
    setBusy(false);
    setChecking(false);
    setConfirming(false);
    if (r.ok) {
      toast.success(r.message !== '' ? r.message : t('spot.form.placed'));
      setShare('');
      setPercent(0);
      setStops((x) => ({ ...x, tp: '', sl: '', trail: '', activation: '' }));
      trig.set('');
      return;
    }
    if (r.code === 'invalid') setErrors(r.fields as Errors);
    toast.error(failureMessage(r));
  };

  const shareError = shareErrorText(errors.share, deal, tv);
  return (
    <form
      className={`spot-form spot-form--${sideClass} lever-form`}
      noValidate
      onSubmit={check}
      data-testid={`lever-form-${sideName}`}
    >
      <Available deal={deal} quote={meta.quote} />
      <TriggerFields
        shown={conditional}
        sideName={sideName}
        trig={trig}
        by={stops.by}
        onBy={(by) => setStops((x) => ({ ...x, by }))}
        sentence={trig.sentence}
        error={fieldError('stopPrice')}
        quote={meta.quote}
        dp={deal.pricePrecision}
      />
      <PriceField
        mode={mode}
        conditional={conditional}
        meta={meta}
        deal={deal}
        price={price}
        error={fieldError('price')}
        onPrice={(v) => {
          setPrice(v);
          clear('price');
        }}
      />
      {!reduce && (
        <MultipleChips
          multiples={deal.multiples}
          value={multiple}
          error={fieldError('multiple')}
          onChange={(m) => {
            setMultiple(m);
            clear('multiple');
          }}
        />
      )}
      <NumberField
        name="share"
        label={t('lever.form.hands')}
        unit={t('lever.form.handsUnit')}
        value={share}
        onValue={onShare}
        maxDecimals={0}
        placeholder={t('lever.form.handsRange', { min: deal.minShare, max: deal.maxShare })}
        error={shareError}
      />
      <div className="lever-chips lever-chips--presets">
        {deal.shares.map((n) => (
          <button key={n} type="button" className="lever-chip" onClick={() => onShare(String(n))}>
            {n}
          </button>
        ))}
      </div>
      <PercentSlider
        side={sideClass}
        value={percent}
        onChange={onSlide}
        disabled={sentMultiple === null || cap === 0}
      />
      {!conditional && (
        <ReduceToggle
          side={side}
          on={reduce}
          held={held}
          onChange={(on) => {
            ro.set(on);
            setErrors({});
          }}
        />
      )}
      {reduce ? (
        <ReduceAbove side={side} share={share} held={held} />
      ) : (
        <>
          <CostReadout
            long={long}
            figures={figures}
            liquidation={liquidation}
            short={short !== null}
            pricePrecision={deal.pricePrecision}
          />
          <EntryStops
            sideName={sideName}
            state={stops}
            onChange={setStops}
            tp={levels.tp}
            sl={levels.sl}
            trail={levels.trail}
            side={side}
            quote={meta.quote}
            pricePrecision={deal.pricePrecision}
            byShown={!conditional}
          />
          <MarginShort long={long} need={short} available={deal.balance} quote={meta.quote} />
        </>
      )}
      <button
        type="submit"
        className={`btn btn--block spot-form__submit btn--${sideClass}`}
        // focus comes back here when the confirm closes: busy is aria-disabled, never disabled
        // (issue 41, ADR 0037); `check` ignores it while busy
        {...guard.button(waiting)}
        data-testid={`lever-submit-${sideName}`}
      >
        {t(submitLabel(long, reduce, conditional))}
      </button>
      {guard.reason}
      {checking && <OutcomeChecking testId={`lever-unknown-${sideName}`} />}
      <Confirms
        open={confirming}
        reduce={reduce}
        side={side}
        meta={meta}
        deal={deal}
        share={share}
        multiple={multiple}
        price={mode === 1 ? null : price}
        figures={figures}
        stops={confirmed.sentence}
        conditional={confirmed.trigger !== null}
        busy={busy}
        onConfirm={() => void send()}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}

/**
 * A stop-limit's price stands against its trigger: it starts empty; a limit's at the mark, or at
 * the price of a limit order offered on the chart.
 */
function initialPrice(conditional: boolean, mark: string | null, seed: LeverPick | null): string {
  if (seed?.kind === 'limit') return seed.price;
  return conditional ? '' : (mark ?? '');
}

/** The trigger of a stop offered on the chart ('' otherwise). */
const seedTrigger = (seed: LeverPick | null): string => (seed?.kind === 'stop' ? seed.price : '');

/** The trigger's sentence and the levels', as the confirmation says them; null: neither. */
function joinSentences(...said: (string | null)[]): string | null {
  const some = said.filter((x) => x !== null);
  return some.length === 0 ? null : some.join(' ');
}

/** Open long / short, or, reduce-only, close the other side's positions; or a conditional one. */
function submitLabel(long: boolean, reduce: boolean, conditional: boolean) {
  if (reduce) return long ? 'lever.form.closeShorts' : 'lever.form.closeLongs';
  if (conditional) return long ? 'lever.trigger.placeLong' : 'lever.trigger.placeShort';
  return long ? 'lever.form.openLong' : 'lever.form.openShort';
}

/** A hands error with the pair's range of hands. */
function shareErrorText(
  id: LeverValidationId | undefined,
  deal: LeverDealView,
  tv: (id: LeverValidationId) => string,
): string | undefined {
  return id === undefined ? undefined : `${tv(id)} (${deal.minShare}–${deal.maxShare})`;
}
