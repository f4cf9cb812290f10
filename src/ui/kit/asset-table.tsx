// One account's assets (spec §2: currency, available, frozen, valuation; 8 decimals in asset
// lists): a search box, "hide zero balances", the rows with their actions, and an inline
// panel (deposit / withdraw) under the row whose panel is open.
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import type { BalanceRowView, WalletView } from '../../engine/api.ts';
import { Decimal } from '../../shared/decimal.ts';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { CoinIcon } from '../components/markets/coin-icon.tsx';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';

interface AssetTableProps {
  rows: readonly BalanceRowView[];
  loaded: boolean;
  error: string | null;
  /** Valuation column: in USDT (default) or CNY. */
  valuation?: 'usdt' | 'cny';
  actions: (row: BalanceRowView) => ReactNode;
  /** The currency whose inline panel is open, and the panel. */
  panel?: { currencyId: number; content: ReactNode } | null;
  testId?: string;
}

export function AssetTable({
  rows,
  loaded,
  error,
  valuation = 'usdt',
  actions,
  panel,
  testId,
}: AssetTableProps) {
  const { t, fmt } = useI18n();
  const [search, setSearch] = useState('');
  const [hideZero, setHideZero] = useState(false);
  const shown = useMemo(() => {
    const q = search.trim().toUpperCase();
    return rows.filter(
      (r) =>
        (q === '' || r.name.toUpperCase().includes(q)) &&
        (!hideZero || !new Decimal(r.available).plus(r.locked).isZero()),
    );
  }, [rows, search, hideZero]);

  if (!loaded)
    return error === null ? (
      <Loading />
    ) : (
      <ErrorState text={t('wallet.list.error', { message: error })} />
    );
  const valueHead: MessageId =
    valuation === 'cny' ? 'wallet.assets.valueCny' : 'wallet.assets.valueUsdt';
  return (
    <>
      <div className="assets__toolbar">
        <input
          className="assets__search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('wallet.assets.search')}
          aria-label={t('wallet.assets.search')}
        />
        <label className="assets__hide">
          <input
            type="checkbox"
            checked={hideZero}
            onChange={(e) => setHideZero(e.target.checked)}
          />
          {t('wallet.assets.hideZero')}
        </label>
      </div>
      {shown.length === 0 ? (
        <Empty />
      ) : (
        <div className="table-wrap">
          <table className="table asset-table" data-testid={testId}>
            <thead>
              <tr>
                <th scope="col">{t('wallet.assets.currency')}</th>
                <th scope="col" className="num">
                  {t('wallet.assets.available')}
                </th>
                <th scope="col" className="num">
                  {t('wallet.assets.frozen')}
                </th>
                <th scope="col" className="num">
                  {t(valueHead)}
                </th>
                <th scope="col" className="num">
                  {t('wallet.assets.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => {
                const total = new Decimal(r.available).plus(r.locked);
                const value = total
                  .times(valuation === 'cny' ? r.cnyPrice : r.usdtPrice)
                  .toFixed(valuation === 'cny' ? 2 : 8);
                return (
                  <Fragment key={r.currencyId}>
                    <tr data-currency={r.name}>
                      <td>
                        <span className="asset-table__coin">
                          <CoinIcon name={r.name} size={28} />
                          <span>
                            <span className="asset-table__name">{r.name}</span>
                          </span>
                        </span>
                      </td>
                      <td className="num" data-testid="available">
                        {fmt.amount(r.available, 8)}
                      </td>
                      <td className="num muted" data-testid="frozen">
                        {fmt.amount(r.locked, 8)}
                      </td>
                      <td className="num muted">{fmt.fixed(value, valuation === 'cny' ? 2 : 8)}</td>
                      <td>
                        <div className="asset-table__actions">{actions(r)}</div>
                      </td>
                    </tr>
                    {panel?.currencyId === r.currencyId && (
                      <tr className="asset-table__panel">
                        <td colSpan={5}>{panel.content}</td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** The big total of an account: USDT and its CNY value. */
/**
 * An account's total. Until the wallet list has loaded (or while it cannot load, offline) the
 * figures read "--": a total of nothing is not a zero balance.
 */
/**
 * The last refresh of the balances failed. Not said over held balances: their "as of" note
 * (AccountShell) already says they are not live.
 */
export function WalletError({ wallet }: { wallet: WalletView }) {
  const { t } = useI18n();
  if (wallet.error === null || wallet.held) return null;
  return (
    <p className="notice-bar" role="status">
      {t('wallet.list.error', { message: wallet.error })}
    </p>
  );
}

/** A figure not known yet. */
export const UNKNOWN = '--';

export function AccountSummary({
  label,
  usdt,
  cny,
  loaded,
}: {
  label: string;
  usdt: string;
  cny: string;
  loaded: boolean;
}) {
  const { t, fmt } = useI18n();
  return (
    <div className="panel summary">
      <div>
        <div className="summary__label">{label}</div>
        <div className="summary__value num" data-testid="account-total">
          {loaded ? fmt.fixed(usdt, 8) : UNKNOWN}
          <span className="summary__unit">USDT</span>
        </div>
        <div className="summary__sub num">
          ≈ {t('wallet.assets.cny', { value: loaded ? fmt.fixed(cny, 2) : UNKNOWN })}
        </div>
      </div>
    </div>
  );
}
