// Contract management (/lever_manger). The legacy page was a static mock (coin list, risk
// rate, borrow panels); this one shows the contract (lever) account for real: its rows and
// total, the risk panel (the live risk rate of the USDT positions and the server's liquidation
// line) and the account's recent records.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { engine } from '../../engine-bridge/bridge.ts';
import { lever as leverSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { storage } from '../../storage.ts';
import type { BalanceRowView, LeverRiskView } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import { Loading } from '../../components/states.tsx';
import { CoinIcon } from '../../components/markets/coin-icon.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { WalletError } from '../../kit/asset-table.tsx';
import { usePagedQuery } from '../../kit/use-account-query.ts';
import { balancesKnown, useWallet } from '../../kit/use-wallet.ts';
import { LogTable } from '../../kit/record-parts.tsx';
import '../../styles/account-settings.css';

/** Spec §9: 8 decimals in asset lists. */
const DP = 8;

/** (available + frozen) × the USDT price, exact. */
function valuation(r: BalanceRowView): string {
  return new Decimal(r.available).plus(r.locked).times(r.usdtPrice).toFixed();
}

export default function LeverManagerScreen() {
  const { t, fmt } = useI18n();
  const wallet = useWallet();
  const lever = wallet.accounts.lever;
  const known = balancesKnown(wallet);
  const records = usePagedQuery('wallet-log', { account: 'lever', currencyId: null });
  // the risk rate of the quote currency and the liquidation line come with a watched pair
  const view = useSignalValue(leverSignal);
  const line = view.deal?.burstLine ?? null;
  useEffect(() => {
    void engine.watchLever(storage.get('symbol') ?? 'BTC/USDT');
    return () => void engine.watchLever(null);
  }, []);

  return (
    <AccountShell
      title={t('account.lever.title')}
      testId="lever-manager"
      actions={
        <>
          <Link className="btn btn--primary btn--sm" to={WALLET_PATH.leverTransfer}>
            {t('account.lever.transfer')}
          </Link>
          <Link className="btn btn--ghost btn--sm" to={WALLET_PATH.lever}>
            {t('account.lever.account')}
          </Link>
        </>
      }
    >
      <WalletError wallet={wallet} />
      <section className="panel summary" data-testid="lever-total">
        <div>
          <div className="summary__label">{t('account.lever.net')}</div>
          <div className="summary__value num" data-testid="lever-total-usdt">
            {known ? fmt.fixed(lever.totalUsdt, 2) : '--'}
            <span className="summary__unit">{t('account.unit.usdt')}</span>
          </div>
          <div className="summary__sub num">
            {t('account.center.cny', {
              value: known ? fmt.fixed(lever.totalCny, 2) : '--',
            })}
          </div>
        </div>
      </section>

      <div className="lever-grid">
        <LeverAssets rows={known ? lever.rows : null} />
        <RiskPanel risk={view.risk} positionsKnown={view.holding.loaded} line={line} />
      </div>

      <section className="panel" aria-labelledby="lever-records-title">
        <div className="panel__head">
          <h2 className="panel__title" id="lever-records-title">
            {t('account.lever.records')}
          </h2>
          <Link className="link-btn" to={WALLET_PATH.leverRecords}>
            {t('account.lever.allRecords')}
          </Link>
        </div>
        <LogTable list={records} column="part" testId="lever-log" />
      </section>
    </AccountShell>
  );
}

/** The lever account's rows (null: the balances are not known yet). */
function LeverAssets({ rows }: { rows: readonly BalanceRowView[] | null }) {
  const { t, fmt } = useI18n();
  return (
    <section className="panel" aria-labelledby="lever-assets-title">
      <div className="panel__head">
        <h2 className="panel__title" id="lever-assets-title">
          {t('account.lever.assets')}
        </h2>
      </div>
      {rows === null ? (
        <Loading />
      ) : (
        <div className="table-wrap">
          <table className="table asset-table" data-testid="lever-assets">
            <thead>
              <tr>
                <th scope="col">{t('account.lever.currency')}</th>
                <th scope="col" className="num">
                  {t('account.lever.available')}
                </th>
                <th scope="col" className="num">
                  {t('account.lever.frozen')}
                </th>
                <th scope="col" className="num">
                  {t('account.lever.valuation')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={4} className="muted">
                    {t('common.noData')}
                  </td>
                </tr>
              )}
              {rows.map((r) => (
                <tr key={r.currencyId} data-currency={r.name}>
                  <td>
                    <span className="asset-table__coin">
                      <CoinIcon name={r.name} size={28} />
                      <span className="asset-table__name">{r.name}</span>
                    </span>
                  </td>
                  <td className="num">{fmt.amount(r.available, DP)}</td>
                  <td className="num">{fmt.amount(r.locked, DP)}</td>
                  <td className="num">{fmt.fixed(valuation(r), DP)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The live risk rate of the USDT positions and the server's liquidation line. */
function RiskPanel({
  risk,
  positionsKnown,
  line,
}: {
  risk: LeverRiskView | null;
  positionsKnown: boolean;
  line: string | null;
}) {
  const { t, fmt } = useI18n();
  return (
    <section className="panel risk" aria-labelledby="risk-title" data-testid="lever-risk">
      <h2 className="panel__title" id="risk-title">
        {t('account.lever.risk')}
      </h2>
      <div>
        <div className="risk__rate num" data-testid="risk-rate">
          {risk?.hazardRate === null || risk === null ? '--' : fmt.percent(risk.hazardRate, 2)}
        </div>
        {/* "no open positions" only once the positions are known (not offline) */}
        {positionsKnown && (risk === null || risk.hazardRate === null) && (
          <div className="muted" data-testid="no-positions">
            {t('account.lever.noPositions')}
          </div>
        )}
      </div>
      <p className="risk__rule">{t('account.lever.liquidation', { line: line ?? '10' })}</p>
    </section>
  );
}
