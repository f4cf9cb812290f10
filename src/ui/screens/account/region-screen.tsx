// Region agent (spec §2 "Region agent: list of region users", §6 "others get 'you are not a
// region agent, no permission'"): the users the agent brought in, 20 a page with "load more".
// A refusal is not a failure of the page: the server's message is shown as a calm notice,
// without "Retry" (asking again gets the same answer); a network failure keeps its Retry.
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell } from '../../kit/account-shell.tsx';
import { ListState, LoadMore } from '../../kit/list-state.tsx';
import { usePagedQuery } from '../../kit/use-account-query.ts';
import '../../styles/account-records.css';

export default function RegionScreen() {
  const { t, fmt } = useI18n();
  const list = usePagedQuery('region-users', {});
  const refused = list.status === 'error' && !list.retryable && list.rows.length === 0;
  return (
    <AccountShell title={t('account.region.title')} testId="region-screen">
      <div className="panel">
        {refused ? (
          <div className="notice-bar region-notice" role="status" data-testid="region-notice">
            <span>{list.message}</span>
          </div>
        ) : (
          <ListState list={list} empty={t('account.region.empty')}>
            <div className="table-wrap">
              <table className="table records-table" data-testid="region-users">
                <thead>
                  <tr>
                    <th scope="col">{t('account.col.city')}</th>
                    <th scope="col">{t('account.col.district')}</th>
                    <th scope="col">{t('account.col.phone')}</th>
                    <th scope="col">{t('account.region.joined')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((u, i) => (
                    // Rows have no id; pages only ever append, so the position is stable.
                    <tr key={i}>
                      <td>{u.city}</td>
                      <td>{u.district}</td>
                      <td className="num">{u.phone}</td>
                      <td className="time-cell muted">{fmt.dateTime(u.time)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore list={list} />
          </ListState>
        )}
      </div>
    </AccountShell>
  );
}
