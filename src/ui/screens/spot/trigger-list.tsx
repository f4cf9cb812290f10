// The user's conditional orders (issue 44), in the orders panel's "Conditional" tab: the waiting
// ones (pair, side, what it places, the trigger, the limit, the amount, an Edit that changes them
// in one step (ADR 0067; not an OCO's stop), and a cancel behind the house confirmation that
// gives the reserve back), or the done ones with what became of each:
// triggered (and its order open, filled, partly filled or not filled), cancelled, or refused with
// the reason. Every pair's are listed: they wait on the server, not on this screen. The list asks
// again when the user places or cancels one, and when a notification says one fired or was
// refused.
import { computed, signal } from '@preact/signals-core';
import { useState } from 'react';
import type { SpotTriggerView } from '../../../engine/api.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { notices, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { failureMessage } from '../../i18n/result-message.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
import { usePaged } from '../../kit/use-paged.ts';
import { toast } from '../../toast/toast.ts';
import { stateOf } from '../../trading/trigger-kind.ts';
import { ExportCsvButton } from '../../kit/export-csv-button.tsx';
import { triggerExport } from './trigger-csv.ts';
import { KIND_LABEL, stateText } from './trigger-words.ts';
import { TriggerAmendDialog } from './trigger-amend.tsx';

const version = signal(0);

/** Asks the waiting list again (a conditional order was placed or cancelled). */
export function triggersChanged(): void {
  version.value += 1;
}

/** The id of the newest notification about a conditional order: a new one reloads the list. */
const lastTriggerNote = computed(
  () =>
    notices.value.items.find(
      (n) => n.kind.startsWith('spot.trigger') || n.kind === 'spot.ocoCancelled',
    )?.id ?? 0,
);

/** Changes whenever the conditional orders may have: one was placed, changed or cancelled here,
 *  or a notification about one came (the chart's lines ask again with it). */
export function useTriggersKey(): string {
  return `${useSignalValue(version)}:${useSignalValue(lastTriggerNote)}`;
}

type View = 'waiting' | 'done';

export function TriggerList() {
  const { t } = useI18n();
  const [view, setView] = useState<View>('waiting');
  const key = `${view}:${useTriggersKey()}`;
  const list = usePaged((page) => engine.spotTriggers(view, page), key, {
    rowId: (r: SpotTriggerView) => r.id,
  });
  const [pending, setPending] = useState<SpotTriggerView | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<SpotTriggerView | null>(null);
  const columns = useTriggerColumns(view, setPending, setEditing);

  const confirm = async (): Promise<void> => {
    if (pending === null || busy) return;
    setBusy(true);
    const r = await engine.cancelSpotTrigger({ id: pending.id });
    setBusy(false);
    setPending(null);
    if (r.ok) {
      toast.success(r.message !== '' ? r.message : t('spot.stop.cancelled'));
      triggersChanged();
    } else toast.error(failureMessage(r));
  };

  return (
    <>
      <div className="trigger-views">
        <div className="trigger-views__group" role="group" aria-label={t('spot.stop.tab')}>
          {(['waiting', 'done'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={`trigger-views__btn ${view === v ? 'is-active' : ''}`}
              aria-pressed={view === v}
              data-testid={`triggers-${v}`}
              onClick={() => setView(v)}
            >
              {t(v === 'waiting' ? 'spot.stop.view.waiting' : 'spot.stop.view.done')}
            </button>
          ))}
        </div>
        <ExportCsvButton spec={triggerExport(view, t)} />
      </div>
      <RecordTable
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        rowData={(r) => ({
          'data-trigger-id': r.id,
          'data-kind': r.kind,
          'data-state': stateOf(r),
        })}
        testId="trigger-table"
        className="orders__table"
        wrapClass="orders__wrap"
        cards
        noEnd
        empty={t(view === 'waiting' ? 'spot.stop.empty' : 'spot.stop.emptyDone')}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t('spot.stop.cancelTitle')}
        body={t('spot.stop.cancelBody')}
        confirmLabel={t('spot.cancel.sure')}
        cancelLabel={t('spot.cancel.dismiss')}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => {
          if (!busy) setPending(null);
        }}
      />
      {editing !== null && (
        <TriggerAmendDialog
          order={editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) triggersChanged();
          }}
        />
      )}
    </>
  );
}

