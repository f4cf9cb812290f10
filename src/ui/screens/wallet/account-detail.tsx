// Legal and change account detail (spec §2): the currency's name, available, frozen and CNY
// value (2 decimals on detail pages), then its log with "load more".
import { Link, useSearchParams } from 'react-router';
import type { WalletDetailView } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import { ErrorState } from '../../components/states.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { LogTable } from '../../kit/record-parts.tsx';
import { useAccountQuery, usePagedQuery } from '../../kit/use-account-query.ts';

export function AccountDetail({ type }: { type: 'legal' | 'change' }) {
  const { t } = useI18n();
  const currencyId = useCurrencyParam();
  const valid = currencyId !== null;
  const { state, reload } = useAccountQuery('wallet-detail', valid ? { currencyId, type } : null);
  const log = usePagedQuery('wallet-log', { account: type, currencyId });
  const back = type === 'legal' ? WALLET_PATH.legal : WALLET_PATH.change;
  const d = state.data;
  return (
    <AccountShell
      title={t('wallet.detail.title', {
        currency: d?.name ?? '',
        account: t(`wallet.account.${type}`),
      })}
      testId={`detail-${type}`}
      actions={
        <Link className="btn btn--ghost btn--sm" to={back}>
          {t('wallet.detail.back')}
        </Link>
      }
    >
      {!valid && <ErrorState text={t('wallet.detail.noCurrency')} />}
      {valid && state.status === 'error' && (
        <ErrorState
          text={t('wallet.list.error', { message: state.message })}
          onRetry={reload}
          retryable={state.retryable}
        />
      )}
      {valid && <DetailSummary detail={d} />}
      {valid && (
        <div className="panel">
          <div className="panel__head">
            <h2 className="panel__title">{t('wallet.detail.log')}</h2>
          </div>
          <LogTable list={log} column="part" dp={2} testId="log-table" />
        </div>
      )}
    </AccountShell>
  );
}

/** `?currency_id=` (or legacy `?currency=`) as a positive id, else null. */
function useCurrencyParam(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('currency_id') ?? params.get('currency') ?? '');
  return Number.isInteger(id) && id > 0 ? id : null;
}

function DetailSummary({ detail: d }: { detail: WalletDetailView | null }) {
  const { t, fmt } = useI18n();
  const cny =
    d === null ? '0' : new Decimal(d.available).plus(d.locked).times(d.cnyPrice).toFixed(2);
  const show = (v: string | undefined) => (v === undefined ? '—' : fmt.amount(v, 2));
  return (
    <div className="panel summary">
      <div>
        <div className="summary__label">{t('wallet.assets.available')}</div>
        <div className="summary__value num" data-testid="detail-available">
          {show(d?.available)}
          <span className="summary__unit">{d?.name ?? ''}</span>
        </div>
      </div>
      <div>
        <div className="summary__label">{t('wallet.assets.frozen')}</div>
        <div className="summary__value num">{show(d?.locked)}</div>
      </div>
      <div>
        <div className="summary__label">{t('wallet.detail.cny')}</div>
        <div className="summary__value num">{d === null ? '—' : fmt.fixed(cny, 2)}</div>
      </div>
    </div>
  );
}
