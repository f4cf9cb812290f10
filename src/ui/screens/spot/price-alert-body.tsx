// The price alert dialog's content for a logged-in user (issue 25): the form (direction, price)
// and the waiting alerts of every pair with their count "n of 20". The direction follows the
// price typed (above the last price: "rises above"; below it: "falls below") until the user
// picks one; the form keeps what was typed on an error and shows the reason under the field or
// the server's words under the form; every result is read out politely (the status line). The
// list is fetched on open, after each change and every few seconds (alerts fire meanwhile).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { PriceAlertsView, PriceAlertView } from '../../../engine/api.ts';
import { parseDecimal } from '../../../shared/decimal.ts';
import {
  PRICE_ALERT_LIMIT,
  suggestedDirection,
  type PriceAlertDirection,
} from '../../../shared/price-alerts.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { tickerSignal } from '../../engine-bridge/signals.ts';
import { useI18n, type I18n } from '../../i18n/i18n-context.tsx';
import { Field } from '../../kit/field.tsx';
import { pairMetaSignal, type PairMeta } from '../../trading/pair-meta.ts';
import { busyProps } from '../../components/busy-button.ts';

/** How often the open dialog reads the list again (alerts that fired leave it). */
const REFRESH_MS = 5000;

export function PriceAlertBody({ meta }: { meta: PairMeta }) {
  const { t, fmt } = useI18n();
  const { alerts, error, reload } = usePriceAlerts();
  const [status, setStatus] = useState('');
  const count = alerts?.waiting.length ?? 0;
  const limit = alerts?.limit ?? PRICE_ALERT_LIMIT;

  const onAdded = useCallback(
    (a: PriceAlertView) => {
      const id = a.direction === 'above' ? 'spot.alert.addedAbove' : 'spot.alert.addedBelow';
      setStatus(t(id, { pair: a.symbol, price: fmt.fixed(a.price, dpOf(a.symbol)) }));
      void reload();
    },
    [t, fmt, reload],
  );
  const onRemoved = useCallback(
    (a: PriceAlertView) => {
      setStatus(t('spot.alert.removed', { pair: a.symbol, condition: conditionOf(t, fmt, a) }));
      void reload();
    },
    [t, fmt, reload],
  );

  return (
    <div className="alert-dialog__body">
      <AlertForm meta={meta} full={count >= limit} limit={limit} onAdded={onAdded} />
      <p className="alert-dialog__status" role="status" data-testid="price-alert-status">
        {status}
      </p>
      <AlertList
        alerts={alerts}
        error={error}
        limit={limit}
        onRemoved={onRemoved}
        onRetry={reload}
      />
    </div>
  );
}

function usePriceAlerts(): {
  alerts: PriceAlertsView | null;
  error: string | null;
  reload: () => Promise<void>;
} {
  const [alerts, setAlerts] = useState<PriceAlertsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  const reload = useCallback(async () => {
    const r = await engine.priceAlerts();
    if (!live.current) return;
    if (r.ok) {
      setAlerts(r.data);
      setError(null);
    } else setError(failureMessage(r));
  }, []);
  useEffect(() => {
    live.current = true;
    void reload();
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => {
      live.current = false;
      clearInterval(timer);
    };
  }, [reload]);
  return { alerts, error, reload };
}

/** Price decimals of a pair (its ticker's; 2 until known). */
const dpOf = (symbol: string): number => pairMetaSignal(symbol).peek().pricePrecision;

function conditionOf(t: I18n['t'], fmt: I18n['fmt'], a: PriceAlertView): string {
  const price = fmt.fixed(a.price, dpOf(a.symbol));
  return t(a.direction === 'above' ? 'spot.alert.rowAbove' : 'spot.alert.rowBelow', { price });
}

const lastOf = (symbol: string) => {
  const price = tickerSignal(symbol).peek()?.price;
  return price === undefined ? null : price;
};

// ---- the form ------------------------------------------------------------------------------

interface FormProps {
  meta: PairMeta;
  full: boolean;
  limit: number;
  onAdded: (alert: PriceAlertView) => void;
}

function AlertForm({ meta, full, limit, onAdded }: FormProps) {
  const { t, tv } = useI18n();
  const [price, setPrice] = useState(() => initialPrice(meta));
  const [direction, setDirection] = useState<PriceAlertDirection>('above');
  const chosen = useRef(false);
  const [fieldError, setFieldError] = useState<ValidationId | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onPrice = (value: string): void => {
    setPrice(value);
    setFieldError(undefined);
    if (chosen.current) return;
    const last = parseDecimal(lastOf(meta.symbol));
    setDirection((d) => suggestedDirection(value, last, d));
  };
  const onDirection = (value: PriceAlertDirection): void => {
    chosen.current = true;
    setDirection(value);
    setFieldError(undefined);
  };
  const submit = async (): Promise<void> => {
    if (busy) return;
    setServerError(null);
    setBusy(true);
    const r = await engine.addPriceAlert({
      symbol: meta.symbol,
      direction,
      price,
      pricePrecision: meta.pricePrecision,
      last: lastOf(meta.symbol),
    });
    setBusy(false);
    if (r.ok) onAdded(r.data);
    else if (r.code === 'invalid') setFieldError(r.fields['price'] ?? r.fields['direction']);
    else setServerError(failureMessage(r));
  };

  return (
    <form
      className="alert-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <DirectionChoice value={direction} onChange={onDirection} />
      <Field
        name="alert-price"
        label={t('spot.alert.price', { quote: meta.quote })}
        value={price}
        decimals={meta.pricePrecision}
        onValue={onPrice}
        error={fieldError === undefined ? undefined : tv(fieldError)}
        data-testid="price-alert-price"
      />
      {full && <p className="alert-form__note">{t('spot.alert.full', { limit })}</p>}
      {serverError !== null && serverError !== '' && (
        <p className="form-error" role="alert" data-testid="price-alert-error">
          {serverError}
        </p>
      )}
      <p className="alert-form__hint muted">{t('spot.alert.hint')}</p>
      <button
        type="submit"
        className="btn btn--primary btn--sm alert-form__submit"
        {...busyProps(busy)}
        data-testid="price-alert-submit"
      >
        {t('spot.alert.submit')}
      </button>
    </form>
  );
}

