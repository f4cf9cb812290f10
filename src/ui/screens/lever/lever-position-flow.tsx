// The positions list's actions (split from lever-positions.tsx): the one pending action of the
// list (a dialog: take-profit / stop-loss, close, revoke, amend, batch close) and the commands
// behind them; replies go to toasts. A position closed, or an order filled, while its dialog is
// open takes the dialog with it, and says why.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommandResult, LeverView } from '../../../engine/api.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { toast } from '../../toast/toast.ts';
import { CloseDialog } from './close-dialog.tsx';
import { LeverAmendDialog } from './lever-amend.tsx';
import type { Actions } from './lever-tables.tsx';
import { priceDpOf, sideText, StopDialog } from './stop-dialog.tsx';

export type BatchType = 0 | 1 | 2;
type Pending =
  | { kind: 'stop'; id: number }
  | { kind: 'close'; id: number }
  | { kind: 'revoke'; id: number }
  | { kind: 'amend'; id: number }
  | { kind: 'batch'; type: BatchType };

/** The one pending action (a dialog) and the commands behind them; replies go to toasts. */
export function useActions(view: LeverView) {
  const { t } = useI18n();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  // the button that opened the dialog gets the focus back when it closes (if still there)
  const opener = useRef<Element | null>(null);
  const ask = useCallback((next: Pending) => {
    opener.current = document.activeElement;
    setPending(next);
  }, []);
  useEffect(() => {
    if (pending !== null) return;
    const el = opener.current;
    opener.current = null;
    if (el instanceof HTMLElement && el.isConnected) el.focus();
  }, [pending]);
  const dismiss = useCallback(() => setPending(null), []);
  const actions: Actions = {
    onStop: useCallback((id: number) => ask({ kind: 'stop', id }), [ask]),
    onClose: useCallback((id: number) => ask({ kind: 'close', id }), [ask]),
    onRevoke: useCallback((id: number) => ask({ kind: 'revoke', id }), [ask]),
    onAmend: useCallback((id: number) => ask({ kind: 'amend', id }), [ask]),
  };
  const askBatch = useCallback((type: BatchType) => ask({ kind: 'batch', type }), [ask]);

  // A position closed by its stop or a liquidation, or an order that filled, while its
  // dialog was open: the dialog goes and says why.
  const gone = pendingGone(pending, view);
  useEffect(() => {
    if (!gone || busy) return;
    setPending(null);
    toast.info(t(onOrder(pending) ? 'lever.positions.orderGone' : 'lever.positions.gone'));
  }, [gone, busy, pending, t]);

  const run = async (result: Promise<CommandResult>, done: MessageId): Promise<void> => {
    if (busy) return;
    setBusy(true);
    const r = await result;
    setBusy(false);
    setPending(null);
    if (r.ok) toast.success(r.message !== '' ? r.message : t(done));
    else toast.error(failureMessage(r));
  };
  /** `share`: a close's hands ('' all of them, ADR 0061). */
  const confirm = (share = ''): void => {
    if (pending === null || pending.kind === 'stop' || pending.kind === 'amend' || busy) return;
    if (pending.kind === 'close')
      void run(engine.leverCommand('close', { id: pending.id, share }), 'lever.close.done');
    else if (pending.kind === 'revoke')
      void run(engine.leverCommand('cancel', { id: pending.id }), 'lever.revoke.done');
    else
      void run(
        engine.leverCommand('batch-close', { type: pending.type, pairOnly: false }),
        'lever.batch.done',
      );
  };
  return { pending, busy, actions, askBatch, dismiss, confirm };
}

/** Whether the pending action is on a waiting order (the entrusts tab), not a position. */
const onOrder = (p: Pending | null): boolean => p?.kind === 'revoke' || p?.kind === 'amend';

function pendingGone(pending: Pending | null, view: LeverView): boolean {
  if (pending === null || pending.kind === 'batch') return false;
  const list = onOrder(pending) ? view.entrusts : view.holding;
  return list.loaded && !list.rows.some((r) => r.id === pending.id);
}

export type Flow = ReturnType<typeof useActions>;

const BATCH_BODY: Record<BatchType, MessageId> = {
  0: 'lever.batch.allBody',
  1: 'lever.batch.longBody',
  2: 'lever.batch.shortBody',
};

/** The dialog of the pending action, mounted only while it is open. */
export function PendingDialog({ view, flow }: { view: LeverView; flow: Flow }) {
  const { t, fmt } = useI18n();
  const p = flow.pending;
  if (p === null) return null;
  if (p.kind === 'batch')
    return (
      <ConfirmDialog
        open
        title={t('lever.batch.title')}
        body={t(BATCH_BODY[p.type])}
        confirmLabel={t('lever.batch.sure')}
        cancelLabel={t('common.cancel')}
        busy={flow.busy}
        onConfirm={() => flow.confirm()}
        onClose={flow.dismiss}
      />
    );
  const list = onOrder(p) ? view.entrusts : view.holding;
  const row = list.rows.find((r) => r.id === p.id);
  if (row === undefined) return null;
  if (p.kind === 'stop') return <StopDialog position={row} onClose={flow.dismiss} />;
  if (p.kind === 'amend')
    return <LeverAmendDialog order={row} deal={view.deal} onDone={flow.dismiss} />;
  if (p.kind === 'close')
    return (
      <CloseDialog
        position={row}
        busy={flow.busy}
        onConfirm={flow.confirm}
        onClose={flow.dismiss}
      />
    );
  return (
    <ConfirmDialog
      open
      title={t('lever.revoke.title')}
      body={t('lever.revoke.body', {
        side: sideText(t, row.side),
        symbol: row.symbol,
        price: fmt.fixed(row.originPrice, priceDpOf(row.symbol)),
      })}
      confirmLabel={t('lever.revoke.sure')}
      cancelLabel={t('common.cancel')}
      busy={flow.busy}
      onConfirm={() => flow.confirm()}
      onClose={flow.dismiss}
    />
  );
}
