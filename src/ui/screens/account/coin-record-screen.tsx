// Deposit and withdrawal records (spec §2 "Deposit/withdraw records"; api-extensions
// POST /api/wallet/records): time, coin, network, amount, fee, amount received, address,
// status (0 pending / applying, 1 credited / sent, 2 rejected with the operator's reason) and
// when it was handled. 8 decimals (records).
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { FundingRecordView } from '../../../engine/api.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { ListState, LoadMore } from '../../kit/list-state.tsx';
import { usePagedQuery } from '../../kit/use-account-query.ts';
import {
  isStale,
  LOG_DECIMALS,
  RecordTabs,
  TabPanel,
  useOrNone,
  type TabItem,
} from '../../kit/record-parts.tsx';
import '../../styles/account-records.css';

type Kind = FundingRecordView['kind'];

const STATUS: Record<Kind, readonly [MessageId, MessageId, MessageId]> = {
  deposit: [
    'account.coinRecord.status.deposit.0',
    'account.coinRecord.status.deposit.1',
    'account.coinRecord.status.deposit.2',
  ],
  withdraw: [
    'account.coinRecord.status.withdraw.0',
    'account.coinRecord.status.withdraw.1',
    'account.coinRecord.status.withdraw.2',
  ],
};
const CHIP: readonly string[] = ['status-chip--wait', 'status-chip--ok', 'status-chip--bad'];

export default function CoinRecordScreen() {
  const { t } = useI18n();
  const idBase = useId();
  const [kind, setKind] = useState<Kind>('deposit');
  const list = usePagedQuery('funding-records', { kind });
  const tabs: TabItem<Kind>[] = [
    { value: 'deposit', label: t('account.coinRecord.deposits') },
    { value: 'withdraw', label: t('account.coinRecord.withdrawals') },
  ];
  return (
    <AccountShell
      title={t('account.coinRecord.title')}
      testId="coin-record-screen"
      actions={
        <Link className="btn btn--ghost btn--sm" to={WALLET_PATH.recharge}>
          {t('wallet.nav.deposit')}
        </Link>
      }
    >
      <div className="panel">
        <div className="records__head">
          <RecordTabs
            idBase={idBase}
            label={t('account.coinRecord.tabs')}
            tabs={tabs}
            value={kind}
            onChange={setKind}
          />
        </div>
        <TabPanel idBase={idBase} value={kind} stale={isStale(list)}>
          <ListState list={list}>
            <div className="table-wrap">
              <table className="table records-table" data-testid="coin-records">
                <thead>
                  <tr>
                    <th scope="col">{t('account.col.time')}</th>
                    <th scope="col">{t('account.col.currency')}</th>
                    <th scope="col">{t('account.col.network')}</th>
                    <th scope="col" className="num">
                      {t('account.col.amount')}
                    </th>
                    <th scope="col" className="num">
                      {t('account.col.fee')}
                    </th>
                    <th scope="col" className="num">
                      {t('account.col.received')}
                    </th>
                    <th scope="col">{t('account.col.address')}</th>
                    <th scope="col">{t('account.col.status')}</th>
                    <th scope="col">{t('account.col.handled')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((r) => (
                    <RecordRow key={r.id} record={r} />
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore list={list} />
          </ListState>
        </TabPanel>
      </div>
    </AccountShell>
  );
}

function RecordRow({ record: r }: { record: FundingRecordView }) {
  const { t, fmt } = useI18n();
  const orNone = useOrNone();
  return (
    <tr data-record-id={r.id} data-status={r.status}>
      <td className="time-cell muted">{fmt.dateTime(r.time)}</td>
      <td>{r.currency}</td>
      <td className="cell-upper">{orNone(r.network)}</td>
      <td className="num">{fmt.fixed(r.number, LOG_DECIMALS)}</td>
      <td className="num muted">{fmt.fixed(r.fee, LOG_DECIMALS)}</td>
      <td className="num">{fmt.fixed(r.received, LOG_DECIMALS)}</td>
      <td>
        <span className="mono cell-address" title={r.address}>
          {orNone(r.address)}
        </span>
      </td>
      <td>
        <div className="status-cell">
          <StatusChip kind={r.kind} status={r.status} />
          {r.status === 2 && r.reason !== '' && (
            <span className="status-cell__note">
              {t('account.coinRecord.reason', { reason: r.reason })}
            </span>
          )}
        </div>
      </td>
      <td className="time-cell muted">
        {r.handledTime === '' ? orNone('') : fmt.dateTime(r.handledTime)}
      </td>
    </tr>
  );
}

function StatusChip({ kind, status }: { kind: Kind; status: number }) {
  const { t } = useI18n();
  const label = STATUS[kind][status];
  const chip = CHIP[status] ?? '';
  return (
    <span className={`status-chip ${chip}`} data-testid="record-status">
      {label === undefined ? String(status) : t(label)}
    </span>
  );
}