/** The last price with the pair's decimals (the field's first value), or empty. */
function initialPrice(meta: PairMeta): string {
  const last = parseDecimal(lastOf(meta.symbol));
  return last === null ? '' : last.toFixed(meta.pricePrecision);
}

function DirectionChoice(p: {
  value: PriceAlertDirection;
  onChange: (value: PriceAlertDirection) => void;
}) {
  const { t } = useI18n();
  const name = useId();
  const options = [
    ['above', t('spot.alert.above')],
    ['below', t('spot.alert.below')],
  ] as const;
  return (
    <fieldset className="alert-form__direction">
      <legend className="field__label">{t('spot.alert.direction')}</legend>
      <div className="alert-choice">
        {options.map(([value, label]) => (
          <label key={value} className={`alert-choice__option alert-choice__option--${value}`}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={p.value === value}
              onChange={() => p.onChange(value)}
              data-testid={`price-alert-${value}`}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// ---- the list ------------------------------------------------------------------------------

interface ListProps {
  alerts: PriceAlertsView | null;
  error: string | null;
  limit: number;
  onRemoved: (alert: PriceAlertView) => void;
  onRetry: () => Promise<void>;
}

function AlertList({ alerts, error, limit, onRemoved, onRetry }: ListProps) {
  const { t } = useI18n();
  const headId = useId();
  const head = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** After a removal: the row whose remove button takes the focus next. */
  const focusNext = useRef<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const waiting = alerts?.waiting ?? [];

  useEffect(() => {
    const index = focusNext.current;
    if (index === null) return;
    focusNext.current = null;
    const buttons = list.current?.querySelectorAll('button') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? head.current)?.focus();
  }, [alerts]);

  const remove = async (a: PriceAlertView, index: number): Promise<void> => {
    if (busyId === a.id) return;
    setBusyId(a.id);
    setRemoveError(null);
    const r = await engine.removePriceAlert({ id: a.id });
    setBusyId(null);
    if (!r.ok) {
      setRemoveError(failureMessage(r));
      return;
    }
    focusNext.current = index;
    onRemoved(a);
  };

  return (
    <section className="alert-list" aria-labelledby={headId}>
      <div className="alert-list__head">
        <h3 id={headId} ref={head} tabIndex={-1}>
          {t('spot.alert.waiting')}
        </h3>
        <span className="alert-list__count num" data-testid="price-alert-count">
          {t('spot.alert.count', { count: waiting.length, limit })}
        </span>
      </div>
      <ListState alerts={alerts} error={error ?? removeError} onRetry={onRetry} />
      {waiting.length > 0 && (
        <ul className="alert-list__rows" ref={list}>
          {waiting.map((a, i) => (
            <AlertRow
              key={a.id}
              alert={a}
              busy={busyId === a.id}
              onRemove={() => void remove(a, i)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ListState(p: {
  alerts: PriceAlertsView | null;
  error: string | null;
  onRetry: () => Promise<void>;
}) {
  const { t } = useI18n();
  if (p.error !== null && p.error !== '')
    return (
      <p className="form-error alert-list__error" role="alert">
        {p.error}{' '}
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void p.onRetry()}>
          {t('common.retry')}
        </button>
      </p>
    );
  if (p.alerts === null) return <p className="muted">{t('common.loading')}</p>;
  if (p.alerts.waiting.length === 0) return <p className="muted">{t('spot.alert.none')}</p>;
  return null;
}

function AlertRow(p: { alert: PriceAlertView; busy: boolean; onRemove: () => void }) {
  const { t, fmt } = useI18n();
  const a = p.alert;
  const condition = conditionOf(t, fmt, a);
  return (
    <li className="alert-list__row" data-testid="price-alert-row" data-alert-id={a.id}>
      <span className="alert-list__pair">{a.symbol}</span>
      <span className={`alert-list__condition num alert-list__condition--${a.direction}`}>
        {condition}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        {...busyProps(p.busy)}
        aria-label={t('spot.alert.removeLabel', { pair: a.symbol, condition })}
        data-testid="price-alert-remove"
        onClick={p.onRemove}
      >
        {t('spot.alert.remove')}
      </button>
    </li>
  );
}
