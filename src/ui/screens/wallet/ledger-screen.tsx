// Financial records (/finanrec; the legacy page was a static placeholder): the ledger of one
// account (legal, spot, contract, second-contract), for all its currencies or one, 20 a page
// with "load more"; amounts signed, 8 decimals, and whether the available or the frozen part
// of the account moved.
import { useId, useState } from 'react';
import type { AccountName } from '../../../engine/api.ts';
import { ACCOUNTS } from '../../../shared/wallet.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import {
  accountLabel,
  isStale,
  LogTable,
  RecordTabs,
  TabPanel,
  type TabItem,
} from '../../kit/record-parts.tsx';
import { AccountShell } from '../../kit/account-shell.tsx';
import { usePagedQuery } from '../../kit/use-account-query.ts';
import { useWallet } from '../../kit/use-wallet.ts';
import '../../styles/account-records.css';

export default function LedgerScreen() {
  const { t } = useI18n();
  const idBase = useId();
  const selectId = useId();
  const wallet = useWallet();
  const [account, setAccount] = useState<AccountName>('legal');
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const list = usePagedQuery('wallet-log', { account, currencyId });
  const currencies = wallet.accounts[account].rows;
  const tabs: TabItem<AccountName>[] = ACCOUNTS.map((a) => ({
    value: a,
    label: t(accountLabel(a)),
  }));
  return (
    <AccountShell title={t('account.finanrec.title')} testId="finanrec-screen">
      <div className="panel">
        <div className="records__head">
          <RecordTabs
            idBase={idBase}
            label={t('account.finanrec.accounts')}
            tabs={tabs}
            value={account}
            onChange={(a) => {
              setAccount(a);
              setCurrencyId(null);
            }}
          />
          <div className="records__filters">
            <label htmlFor={selectId}>{t('account.col.currency')}</label>
            <select
              id={selectId}
              className="rec-select"
              value={currencyId === null ? '' : String(currencyId)}
              onChange={(e) => setCurrencyId(e.target.value === '' ? null : Number(e.target.value))}
              data-testid="finanrec-currency"
            >
              <option value="">{t('account.finanrec.allCurrencies')}</option>
              {currencies.map((c) => (
                <option key={c.currencyId} value={c.currencyId}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TabPanel idBase={idBase} value={account} stale={isStale(list)}>
          <LogTable list={list} column="part" testId="finanrec-records" />
        </TabPanel>
      </div>
    </AccountShell>
  );
}
