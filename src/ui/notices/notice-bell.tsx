// The header's bell (issue 25): the unread count of the user's notifications, a link to the
// notification centre (the Messages page). Shown to a logged-in user only.
import { Link } from 'react-router';
import { notices, session } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { NOTICE_CENTRE_PATH } from './notice-paths.ts';
import '../styles/notices.css';

/** Counts past this read "99+". */
const BADGE_MAX = 99;

export function NoticeBell() {
  const { t, fmt } = useI18n();
  const s = useSignalValue(session);
  const view = useSignalValue(notices);
  if (!s.loggedIn) return null;
  const unread = view.unread;
  const badge =
    unread > BADGE_MAX ? `${fmt.fixed(String(BADGE_MAX), 0)}+` : fmt.fixed(String(unread), 0);
  return (
    <Link
      to={NOTICE_CENTRE_PATH}
      className="icon-btn notice-bell"
      data-testid="notice-bell"
      aria-label={t('notice.bell.label', { n: unread })}
    >
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
    </Link>
  );
}
