// Publish a c2c ad (/c2c, trading-c2c-market.md §2 "Publish page", §5 "c2c publish", §8):
// the legal currencies as NAME/CNY on the left, a buy form and a sell form side by side
// (quantity, unit price in CNY, pay way) and the note that payment is made by the user
// personally. 997 / 998 lead to payout details / identity; other server refusals show the
// message and clear price, quantity and pay way (spec §8); success goes to my ads after 0.5 s.
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { C2cType, C2cWay } from '../../../engine/api.ts';
import { C2C_DECIMALS, validateC2cPublish } from '../../../shared/c2c.ts';
import { anyAmountIssue } from '../../forms/amount-text.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { ErrorState, Loading, Empty } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { c2c } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import { AmountField } from '../../kit/amount-field.tsx';
import { KitForm } from '../../kit/form.tsx';
import {
  C2C_DP,
  C2C_PATH,
  C2cPage,
  DASH,
  REDIRECT_MS,
  WAYS,
  WAY_LABEL,
  WayIcon,
  moneyOf,
  useC2cGates,
  useC2cWatch,
  useLater,
  retryC2c,
  usePaidBy,
  PayoutWayMissing,
} from './c2c-parts.tsx';

type FieldName = 'number' | 'price' | 'way' | 'currency';
type Errors = Partial<Record<FieldName, ValidationId>>;

