// Entrusts (spec §2 "Entrust page: tabs selling, buying, completed"): the user's resting sell
// and buy orders across all pairs, and the finished ones (filled or cancelled, issue 20) with
// the price they filled at, apart from their own price, and how they ended; 5 a page, "load
// more" when there are more than 5 (spec §9). Prices and quantities in the pair's decimals.
// "Export CSV" writes the tab's every page (record-csv.ts).
import { useId, useState } from 'react';
import type { AccountQueries, EntrustView } from '../../../engine/api.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { OUTCOME_LABEL } from '../../trading/orders-tables.tsx';
import { pairMetaSignal } from '../../trading/pair-meta.ts';
import { AccountShell } from '../../kit/account-shell.tsx';
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
import { usePagedQuery } from '../../kit/use-account-query.ts';
import { ExportCsvButton } from '../../kit/export-csv-button.tsx';
import { entrustCells, entrustExport } from './record-csv.ts';
import { isStale, RecordTabs, TabPanel, type TabItem } from '../../kit/record-parts.tsx';
import '../../styles/account-records.css';

type EntrustType = AccountQueries['entrusts']['input']['type'];

export default function AllOrdersScreen() {
  const { t } = useI18n();
  const idBase = useId();
  const [type, setType] = useState<EntrustType>('out');
  const list = usePagedQuery('entrusts', { type });
  const finished = type === 'complete';
  const columns = useColumns(finished);
  const tabs: TabItem<EntrustType>[] = [
    { value: 'out', label: t('account.entrust.selling') },
    { value: 'in', label: t('account.entrust.buying') },
    { value: 'complete', label: t('account.entrust.completed') },
  ];
  return (
    <AccountShell title={t('account.entrust.title')} testId="entrust-screen">
      <div className="panel">
        <div className="records__head">
          <RecordTabs
            idBase={idBase}
            label={t('account.entrust.tabs')}
            tabs={tabs}
            value={type}
            onChange={setType}
          />
          <ExportCsvButton spec={entrustExport(type, t)} />
        </div>
        <TabPanel idBase={idBase} value={type} stale={isStale(list)}>
          <RecordTable
            list={list}
            columns={columns}
            rowKey={(e) => e.id}
            rowData={(e) => ({
              'data-entrust-id': e.id,
              'data-type': e.type,
              'data-outcome': e.outcome,
            })}
            testId="entrusts"
            empty={t('account.entrust.empty')}
          />
        </TabPanel>
      </div>
    </AccountShell>
  );
}

/**
 * A resting order: its limit, what is left and what filled. A finished one: its own price (the
 * limit, or "market"), the average price it filled at, what was ordered and filled, how it
 * ended. A legacy server sends only `price` and `number`: shown as the order's price and amount.
 */
function useColumns(finished: boolean): RecordColumn<EntrustView>[] {
  const { t, fmt } = useI18n();
  const cells = (e: EntrustView) => entrustCells(e, finished);
  const unit = (text: string) => <span className="unit">{text}</span>;
  const whenFinished = (c: RecordColumn<EntrustView>) => (finished ? [c] : []);
  return [
    {
      header: t('account.col.time'),
      cellClass: 'time-cell muted',
      cell: (e) => fmt.dateTime(e.time),
    },
    {
      header: t('account.col.pair'),
      cell: (e) => t('account.entrust.pair', { currency: e.currency, legal: e.legal }),
    },
    {
      header: t('account.col.type'),
      cellClass: (e) => (e.type === 'in' ? 'up' : 'down'),
      cell: (e) => (e.type === 'in' ? t('account.entrust.buy') : t('account.entrust.sell')),
    },
    {
      header: finished ? t('account.col.orderPrice') : t('account.col.price'),
      num: true,
      cell: (e) =>
        e.mode === 1 ? (
          t('spot.form.market')
        ) : (
          <>
            <PairFigure entrust={e} value={cells(e).ownPrice} of="price" />
            {unit(e.legal)}
          </>
        ),
    },
    ...whenFinished({
      header: t('account.col.avgPrice'),
      num: true,
      cellProps: () => ({ 'data-testid': 'avg-price' }),
      cell: (e) => (
        <>
          <PairFigure entrust={e} value={e.avgPrice} of="price" />
          {e.avgPrice !== undefined && unit(e.legal)}
        </>
      ),
    }),
    {
      header: t('account.col.number'),
      num: true,
      cell: (e) => (
        <>
          <PairFigure entrust={e} value={cells(e).amount} of="amount" />
          {unit(e.currency)}
        </>
      ),
    },
    {
      header: t('account.col.filled'),
      num: true,
      cellProps: () => ({ 'data-testid': 'filled' }),
      cell: (e) => <PairFigure entrust={e} value={cells(e).filled} of="amount" />,
    },
    ...whenFinished({
      header: t('account.col.status'),
      cellClass: (e) => (cells(e).outcome === 'filled' ? undefined : 'muted'),
      cellProps: () => ({ 'data-testid': 'entrust-status' }),
      cell: (e) => t(OUTCOME_LABEL[cells(e).outcome]),
    }),
    { header: t('account.col.account'), cellClass: 'muted', cell: (e) => e.account },
  ];
}

/** A price or an amount in the decimals of the order's pair; the "none" mark when not sent. */
function PairFigure({
  entrust: e,
  value,
  of,
}: {
  entrust: EntrustView;
  value: string | undefined;
  of: 'price' | 'amount';
}) {
  const { t, fmt } = useI18n();
  const meta = useSignalValue(pairMetaSignal(`${e.currency}/${e.legal}`));
  if (value === undefined) return t('account.none');
  return fmt.fixed(value, of === 'price' ? meta.pricePrecision : meta.amountPrecision);
}
