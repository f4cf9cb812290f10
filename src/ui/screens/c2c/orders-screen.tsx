// My c2c orders (/c2cOrder, also /c2cTrade and /c2cDetail?id=…; trading-c2c-market.md §2):
// my deals as taker and as publisher, live from pushes; a row (or its Details button) opens
// the detail modal with the actions of the viewer's side. `?ad=<id>` narrows the list to the
// deals of one of my ads; `?id=<id>` opens that deal. Deals held from the last page session
// (offline, issue 25, ADR 0032) are shown greyed under "as of"; their detail can be read, but
// nothing in it acts on the deal until the server answers.
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { C2cDealView } from '../../../engine/api.ts';
import { AsOfNote } from '../../components/as-of-note.tsx';
import { liveList } from '../../kit/live-list.ts';
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { c2c } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import {
  C2C_DP,
  C2C_PATH,
  C2cPage,
  DealStateChip,
  TypeTag,
  useC2cWatch,
  retryC2c,
} from './c2c-parts.tsx';
import { DealDialog } from './deal-dialog.tsx';

const idParam = (v: string | null): number | null => {
  const n = v === null ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export default function C2cOrdersScreen() {
  const { t } = useI18n();
  const view = useSignalValue(c2c);
  const [params] = useSearchParams();
  const adFilter = idParam(params.get('ad'));
  const [openId, setOpenId] = useState<number | null>(() => idParam(params.get('id')));
  useC2cWatch('keep');

  const deals = view.deals;
  const rows = adFilter === null ? deals.rows : deals.rows.filter((d) => d.adId === adFilter);
  const open = openId === null ? undefined : deals.rows.find((d) => d.id === openId);
  const onOpen = useCallback((id: number) => setOpenId(id), []);
  const onMore = useCallback(() => void engine.loadMoreC2c('deals'), []);
  const columns = useDealColumns(onOpen);
  return (
    <C2cPage title={t('c2c.orders.title')} testId="c2c-orders-screen">
      {adFilter !== null && (
        <p className="c2c-filter">
          <span>{t('c2c.orders.filtered', { id: adFilter })}</span>
          <Link to={C2C_PATH.orders}>{t('c2c.orders.showAll')}</Link>
        </p>
      )}
      {deals.held && <AsOfNote at={deals.at} />}
      <div className="panel c2c-panel">
        <RecordTable
          list={liveList(deals, { error: view.error, reload: retryC2c, loadMore: onMore }, rows)}
          columns={columns}
          rowKey={(d) => d.id}
          rowData={(d) => ({ 'data-deal-id': d.id, 'data-sure': d.isSure, 'data-side': d.side })}
          rowClass="c2c-row--link"
          onRowClick={(d) => onOpen(d.id)}
          testId="c2c-deals"
          className="table c2c-table c2c-table--deals"
          cards
          held={deals.held}
          empty={t('c2c.orders.empty')}
        />
      </div>
      {open !== undefined && (
        <DealDialog
          key={open.id}
          deal={open}
          heldAt={deals.held ? deals.at : null}
          onClose={() => setOpenId(null)}
        />
      )}
    </C2cPage>
  );
}

/** My deals' columns: a row (or its Details button) opens the deal. */
function useDealColumns(onOpen: (id: number) => void): RecordColumn<C2cDealView>[] {
  const { t, fmt } = useI18n();
  return [
    { header: t('c2c.col.id'), num: true, cellClass: 'muted cell--meta', cell: (d) => d.id },
    { header: t('c2c.col.type'), cellClass: 'cell--head', cell: (d) => <TypeTag type={d.side} /> },
    { header: t('c2c.col.coin'), cellClass: 'c2c-strong cell--head', cell: (d) => d.currency },
    { header: t('c2c.col.number'), num: true, cell: (d) => fmt.fixed(d.number, C2C_DP) },
    { header: t('c2c.col.price'), num: true, cell: (d) => fmt.fixed(d.price, C2C_DP) },
    {
      header: t('c2c.col.amount'),
      num: true,
      cellClass: 'c2c-strong',
      cell: (d) => (
        <>
          {fmt.fixed(d.money, C2C_DP)}
          <span className="c2c-unit">{t('c2c.cny')}</span>
        </>
      ),
    },
    { header: t('c2c.col.counterparty'), cell: (d) => d.counterpartyName },
    { header: t('c2c.col.state'), cell: (d) => <DealStateChip isSure={d.isSure} /> },
    {
      header: t('c2c.col.time'),
      cellClass: 'time-cell muted',
      cell: (d) => fmt.dateTime(d.createTime),
    },
    {
      header: <span className="visually-hidden">{t('c2c.col.action')}</span>,
      headerClass: 'c2c-table__action',
      cellClass: 'c2c-table__action cell--actions',
      cell: (d) => (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          data-testid="c2c-deal-open"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(d.id);
          }}
        >
          {t('c2c.orders.details')}
        </button>
      ),
    },
  ];
}
