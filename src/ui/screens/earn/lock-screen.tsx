// Lock-up savings (/lock; wallet-account-earn.md §2 "Lock-up page", §3, §4, §5, §9;
// docs/api-extensions.md "Lock-up savings"): product cards (coin, minimum, expected total
// yield, progress, daily rate, days), the purchase dialog with the spec's expected yield and the
// balance check, and the user's records, 20 a page, with the early cancel stating its fee.
import { useState } from 'react';
import type { LockOrderView, LockProductView } from '../../../engine/api.ts';
import { Decimal, parseDecimal, type DecStr } from '../../../shared/decimal.ts';
import {
  LOCK_AMOUNT_DECIMALS,
  lockExpectedYield,
  validateLockPurchase,
} from '../../../shared/earn.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { CoinIcon } from '../../components/markets/coin-icon.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { tv } from '../../i18n/i18n.ts';
import type { MessageId } from '../../i18n/i18n.ts';
import { toast } from '../../toast/toast.ts';
import { useWallet } from '../../kit/use-wallet.ts';
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
import type { PagedState } from '../../kit/use-paged.ts';
import { useAmount, useEarnPages, useEarnQuery } from './earn-parts.tsx';
import { Modal } from '../../kit/modal.tsx';
import '../../styles/earn.css';
import { AmountInput, useAmountIssue } from '../../forms/amount-input.tsx';
import { amountForInput, plainAmountText } from '../../forms/amount-text.ts';
import { busyProps } from '../../components/busy-button.ts';

type LockOrders = PagedState<LockOrderView>;

const STATUS: Record<LockOrderView['status'], { label: MessageId; tone: string }> = {
  1: { label: 'lock.status.running', tone: 'info' },
  2: { label: 'lock.status.ended', tone: 'up' },
  3: { label: 'lock.status.cancelled', tone: 'muted' },
};

export default function LockScreen() {
  const { t } = useI18n();
  const lockProducts = useEarnQuery('lock-products');
  const products = lockProducts.data;
  const [buying, setBuying] = useState<LockProductView | null>(null);
  const orders = useEarnPages('lock-orders');

  const bought = () => {
    setBuying(null);
    lockProducts.refresh();
    orders.reload();
  };

  return (
    <section className="page earn" data-testid="lock-screen">
      <header className="earn__head">
        <div>
          <h1 className="earn__title">{t('lock.title')}</h1>
          <p className="muted">{t('lock.lead')}</p>
        </div>
      </header>

      {products === null && lockProducts.error === null && <Loading />}
      {products === null && lockProducts.error !== null && (
        <ErrorState text={lockProducts.error} onRetry={lockProducts.retry} />
      )}
      {products !== null && products.length === 0 && <Empty text={t('lock.noProducts')} />}
      {products !== null && products.length > 0 && (
        <div className="lock-cards" data-testid="lock-products">
          {products.map((p) => (
            <ProductCard key={p.id} product={p} onBuy={() => setBuying(p)} />
          ))}
        </div>
      )}

      <Records orders={orders} />

      <Modal
        open={buying !== null}
        title={
          buying === null ? '' : t('lock.buy.title', { coin: buying.currency, days: buying.days })
        }
        onClose={() => setBuying(null)}
        testId="lock-buy-dialog"
        size="form"
        closeLabel={t('common.close')}
      >
        {buying !== null && <BuyForm product={buying} onDone={bought} />}
      </Modal>
    </section>
  );
}

