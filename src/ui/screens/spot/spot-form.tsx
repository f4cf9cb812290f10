// One side's order form: price (disabled and showing the best opposite price for market
// orders), amount, the 0–100 % slider with Max, a limit order's post-only and time in force
// (order-options.tsx), total, submit. Errors from the shared rules
// appear under the fields and never clear what was typed; success resets the form (spec §4).
// One submit at a time (a double click places one order). When the reply is lost or late the
// engine retries with the same client_id: the form says "outcome unknown — checking" until
// the retry confirms or refutes the order.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { fixed, type DecStr } from '../../../shared/decimal.ts';
import { DECIMALS } from '../../../shared/constants.ts';
import {
  validateSpotOrder,
  type SpotMode,
  type SpotSide,
  type SpotValidationId,
} from '../../../shared/spot.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';
import { toast } from '../../toast/toast.ts';
import {
  orderTotal,
  sliderEnabled,
  sliderPercent,
  sliderQuantity,
} from '../../trading/form-math.ts';
import { NumberField, PercentSlider } from '../../trading/form-fields.tsx';
import { anyAmountIssue, plainAmountText } from '../../forms/amount-text.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { DEFAULT_OPTIONS, OrderOptions, type LimitOptions } from '../../trading/order-options.tsx';
import { OutcomeChecking } from '../../components/outcome-checking.tsx';
import { useOrderGuard } from '../../components/offline-reason.tsx';

type FieldError = ValidationId | SpotValidationId;
interface Errors {
  price?: FieldError | undefined;
  number?: FieldError | undefined;
}

/**
 * A price the user picked elsewhere: a book level (both limit forms take it), or an order offered
 * at a price of the chart (issue 46): a limit order (the limit forms take it) or a stop (the
 * side's conditional form takes it as the trigger).
 */
export interface PickedPrice {
  price: string;
  side?: SpotSide;
  kind?: 'limit' | 'stop';
}

interface SpotFormProps {
  side: SpotSide;
  mode: SpotMode;
  meta: PairMeta;
  loggedIn: boolean;
  /** Available quote (buy) or base (sell). */
  balance: string;
  /** Best ask (buy) or best bid (sell): the price of a market order. */
  best: ReadonlySignal<DecStr | null>;
  picked: ReadonlySignal<PickedPrice | null>;
}

/** What a limit form reads instead of the best price: never changes. */
const NO_PRICE: ReadonlySignal<DecStr | null> = signal<DecStr | null>(null);

export function SpotForm({ side, mode, meta, loggedIn, balance, best, picked }: SpotFormProps) {
  const { t, tv } = useI18n();
  // The best opposite price matters to a market order only: a limit form does not re-render on
  // every book diff (issue 19: both forms re-rendered 25 times a second under F-busy).
  const bestPrice = useSignalValue(mode === 1 ? best : NO_PRICE);
  const [price, setPrice] = useState('');
  const [number, setNumber] = useState('');
  const [percent, setPercent] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  /** Kept after a placement: a trader's time in force is a habit, not a one-off. */
  const [options, setOptions] = useState<LimitOptions>(DEFAULT_OPTIONS);
  /** idle, placing, or placing with the outcome unknown (the engine is checking). */
  const [phase, setPhase] = useState<'idle' | 'placing' | 'unknown'>('idle');
  /** Set at once on submit: a second submit before the next render is ignored. */
  const submitting = useRef(false);
  const busy = phase !== 'idle';
  const guard = useOrderGuard();
  const market = mode === 1;
  const effectivePrice = market ? (bestPrice ?? '') : plainAmountText(price, meta.pricePrecision);
  const slider = { side, balance, price: effectivePrice, amountPrecision: meta.amountPrecision };

  // A price clicked in the book fills the limit price.
  useEffect(
    () =>
      picked.subscribe((p) => {
        // a book level fills both sides; an order offered on the chart, its own side
        if (p === null || p.kind === 'stop' || (p.side !== undefined && p.side !== side)) return;
        setPrice(p.price);
        setErrors((e) => ({ ...e, price: undefined }));
      }),
    [picked, side],
  );

  const onPrice = (v: string): void => {
    setPrice(v);
    setErrors((e) => ({ ...e, price: undefined }));
  };
  const onNumber = (v: string): void => {
    setNumber(v);
    setPercent(sliderPercent({ ...slider, number: plainAmountText(v, meta.amountPrecision) }));
    setErrors((e) => ({ ...e, number: undefined }));
  };
  const onSlide = (pct: number): void => {
    setPercent(pct);
    const qty = sliderQuantity({ ...slider, percent: pct });
    setNumber(pct === 0 || qty === null ? '' : qty);
    setErrors((e) => ({ ...e, number: undefined }));
  };

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (submitting.current || guard.down) return;
    const found = validateSpotOrder({ side, mode, price, number });
    setErrors(found);
    if (found.price !== undefined || found.number !== undefined) return;
    // the fields say what is wrong with a text that is not a plain amount; it is never sent
    if (anyAmountIssue([market ? '' : price, meta.pricePrecision], [number, meta.amountPrecision]))
      return;
    submitting.current = true;
    setPhase('placing');
    // the engine sends the options with a limit order only
    const order = { side, mode, price: market ? '' : price, number, ...options };
    const result = await engine.placeSpotOrder(order, () => setPhase('unknown'));
    submitting.current = false;
    setPhase('idle');
    if (result.ok) {
      toast.success(result.message !== '' ? result.message : t('spot.form.placed'));
      setPrice('');
      setNumber('');
      setPercent(0);
      setErrors({});
      return;
    }
    if (result.code === 'invalid') {
      const f = result.fields;
      setErrors({ price: f['price'], number: f['number'] ?? f['num'] });
    }
    toast.error(failureMessage(result));
  };

  const total = orderTotal(effectivePrice, plainAmountText(number, meta.amountPrecision));
  const unitBalance = side === 'buy' ? meta.quote : meta.base;

  return (
    <form
      className={`spot-form spot-form--${side}`}
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid={`${side}-form`}
    >
      <fieldset className="spot-form__fields" disabled={!loggedIn}>
        <Available side={side} balance={balance} currency={unitBalance} />
        <NumberField
          name="price"
          label={t('spot.form.price')}
          unit={meta.quote}
          value={market ? marketPrice(bestPrice, meta.pricePrecision) : price}
          onValue={onPrice}
          maxDecimals={meta.pricePrecision}
          disabled={market}
          placeholder={market ? t('spot.form.marketPrice') : ''}
          error={errors.price === undefined ? undefined : tv(errors.price)}
        />
        <NumberField
          name="number"
          label={t('spot.form.amount')}
          unit={meta.base}
          value={number}
          onValue={onNumber}
          maxDecimals={meta.amountPrecision}
          error={errors.number === undefined ? undefined : tv(errors.number)}
        />
        <PercentSlider
          side={side}
          value={percent}
          onChange={onSlide}
          disabled={!sliderEnabled(loggedIn, effectivePrice)}
        />
        {!market && <OrderOptions side={side} value={options} onChange={setOptions} />}
        <FormTotal side={side} total={total} approx={market} quote={meta.quote} />
      </fieldset>
      <SubmitOrLogin
        side={side}
        loggedIn={loggedIn}
        busy={busy}
        guard={guard}
        testId={`${side}-submit`}
        label={
          phase === 'idle' ? t(SUBMIT_LABEL[side], { currency: meta.base }) : t(PHASE_LABEL[phase])
        }
      />
      {phase === 'unknown' && <OutcomeChecking testId={`${side}-unknown`} />}
    </form>
  );
}

