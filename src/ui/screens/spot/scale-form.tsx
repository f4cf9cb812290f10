// One side's scale order ticket (issue 44, ADR 0057): a price range, a number of orders, a total
// amount and a size skew. The preview lists every order's price and amount and the average
// price before anything is sent, computed with the server's own rule (src/shared/scale.ts). The
// server places all of them or none and says which; every one must rest. Errors appear under
// the fields or in the preview and never clear what was typed.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Decimal, parseDecimal } from '../../../shared/decimal.ts';
import {
  scaleLegs,
  SCALE_MAX,
  SCALE_MIN,
  SKEW_MAX,
  SKEW_MIN,
  type ScaleIssue,
} from '../../../shared/scale.ts';
import type { SpotSide } from '../../../shared/spot.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { toast } from '../../toast/toast.ts';
import { NumberField } from '../../trading/form-fields.tsx';
import { amountTextIssue } from '../../forms/amount-text.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { useOrderGuard } from '../../components/offline-reason.tsx';
import { Available, SubmitOrLogin } from './spot-form.tsx';

interface ScaleFormProps {
  side: SpotSide;
  meta: PairMeta;
  loggedIn: boolean;
  /** Available quote (buy) or base (sell). */
  balance: string;
}

type Field = 'from' | 'to' | 'count' | 'number' | 'skew';

const ISSUE_TEXT: Record<ScaleIssue, MessageId> = {
  count: 'spot.scale.issue.count',
  skew: 'spot.scale.issue.skew',
  prices: 'spot.scale.issue.prices',
  range: 'spot.scale.issue.range',
  total: 'spot.scale.issue.total',
  tooSmall: 'spot.scale.issue.tooSmall',
};

const EMPTY: Record<Field, string> = { from: '', to: '', count: '5', number: '', skew: '1' };

export function ScaleForm({ side, meta, loggedIn, balance }: ScaleFormProps) {
  const { t, tv } = useI18n();
  const [v, setV] = useState<Record<Field, string>>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string | undefined>>>({});
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const guard = useOrderGuard();
  const plan = useMemo(() => preview(v, meta), [v, meta]);
  const set = (f: Field) => (value: string) => {
    setV((x) => ({ ...x, [f]: value }));
    setErrors((x) => ({ ...x, [f]: undefined }));
  };

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (submitting.current || guard.down || plan === null || !plan.ok) return;
    submitting.current = true;
    setBusy(true);
    const r = await engine.placeSpotScale({ symbol: meta.symbol, side, ...v });
    submitting.current = false;
    setBusy(false);
    if (r.ok) {
      toast.success(r.message || t('spot.scale.placed'));
      setV(EMPTY);
      return;
    }
    if (r.code !== 'invalid') return void toast.error(failureMessage(r));
    const word = (id: ValidationId | undefined) => (id === undefined ? undefined : tv(id));
    setErrors({
      from: word(r.fields['from']),
      to: word(r.fields['to']),
      number: word(r.fields['number']),
    });
  };

  const field = (f: Field, label: MessageId, unit: string, dp: number) => (
    <NumberField
      name={f}
      label={t(label)}
      unit={unit}
      value={v[f]}
      onValue={set(f)}
      maxDecimals={dp}
      error={errors[f]}
    />
  );

  return (
    <form
      className={`spot-form spot-form--${side}`}
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid={`${side}-scale-form`}
    >
      <fieldset className="spot-form__fields" disabled={!loggedIn}>
        <Available
          side={side}
          balance={balance}
          currency={side === 'buy' ? meta.quote : meta.base}
        />
        <div className="scale-form__pair">
          {field('from', 'spot.scale.from', meta.quote, meta.pricePrecision)}
          {field('to', 'spot.scale.to', meta.quote, meta.pricePrecision)}
        </div>
        {field('number', 'spot.scale.total', meta.base, meta.amountPrecision)}
        <div className="scale-form__pair">
          {field('count', 'spot.scale.count', '', 0)}
          {field('skew', 'spot.scale.skew', '', 2)}
        </div>
        <ScalePreview side={side} meta={meta} plan={plan} />
      </fieldset>
      <SubmitOrLogin
        side={side}
        loggedIn={loggedIn}
        busy={busy}
        guard={guard}
        testId={`${side}-scale-submit`}
        label={busy ? t('spot.form.placing') : submitLabel(side, meta, plan, t)}
      />
    </form>
  );
}

