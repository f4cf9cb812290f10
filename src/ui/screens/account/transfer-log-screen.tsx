// The account log (spec §2 "Account log: paged list of time, account, explanation, amount"):
// every ledger entry of the user, or only the transfers between accounts; 20 a page with
// "load more". "Export CSV" writes the tab's every page (record-csv.ts).
import { useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell } from '../../kit/account-shell.tsx';
import { usePagedQuery } from '../../kit/use-account-query.ts';
import { ExportCsvButton } from '../../kit/export-csv-button.tsx';
import { logExport } from './record-csv.ts';
import {
  LogTable,
  RecordTabs,
  TabPanel,
  useAccountText,
  type TabItem,
} from '../../kit/record-parts.tsx';
import '../../styles/account-records.css';

type LogKind = 'all' | 'transfers';

export default function TransferLogScreen() {
  const { t } = useI18n();
  const idBase = useId();
  const [kind, setKind] = useState<LogKind>('all');
  const accountText = useAccountText();
  const tabs: TabItem<LogKind>[] = [
    { value: 'all', label: t('account.log.all') },
    { value: 'transfers', label: t('account.log.transfers') },
  ];
  return (
    <AccountShell title={t('account.log.title')} testId="transfer-log-screen">
      <div className="panel">
        <div className="records__head">
          <RecordTabs
            idBase={idBase}
            label={t('account.log.tabs')}
            tabs={tabs}
            value={kind}
            onChange={setKind}
          />
          <ExportCsvButton
            spec={logExport(kind === 'all' ? 'account-log' : 'transfer-log', t, accountText)}
          />
        </div>
        {kind === 'all' ? <AllEntries idBase={idBase} /> : <Transfers idBase={idBase} />}
      </div>
    </AccountShell>
  );
}

function AllEntries({ idBase }: { idBase: string }) {
  const list = usePagedQuery('account-log', {});
  return (
    <TabPanel idBase={idBase} value="all" stale={false}>
      <LogTable list={list} column="account" testId="account-log" />
    </TabPanel>
  );
}

function Transfers({ idBase }: { idBase: string }) {
  const list = usePagedQuery('transfer-log', {});
  return (
    <TabPanel idBase={idBase} value="transfers" stale={false}>
      <LogTable list={list} column="account" testId="transfer-log" />
    </TabPanel>
  );
}