const SUBMIT_LABEL = { buy: 'spot.form.buy', sell: 'spot.form.sell' } as const;
const PHASE_LABEL = { placing: 'spot.form.placing', unknown: 'spot.form.unknown' } as const;

function FormTotal(p: { side: SpotSide; total: string | null; approx: boolean; quote: string }) {
  const { t, fmt } = useI18n();
  const text = p.total === null ? '--' : fmt.fixed(p.total, DECIMALS.price);
  return (
    <div className="spot-form__total">
      <span className="muted">{t('spot.form.total')}</span>
      <span className="num" data-testid={`${p.side}-total`}>
        {t('spot.form.amountWithUnit', {
          value: p.approx && p.total !== null ? t('spot.form.totalApprox', { value: text }) : text,
          currency: p.quote,
        })}
      </span>
    </div>
  );
}

/** What a visitor sees in place of a form's submit: log in or register (the stop form's too). */
export function LoginPrompt({ side }: { side: SpotSide }) {
  const { t } = useI18n();
  return (
    <div className="spot-form__login" data-testid={`${side}-login-prompt`}>
      <span className="muted">{t('spot.form.loginPrompt')}</span>
      <div className="spot-form__login-actions">
        <Link className="btn btn--primary btn--sm" to={ROUTE_PATH.login}>
          {t('spot.form.login')}
        </Link>
        <Link className="btn btn--ghost btn--sm" to={ROUTE_PATH.register}>
          {t('spot.form.register')}
        </Link>
      </div>
    </div>
  );
}

/** The best opposite price as the disabled price field shows it ('' when the side is empty). */
function marketPrice(best: DecStr | null, pricePrecision: number): string {
  return best === null ? '' : fixed(best, pricePrecision);
}

/** What the form can spend: the quote coin for a buy, the base coin for a sell. */
export function Available(p: { side: SpotSide; balance: string; currency: string }) {
  const { t, fmt } = useI18n();
  return (
    <div className="spot-form__avail">
      <span className="muted">{t('spot.form.available')}</span>
      <span className="num" data-testid={`${p.side}-available`}>
        {t('spot.form.amountWithUnit', {
          value: fmt.amount(p.balance, DECIMALS.price),
          currency: p.currency,
        })}
      </span>
    </div>
  );
}

/** The form's submit button and why it is off (offline), or a visitor's login prompt. */
export function SubmitOrLogin(p: {
  side: SpotSide;
  loggedIn: boolean;
  busy: boolean;
  guard: ReturnType<typeof useOrderGuard>;
  testId: string;
  label: string;
}) {
  if (!p.loggedIn) return <LoginPrompt side={p.side} />;
  return (
    <>
      <button
        type="submit"
        className={`btn btn--block spot-form__submit btn--${p.side}`}
        {...p.guard.button(p.busy)}
        data-testid={p.testId}
      >
        {p.label}
      </button>
      {p.guard.reason}
    </>
  );
}
