// One side's conditional order ticket (issue 44, ADR 0052): a trigger price, the limit price (the
// "stop limit" tab; "stop market" places a market order) and the amount. Stop or take-profit
// follows from the trigger against the last price (trigger-kind.ts), and the form says in words
// what will happen: "when the last price rises to 70,000.00, buy 0.1 BTC at 70,100.00". Its funds
// are reserved on the server until then. Errors appear under the fields and never clear what was
// typed; success resets the form and the waiting orders list shows the new one.
// As an OCO (ADR 0056) it adds the limit leg's price and its stop is a stop-limit when a stop
// price is given, else a stop-market; the trigger must be a stop (a sell's below the last price).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ReadonlySignal } from '@preact/signals-core';
import type { PickedPrice } from './spot-form.tsx';
import type { DecStr } from '../../../shared/decimal.ts';
import type { SpotSide } from '../../../shared/spot.ts';
import type { PlaceSpotTrigger } from '../../../engine/api.ts';
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
import type { MessageId } from '../../i18n/i18n.ts';
import { triggersChanged } from './trigger-list.tsx';
import { Available, SubmitOrLogin } from './spot-form.tsx';

interface Errors {
  oco?: string | undefined;
  trigger?: string | undefined;
  price?: string | undefined;
  number?: string | undefined;
}

interface StopFormProps {
  side: SpotSide;
  /** The triggered order is a limit order (with its price), else a market order. */
  limit: boolean;
  /** An OCO: a limit leg at its own price, and this stop; `limit` is then whether a stop price is given. */
  oco?: boolean;
  meta: PairMeta;
  loggedIn: boolean;
  /** Available quote (buy) or base (sell). */
  balance: string;
  /** A stop offered at a price of the chart: this side's form takes it as the trigger. */
  picked?: ReadonlySignal<PickedPrice | null>;
}

