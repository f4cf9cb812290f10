// The user's orders on the selected pair: current (open) orders with cancel, and the order
// history (finished orders: filled, partly filled then cancelled, cancelled). "Load more" shows
// after more than 8 rows (spec §9) and turns into "no more" at the end; empty lists show the
// no-data picture. Visitors see a login prompt. A list held from the last page session (offline,
// ADR 0032) is shown greyed under "as of", with nothing to cancel or load; a list the server
// has not answered for, with nothing held, says it is not known (never "no orders"). A third tab
// lists the waiting conditional orders of every pair (issue 44, trigger-list.tsx).
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OpenOrderView } from '../../../engine/api.ts';
import { AsOfNote } from '../../components/as-of-note.tsx';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { useFocusKeeper } from '../../components/focus-keeper.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { orders, session } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';
import { toast } from '../../toast/toast.ts';
import { HistoryTable, OpenOrdersTable, type ListSource } from '../../trading/orders-tables.tsx';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { TriggerList } from './trigger-list.tsx';

type Tab = 'open' | 'history' | 'triggers';

export function OrdersPanel({ meta }: { meta: PairMeta }) {
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>('open');
  const loggedIn = useSignalValue(session).loggedIn;
  const view = useSignalValue(orders);
  const cancel = useCancel();
  // a cancelled order's row goes with its button: focus goes to the next row's, or the tab
  const box = useRef<HTMLElement>(null);
  useFocusKeeper(box);
  const source: ListSource =
    tab === 'open'
      ? { known: view.openLoaded || view.openHeld, held: view.openHeld, at: view.openAt }
      : {
          known: view.historyLoaded || view.historyHeld,
          held: view.historyHeld,
          at: view.historyAt,
        };

  return (
    <section ref={box} className="spot__panel spot__orders" aria-label={t('spot.orders.tabs')}>
      <header className="spot__head">
        <div
          className="spot-tabs spot-tabs--line"
          role="tablist"
          aria-label={t('spot.orders.tabs')}
        >
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'open'}
            className={`spot-tabs__tab ${tab === 'open' ? 'is-active' : ''}`}
            data-testid="tab-open"
            onClick={() => setTab('open')}
          >
            {loggedIn
              ? t('spot.orders.openCount', { count: view.open.length })
              : t('spot.orders.open')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'history'}
            className={`spot-tabs__tab ${tab === 'history' ? 'is-active' : ''}`}
            data-testid="tab-history"
            onClick={() => setTab('history')}
          >
            {t('spot.orders.history')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'triggers'}
            className={`spot-tabs__tab ${tab === 'triggers' ? 'is-active' : ''}`}
            data-testid="tab-triggers"
            onClick={() => setTab('triggers')}
          >
            {t('spot.stop.tab')}
          </button>
        </div>
      </header>
      {!loggedIn ? (
        <div className="orders__login" data-testid="orders-login-prompt">
          <span className="muted">{t('spot.orders.loginPrompt')}</span>
          <Link className="btn btn--primary btn--sm" to={ROUTE_PATH.login}>
            {t('spot.form.login')}
          </Link>
        </div>
      ) : (
        <>
          {tab !== 'triggers' && source.held && <AsOfNote at={source.at} />}
          {tab === 'triggers' ? (
            <TriggerList />
          ) : tab === 'open' ? (
            <OpenOrdersTable
              rows={view.open}
              hasMore={view.openHasMore}
              loading={view.openLoading}
              source={source}
              meta={meta}
              onCancel={cancel.ask}
            />
          ) : (
            <HistoryTable
              rows={view.history}
              hasMore={view.historyHasMore}
              loading={view.historyLoading}
              source={source}
              meta={meta}
            />
          )}
        </>
      )}
      <ConfirmDialog
        open={cancel.pending !== null}
        title={t('spot.cancel.title')}
        body={t('spot.cancel.body')}
        confirmLabel={t('spot.cancel.sure')}
        cancelLabel={t('spot.cancel.dismiss')}
        busy={cancel.busy}
        onConfirm={() => void cancel.confirm()}
        onClose={cancel.dismiss}
      />
    </section>
  );
}

/** Cancel flow: ask (open the dialog), confirm (call the engine, toast the reply), dismiss. */
function useCancel() {
  const { t } = useI18n();
  const [pending, setPending] = useState<OpenOrderView | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useCallback((o: OpenOrderView) => setPending(o), []);
  const dismiss = useCallback(() => setPending(null), []);
  const confirm = async (): Promise<void> => {
    if (pending === null || busy) return;
    setBusy(true);
    const result = await engine.cancelSpotOrder({ id: pending.id, side: pending.side });
    setBusy(false);
    setPending(null);
    if (result.ok) toast.success(result.message !== '' ? result.message : t('spot.cancel.done'));
    else toast.error(failureMessage(result));
  };
  return { pending, busy, ask, dismiss, confirm };
}