export default function C2cPublishScreen() {
  const { t } = useI18n();
  const view = useSignalValue(c2c);
  const [picked, setPicked] = useState<number | null>(null);
  useC2cWatch('keep');

  const currencies = view.currencies;
  const current = currencies.find((c) => c.id === picked) ?? currencies[0] ?? null;

  let body;
  if (currencies.length === 0) {
    if (view.error !== null) body = <ErrorState text={view.error} onRetry={retryC2c} />;
    else if (!view.myAds.loaded && !view.market.loaded) body = <Loading />;
    else body = <Empty text={t('c2c.publish.noCurrencies')} />;
  } else
    body = (
      <div className="c2c-publish">
        <nav className="panel c2c-legal" aria-label={t('c2c.publish.markets')}>
          <h2 className="c2c-legal__title">{t('c2c.publish.markets')}</h2>
          <ul className="c2c-legal__list">
            {currencies.map((c) => {
              const active = current?.id === c.id;
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    className={`c2c-legal__item${active ? ' c2c-legal__item--active' : ''}`}
                    aria-pressed={active}
                    data-currency-id={c.id}
                    onClick={() => setPicked(c.id)}
                  >
                    {t('c2c.publish.pair', { coin: c.name })}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="c2c-publish__main">
          <div className="c2c-publish__forms">
            {current !== null && (
              <>
                <PublishForm
                  key={`buy-${current.id}`}
                  type="buy"
                  currencyId={current.id}
                  coin={current.name}
                />
                <PublishForm
                  key={`sell-${current.id}`}
                  type="sell"
                  currencyId={current.id}
                  coin={current.name}
                />
              </>
            )}
          </div>
          <aside className="c2c-note" aria-label={t('c2c.publish.noteTitle')}>
            <strong className="c2c-note__title">{t('c2c.publish.noteTitle')}</strong>
            <p>{t('c2c.publish.note')}</p>
          </aside>
        </div>
      </div>
    );

  return (
    <C2cPage title={t('c2c.publish.title')} testId="c2c-publish-screen">
      {body}
    </C2cPage>
  );
}

function PublishForm({
  type,
  currencyId,
  coin,
}: {
  type: C2cType;
  currencyId: number;
  coin: string;
}) {
  const { t, tv, fmt } = useI18n();
  const navigate = useNavigate();
  const gates = useC2cGates();
  const later = useLater();
  const titleId = useId();
  const wayErrorId = useId();
  const [number, setNumber] = useState('');
  const [price, setPrice] = useState('');
  const [way, setWay] = useState<C2cWay | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const money = moneyOf(number.trim(), price.trim());
  const err = (name: FieldName): string | undefined => {
    const id = errors[name];
    return id === undefined ? undefined : tv(id);
  };

  const submit = async (): Promise<void> => {
    const input = { type, way, price: price.trim(), number: number.trim(), currencyId };
    const next = validateC2cPublish(input);
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    if (anyAmountIssue([input.price, C2C_DECIMALS], [input.number, C2C_DECIMALS])) return;
    setBusy(true);
    const r = await engine.c2cCommand('publish', input);
    setBusy(false);
    if (r.ok) {
      setDone(true);
      toast.success(r.message !== '' ? r.message : t('c2c.publish.done'));
      later(() => void navigate(C2C_PATH.myAds), REDIRECT_MS);
      return;
    }
    if (r.code === 'invalid') {
      setErrors(r.fields);
      return;
    }
    if (gates(r)) return;
    const message = failureMessage(r);
    toast.error(message);
    setFormError(message);
    if (r.code === 'server') {
      // spec §8: a refused publication clears price, quantity and pay way
      setNumber('');
      setPrice('');
      setWay(null);
    }
  };

  const isBuy = type === 'buy';
  return (
    <KitForm
      className={`panel c2c-form c2c-form--${type}`}
      labelledBy={titleId}
      testId={isBuy ? 'c2c-publish-buy' : 'c2c-publish-sell'}
      // published: busy until the page moves on to my ads (a press is ignored)
      state={{ busy: busy || done, formError }}
      onSubmit={submit}
      submit={{
        label: isBuy ? t('c2c.publish.submitBuy', { coin }) : t('c2c.publish.submitSell', { coin }),
        className: `btn btn--block c2c-submit c2c-submit--${type}`,
        testId: 'c2c-publish-submit',
      }}
    >
      <h2 id={titleId} className="c2c-form__title">
        {isBuy ? t('c2c.publish.buyTitle', { coin }) : t('c2c.publish.sellTitle', { coin })}
      </h2>
      <AmountField
        name="number"
        label={t('c2c.publish.number')}
        value={number}
        onValue={setNumber}
        error={err('number')}
        decimals={C2C_DECIMALS}
        placeholder={t('c2c.publish.twoDecimals')}
        addon={<span className="c2c-field__unit">{coin}</span>}
      />
      <AmountField
        name="price"
        label={t('c2c.publish.price')}
        value={price}
        onValue={setPrice}
        error={err('price')}
        decimals={C2C_DECIMALS}
        placeholder={t('c2c.publish.twoDecimals')}
        addon={<span className="c2c-field__unit">{t('c2c.cny')}</span>}
      />
      <WayPicker type={type} way={way} error={err('way')} errorId={wayErrorId} onWay={setWay} />
      {errors.currency !== undefined && (
        <p className="field__error" role="alert">
          {tv(errors.currency)}
        </p>
      )}
      <dl className="c2c-form__total">
        <dt className="muted">{t('c2c.publish.total')}</dt>
        <dd className="num">
          {money === null ? DASH : fmt.fixed(money, C2C_DP)}
          <span className="c2c-unit">{t('c2c.cny')}</span>
        </dd>
      </dl>
      {!isBuy && <p className="c2c-form__hint muted">{t('c2c.publish.sellHint')}</p>}
    </KitForm>
  );
}

/** The pay way of the ad, one radio per way; a sell ad also says whether the user has it. */
function WayPicker({
  type,
  way,
  error,
  errorId,
  onWay,
}: {
  type: C2cType;
  way: C2cWay | null;
  error: string | undefined;
  /** The error text's id: made by the form (useId) beside its title's. */
  errorId: string;
  onWay: (way: C2cWay) => void;
}) {
  const { t } = useI18n();
  const isBuy = type === 'buy';
  return (
    <fieldset
      className="c2c-ways"
      aria-invalid={error !== undefined ? true : undefined}
      aria-describedby={error !== undefined ? errorId : undefined}
    >
      <legend className="field__label">
        {isBuy ? t('c2c.publish.wayBuy') : t('c2c.publish.waySell')}
      </legend>
      <div className="c2c-ways__list">
        {WAYS.map((w) => (
          <label key={w} className={`c2c-way-option${way === w ? ' is-checked' : ''}`}>
            <input
              type="radio"
              name={`way-${type}`}
              value={w}
              data-way={w}
              checked={way === w}
              onChange={() => onWay(w)}
            />
            <span className={`c2c-way c2c-way--${w}`}>
              <WayIcon way={w} />
              <span>{t(WAY_LABEL[w])}</span>
            </span>
          </label>
        ))}
      </div>
      {error !== undefined && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      {!isBuy && <SellWayCheck way={way} />}
    </fieldset>
  );
}

/** A sell ad is paid by its way: the publisher needs that account (issue 20; the server checks). */
function SellWayCheck({ way }: { way: C2cWay | null }) {
  const { t } = useI18n();
  const paidBy = usePaidBy(way);
  if (way === null || paidBy !== false) return null;
  return <PayoutWayMissing way={way} text={t('c2c.publish.needWay', { way })} />;
}
