// The user's notifications as a list (the centre's first tab): newest first, unread ones marked
// (a dot and bold title, and said to screen readers), each marked read when the user opens it
// (a button: click, Enter or Space), older pages on demand; each with a link to the screen of
// what it is about (opening it reads it too).
import { Link } from 'react-router';
import type { MomentRequest } from '../../engine/api.ts';
import { decStr } from '../../shared/decimal.ts';
import { groupOf } from '../../shared/notifications.ts';
import type { NotificationGroup, NotificationRow } from '../../shared/notifications.ts';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { engine } from '../engine-bridge/bridge.ts';
import { openMoment } from '../engine-bridge/moment-bridge.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { noticeWords } from './notice-text.ts';
import { liveNoticeDecimals } from './notice-decimals.ts';
import { noticeTarget } from './notice-paths.ts';

interface Props {
  rows: readonly NotificationRow[];
  /** Live from the server (false: held, as of an earlier session: nothing can be marked). */
  live: boolean;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  /** A filter hides some: the empty text says so. */
  filtered: boolean;
}

export function NoticeList({ rows, live, loading, error, hasMore, filtered }: Props) {
  const { t } = useI18n();
  if (rows.length === 0) {
    if (loading) return <Loading />;
    if (error !== null) return <ErrorState text={t('wallet.list.error', { message: error })} />;
    return <Empty text={t(filtered ? 'notice.emptyFiltered' : 'notice.empty')} />;
  }
  return (
    <>
      <ul className="ntf-list" data-testid="notice-list">
        {rows.map((n) => (
          <NoticeItem key={n.id} row={n} live={live} />
        ))}
      </ul>
      {hasMore && (
        <div className="ntf-list__more">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => void engine.loadMoreNotices()}
          >
            {t('notice.more')}
          </button>
        </div>
      )}
    </>
  );
}

export function NoticeItem({ row, live }: { row: NotificationRow; live: boolean }) {
  const { t, fmt } = useI18n();
  const words = noticeWords(row, t, fmt, liveNoticeDecimals);
  const unread = !row.read;
  return (
    <li className={`ntf${unread ? ' ntf--unread' : ''}`} data-notice={row.kind}>
      <button
        type="button"
        className="ntf__body"
        data-testid="notice-item"
        aria-disabled={!live || !unread}
        onClick={() => {
          if (live && unread) void engine.readNotices([row.id]);
        }}
      >
        <span className="ntf__dot" aria-hidden="true" />
        <span className="ntf__title">
          {unread && <span className="visually-hidden">{t('notice.unread')} </span>}
          {words.title}
        </span>
        <time className="ntf__time num" dateTime={new Date(row.created_at).toISOString()}>
          {fmt.dateTime(row.created_at)}
        </time>
        <span className="ntf__line">{words.line}</span>
      </button>
      {/* where it happened: the order, position, contract or deal it is about (issue 41) */}
      <Link
        to={noticeTarget(row.kind)}
        className="ntf__go"
        data-testid="notice-go"
        aria-label={t('notice.goLabel', { title: words.title })}
        onClick={() => {
          if (live && unread) void engine.readNotices([row.id]);
        }}
      >
        {t('notice.go')}
      </Link>
      {MARKET_GROUPS.has(groupOf(row.kind)) && (
        <button
          type="button"
          className="ntf__go ntf__moment"
          data-testid="notice-moment"
          data-closes-panel=""
          aria-label={t('moment.openNotice', { time: fmt.dateTime(row.created_at) })}
          onClick={() => void openMoment(noticeMoment(row))}
        >
          {t('moment.openShort')}
        </button>
      )}
    </li>
  );
}

/** Notifications of the market (fills, triggers, liquidations, alerts) open "at this moment". */
const MARKET_GROUPS: ReadonlySet<NotificationGroup> = new Set(['spot', 'lever', 'micro', 'alert']);

/**
 * The moment of a notification: when it happened; a spot order's fill points out its order at
 * the price it filled at (issue 47).
 */
function noticeMoment(row: NotificationRow): MomentRequest {
  const p = row.params;
  const id = Number(p['order_id']);
  const price = decStr(p['price']);
  const side = p['side'];
  const fill = row.kind === 'spot.filled' || row.kind === 'spot.partial';
  return fill && Number.isSafeInteger(id) && price !== null && (side === 'buy' || side === 'sell')
    ? { at: row.created_at, focus: { orderId: id, side, price } }
    : { at: row.created_at };
}

/** "Mark all as read": the centre's and the bell panel's (nothing to read, or held: disabled). */
export function ReadAllButton(p: { live: boolean; unread: number; testId: string }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      disabled={!p.live || p.unread === 0}
      onClick={() => void engine.readNotices('all')}
      data-testid={p.testId}
    >
      {t('notice.readAll')}
    </button>
  );
}
