// One side of the lever trade panel (spec §2 "trade panel with long and short sides", §5
// rules, cost rules): the price (limit only), the multiple, the hands with presets and the
// 0–100 % slider of the most the balance pays for, and the cost read-out — expected price with
// the spread, contract value, margin, fee, and the price at which the position would be
// liquidated — all from src/shared/lever.ts, the formulas the server charges with. A confirm
// dialog comes before the order is sent; a failure closes it and shows the server's message.
import { useState, type FormEvent } from 'react';
import type { LeverDealView, LeverRiskView } from '../../../engine/api.ts';
import type { Decimal } from '../../../shared/decimal.ts';
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
  Confirm,
  CostReadout,
  MarginShort,
  MultipleChips,
  PriceField,
} from './lever-form-parts.tsx';
import { OutcomeChecking } from '../../components/outcome-checking.tsx';
import { ReduceAbove, ReduceConfirm, ReduceToggle, useReduceOnly } from './lever-reduce-parts.tsx';
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
}

type Errors = { [K in LeverOrderField]?: LeverValidationId | undefined };

export function LeverForm(props: LeverFormProps) {
  return <LeverFormInner key={props.resetKey} {...props} />;
}

function LeverFormInner({ side, mode, meta, deal, risk, mark }: LeverFormProps) {
  const { t, tv } = useI18n();
  const [price, setPrice] = useState(mark ?? '');
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
  const { figures, most, liquidation, short } = formFigures({
    side,
    reference: mode === 1 ? mark : price,
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
  const fieldError = (field: 'price' | 'multiple'): string | undefined => {
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
    const found = validateLeverOrder({
      multiple: sentMultiple,
      mode,
      price,
      share,
      minShare: deal.minShare,
      maxShare: deal.maxShare,
      legalId: deal.legalId,
      currencyId: deal.currencyId,
    });
    setErrors(found);
    if (found.pair !== undefined) {
      toast.error(tv(found.pair));
      return;
    }
    // more than the available margin (MarginShort) or than the hands held (ReduceAbove): the form
    // says so, the server would refuse it
    if (!readyToConfirm(found, { reduce, share, held, short, levelsOk: levels.ok })) return;
    setConfirmed(reduce ? NO_LEVELS : confirmedOf(levels, stops.by, stopsSentence));
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
      <PriceField
        mode={mode}
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
      <ReduceToggle
        side={side}
        on={reduce}
        held={held}
        onChange={(on) => {
          ro.set(on);
          setErrors({});
        }}
      />
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
        {t(submitLabel(long, reduce))}
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
        busy={busy}
        onConfirm={() => void send()}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}

interface ConfirmedStops {
  takeProfit: string;
  stopLoss: string;
  sentence: string | null;
  by: 'mark' | 'last';
  trailRate: string;
  trailActivation: string;
}
/** The levels as they stand when the confirmation opens: what will be sent. */
function confirmedOf(
  levels: ReturnType<typeof resolveStops>,
  by: 'mark' | 'last',
  sentence: string | null,
): ConfirmedStops {
  const text = (d: Decimal | null) => d?.toFixed() ?? '';
  return {
    takeProfit: text(levels.tp.price),
    stopLoss: text(levels.sl.price),
    sentence,
    by,
    trailRate: text(levels.trail.rate),
    trailActivation: text(levels.trail.activation),
  };
}

const NO_LEVELS: ConfirmedStops = {
  takeProfit: '',
  stopLoss: '',
  sentence: null,
  by: 'mark',
  trailRate: '',
  trailActivation: '',
};

/** Whether the order may go to its confirmation: nothing to say about the fields, and the
 *  margin pays for it (MarginShort) or, reduce-only, the hands held cover it (ReduceAbove). */
function readyToConfirm(
  found: Errors,
  o: { reduce: boolean; share: string; held: number; short: Decimal | null; levelsOk: boolean },
): boolean {
  if (o.reduce) return confirmable(found, null) && Number(o.share) <= o.held;
  return confirmable(found, o.short) && o.levelsOk;
}

/** The confirmation of the order: reduce-only, or an opening with its costs and levels. */
function Confirms(p: {
  open: boolean;
  reduce: boolean;
  side: 1 | 2;
  meta: PairMeta;
  deal: LeverDealView;
  share: string;
  multiple: number | null;
  price: string | null;
  figures: ReturnType<typeof formFigures>['figures'];
  stops: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  if (p.reduce)
    return (
      <ReduceConfirm
        open={p.open}
        side={p.side}
        meta={p.meta}
        share={p.share}
        price={p.price}
        pricePrecision={p.deal.pricePrecision}
        busy={p.busy}
        onConfirm={p.onConfirm}
        onClose={p.onClose}
      />
    );
  return (
    <Confirm
      open={p.open}
      long={p.side === 1}
      meta={p.meta}
      pricePrecision={p.deal.pricePrecision}
      share={p.share}
      multiple={p.multiple}
      price={p.price}
      figures={p.figures}
      stops={p.stops}
      busy={p.busy}
      onConfirm={p.onConfirm}
      onClose={p.onClose}
    />
  );
}

/** Open long / short, or, reduce-only, close the other side's positions. */
function submitLabel(long: boolean, reduce: boolean) {
  if (reduce) return long ? 'lever.form.closeShorts' : 'lever.form.closeLongs';
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

/** Nothing to say about the fields, and the available margin pays for the order. */
const confirmable = (found: Errors, short: Decimal | null): boolean =>
  Object.keys(found).length === 0 && short === null;