function useTriggerColumns(
  view: View,
  onCancel: (r: SpotTriggerView) => void,
  onEdit: (r: SpotTriggerView) => void,
): RecordColumn<SpotTriggerView>[] {
  const { t } = useI18n();
  const figures: RecordColumn<SpotTriggerView>[] = [
    { header: t('spot.stop.col.pair'), cellClass: 'cell--head', cell: (r) => r.symbol },
    {
      header: t('spot.stop.col.side'),
      cellClass: (r) => `cell--head ${r.side === 'buy' ? 'up' : 'down'}`,
      cell: (r) => t(r.side === 'buy' ? 'spot.orders.buy' : 'spot.orders.sell'),
    },
    {
      header: t('spot.stop.col.kind'),
      cell: (r) =>
        r.ocoPrice === null ? (
          t(KIND_LABEL[r.kind])
        ) : (
          <>
            {t(KIND_LABEL[r.kind])}
            <OcoLimit symbol={r.symbol} price={r.ocoPrice} />
          </>
        ),
    },
    {
      header: t('spot.stop.trigger'),
      num: true,
      cell: (r) => <PairFigure symbol={r.symbol} value={r.trigger} of="price" />,
    },
    {
      header: t('spot.form.price'),
      num: true,
      cell: (r) =>
        r.price === null ? (
          t('spot.form.market')
        ) : (
          <PairFigure symbol={r.symbol} value={r.price} of="price" />
        ),
    },
    {
      header: t('spot.form.amount'),
      num: true,
      cell: (r) => <PairFigure symbol={r.symbol} value={r.number} of="amount" />,
    },
  ];
  if (view === 'done')
    return [
      ...figures,
      {
        header: t('spot.stop.col.filled'),
        num: true,
        cell: (r) =>
          r.filled === null ? '—' : <PairFigure symbol={r.symbol} value={r.filled} of="amount" />,
      },
      {
        header: t('spot.stop.col.state'),
        cellClass: 'cell--state',
        cell: (r) => stateText(r, t),
      },
    ];
  return [
    ...figures,
    {
      header: <span className="visually-hidden">{t('spot.stop.col.action')}</span>,
      cellClass: 'cell--actions',
      cell: (r) => (
        <>
          {r.ocoOrderId === null && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              data-testid="amend-trigger"
              aria-label={t('spot.stop.amendLabel', { id: r.id })}
              onClick={() => onEdit(r)}
            >
              {t('spot.amend.edit')}
            </button>
          )}{' '}
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            data-testid="cancel-trigger"
            onClick={() => onCancel(r)}
          >
            {t('spot.orders.cancel')}
          </button>
        </>
      ),
    },
  ];
}

/** A price or amount of a pair, with the pair's decimals (from its ticker; as sent until known). */
function PairFigure(p: { symbol: string; value: string; of: 'price' | 'amount' }) {
  return usePairFigure(p.symbol, p.value, p.of);
}

/** A figure of a pair in its decimals (at least those the server sent). */
function usePairFigure(symbol: string, value: string, of: 'price' | 'amount'): string {
  const { fmt } = useI18n();
  const ticker = useSignalValue(tickerSignal(symbol));
  const sent = value.includes('.') ? value.length - value.indexOf('.') - 1 : 0;
  const dp =
    ticker === null ? sent : of === 'price' ? ticker.pricePrecision : ticker.amountPrecision;
  return fmt.fixed(value, Math.max(dp, sent));
}

/** The stop leg of an OCO says its limit leg: "OCO, limit 66,000.00". */
function OcoLimit(p: { symbol: string; price: string }) {
  const { t } = useI18n();
  const price = usePairFigure(p.symbol, p.price, 'price');
  return (
    <span className="trigger-oco" data-testid="trigger-oco">
      {t('spot.oco.withLimit', { price })}
    </span>
  );
}
