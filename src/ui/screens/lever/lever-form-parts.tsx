// The parts of the lever form (lever-form.tsx): the available margin, the price field (disabled
// at market), the multiple chips, the cost read-out, the margin shortfall and the confirmation.
import type { LeverDealView } from '../../../engine/api.ts';
import type { Decimal } from '../../../shared/decimal.ts';
import type { LeverMode, OpenFigures } from '../../../shared/lever.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { NumberField } from '../../trading/form-fields.tsx';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { confirmValues } from './lever-form-math.ts';

export function Available({ deal, quote }: { deal: LeverDealView; quote: string }) {
  const { t, fmt } = useI18n();
  return (
    <div className="spot-form__avail">
      <span className="muted">{t('lever.form.available')}</span>
      <span className="num" data-testid="lever-available">
        {fmt.amount(deal.balance, 4)} {quote}
      </span>
    </div>
  );
}

export function PriceField(p: {
  mode: LeverMode;
  /** A conditional order: a stop-market has no price of its own (it opens at the mark). */
  conditional: boolean;
  meta: PairMeta;
  deal: LeverDealView;
  price: string;
  error: string | undefined;
  onPrice: (v: string) => void;
}) {
  const { t } = useI18n();
  if (p.mode === 1 && p.conditional) return null;
  if (p.mode === 1)
    return (
      <NumberField
        name="price"
        label={t('lever.form.price')}
        unit={p.meta.quote}
        value=""
        onValue={() => undefined}
        maxDecimals={0}
        disabled
        placeholder={t('lever.form.marketPrice')}
      />
    );
  return (
    <NumberField
      name="price"
      label={t('lever.form.price')}
      unit={p.meta.quote}
      value={p.price}
      onValue={p.onPrice}
      maxDecimals={p.deal.pricePrecision}
      error={p.error}
    />
  );
}

export function MultipleChips(p: {
  multiples: number[];
  value: number | null;
  error: string | undefined;
  onChange: (m: number) => void;
}) {
  const { t } = useI18n();
  return (
    <div
      className={`lever-multiples ${p.error === undefined ? '' : 'is-invalid'}`}
      role="radiogroup"
      aria-label={t('lever.form.multiple')}
    >
      <span className="spot-field__label">{t('lever.form.multiple')}</span>
      <div className="lever-chips">
        {p.multiples.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={p.value === m}
            className={`lever-chip${p.value === m ? ' is-on' : ''}`}
            onClick={() => p.onChange(m)}
            data-multiple={m}
          >
            {t('lever.form.times', { value: m })}
          </button>
        ))}
      </div>
      {p.error !== undefined && (
        <span className="field__error" role="alert">
          {p.error}
        </span>
      )}
    </div>
  );
}

/** Money figures with 4 decimals (spec: 4 in contract orders), or with `dp` (a pair's prices). */
function useMoney(dp = 4): (v: Decimal | null | undefined) => string {
  const { fmt } = useI18n();
  return (v) => (v === null || v === undefined ? '--' : fmt.fixed(v.toFixed(), dp));
}

/** The order needs more than the available margin: said before any confirm (issue 41). */
export function MarginShort(p: {
  long: boolean;
  need: Decimal | null;
  available: string;
  quote: string;
}) {
  const { t, fmt } = useI18n();
  if (p.need === null) return null;
  return (
    <p
      className="field__error lever-form__short"
      role="alert"
      data-testid={`lever-short-${p.long ? 'long' : 'short'}`}
    >
      {t('lever.form.marginShort', {
        need: fmt.fixed(p.need.toFixed(), 4),
        available: fmt.amount(p.available, 4),
        currency: p.quote,
      })}
    </p>
  );
}

export function CostReadout(p: {
  long: boolean;
  figures: OpenFigures | null;
  liquidation: Decimal | null;
  /** More than the available margin: no position, so no liquidation price. */
  short: boolean;
  /** The pair's price decimals: the expected and liquidation prices are prices. */
  pricePrecision: number;
}) {
  const { t } = useI18n();
  const money = useMoney();
  const price = useMoney(p.pricePrecision);
  const f = p.figures;
  return (
    <dl className="lever-cost" data-testid={`lever-cost-${p.long ? 'long' : 'short'}`}>
      <dt>{t('lever.form.expectedPrice')}</dt>
      <dd className="num" data-testid="cost-price">
        {price(f?.price)}
      </dd>
      <dt>{t('lever.form.value')}</dt>
      <dd className="num" data-testid="cost-value">
        {money(f?.value)}
      </dd>
      <dt>{t('lever.form.margin')}</dt>
      <dd className="num" data-testid="cost-margin">
        {money(f?.margin)}
      </dd>
      <dt>{t('lever.form.fee')}</dt>
      <dd className="num" data-testid="cost-fee">
        {money(f?.fee)}
      </dd>
      <dt>{t('lever.form.liquidation')}</dt>
      <dd className="num lever-cost__liq" data-testid="cost-liquidation">
        {f !== null && p.liquidation === null && !p.short
          ? t('lever.form.noLiquidation')
          : price(p.liquidation)}
      </dd>
    </dl>
  );
}

export function Confirm(p: {
  open: boolean;
  long: boolean;
  meta: PairMeta;
  pricePrecision: number;
  share: string;
  multiple: number | null;
  price: string | null;
  figures: OpenFigures | null;
  /** The TP/SL sentence, when levels go with the order. */
  stops: string | null;
  conditional: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, fmt } = useI18n();
  const title = p.conditional
    ? p.long
      ? 'lever.trigger.confirmLong'
      : 'lever.trigger.confirmShort'
    : p.long
      ? 'lever.form.confirmLong'
      : 'lever.form.confirmShort';
  const body = t(
    'lever.form.confirmBody',
    confirmValues(
      {
        share: p.share,
        multiple: p.multiple,
        price: p.price,
        pricePrecision: p.pricePrecision,
        figures: p.figures,
        currency: p.meta.quote,
      },
      fmt.fixed,
      t('lever.form.marketPrice'),
    ),
  );
  return (
    <ConfirmDialog
      open={p.open}
      title={t(title, { symbol: p.meta.symbol })}
      body={p.stops === null ? body : `${body} ${p.stops}`}
      confirmLabel={t('lever.form.sure')}
      cancelLabel={t('common.cancel')}
      busy={p.busy}
      onConfirm={p.onConfirm}
      onClose={p.onClose}
    />
  );
}
