// The user's messages (spec §2 account area "accountMessage"): the exchange's notices, newest
// as the server sends them, each with its abstract and time and a link to the notice.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { NewsItem } from '../../../shared/wire.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../engine-bridge/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';
import { AccountShell } from '../wallet/account-shell.tsx';
import '../../styles/account-records.css';

type State =
  | { status: 'loading' }
  | { status: 'ready'; items: NewsItem[] }
  | { status: 'error'; message: string };

export default function MessageScreen() {
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

  return (
    <AccountShell title={t('account.message.title')} testId="message-screen">
      <div className="panel">
        {state.status === 'loading' && <Loading />}
        {state.status === 'error' && (
          <ErrorState
            text={t('wallet.list.error', { message: state.message })}
            onRetry={() => setVersion((v) => v + 1)}
          />
        )}
        {state.status === 'ready' &&
          (state.items.length === 0 ? (
            <Empty text={t('account.message.empty')} />
          ) : (
            <MessageList items={state.items} />
          ))}
      </div>
    </AccountShell>
  );
}

function MessageList({ items }: { items: readonly NewsItem[] }) {
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
