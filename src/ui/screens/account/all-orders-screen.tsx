// Entrusts (spec §2 "Entrust page: tabs selling, buying, completed"): the user's resting sell
// and buy orders across all pairs, and the finished ones (filled or cancelled, issue 20) with
// the price they filled at, apart from their own price, and how they ended; 5 a page, "load
// more" when there are more than 5 (spec §9). Prices and quantities in the pair's decimals.
// "Export CSV" writes the tab's every page (record-csv.ts).
import { memo, useId, useState } from 'react';
import type { AccountQueries, EntrustView } from '../../../engine/api.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { OUTCOME_LABEL } from '../../trading/orders-tables.tsx';
import { pairMetaSignal } from '../../trading/pair-meta.ts';
import { AccountShell } from '../../kit/account-shell.tsx';
import { ListState, LoadMore } from '../../kit/list-state.tsx';
import { usePagedQuery } from '../../kit/use-account-query.ts';
import { ExportCsvButton } from './export-csv-button.tsx';
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
          <ListState list={list} empty={t('account.entrust.empty')}>
            <div className="table-wrap">
              <table className="table records-table" data-testid="entrusts">
                <thead>
                  <tr>
                    <th scope="col">{t('account.col.time')}</th>
                    <th scope="col">{t('account.col.pair')}</th>
                    <th scope="col">{t('account.col.type')}</th>
                    <th scope="col" className="num">
                      {finished ? t('account.col.orderPrice') : t('account.col.price')}
                    </th>
                    {finished && (
                      <th scope="col" className="num">
                        {t('account.col.avgPrice')}
                      </th>
                    )}
                    <th scope="col" className="num">
                      {t('account.col.number')}
                    </th>
                    <th scope="col" className="num">
                      {t('account.col.filled')}
                    </th>
                    {finished && <th scope="col">{t('account.col.status')}</th>}
                    <th scope="col">{t('account.col.account')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((e) => (
                    <EntrustRow key={e.id} entrust={e} finished={finished} />
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

/**
 * A resting order: its limit, what is left and what filled. A finished one: its own price (the
 * limit, or "market"), the average price it filled at, what was ordered and filled, how it
 * ended. A legacy server sends only `price` and `number`: shown as the order's price and amount.
 */
const EntrustRow = memo(function EntrustRow({
  entrust: e,
  finished,
}: {
  entrust: EntrustView;
  finished: boolean;
}) {
  const { t, fmt } = useI18n();
  const meta = useSignalValue(pairMetaSignal(`${e.currency}/${e.legal}`));
  const cells = entrustCells(e, finished);
  const price = (v: string | undefined) =>
    v === undefined ? t('account.none') : fmt.fixed(v, meta.pricePrecision);
  const amount = (v: string | undefined) =>
    v === undefined ? t('account.none') : fmt.fixed(v, meta.amountPrecision);
  return (
    <tr data-entrust-id={e.id} data-type={e.type} data-outcome={e.outcome}>
      <td className="time-cell muted">{fmt.dateTime(e.time)}</td>
      <td>{t('account.entrust.pair', { currency: e.currency, legal: e.legal })}</td>
      <td className={e.type === 'in' ? 'up' : 'down'}>
        {e.type === 'in' ? t('account.entrust.buy') : t('account.entrust.sell')}
      </td>
      <td className="num">
        {e.mode === 1 ? t('spot.form.market') : price(cells.ownPrice)}
        {e.mode !== 1 && <span className="unit">{e.legal}</span>}
      </td>
      {finished && (
        <td className="num" data-testid="avg-price">
          {price(e.avgPrice)}
          {e.avgPrice !== undefined && <span className="unit">{e.legal}</span>}
        </td>
      )}
      <td className="num">
        {amount(cells.amount)}
        <span className="unit">{e.currency}</span>
      </td>
      <td className="num" data-testid="filled">
        {amount(cells.filled)}
      </td>
      {finished && (
        <td
          className={cells.outcome === 'filled' ? undefined : 'muted'}
          data-testid="entrust-status"
        >
          {t(OUTCOME_LABEL[cells.outcome])}
        </td>
      )}
      <td className="muted">{e.account}</td>
    </tr>
  );
});
