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
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
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
  const columns = useColumns();
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
          <RecordTable
            list={list}
            columns={columns}
            rowKey={(r) => r.id}
            rowData={(r) => ({ 'data-record-id': r.id, 'data-status': r.status })}
            testId="coin-records"
          />
        </TabPanel>
      </div>
    </AccountShell>
  );
}

/** Time, coin, network, amount, fee, received, address, status (why rejected), handled. */
function useColumns(): RecordColumn<FundingRecordView>[] {
  const { t, fmt } = useI18n();
  const orNone = useOrNone();
  const figure = (v: string) => fmt.fixed(v, LOG_DECIMALS);
  return [
    {
      header: t('account.col.time'),
      cellClass: 'time-cell muted',
      cell: (r) => fmt.dateTime(r.time),
    },
    { header: t('account.col.currency'), cell: (r) => r.currency },
    { header: t('account.col.network'), cellClass: 'cell-upper', cell: (r) => orNone(r.network) },
    { header: t('account.col.amount'), num: true, cell: (r) => figure(r.number) },
    { header: t('account.col.fee'), num: true, cellClass: 'muted', cell: (r) => figure(r.fee) },
    { header: t('account.col.received'), num: true, cell: (r) => figure(r.received) },
    {
      header: t('account.col.address'),
      cell: (r) => (
        <span className="mono cell-address" title={r.address}>
          {orNone(r.address)}
        </span>
      ),
    },
    {
      header: t('account.col.status'),
      cell: (r) => (
        <div className="status-cell">
          <StatusChip kind={r.kind} status={r.status} />
          {r.status === 2 && r.reason !== '' && (
            <span className="status-cell__note">
              {t('account.coinRecord.reason', { reason: r.reason })}
            </span>
          )}
        </div>
      ),
    },
    {
      header: t('account.col.handled'),
      cellClass: 'time-cell muted',
      cell: (r) => (r.handledTime === '' ? orNone('') : fmt.dateTime(r.handledTime)),
    },
  ];
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
