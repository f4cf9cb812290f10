// One side's conditional order ticket (issue 44, ADR 0052): a trigger price, the limit price (the
// "stop limit" tab; "stop market" places a market order) and the amount. Stop or take-profit
// follows from the trigger against the last price (trigger-kind.ts), and the form says in words
// what will happen: "when the last price rises to 70,000.00, buy 0.1 BTC at 70,100.00". Its funds
// are reserved on the server until then. Errors appear under the fields and never clear what was
// typed; success resets the form and the waiting orders list shows the new one.
import { useRef, useState, type FormEvent } from 'react';
import type { DecStr } from '../../../shared/decimal.ts';
import { DECIMALS } from '../../../shared/constants.ts';
import type { SpotSide } from '../../../shared/spot.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { failureMessage } from '../../i18n/result-message.ts';
import { toast } from '../../toast/toast.ts';
import { NumberField } from '../../trading/form-fields.tsx';
import { anyAmountIssue } from '../../forms/amount-text.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { triggerKind } from '../../trading/trigger-kind.ts';
import { useOrderGuard } from '../../components/offline-reason.tsx';
import { triggersChanged } from './trigger-list.tsx';
import { LoginPrompt } from './spot-form.tsx';

interface Errors {
  trigger?: string | undefined;
  price?: string | undefined;
  number?: string | undefined;
}

interface StopFormProps {
  side: SpotSide;
  /** The triggered order is a limit order (with its price), else a market order. */
  limit: boolean;
  meta: PairMeta;
  loggedIn: boolean;
  /** Available quote (buy) or base (sell). */
  balance: string;
}

export function StopForm({ side, limit, meta, loggedIn, balance }: StopFormProps) {
  const { t, tv, fmt } = useI18n();
  const last = useSignalValue(tickerSignal(meta.symbol))?.price ?? null;
  const [trigger, setTrigger] = useState('');
  const [price, setPrice] = useState('');
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const guard = useOrderGuard();
  const meaning = triggerKind(side, trigger, last, limit);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (submitting.current || guard.down) return;
    if (
      anyAmountIssue(
        [trigger, meta.pricePrecision],
        [limit ? price : '', meta.pricePrecision],
        [number, meta.amountPrecision],
      )
    )
      return;
    if (meaning === 'reached' || meaning === null) {
      const why =
        meaning === 'reached'
          ? 'spot.stop.reached'
          : trigger.trim() === ''
            ? 'spot.stop.triggerRequired'
            : 'spot.stop.noLast';
      setErrors({ trigger: t(why) });
      return;
    }
    submitting.current = true;
    setBusy(true);
    const result = await engine.placeSpotTrigger({
      symbol: meta.symbol,
      side,
      kind: meaning.kind,
      trigger,
      price: limit ? price : '',
      number,
    });
    submitting.current = false;
    setBusy(false);
    if (result.ok) {
      toast.success(result.message !== '' ? result.message : t('spot.stop.placed'));
      setTrigger('');
      setPrice('');
      setNumber('');
      setErrors({});
      triggersChanged();
      return;
    }
    if (result.code === 'invalid') {
      const f = result.fields;
      const word = (id: ValidationId | undefined) => (id === undefined ? undefined : tv(id));
      setErrors({
        trigger: word(f['trigger']),
        price: word(f['price']),
        number: word(f['number']),
      });
      return;
    }
    toast.error(failureMessage(result));
  };

  return (
    <form
      className={`spot-form spot-form--${side}`}
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid={`${side}-stop-form`}
    >
      <fieldset className="spot-form__fields" disabled={!loggedIn}>
        <div className="spot-form__avail">
          <span className="muted">{t('spot.form.available')}</span>
          <span className="num">
            {t('spot.form.amountWithUnit', {
              value: fmt.amount(balance, DECIMALS.price),
              currency: side === 'buy' ? meta.quote : meta.base,
            })}
          </span>
        </div>
        <NumberField
          name="trigger"
          label={t('spot.stop.trigger')}
          unit={meta.quote}
          value={trigger}
          onValue={(v) => {
            setTrigger(v);
            setErrors((x) => ({ ...x, trigger: undefined }));
          }}
          maxDecimals={meta.pricePrecision}
          error={errors.trigger}
        />
        <NumberField
          name="price"
          label={t('spot.form.price')}
          unit={meta.quote}
          value={limit ? price : ''}
          onValue={(v) => {
            setPrice(v);
            setErrors((x) => ({ ...x, price: undefined }));
          }}
          maxDecimals={meta.pricePrecision}
          disabled={!limit}
          placeholder={limit ? '' : t('spot.form.marketPrice')}
          error={errors.price}
        />
        <NumberField
          name="number"
          label={t('spot.form.amount')}
          unit={meta.base}
          value={number}
          onValue={(v) => {
            setNumber(v);
            setErrors((x) => ({ ...x, number: undefined }));
          }}
          maxDecimals={meta.amountPrecision}
          error={errors.number}
        />
        <StopSummary side={side} meta={meta} meaning={meaning} trigger={trigger} last={last} />
      </fieldset>
      {loggedIn ? (
        <>
          <button
            type="submit"
            className={`btn btn--block spot-form__submit btn--${side}`}
            {...guard.button(busy)}
            data-testid={`${side}-stop-submit`}
          >
            {busy
              ? t('spot.form.placing')
              : t(side === 'buy' ? 'spot.stop.buy' : 'spot.stop.sell', { currency: meta.base })}
          </button>
          {guard.reason}
        </>
      ) : (
        <LoginPrompt side={side} />
      )}
    </form>
  );
}

/** What will happen, in words: which way the price must move, and the kind it makes. */
function StopSummary(p: {
  side: SpotSide;
  meta: PairMeta;
  meaning: ReturnType<typeof triggerKind>;
  trigger: string;
  last: DecStr | null;
}) {
  const { t, fmt } = useI18n();
  const { meaning } = p;
  let text: string;
  if (meaning === null) text = t('spot.stop.hint');
  else if (meaning === 'reached') text = t('spot.stop.reached');
  else
    text = t(meaning.direction === 'rises' ? 'spot.stop.whenRises' : 'spot.stop.whenFalls', {
      trigger: fmt.fixed(p.trigger, p.meta.pricePrecision),
      kind: t(meaning.kind.startsWith('stop') ? 'spot.stop.kindStop' : 'spot.stop.kindTp'),
    });
  return (
    <p className="stop-summary muted" data-testid={`${p.side}-stop-summary`} aria-live="polite">
      {text}
    </p>
  );
}