function ProductCard({ product: p, onBuy }: { product: LockProductView; onBuy: () => void }) {
  const { t, fmt } = useI18n();
  const amount = useAmount();
  const progress = Math.min(100, Math.max(0, Number.parseFloat(p.progress) || 0));
  return (
    <article className="panel lock-card" data-product-id={p.id}>
      <header className="lock-card__head">
        <CoinIcon name={p.currency} size={28} />
        <h2 className="lock-card__coin">{p.currency}</h2>
        <span className="lock-card__days">{t('lock.days', { days: p.days })}</span>
      </header>
      <div className="lock-card__yield">
        <strong className="is-up">{fmt.percent(p.totalRate, 2)}</strong>
        <span className="muted">{t('lock.expectedTotal')}</span>
      </div>
      <dl className="lock-card__facts">
        <div>
          <dt>{t('lock.dailyRate')}</dt>
          <dd>{fmt.percent(p.dailyRate, 2)}</dd>
        </div>
        <div>
          <dt>{t('lock.minimum')}</dt>
          <dd>
            {amount(p.min)} {p.currency}
          </dd>
        </div>
      </dl>
      <div className="lock-card__progress">
        <div
          className="lock-card__bar"
          role="progressbar"
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={t('lock.progress')}
        >
          <span style={{ width: `${progress}%` }} />
        </div>
        <span className="muted">
          {t('lock.progressValue', { value: fmt.fixed(p.progress, 2) })}
        </span>
      </div>
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={onBuy}
        data-testid="lock-buy"
      >
        {t('lock.buy.open')}
      </button>
    </article>
  );
}

function BuyForm({ product: p, onDone }: { product: LockProductView; onDone: () => void }) {
  const { t, fmt } = useI18n();
  const amountText = useAmount();
  const wallet = useWallet();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const row = wallet.accounts.change.rows.find((r) => r.currencyId === p.currencyId);
  const available = wallet.loaded ? (row?.available ?? ('0' as DecStr)) : null;
  // the currency's decimals, and never more than a lock-up amount may have (8)
  const decimals = Math.min(LOCK_AMOUNT_DECIMALS, row?.decimals ?? LOCK_AMOUNT_DECIMALS);
  const yieldOf = lockExpectedYield(plainAmountText(value, decimals), p.dailyRate, p.days);
  const issue = useAmountIssue(value, decimals);
  const shown = issue ?? error;
  const input = {
    productId: p.id,
    amount: value,
    min: p.min,
    max: p.max,
    dailyRate: p.dailyRate,
    days: p.days,
    available,
  };

  const submit = async () => {
    if (busy) return;
    const invalid = validateLockPurchase(input).amount;
    if (invalid !== undefined) return setError(tv(invalid));
    // the field says what is wrong with "5e1abc" and the like; it is never sent (ADR 0041)
    if (issue !== undefined) return;
    setBusy(true);
    const r = await engine.earnCommand('lock-buy', input);
    setBusy(false);
    if (r.ok) {
      toast.success(r.message !== '' ? r.message : t('lock.buy.done'));
      onDone();
    } else if (r.code === 'invalid') {
      const id = Object.values(r.fields)[0];
      setError(id === undefined ? t('lock.buy.failed') : tv(id));
    } else setError(failureMessage(r));
  };

  const range =
    parseDecimal(p.max)?.greaterThan(0) === true
      ? t('lock.buy.range', { min: amountText(p.min), max: amountText(p.max), coin: p.currency })
      : t('lock.buy.rangeMin', { min: amountText(p.min), coin: p.currency });

  return (
    <form
      className="earn-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <dl className="earn-facts">
        <div>
          <dt>{t('lock.dailyRate')}</dt>
          <dd>{fmt.percent(p.dailyRate, 2)}</dd>
        </div>
        <div>
          <dt>{t('lock.term')}</dt>
          <dd>{t('lock.days', { days: p.days })}</dd>
        </div>
        <div>
          <dt>{t('lock.cancelFee')}</dt>
          <dd>{fmt.percent(p.cancelFeeRate, 2)}</dd>
        </div>
      </dl>
      <label className="field__label" htmlFor="lock-amount">
        {t('lock.buy.amount')}
      </label>
      <div className={`earn-input${shown !== null ? ' earn-input--invalid' : ''}`}>
        <AmountInput
          id="lock-amount"
          name="amount"
          decimals={decimals}
          value={value}
          placeholder={range}
          aria-invalid={shown !== null}
          aria-describedby="lock-amount-error"
          onValue={(v) => {
            setValue(v);
            setError(null);
          }}
        />
        <span className="earn-input__unit">{p.currency}</span>
        <button
          type="button"
          className="earn-input__all"
          disabled={available === null}
          onClick={() => available !== null && setValue(amountForInput(available, decimals))}
        >
          {t('lock.buy.all')}
        </button>
      </div>
      <p id="lock-amount-error" className="field__error" role="alert">
        {shown ?? ''}
      </p>
      <div className="earn-readout">
        <span className="muted">{t('lock.buy.available')}</span>
        <span data-testid="lock-available">
          {available === null ? '—' : `${amountText(available)} ${p.currency}`}
        </span>
        <span className="muted">{t('lock.buy.expected')}</span>
        <strong className="is-up" data-testid="lock-expected">
          {yieldOf === null ? '—' : `${amountText(yieldOf.toFixed())} ${p.currency}`}
        </strong>
      </div>
      <p className="muted earn-note">{t('lock.buy.note', { days: p.days })}</p>
      <button
        type="submit"
        className="btn btn--primary btn--block"
        {...busyProps(busy)}
        data-testid="lock-buy-submit"
      >
        {t('lock.buy.submit')}
      </button>
    </form>
  );
}

