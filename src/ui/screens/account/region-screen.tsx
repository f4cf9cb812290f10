// Region agent (spec §2 "Region agent: list of region users", §6 "others get 'you are not a
// region agent, no permission'"): the users the agent brought in, 20 a page with "load more".
// A refusal is not a failure of the page: the server's message is shown as a calm notice,
// without "Retry" (asking again gets the same answer); a network failure keeps its Retry.
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell } from '../../kit/account-shell.tsx';
import { RecordTable } from '../../kit/record-table.tsx';
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
          <RecordTable
            list={list}
            columns={[
              { header: t('account.col.city'), cell: (u) => u.city },
              { header: t('account.col.district'), cell: (u) => u.district },
              { header: t('account.col.phone'), cellClass: 'num', cell: (u) => u.phone },
              {
                header: t('account.region.joined'),
                cellClass: 'time-cell muted',
                cell: (u) => fmt.dateTime(u.time),
              },
            ]}
            // Rows have no id; pages only ever append, so the position is stable.
            rowKey={(_, i) => i}
            testId="region-users"
            empty={t('account.region.empty')}
          />
        )}
      </div>
    </AccountShell>
  );
}
