// Acceptor deals (spec §2 "Deposit/withdraw records: tabs buy or sell", §4 is_sure 0 waiting /
// 1 confirmed / 2 rejected; a paid sell deal confirms itself 20 minutes after the acceptor
// marked it paid). The tab is `current` in the URL (0 buy, 1 sell). A paid, unconfirmed sell
// deal shows a live countdown to its automatic confirmation and a "confirm receipt" action.
// Countdowns take "now" from the replay clock while a replay is shown, else from the server
// clock (local time + the connection's offset); deadlines are event times (ADR 0013).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AcceptorDealView, ConnectionView } from '../../../engine/api.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { replayInfo, replayStatus } from '../../engine-bridge/replay-bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { connection } from '../../engine-bridge/signals.ts';
import { useSignalSelect, useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import type { RecordList } from '../../kit/list-state.tsx';
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import { CNY_DECIMALS, DEAL_USDT_DECIMALS, isWay, WAY_LABEL } from './acceptor-list-screen.tsx';
import { arrayList, isStale, RecordTabs, TabPanel, type TabItem } from '../../kit/record-parts.tsx';
import '../../styles/account-records.css';

type DealType = AcceptorDealView['type'];

/** A sell deal the acceptor marked paid and the user has not confirmed yet. */
const awaitsUser = (d: AcceptorDealView): boolean =>
  d.type === 'sell' && d.isSure === 0 && d.paidTime !== '';

export default function AcceptorDealsScreen() {
  const { t, fmt } = useI18n();
  const idBase = useId();
  const [params, setParams] = useSearchParams();
  const type: DealType = params.get('current') === '1' ? 'sell' : 'buy';
  const { state, reload } = useAccountQuery('acceptor-deals', { type });
  const list = arrayList(state, reload);
  const [confirming, setConfirming] = useState<AcceptorDealView | null>(null);
  const [busy, setBusy] = useState(false);
  const tabs: TabItem<DealType>[] = [
    { value: 'buy', label: t('account.aceite.buy') },
    { value: 'sell', label: t('account.aceite.sell') },
  ];

  const confirm = async () => {
    if (confirming === null) return;
    setBusy(true);
    const r = await engine.accountCommand('acceptor-confirm', { id: confirming.id });
    setBusy(false);
    setConfirming(null);
    if (r.ok) toast.success(r.message);
    else toast.error(failureMessage(r));
    reload();
  };

  return (
    <AccountShell
      title={t('account.deals.title')}
      testId="charge-record-screen"
      actions={
        <Link className="btn btn--ghost btn--sm" to={WALLET_PATH.aceite}>
          {t('account.deals.newDeal')}
        </Link>
      }
    >
      <div className="panel">
        <div className="records__head">
          <RecordTabs
            idBase={idBase}
            label={t('account.deals.tabs')}
            tabs={tabs}
            value={type}
            onChange={(v) => setParams({ current: v === 'sell' ? '1' : '0' }, { replace: true })}
          />
        </div>
        <TabPanel idBase={idBase} value={type} stale={isStale(list)}>
          <DealsTable list={list} onConfirm={setConfirming} onExpired={reload} />
        </TabPanel>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t('account.deals.confirmTitle')}
        body={
          confirming === null
            ? ''
            : t('account.deals.confirmBody', {
                money: fmt.fixed(confirming.money, CNY_DECIMALS),
                acceptor: confirming.acceptorName,
                number: fmt.fixed(confirming.number, DEAL_USDT_DECIMALS),
              })
        }
        confirmLabel={t('account.deals.confirm')}
        cancelLabel={t('account.cancel')}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => {
          if (!busy) setConfirming(null);
        }}
      />
    </AccountShell>
  );
}

