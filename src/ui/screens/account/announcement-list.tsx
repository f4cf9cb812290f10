// The exchange's announcements (the notice list), newest as the server sends them, each with its
// abstract and time and a link to the notice: the Messages page's second tab.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { NewsItem } from '../../../shared/wire.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';

type State =
  | { status: 'loading' }
  | { status: 'ready'; items: NewsItem[] }
  | { status: 'error'; message: string };

export function AnnouncementList() {
  const { t } = useI18n();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void engine.newsList().then((r) => {
      if (!live) return;
      setState(
        r.ok ? { status: 'ready', items: r.data } : { status: 'error', message: failureMessage(r) },
      );
    });
    return () => {
      live = false;
    };
  }, [version]);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error')
    return (
      <ErrorState
        text={t('wallet.list.error', { message: state.message })}
        onRetry={() => setVersion((v) => v + 1)}
      />
    );
  if (state.items.length === 0) return <Empty text={t('account.message.empty')} />;
  return <Items items={state.items} />;
}

function Items({ items }: { items: readonly NewsItem[] }) {
  const { fmt } = useI18n();
  return (
    <ul className="msg-list" data-testid="messages">
      {items.map((n) => (
        <li key={n.id}>
          <Link
            className="msg-list__item"
            to={`${ROUTE_PATH.noticeDetail}?id=${n.id}`}
            data-notice-id={n.id}
          >
            <span className="msg-list__title">{n.title}</span>
            <time className="msg-list__time num" dateTime={n.update_time.replace(' ', 'T')}>
              {fmt.dateTime(n.update_time)}
            </time>
            {n.abstract.trim() !== '' && <span className="msg-list__abstract">{n.abstract}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
