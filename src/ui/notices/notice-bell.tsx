// The header's bell (issues 25, 41): the unread count of the user's notifications, and a panel
// over the page with the newest of them, so a trader reads what happened without leaving the
// trading screen; each item marks itself read when opened and leads to its subject, "Mark all as
// read" reads them all, and a link opens the notification centre. Shown to a logged-in user only.
import { Link } from 'react-router';
import { Popover } from '../components/popover.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { notices, session } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { NoticeItem, ReadAllButton } from './notice-list.tsx';
import { NOTICE_CENTRE_PATH } from './notice-paths.ts';
import '../styles/notices.css';

/** Counts past this read "99+". */
const BADGE_MAX = 99;
/** How many of the newest the panel shows; the centre has the rest. */
export const BELL_ITEMS = 6;

export function NoticeBell() {
  const { t, fmt } = useI18n();
  const s = useSignalValue(session);
  const view = useSignalValue(notices);
  if (!s.loggedIn) return null;
  const unread = view.unread;
  const badge =
    unread > BADGE_MAX ? `${fmt.fixed(String(BADGE_MAX), 0)}+` : fmt.fixed(String(unread), 0);
  return (
    <Popover
      className="notice-bell"
      ariaLabel={t('notice.bell.label', { n: unread })}
      testId="notice-bell"
      label={
        <>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16a1 1 0 0 0 .9 1.5h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 16a2.5 2.5 0 0 0 5 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
          </svg>
          {unread > 0 && (
            <span className="notice-bell__badge num" data-testid="notice-unread" aria-hidden="true">
              {badge}
            </span>
          )}
        </>
      }
    >
      {(close) => <BellPanel close={close} />}
    </Popover>
  );
}

function BellPanel({ close }: { close: () => void }) {
  const { t } = useI18n();
  const view = useSignalValue(notices);
  const live = view.loaded && !view.held;
  const rows = view.items.slice(0, BELL_ITEMS);
  return (
    // a link followed inside (an item's View, the centre) closes the panel: the page changes; so
    // does "at this moment" (its panel opens beside the screen)
    <div
      className="bell-pop"
      data-testid="notice-bell-panel"
      onClick={(e) => {
        if (e.target instanceof Element && e.target.closest('a, [data-closes-panel]') !== null)
          close();
      }}
    >
      <div className="bell-pop__head">
        <h2 className="bell-pop__title">{t('notice.centre.title')}</h2>
        <ReadAllButton live={live} unread={view.unread} testId="notice-bell-read-all" />
      </div>
      {rows.length === 0 ? (
        !view.loaded && !view.held ? (
          <Loading />
        ) : view.error !== null ? (
          <ErrorState text={t('wallet.list.error', { message: view.error })} />
        ) : (
          <Empty text={t('notice.empty')} />
        )
      ) : (
        <ul className="ntf-list bell-pop__list">
          {rows.map((n) => (
            <NoticeItem key={n.id} row={n} live={live} />
          ))}
        </ul>
      )}
      <Link to={NOTICE_CENTRE_PATH} className="bell-pop__all" data-testid="notice-bell-all">
        {t('notice.all')}
      </Link>
    </div>
  );
}