function DealsTable({
  list,
  onConfirm,
  onExpired,
}: {
  list: RecordList<AcceptorDealView>;
  onConfirm: (deal: AcceptorDealView) => void;
  onExpired: () => void;
}) {
  const { t, fmt } = useI18n();
  // A deal whose countdown ran out makes the list reload once (the server confirms it when
  // a list is read); never twice for the same deal, whatever the clocks say.
  const expired = useRef(new Set<number>());
  const onDealExpired = useCallback(
    (id: number) => {
      if (expired.current.has(id)) return;
      expired.current.add(id);
      onExpired();
    },
    [onExpired],
  );
  const columns: RecordColumn<AcceptorDealView>[] = [
    {
      header: t('account.col.time'),
      cellClass: 'time-cell muted',
      cell: (d) => fmt.dateTime(d.createTime),
    },
    { header: t('account.col.acceptor'), cell: (d) => d.acceptorName },
    { header: t('account.col.way'), cell: (d) => (isWay(d.way) ? t(WAY_LABEL[d.way]) : d.way) },
    {
      header: t('account.deals.money'),
      num: true,
      cell: (d) => fmt.fixed(d.money, CNY_DECIMALS),
    },
    {
      header: t('account.deals.number'),
      num: true,
      cell: (d) => fmt.fixed(d.number, DEAL_USDT_DECIMALS),
    },
    {
      header: t('account.col.status'),
      cell: (d) => (
        <div className="status-cell">
          <DealStatus deal={d} />
          {awaitsUser(d) && d.autoConfirmAt !== null && (
            <Countdown id={d.id} until={d.autoConfirmAt} onExpired={onDealExpired} />
          )}
        </div>
      ),
    },
    {
      header: t('account.col.action'),
      headerClass: 'cell-actions',
      cellClass: 'cell-actions',
      cell: (d) =>
        awaitsUser(d) && (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => onConfirm(d)}
            data-testid="confirm-receipt"
          >
            {t('account.deals.confirm')}
          </button>
        ),
    },
  ];
  return (
    <RecordTable
      list={list}
      columns={columns}
      rowKey={(d) => d.id}
      rowData={(d) => ({ 'data-deal-id': d.id, 'data-sure': d.isSure })}
      testId="acceptor-deals"
    />
  );
}

function DealStatus({ deal: d }: { deal: AcceptorDealView }) {
  const { t } = useI18n();
  if (d.isSure === 1)
    return (
      <span className="status-chip status-chip--ok" data-testid="deal-status">
        {t('account.deals.confirmed')}
      </span>
    );
  if (d.isSure === 2)
    return (
      <span className="status-chip status-chip--bad" data-testid="deal-status">
        {t('account.deals.rejected')}
      </span>
    );
  return (
    <span className="status-chip status-chip--wait" data-testid="deal-status">
      {awaitsUser(d) ? t('account.deals.paid') : t('account.deals.waiting')}
    </span>
  );
}

const selectOffset = (c: ConnectionView): number => c.clockOffsetMs;

/**
 * "Now" for countdowns, refreshed every second: the replay clock while a replay is shown
 * (it moves with the replay, never with the wall clock), else the server's clock.
 */
function useNow(): number {
  const replay = useSignalValue(replayInfo);
  const status = useSignalValue(replayStatus);
  const offset = useSignalSelect(connection, selectOffset);
  const [wall, setWall] = useState(() => Date.now());
  const replaying = replay !== null;
  useEffect(() => {
    if (replaying) return;
    const timer = setInterval(() => setWall(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [replaying]);
  if (replaying) return status?.at ?? replay.from ?? 0;
  return wall + offset;
}

/** mm:ss of what is left, counted in whole seconds up. */
function mmss(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function Countdown({
  id,
  until,
  onExpired,
}: {
  id: number;
  until: number;
  onExpired: (id: number) => void;
}) {
  const { t } = useI18n();
  const now = useNow();
  const left = until - now;
  const replaying = useSignalValue(replayInfo) !== null;
  useEffect(() => {
    if (left <= 0 && !replaying) onExpired(id);
  }, [left, replaying, id, onExpired]);
  return (
    <span className="countdown" role="timer" data-testid="auto-confirm-countdown">
      {t('account.deals.autoConfirm', { time: mmss(left) })}
    </span>
  );
}