/** "Buy EOS: 5 orders" once the legs are known, else "Buy EOS". */
function submitLabel(
  side: SpotSide,
  meta: PairMeta,
  plan: ReturnType<typeof preview>,
  t: ReturnType<typeof useI18n>['t'],
): string {
  const currency = meta.base;
  if (plan === null || !plan.ok)
    return t(side === 'buy' ? 'spot.form.buy' : 'spot.form.sell', { currency });
  const count = plan.legs.length;
  return t(side === 'buy' ? 'spot.scale.buy' : 'spot.scale.sell', { currency, count });
}

/** The legs as typed, or why not; null until every figure is there. */
function preview(v: Record<Field, string>, meta: PairMeta) {
  const texts: [string, number][] = [
    [v.from, meta.pricePrecision],
    [v.to, meta.pricePrecision],
    [v.number, meta.amountPrecision],
    [v.count, 0],
    [v.skew, 2],
  ];
  if (texts.some(([text, dp]) => text.trim() === '' || amountTextIssue(text, dp) !== null))
    return null;
  const from = parseDecimal(v.from);
  const to = parseDecimal(v.to);
  const total = parseDecimal(v.number);
  const skew = parseDecimal(v.skew);
  if (from === null || to === null || total === null || skew === null) return null;
  return scaleLegs({
    from,
    to,
    total,
    skew,
    count: Number(v.count),
    pricePrecision: meta.pricePrecision,
    amountPrecision: meta.amountPrecision,
  });
}

/** Every order the scale will place, and the average price; or why it cannot. */
function ScalePreview(p: { side: SpotSide; meta: PairMeta; plan: ReturnType<typeof preview> }) {
  const { t, fmt } = useI18n();
  const { plan, meta } = p;
  if (plan === null)
    return (
      <p className="stop-summary muted" data-testid={`${p.side}-scale-preview`}>
        {t('spot.scale.hint')}
      </p>
    );
  if (!plan.ok)
    return (
      <p className="stop-summary field__error" role="alert" data-testid={`${p.side}-scale-preview`}>
        {t(ISSUE_TEXT[plan.issue], {
          min: plan.issue === 'count' ? SCALE_MIN : SKEW_MIN.toFixed(),
          max: plan.issue === 'count' ? SCALE_MAX : SKEW_MAX.toFixed(),
        })}
      </p>
    );
  return (
    <div className="scale-preview" data-testid={`${p.side}-scale-preview`} aria-live="polite">
      <table className="scale-preview__table">
        <caption className="visually-hidden">{t('spot.scale.preview')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('spot.form.price')}</th>
            <th scope="col">{t('spot.form.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.legs.map((l, i) => (
            <tr key={l.price.toFixed()} data-leg={i + 1}>
              <td className="muted">{i + 1}</td>
              <td className="num">{fmt.fixed(l.price.toFixed(), meta.pricePrecision)}</td>
              <td className="num">{fmt.fixed(l.amount.toFixed(), meta.amountPrecision)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="scale-preview__avg" data-testid={`${p.side}-scale-average`}>
        {t('spot.scale.average', {
          price: fmt.fixed(
            plan.average.toDecimalPlaces(meta.pricePrecision, Decimal.ROUND_HALF_EVEN).toFixed(),
            meta.pricePrecision,
          ),
        })}
      </p>
    </div>
  );
}
