// The second-contract order list (spec §2, §4, §9): tabs trading and closed, 20 a page with
// load more; a trading order counts down (refreshed every 200 ms, hidden at 0) with the live
// mark price it settles at; a settled order shows its result for 0.5 s, then leaves for the
// closed list. Orders held from the last page session (offline, issue 25, ADR 0032) are shown
// greyed under "as of", without a countdown: they may well have settled since.
import { useRef, useState } from 'react';
import type { MicroOrderView, MicroView } from '../../../engine/api.ts';
import { MICRO_COUNTDOWN_MS } from '../../../shared/micro.ts';
import { AsOfNote } from '../../components/as-of-note.tsx';
import { useCellLabels } from '../../components/cell-labels.ts';
import { Empty, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { remainingOf, visibleOrders } from './micro-time.ts';
import { microRowText, secondsLeft } from './micro-row-text.ts';
import { useNow } from '../../components/use-now.ts';

export function MicroOrders({ view }: { view: MicroView }) {
  const { t } = useI18n();
  const [tab, setTab] = useState<'trading' | 'closed'>('trading');
  const now = useNow(MICRO_COUNTDOWN_MS);
  const list = view[tab];
  const rows = tab === 'trading' ? visibleOrders(list.rows, now) : list.rows;
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
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
      {!(list.loaded || list.held) ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty />
      ) : (
        <div className="orders__wrap">
          <table
            ref={table}
            className={`orders__table table--cards${list.held ? ' list--held' : ''}`}
            data-testid="micro-table"
            data-held={list.held || undefined}
          >
            <thead>
              <tr>
                <th scope="col">{t('micro.col.id')}</th>
                <th scope="col">{t('micro.col.pair')}</th>
                <th scope="col">{t('micro.col.side')}</th>
                <th scope="col" className="num">
                  {t('micro.col.amount')}
                </th>
                <th scope="col" className="num">
                  {t('micro.col.open')}
                </th>
                <th scope="col" className="num">
                  {t(tab === 'trading' ? 'micro.col.now' : 'micro.col.end')}
                </th>
                <th scope="col" className="num">
                  {t(tab === 'trading' ? 'micro.col.left' : 'micro.col.result')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <MicroRow key={o.id} order={o} now={now} held={list.held} />
              ))}
            </tbody>
          </table>
          {list.hasMore && !list.held && (
            <div className="list-footer">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => void engine.loadMoreMicro(tab)}
              >
                {t('wallet.list.more')}
              </button>
            </div>
          )}
        </div>
      )}
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

function MicroRow({ order: o, now, held }: { order: MicroOrderView; now: number; held: boolean }) {
  const { t, fmt } = useI18n();
  // an open order's price now: the mark it settles at (api-contract decision 10), else the last
  const text = microRowText(o, useSignalValue(tickerSignal(o.symbol)), fmt);
  const settled = o.status === 3;
  const left = remainingOf(o, now);
  const result = RESULT[o.result] ?? 'micro.result.loss';
  const pending = held
    ? DASH
    : left > 0
      ? t('micro.left', { seconds: secondsLeft(left, fmt) })
      : t('micro.settling');
  return (
    <tr data-micro-id={o.id} data-status={o.status}>
      <td className="num muted cell--meta">{o.showId}</td>
      <td className="cell--head">{o.symbol}</td>
      <td className={`cell--head ${o.side === 1 ? 'up' : 'down'}`}>
        {t(o.side === 1 ? 'micro.up' : 'micro.down')}
      </td>
      <td className="num">{text.stake}</td>
      <td className="num">{text.open}</td>
      <td className="num">{text.now}</td>
      <td
        className={`num ${settled ? (o.result === 1 ? 'up' : o.result === -1 ? 'down' : '') : ''}`}
        data-testid={settled ? 'micro-result' : 'micro-countdown'}
      >
        {settled ? `${t(result)} ${text.profit}` : pending}
      </td>
    </tr>
  );
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
