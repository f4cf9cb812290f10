// Notice detail (/components/noticeDetail?id=): the server's HTML through SafeHtml only.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { NewsDetail } from '../../../shared/wire.ts';
import { SafeHtml } from '../../components/safe-html.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { PATH } from '../../route-paths.ts';

type State =
  | { status: 'loading' }
  | { status: 'ready'; notice: NewsDetail }
  | { status: 'error'; message: string }
  | { status: 'missing' };

export default function NewsDetailScreen() {
  const { t, fmt } = useI18n();
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (!valid) return undefined;
    let live = true;
    setState({ status: 'loading' });
    void engine.newsDetail(id).then((r) => {
      if (live)
        setState(
          r.ok
            ? { status: 'ready', notice: r.data }
            : { status: 'error', message: failureMessage(r) },
        );
    });
    return () => {
      live = false;
    };
  }, [id, valid]);

  const current: State = valid ? state : { status: 'missing' };
  return (
    <article className="page page--narrow">
      <Link to={PATH.noticeList} className="back-link">
        {t('notice.detail.back')}
      </Link>
      <div className="panel panel--pad">
        {current.status === 'loading' && <Loading text={t('notice.detail.loading')} />}
        {current.status === 'missing' && <ErrorState text={t('notice.detail.missing')} />}
        {current.status === 'error' && (
          <ErrorState text={t('notice.detail.error', { message: current.message })} />
        )}
        {current.status === 'ready' && (
          <>
            <h1 className="notice__title">{current.notice.title}</h1>
            <p className="notice__meta muted num">
              {t('notice.detail.updated', { time: fmt.dateTime(current.notice.update_time) })}
            </p>
            <SafeHtml className="prose" html={current.notice.content} />
          </>
        )}
      </div>
    </article>
  );
}
