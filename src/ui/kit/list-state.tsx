// The states every account list shares (ARCHITECTURE §7): loading (first page), error (with
// retry when asking again can help: not after an answer of the server), empty ("no data"), and the footer: "load more" while there are more pages, "no more
// data" once the end is reached.
import type { ReactNode } from 'react';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { PagedState } from './use-account-query.ts';

interface ListStateProps {
  list: Pick<PagedState<unknown>, 'rows' | 'status' | 'message' | 'retryable' | 'reload'>;
  empty?: string;
  children: ReactNode;
}

/** The list's rows (children) once there are some; otherwise the matching state. */
export function ListState({ list, empty, children }: ListStateProps) {
  const { t } = useI18n();
  if (list.rows.length === 0) {
    if (list.status === 'loading') return <Loading />;
    if (list.status === 'error')
      return (
        <ErrorState
          text={t('wallet.list.error', { message: list.message })}
          onRetry={list.reload}
          retryable={list.retryable}
        />
      );
    return <Empty {...(empty === undefined ? {} : { text: empty })} />;
  }
  return <>{children}</>;
}

export function LoadMore({ list }: { list: PagedState<unknown> }) {
  const { t } = useI18n();
  if (list.rows.length === 0) return null;
  if (list.status === 'error')
    return (
      <ErrorState
        text={t('wallet.list.error', { message: list.message })}
        onRetry={list.loadMore}
        retryable={list.retryable}
      />
    );
  return (
    <div className="list-footer">
      {list.hasMore ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={list.loadMore}
          disabled={list.more}
          data-testid="load-more"
        >
          {list.more ? t('common.loading') : t('wallet.list.more')}
        </button>
      ) : (
        <span className="list-footer__end">{t('wallet.list.noMore')}</span>
      )}
    </div>
  );
}
