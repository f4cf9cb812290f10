// Entrusts (spec §2 "Entrust page: tabs selling, buying, completed"): the user's resting sell
// and buy orders across all pairs, and the filled ones; 5 a page, "load more" when there are
// more than 5 (spec §9).
import { useId, useState } from 'react';
import type { AccountQueries } from '../../../engine/api.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell } from '../wallet/account-shell.tsx';
import { ListState, LoadMore } from '../wallet/list-state.tsx';
import { usePagedQuery } from '../wallet/use-account-query.ts';
import { isStale, LOG_DECIMALS, RecordTabs, TabPanel, type TabItem } from './record-parts.tsx';
import '../../styles/account-records.css';

type EntrustType = AccountQueries['entrusts']['input']['type'];

export default function EntrustScreen() {
  const { t, fmt } = useI18n();
  const idBase = useId();
  const [type, setType] = useState<EntrustType>('out');
  const list = usePagedQuery('entrusts', { type });
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
                      {t('account.col.price')}
                    </th>
                    <th scope="col" className="num">
                      {t('account.col.number')}
                    </th>
                    <th scope="col">{t('account.col.account')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((e) => (
                    <tr key={e.id} data-entrust-id={e.id} data-type={e.type}>
                      <td className="time-cell muted">{fmt.dateTime(e.time)}</td>
                      <td>{t('account.entrust.pair', { currency: e.currency, legal: e.legal })}</td>
                      <td className={e.type === 'in' ? 'up' : 'down'}>
                        {e.type === 'in' ? t('account.entrust.buy') : t('account.entrust.sell')}
                      </td>
                      <td className="num">
                        {fmt.fixed(e.price, LOG_DECIMALS)}
                        <span className="unit">{e.legal}</span>
                      </td>
                      <td className="num">
                        {fmt.fixed(e.number, LOG_DECIMALS)}
                        <span className="unit">{e.currency}</span>
                      </td>
                      <td className="muted">{e.account}</td>
                    </tr>
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
