// The second-contract order list (spec §2, §4, §9): tabs trading and closed, 20 a page with
// load more; a trading order counts down (refreshed every 200 ms, hidden at 0) with the live
// mark price it settles at; a settled order shows its result for 0.5 s, then leaves for the
// closed list. Orders held from the last page session (offline, issue 25, ADR 0032) are shown
// greyed under "as of", without a countdown: they may well have settled since.
import { useState } from 'react';
import type { MicroOrderView, MicroView } from '../../../engine/api.ts';
import { MICRO_COUNTDOWN_MS } from '../../../shared/micro.ts';
import { AsOfNote } from '../../components/as-of-note.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { liveList } from '../../kit/live-list.ts';
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
import { remainingOf, visibleOrders } from './micro-time.ts';
import { microRowText, secondsLeft, type MicroRowText } from './micro-row-text.ts';
import { useNow } from '../../components/use-now.ts';

export function MicroOrders({ view }: { view: MicroView }) {
  const { t } = useI18n();
  const [tab, setTab] = useState<'trading' | 'closed'>('trading');
  const now = useNow(MICRO_COUNTDOWN_MS);
  const list = view[tab];
  const rows = tab === 'trading' ? visibleOrders(list.rows, now) : list.rows;
  const columns = useMicroColumns(tab, now, list.held);
  return (
    <section
      className="spot__panel micro-orders"
      aria-labelledby="micro-orders-title"
      data-testid="micro-orders"
    >
      <header className="spot__head">
        <h2 id="micro-orders-title" className="visually-hidden">
          {t('micro.orders')}
        </h2>
        <div className="spot-tabs spot-tabs--line" role="tablist">
          {(['trading', 'closed'] as const).map((x) => (
            <button
              key={x}
              type="button"
              role="tab"
              aria-selected={tab === x}
              className={`spot-tabs__tab ${tab === x ? 'is-active' : ''}`}
              onClick={() => setTab(x)}
              data-testid={`micro-tab-${x}`}
            >
              {t(x === 'trading' ? 'micro.tab.trading' : 'micro.tab.closed')}
            </button>
          ))}
        </div>
      </header>
      {list.held && <AsOfNote at={list.at} />}
      <RecordTable
        list={liveList(
          list,
          { error: null, reload: noRetry, loadMore: () => void engine.loadMoreMicro(tab) },
          rows,
        )}
        columns={columns}
        rowKey={(o) => o.id}
        rowData={(o) => ({ 'data-micro-id': o.id, 'data-status': o.status })}
        testId="micro-table"
        className="orders__table"
        wrapClass="orders__wrap"
        cards
        held={list.held}
        noEnd
      />
    </section>
  );
}

/** A held order's time left: not known (it may have settled since). */
const DASH = '—';

const RESULT: Readonly<Record<number, MessageId>> = {
  1: 'micro.result.win',
  0: 'micro.result.draw',
  [-1]: 'micro.result.loss',
};

/** The engine asks again by itself (the watch of the micro view): no retry of its own. */
const noRetry = (): void => undefined;

/** The columns of a tab: the open ones count down at `now`, the closed ones show the result. */
function useMicroColumns(
  tab: 'trading' | 'closed',
  now: number,
  held: boolean,
): RecordColumn<MicroOrderView>[] {
  const { t } = useI18n();
  return [
    { header: t('micro.col.id'), num: true, cellClass: 'muted cell--meta', cell: (o) => o.showId },
    { header: t('micro.col.pair'), cellClass: 'cell--head', cell: (o) => o.symbol },
    {
      header: t('micro.col.side'),
      cellClass: (o) => `cell--head ${o.side === 1 ? 'up' : 'down'}`,
      cell: (o) => t(o.side === 1 ? 'micro.up' : 'micro.down'),
    },
    { header: t('micro.col.amount'), num: true, cell: (o) => <Figure order={o} part="stake" /> },
    { header: t('micro.col.open'), num: true, cell: (o) => <Figure order={o} part="open" /> },
    {
      header: t(tab === 'trading' ? 'micro.col.now' : 'micro.col.end'),
      num: true,
      cell: (o) => <Figure order={o} part="now" />,
    },
    {
      header: t(tab === 'trading' ? 'micro.col.left' : 'micro.col.result'),
      num: true,
      cellClass: (o) =>
        o.status === 3 ? (o.result === 1 ? 'up' : o.result === -1 ? 'down' : undefined) : undefined,
      cellProps: (o) => ({ 'data-testid': o.status === 3 ? 'micro-result' : 'micro-countdown' }),
      cell: (o) => <LeftOrResult order={o} now={now} held={held} />,
    },
  ];
}

/** One of an order's figures, with the pair's decimals and (open) its live price. */
function Figure({ order, part }: { order: MicroOrderView; part: keyof MicroRowText }) {
  const { fmt } = useI18n();
  // an open order's price now: the mark it settles at (api-contract decision 10), else the last
  return microRowText(order, useSignalValue(tickerSignal(order.symbol)), fmt)[part];
}

/** An open order's time left (a held one's is not known: it may have settled since), or the
 *  result of a settled one. */
function LeftOrResult({
  order: o,
  now,
  held,
}: {
  order: MicroOrderView;
  now: number;
  held: boolean;
}) {
  const { t, fmt } = useI18n();
  if (o.status === 3) {
    const profit = fmt.fixed(o.profit, 2);
    return `${t(RESULT[o.result] ?? 'micro.result.loss')} ${profit}`;
  }
  if (held) return DASH;
  const left = remainingOf(o, now);
  return left > 0 ? t('micro.left', { seconds: secondsLeft(left, fmt) }) : t('micro.settling');
}

/**
 * The open order that settles next and its countdown, for the phone's bottom bar (issue 23):
 * the list may be scrolled away, the countdown stays in view. A timer role: not announced on
 * every tick.
 */
export function MicroNextSettlement({ view }: { view: MicroView }) {
  const { t, fmt } = useI18n();
  const now = useNow(MICRO_COUNTDOWN_MS);
  // held orders count down to nothing they are known to do
  const rows = view.trading.held ? [] : view.trading.rows;
  const open = visibleOrders(rows, now).filter((o) => o.status !== 3 && remainingOf(o, now) > 0);
  const next = open.reduce<MicroOrderView | null>(
    (a, b) => (a === null || remainingOf(b, now) < remainingOf(a, now) ? b : a),
    null,
  );
  if (next === null) return null;
  return (
    <div className="phone-bar__note" role="timer" data-testid="micro-next">
      <span className={next.side === 1 ? 'up' : 'down'}>
        {t(next.side === 1 ? 'micro.up' : 'micro.down')}
      </span>
      <span>{next.symbol}</span>
      <span className="num">{fmt.fixed(next.number, 2)}</span>
      <strong className="num">
        {t('micro.left', { seconds: secondsLeft(remainingOf(next, now), fmt) })}
      </strong>
      {open.length > 1 && <span className="muted">+{open.length - 1}</span>}
    </div>
  );
}
