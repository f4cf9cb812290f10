// Notice list (spec §2): titles with update_time; a click opens the detail. A list that could
// not load (offline) says so in the user's language and loads when the connection is back.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NewsItem } from '../../../shared/wire.ts';
import type { CommandResult } from '../../../engine/api.ts';
import { useConnectionDown } from '../../components/connection-down.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { connection } from '../../engine-bridge/signals.ts';
import { useSignalSelect } from '../../engine-bridge/use-signal-value.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';

const isOnline = (c: { state: string }): boolean => c.state === 'online';

type State =
  | { status: 'loading' }
  | { status: 'ready'; items: NewsItem[] }
  | { status: 'error'; failure: Failure };

type Failure = Exclude<CommandResult<unknown>, { ok: true }>;

export default function NewsListScreen() {
  const { t, fmt } = useI18n();
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    let live = true;
    void engine.newsList().then((r) => {
      if (live)
        setState(r.ok ? { status: 'ready', items: r.data } : { status: 'error', failure: r });
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(load, [load]);
  // a list that failed (offline, say) loads again by itself when the connection comes back
  const online = useSignalSelect(connection, isOnline);
  // the failure is worded as it renders: a fetch that failed before the socket found the
  // server gone reads "no connection" once it has (a page opened offline)
  useConnectionDown();
  const failed = state.status === 'error';
  const wasOnline = useRef(online);
  useEffect(() => {
    const back = online && !wasOnline.current;
    wasOnline.current = online;
    // not the load's cleanup: this effect runs again as the state leaves 'error'
    if (back && failed) load();
  }, [online, failed, load]);

  return (
    <section className="page page--narrow">
      <h1 className="page__title">{t('notice.list.title')}</h1>
      <div className="panel">
        {state.status === 'loading' && <Loading text={t('notice.list.loading')} />}
        {state.status === 'error' && (
          <ErrorState
            text={t('notice.list.error', { message: failureMessage(state.failure) })}
            onRetry={load}
          />
        )}
        {state.status === 'ready' && state.items.length === 0 && (
          <Empty text={t('notice.list.empty')} />
        )}
        {state.status === 'ready' && state.items.length > 0 && (
          <ul className="notice-list">
            {state.items.map((n) => (
              <li key={n.id}>
                <Link
                  className="notice-list__item"
                  to={`${ROUTE_PATH.noticeDetail}?id=${n.id}`}
                  data-notice-id={n.id}
                >
                  <span className="notice-list__title">{n.title}</span>
                  <time
                    className="notice-list__time num"
                    dateTime={n.update_time.replace(' ', 'T')}
                  >
                    {fmt.dateTime(n.update_time)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
