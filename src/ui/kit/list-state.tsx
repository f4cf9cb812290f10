// The states every record list shares (ARCHITECTURE §7): loading (first page), offline (no rows
// and the network failed while the page knew it was offline), error (with retry when asking
// again can help: not after an answer of the server), empty ("no data"), and the footer: "load
// more" while there are more pages, "no more data" once the end is reached. A list with rows
// keeps them whatever happens next.
import type { ReactNode } from 'react';
import { busyProps } from '../components/busy-button.ts';
import { Empty, ErrorState, Loading, OfflineState } from '../components/states.tsx';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { PagedState } from './use-paged.ts';

/** A list as its states read it: the rows, how the last ask went, and asking again. */
export type RecordList<R> = Pick<
  PagedState<R>,
  'rows' | 'status' | 'message' | 'retryable' | 'offline' | 'reload'
>;

interface ListStateProps {
  list: RecordList<unknown>;
  empty?: string;
  children: ReactNode;
}

/** The list's rows (children) once there are some; otherwise the matching state. */
export function ListState({ list, empty, children }: ListStateProps) {
  const { t } = useI18n();
  if (list.rows.length === 0) {
    if (list.status === 'loading') return <Loading />;
    if (list.status === 'error' && list.offline) return <OfflineState onRetry={list.reload} />;
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

/** The footer of a paged list: "load more", the end, or why the next page did not come. */
export function LoadMore({ list, moreText }: { list: PagedState<unknown>; moreText?: string }) {
  const { t } = useI18n();
  if (list.rows.length === 0) return null;
  // a press is ignored while a page comes, the first one of a reload included: busy for both
  const busy = list.more || list.status === 'loading';
  if (list.status === 'error')
    return (
      <ErrorState
        text={t('wallet.list.error', { message: list.message })}
        onRetry={list.retry}
        retryable={list.retryable}
      />
    );
  return (
    <div className="list-footer">
      {list.hasMore ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          {...busyProps(busy)}
          onClick={list.loadMore}
          data-testid="load-more"
        >
          {busy ? t('common.loading') : (moreText ?? t('wallet.list.more'))}
        </button>
      ) : (
        <span className="list-footer__end">{t('wallet.list.noMore')}</span>
      )}
    </div>
  );
}