export function StopForm(props: StopFormProps) {
  const { side, meta, loggedIn, balance } = props;
  const oco = props.oco === true;
  const { t, tv } = useI18n();
  const last = useSignalValue(tickerSignal(meta.symbol))?.price ?? null;
  const [ocoPrice, setOcoPrice] = useState('');
  const [trigger, setTrigger] = useState('');
  const [price, setPrice] = useState('');
  const limit = oco ? price.trim() !== '' : props.limit;
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const guard = useOrderGuard();
  const meaning = triggerKind(side, trigger, last, limit);
  const { picked } = props;
  useEffect(
    () =>
      picked?.subscribe((p) => {
        if (p?.kind !== 'stop' || p.side !== side) return;
        setTrigger(p.price);
        setErrors((e) => ({ ...e, trigger: undefined }));
      }),
    [picked, side],
  );
  const field = stopPriceField(oco, limit, price);

  /** The order as it will be sent, or the words that stop it here. */
  const request = (): PlaceSpotTrigger | MessageId | null => {
    const sent = { ocoPrice: oco ? ocoPrice : '', trigger, price: limit ? price : '', number };
    const dp = meta.pricePrecision;
    const badAmount = anyAmountIssue(
      [sent.ocoPrice, dp],
      [trigger, dp],
      [sent.price, dp],
      [number, meta.amountPrecision],
    );
    if (badAmount) return null;
    const why = triggerIssue(side, oco, meaning, trigger);
    if (why !== null || meaning === null || meaning === 'reached') return why;
    return { symbol: meta.symbol, side, kind: meaning.kind, ...sent };
  };

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (submitting.current || guard.down) return;
    const order = request();
    if (typeof order === 'string') return void setErrors({ trigger: t(order) });
    if (order === null) return;
    submitting.current = true;
    setBusy(true);
    const result = await engine.placeSpotTrigger(order);
    submitting.current = false;
    setBusy(false);
    if (result.ok) {
      toast.success(result.message || t(oco ? 'spot.oco.placed' : 'spot.stop.placed'));
      for (const clear of [setOcoPrice, setTrigger, setPrice, setNumber]) clear('');
      setErrors({});
      triggersChanged();
      return;
    }
    if (result.code !== 'invalid') return void toast.error(failureMessage(result));
    const f = result.fields;
    const word = (id: ValidationId | undefined) => (id === undefined ? undefined : tv(id));
    setErrors({
      oco: word(f['ocoPrice']),
      trigger: word(f['trigger']),
      price: word(f['price']),
      number: word(f['number']),
    });
  };

  return (
    <form
      className={`spot-form spot-form--${side}`}
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid={`${side}-stop-form`}
    >
      <fieldset className="spot-form__fields" disabled={!loggedIn}>
        <Available
          side={side}
          balance={balance}
          currency={side === 'buy' ? meta.quote : meta.base}
        />
        {oco && (
          <NumberField
            name="oco_price"
            label={t('spot.oco.limitPrice')}
            unit={meta.quote}
            value={ocoPrice}
            onValue={(v) => {
              setOcoPrice(v);
              setErrors((x) => ({ ...x, oco: undefined }));
            }}
            maxDecimals={meta.pricePrecision}
            error={errors.oco}
          />
        )}
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
          label={t(field.label)}
          unit={meta.quote}
          value={field.value}
          onValue={(v) => {
            setPrice(v);
            setErrors((x) => ({ ...x, price: undefined }));
          }}
          maxDecimals={meta.pricePrecision}
          disabled={field.disabled}
          placeholder={field.placeholder ? t('spot.form.marketPrice') : ''}
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
        {oco ? (
          <OcoSummary side={side} meta={meta} price={ocoPrice} trigger={trigger} />
        ) : (
          <StopSummary side={side} meta={meta} meaning={meaning} trigger={trigger} last={last} />
        )}
      </fieldset>
      <SubmitOrLogin
        side={side}
        loggedIn={loggedIn}
        busy={busy}
        guard={guard}
        testId={`${side}-stop-submit`}
        label={busy ? t('spot.form.placing') : t(submitLabel(side, oco), { currency: meta.base })}
      />
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

/**
 * The stop's price field: the limit of a stop-limit; off for a stop-market; optional in an OCO
 * (left empty, its stop places a market order).
 */
function stopPriceField(oco: boolean, limit: boolean, price: string) {
  return {
    label: oco ? ('spot.oco.stopPrice' as const) : ('spot.form.price' as const),
    value: oco || limit ? price : '',
    disabled: !oco && !limit,
    placeholder: !limit,
  };
}

/** Why the trigger cannot be sent as typed (reached, missing, no price yet, not a stop for an OCO). */
function triggerIssue(
  side: SpotSide,
  oco: boolean,
  meaning: ReturnType<typeof triggerKind>,
  trigger: string,
): MessageId | null {
  if (meaning === 'reached') return 'spot.stop.reached';
  if (meaning === null)
    return trigger.trim() === '' ? 'spot.stop.triggerRequired' : 'spot.stop.noLast';
  if (oco && !meaning.kind.startsWith('stop'))
    return side === 'sell' ? 'spot.oco.sellTrigger' : 'spot.oco.buyTrigger';
  return null;
}

function submitLabel(side: SpotSide, oco: boolean) {
  if (oco) return side === 'buy' ? 'spot.oco.buy' : 'spot.oco.sell';
  return side === 'buy' ? 'spot.stop.buy' : 'spot.stop.sell';
}

/** An OCO in words: the limit leg's price, or the stop at its trigger; one cancels the other. */
function OcoSummary(p: { side: SpotSide; meta: PairMeta; price: string; trigger: string }) {
  const { t, fmt } = useI18n();
  const known = p.price.trim() !== '' && p.trigger.trim() !== '';
  const text = known
    ? t(p.side === 'buy' ? 'spot.oco.buySummary' : 'spot.oco.sellSummary', {
        price: fmt.fixed(p.price, p.meta.pricePrecision),
        trigger: fmt.fixed(p.trigger, p.meta.pricePrecision),
      })
    : t('spot.oco.hint');
  return (
    <p className="stop-summary muted" data-testid={`${p.side}-oco-summary`} aria-live="polite">
      {text}
    </p>
  );
}
