// Pieces the record screens of the account area share: the tab bar, the ledger table, signed
// amounts, account names, and helpers for list states.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { LogRowView } from '../../engine/api.ts';
import { isAccountName, type AccountName } from '../../shared/wallet.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import type { RecordList } from './list-state.tsx';
import { RecordTable, type RecordColumn } from './record-table.tsx';
import type { QueryState } from './use-account-query.ts';
import type { PagedState } from './use-paged.ts';
import '../styles/account-records.css';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  /** From useId() of the screen: ties the tabs to their panel. */
  idBase: string;
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** A tab bar (ARIA tabs: arrows, Home and End move between tabs). */
export function RecordTabs<T extends string>({
  idBase,
  label,
  tabs,
  value,
  onChange,
}: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (next === null || tab === undefined) return;
    e.preventDefault();
    refs.current[next]?.focus();
    onChange(tab.value);
  };
  return (
    <div className="rec-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, i) => {
        const active = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${idBase}tab-${tab.value}`}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={`${idBase}panel`}
            tabIndex={active ? 0 : -1}
            className={`rec-tab${active ? ' rec-tab--active' : ''}`}
            data-tab={tab.value}
            onClick={() => onChange(tab.value)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of a tab bar; dimmed while it still shows the rows of the previous tab. */
export function TabPanel({
  idBase,
  value,
  stale,
  children,
}: {
  idBase: string;
  value: string;
  stale: boolean;
  children: ReactNode;
}) {
  return (
    <div
      id={`${idBase}panel`}
      role="tabpanel"
      aria-labelledby={`${idBase}tab-${value}`}
      aria-busy={stale}
      className={stale ? 'records--stale' : undefined}
    >
      {children}
    </div>
  );
}

/** A list query (an array) in the shape RecordTable takes: a list without pages. */
export function arrayList<T>(state: QueryState<T[]>, reload: () => void): RecordList<T> {
  return {
    rows: state.data ?? [],
    status: state.status,
    message: state.status === 'error' ? state.message : '',
    retryable: state.status === 'error' ? state.retryable : true,
    offline: state.status === 'error' && state.offline,
    reload,
  };
}

/** Whether a list shows rows of an earlier input while the new ones load. */
export const isStale = (list: { status: string; rows: readonly unknown[] }): boolean =>
  list.status === 'loading' && list.rows.length > 0;

const ACCOUNT_LABEL: Record<AccountName, MessageId> = {
  legal: 'wallet.account.legal',
  change: 'wallet.account.change',
  lever: 'wallet.account.lever',
  micro: 'wallet.account.micro',
};

export const accountLabel = (account: AccountName): MessageId => ACCOUNT_LABEL[account];

/** "legal" → "Legal account"; "lock_legal" → "Legal account (frozen)"; others as sent. */
export function useAccountText(): (account: string) => string {
  const { t } = useI18n();
  return (account) => {
    const frozen = account.startsWith('lock_');
    const name = frozen ? account.slice('lock_'.length) : account;
    const base = isAccountName(name) ? t(ACCOUNT_LABEL[name]) : name;
    return frozen ? t('account.log.frozen', { account: base }) : base;
  };
}

/** A signed amount, coloured: "+1.00000000" up, "-1.00000000" down. */
export function SignedAmount({ value, dp }: { value: string; dp: number }) {
  const { fmt } = useI18n();
  const dir = fmt.direction(value);
  const text = fmt.fixed(value, dp);
  return (
    <span className={dir === 'flat' ? undefined : dir}>{dir === 'up' ? `+${text}` : text}</span>
  );
}

/** A value, or the "none" mark when the server sent nothing. */
export function useOrNone(): (value: string) => string {
  const { t } = useI18n();
  return (value) => (value.trim() === '' ? t('account.none') : value);
}

export const LOG_DECIMALS = 8;

/**
 * Ledger rows: time, currency, the account (or, in one account's records, whether the
 * available or the frozen part moved), the explanation and the signed amount.
 */
export function LogTable({
  list,
  column,
  testId,
  dp = LOG_DECIMALS,
}: {
  list: PagedState<LogRowView>;
  column: 'account' | 'part';
  testId: string;
  /** Decimals of the amounts: 8 in records, 2 on detail pages (spec §9). */
  dp?: number;
}) {
  const { t, fmt } = useI18n();
  const accountText = useAccountText();
  const columns: RecordColumn<LogRowView>[] = [
    {
      header: t('account.col.time'),
      cellClass: 'time-cell muted',
      cell: (r) => fmt.dateTime(r.time),
    },
    { header: t('account.col.currency'), cell: (r) => r.currency },
    column === 'account'
      ? { header: t('account.col.account'), cell: (r) => accountText(r.account) }
      : {
          header: t('account.col.part'),
          cell: (r) =>
            r.account.startsWith('lock_') ? t('account.part.frozen') : t('account.part.available'),
        },
    { header: t('account.col.info'), cellClass: 'muted', cell: (r) => r.info },
    {
      header: t('account.col.amount'),
      num: true,
      cell: (r) => <SignedAmount value={r.value} dp={dp} />,
    },
  ];
  return (
    <RecordTable
      list={list}
      columns={columns}
      // a row the server sent without an id has id 0: the position keeps the keys apart
      rowKey={(r, i) => `${r.id}-${i}`}
      rowData={(r) => ({ 'data-log-id': r.id })}
      testId={testId}
    />
  );
}