function Records({ orders }: { orders: LockOrders }) {
  const { t } = useI18n();
  const amount = useAmount();
  const [cancelling, setCancelling] = useState<LockOrderView | null>(null);
  const [busy, setBusy] = useState(false);
  const columns = useColumns(setCancelling);

  const cancel = async () => {
    if (cancelling === null) return;
    setBusy(true);
    const r = await engine.earnCommand('lock-cancel', { id: cancelling.id });
    setBusy(false);
    setCancelling(null);
    if (r.ok) {
      toast.success(r.message !== '' ? r.message : t('lock.cancel.done'));
      orders.reload();
    } else toast.error(failureMessage(r));
  };

  const back =
    cancelling === null
      ? ''
      : amount(new Decimal(cancelling.amount).minus(cancelling.cancelFee).toFixed());
  return (
    <section className="panel earn-records">
      <header className="panel__head">
        <h2 className="panel__title">{t('lock.records.title')}</h2>
      </header>
      <RecordTable
        list={orders}
        columns={columns}
        rowKey={(o) => o.id}
        rowData={(o) => ({ 'data-order-id': o.id, 'data-status': o.status })}
        testId="lock-orders"
        className="table earn-table"
        empty={t('lock.records.empty')}
        moreText={t('lock.records.more')}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={t('lock.cancel.title')}
        body={
          cancelling === null
            ? ''
            : t('lock.cancel.body', {
                fee: amount(cancelling.cancelFee),
                back,
                coin: cancelling.currency,
              })
        }
        confirmLabel={t('lock.cancel.sure')}
        cancelLabel={t('lock.cancel.keep')}
        busy={busy}
        onConfirm={() => void cancel()}
        onClose={() => setCancelling(null)}
      />
    </section>
  );
}

/** Coin, amount, daily rate, yield (expected, or earned), start, end, status, early cancel. */
function useColumns(onCancel: (order: LockOrderView) => void): RecordColumn<LockOrderView>[] {
  const { t, fmt } = useI18n();
  const amount = useAmount();
  return [
    { header: t('lock.col.coin'), cell: (o) => <strong>{o.currency}</strong> },
    { header: t('lock.col.amount'), num: true, cell: (o) => amount(o.amount) },
    { header: t('lock.col.rate'), num: true, cell: (o) => fmt.percent(o.dailyRate, 2) },
    {
      header: t('lock.col.yield'),
      num: true,
      cellClass: 'is-up',
      cell: (o) => amount(o.status === 1 ? o.expected : o.interest),
    },
    { header: t('lock.col.start'), cell: (o) => fmt.date(o.start + 'Z') },
    { header: t('lock.col.end'), cell: (o) => fmt.date(o.end + 'Z') },
    {
      header: t('lock.col.status'),
      cell: (o) => (
        <span className={`earn-chip earn-chip--${STATUS[o.status].tone}`}>
          {t(STATUS[o.status].label)}
        </span>
      ),
    },
    {
      header: t('lock.col.action'),
      num: true,
      cell: (o) =>
        o.status === 1 && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            data-testid="lock-cancel"
            onClick={() => onCancel(o)}
          >
            {t('lock.cancel.open')}
          </button>
        ),
    },
  ];
}
