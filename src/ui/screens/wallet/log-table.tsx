// Ledger rows (time, currency, explanation, signed amount) with the list states and "load more".
import type { LogRowView } from '../../../engine/api.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ListState, LoadMore } from './list-state.tsx';
import type { PagedState } from './use-account-query.ts';

export function LogTable({ list, dp = 8 }: { list: PagedState<LogRowView>; dp?: number }) {
  const { t, fmt } = useI18n();
  return (
    <ListState list={list}>
      <div className="table-wrap">
        <table className="table" data-testid="log-table">
          <thead>
            <tr>
              <th scope="col">{t('wallet.log.time')}</th>
              <th scope="col">{t('wallet.assets.currency')}</th>
              <th scope="col">{t('wallet.log.info')}</th>
              <th scope="col" className="num">
                {t('wallet.log.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.id}>
                <td className="time-cell muted">{fmt.dateTime(r.time)}</td>
                <td>{r.currency}</td>
                <td>{r.info}</td>
                <td className={`num ${r.value.startsWith('-') ? 'down' : 'up'}`}>
                  {r.value.startsWith('-') ? '' : '+'}
                  {fmt.fixed(r.value, dp)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore list={list} />
    </ListState>
  );
}
