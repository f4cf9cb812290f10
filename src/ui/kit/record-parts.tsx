// Pieces the record screens of the account area share: the tab bar, the ledger table, signed
// amounts, account names, and helpers for list states.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { LogRowView } from '../../engine/api.ts';
import { isAccountName, type AccountName } from '../../shared/wallet.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { ListState, LoadMore } from './list-state.tsx';
import type { PagedState, QueryState } from './use-account-query.ts';
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

/** A list query (an array) in the shape ListState takes. */
export function arrayList<T>(state: QueryState<T[]>, reload: () => void) {
  return {
    rows: state.data ?? [],
    status: state.status,
    message: state.status === 'error' ? state.message : '',
    retryable: state.status === 'error' ? state.retryable : true,
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
  return (
    <ListState list={list}>
      <div className="table-wrap">
        <table className="table records-table" data-testid={testId}>
          <thead>
            <tr>
              <th scope="col">{t('account.col.time')}</th>
              <th scope="col">{t('account.col.currency')}</th>
              <th scope="col">
                {column === 'account' ? t('account.col.account') : t('account.col.part')}
              </th>
              <th scope="col">{t('account.col.info')}</th>
              <th scope="col" className="num">
                {t('account.col.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r, i) => (
              <tr key={`${r.id}-${i}`} data-log-id={r.id}>
                <td className="time-cell muted">{fmt.dateTime(r.time)}</td>
                <td>{r.currency}</td>
                <td>
                  {column === 'account'
                    ? accountText(r.account)
                    : r.account.startsWith('lock_')
                      ? t('account.part.frozen')
                      : t('account.part.available')}
                </td>
                <td className="muted">{r.info}</td>
                <td className="num">
                  <SignedAmount value={r.value} dp={dp} />
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
