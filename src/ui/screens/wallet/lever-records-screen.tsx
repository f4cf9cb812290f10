// /new_account/letransactions: the contract (lever) account's records: every transfer and
// settlement of that account, newest first, with "load more". Positions and orders are on
// the contract trading screen.
import { useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell } from '../../kit/account-shell.tsx';
import { LogTable } from '../../kit/record-parts.tsx';
import { usePagedQuery } from '../../kit/use-account-query.ts';

export default function LeverRecordsScreen() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = Number(params.get('currency_id') ?? '');
  const log = usePagedQuery('wallet-log', {
    account: 'lever',
    currencyId: Number.isInteger(id) && id > 0 ? id : null,
  });
  return (
    <AccountShell title={t('wallet.leverRecords.title')} testId="lever-records">
      <div className="panel">
        <LogTable list={log} column="part" testId="log-table" />
      </div>
    </AccountShell>
  );
}
