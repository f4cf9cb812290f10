// The user's messages (spec §2 account area "accountMessage"), since issue 25 the notification
// centre: the user's own notifications (what happened to their money: fills, positions, deals,
// decisions, alerts), filterable by group, each marked read when opened, all at once with one
// button, older pages on demand, the preferences per group; and the exchange's announcements,
// as before, in their own tab (`?tab=news`).
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NOTIFICATION_GROUPS, type NotificationGroup } from '../../../shared/notifications.ts';
import { notices } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { GROUP_LABEL } from '../../notices/notice-groups.ts';
import { NoticeList, ReadAllButton } from '../../notices/notice-list.tsx';
import { NoticePrefsPanel } from '../../notices/notice-prefs.tsx';
import { AccountShell } from '../../kit/account-shell.tsx';
import { AnnouncementList } from './announcement-list.tsx';
import { RecordTabs, TabPanel } from '../../kit/record-parts.tsx';
import '../../styles/account-records.css';
import '../../styles/notices.css';

type Tab = 'mine' | 'news';
type Filter = NotificationGroup | 'all';

export default function MessageScreen() {
  const { t } = useI18n();
  const idBase = useId();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'news' ? 'news' : 'mine';
  const view = useSignalValue(notices);
  const tabs = [
    { value: 'mine' as const, label: t('notice.tab.mine', { n: view.unread }) },
    { value: 'news' as const, label: t('notice.tab.news') },
  ];
  return (
    <AccountShell
      title={t('account.message.title')}
      testId="message-screen"
      asOf={view.held ? view.at : null}
    >
      <RecordTabs
        idBase={idBase}
        label={t('account.message.title')}
        tabs={tabs}
        value={tab}
        onChange={(next) => setParams(next === 'news' ? { tab: 'news' } : {}, { replace: true })}
      />
      <TabPanel idBase={idBase} value={tab} stale={false}>
        <div className="panel">{tab === 'mine' ? <MyNotices /> : <AnnouncementList />}</div>
      </TabPanel>
    </AccountShell>
  );
}

function MyNotices() {
  const { t } = useI18n();
  const view = useSignalValue(notices);
  const [filter, setFilter] = useState<Filter>('all');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [settings, setSettings] = useState(false);
  const filterId = useId();
  const rows = view.items.filter(
    (n) => (filter === 'all' || n.kind.startsWith(`${filter}.`)) && (!unreadOnly || !n.read),
  );
  const live = view.loaded && !view.held;
  return (
    <div className="notices" data-testid="notices">
      <div className="notices__bar">
        <label className="notices__filter" htmlFor={filterId}>
          <span>{t('notice.filter.label')}</span>
          <select
            id={filterId}
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            data-testid="notice-filter"
          >
            <option value="all">{t('notice.filter.all')}</option>
            {NOTIFICATION_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(GROUP_LABEL[g])}
              </option>
            ))}
          </select>
        </label>
        <label className="notices__check">
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(e) => setUnreadOnly(e.target.checked)}
          />
          <span>{t('notice.filter.unread')}</span>
        </label>
        <span className="notices__spacer" />
        <ReadAllButton live={live} unread={view.unread} testId="notice-read-all" />
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-expanded={settings}
          onClick={() => setSettings((v) => !v)}
          data-testid="notice-settings"
        >
          {t('notice.prefs.open')}
        </button>
      </div>
      {settings && <NoticePrefsPanel />}
      <NoticeList
        rows={rows}
        live={live}
        loading={!view.loaded && !view.held}
        error={view.error}
        hasMore={view.hasMore && live}
        filtered={filter !== 'all' || unreadOnly}
      />
    </div>
  );
}
