// The positions list's tables (split from lever-positions.tsx): one per tab, its columns (the
// compact variant on the trading screen leaves out fee and time), the rows with their actions
// (take-profit / stop-loss and close on a holding, revoke on an entrust), and "load more" on
// the paged tabs. A tab held from the last page session (offline, issue 25, ADR 0032) is
// shown greyed under "as of", with every action disabled: those positions may be long closed.
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { LeverListView, LeverPositionView, LeverTab, LeverView } from '../../../engine/api.ts';
import { AsOfNote } from '../../components/as-of-note.tsx';
import { useCellLabels } from '../../components/cell-labels.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { useSignalSelect } from '../../engine-bridge/use-signal-value.ts';
import { useI18n, type I18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { handsCount } from './lever-form-math.ts';
import { OrderTags } from './lever-reduce-parts.tsx';
import { selectedPosition } from './position-selection.ts';
import {
  DASH,
  LEVER_DP,
  priceDpOf,
  SideTag,
  SignedValue,
  StopPrice,
  TrailTag,
  sideText,
} from './stop-dialog.tsx';

/** Spec §9: closed and revoked lists page by 10. */
export const LEVER_PAGE_SIZE = 10;

export const TAB_LABEL: Record<LeverTab, MessageId> = {
  holding: 'lever.positions.tab.holding',
  entrusts: 'lever.positions.tab.entrusts',
  closed: 'lever.positions.tab.closed',
  revoked: 'lever.positions.tab.revoked',
};

const TAB_EMPTY: Record<LeverTab, MessageId> = {
  holding: 'lever.positions.empty.holding',
  entrusts: 'lever.positions.empty.entrusts',
  closed: 'lever.positions.empty.closed',
  revoked: 'lever.positions.empty.revoked',
};

/** What a row's buttons ask for (the list's dialogs). */
export interface Actions {
  onStop: (id: number) => void;
  onClose: (id: number) => void;
  onRevoke: (id: number) => void;
  /** Changes a waiting order (ADR 0068). */
  onAmend: (id: number) => void;
}

interface Column {
  label: MessageId;
  kind?: 'num' | 'time' | 'action';
  /** Hidden in the compact (trading screen) variant. */
  wide?: boolean;
}

const COLUMNS: Record<LeverTab, readonly Column[]> = {
  holding: [
    { label: 'lever.positions.col.pair' },
    { label: 'lever.positions.col.side' },
    { label: 'lever.positions.col.hands', kind: 'num' },
    { label: 'lever.positions.col.multiple', kind: 'num' },
    { label: 'lever.positions.col.openPrice', kind: 'num' },
    { label: 'lever.positions.col.markPrice', kind: 'num' },
    { label: 'lever.positions.col.margin', kind: 'num' },
    { label: 'lever.positions.col.takeProfit', kind: 'num' },
    { label: 'lever.positions.col.stopLoss', kind: 'num' },
    { label: 'lever.positions.col.profit', kind: 'num' },
    { label: 'lever.positions.col.fee', kind: 'num', wide: true },
    { label: 'lever.positions.col.openTime', kind: 'time', wide: true },
    { label: 'lever.positions.col.action', kind: 'action' },
  ],
  entrusts: [
    { label: 'lever.positions.col.pair' },
    { label: 'lever.positions.col.side' },
    { label: 'lever.positions.col.hands', kind: 'num' },
    { label: 'lever.positions.col.multiple', kind: 'num' },
    { label: 'lever.positions.col.limitPrice', kind: 'num' },
    { label: 'lever.positions.col.margin', kind: 'num' },
    { label: 'lever.positions.col.fee', kind: 'num', wide: true },
    { label: 'lever.positions.col.orderTime', kind: 'time', wide: true },
    { label: 'lever.positions.col.action', kind: 'action' },
  ],
  closed: [
    { label: 'lever.positions.col.pair' },
    { label: 'lever.positions.col.side' },
    { label: 'lever.positions.col.hands', kind: 'num' },
    { label: 'lever.positions.col.openPrice', kind: 'num' },
    { label: 'lever.positions.col.closePrice', kind: 'num' },
    { label: 'lever.positions.col.realized', kind: 'num' },
    { label: 'lever.positions.col.closeTime', kind: 'time' },
  ],
  revoked: [
    { label: 'lever.positions.col.pair' },
    { label: 'lever.positions.col.side' },
    { label: 'lever.positions.col.hands', kind: 'num' },
    { label: 'lever.positions.col.limitPrice', kind: 'num' },
    { label: 'lever.positions.col.revokeTime', kind: 'time' },
  ],
};

const CELL_CLASS: Record<NonNullable<Column['kind']>, string> = {
  num: 'num',
  time: 'time-cell',
  action: 'lever-table__actions',
};

export function TabBody({
  tab,
  view,
  compact,
  actions,
}: {
  tab: LeverTab;
  view: LeverView;
  compact: boolean;
  actions: Actions;
}) {
  const { t } = useI18n();
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
  const list = view[tab];
  const note = list.held ? <AsOfNote at={list.at} /> : null;
  if (list.rows.length === 0) {
    if (list.loaded || list.held)
      return (
        <>
          {note}
          <Empty text={t(TAB_EMPTY[tab])} />
        </>
      );
    return view.error !== null ? <ErrorState text={view.error} /> : <Loading />;
  }
  const columns = COLUMNS[tab].filter((c) => !(compact && c.wide === true));
  return (
    <div className="lever-table__wrap">
      {note}
      <table
        ref={table}
        className={`lever-table table--cards${list.held ? ' list--held' : ''}`}
        data-testid={`lever-${tab}-table`}
        data-held={list.held || undefined}
      >
        <caption className="visually-hidden">{t(TAB_LABEL[tab])}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.kind ? CELL_CLASS[c.kind] : undefined}>
                {t(c.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <Rows tab={tab} rows={list.rows} held={list.held} compact={compact} actions={actions} />
        </tbody>
      </table>
      {(tab === 'closed' || tab === 'revoked') && <ListFooter tab={tab} list={list} />}
    </div>
  );
}

/** The rows of a tab; held ones (`held`) have their buttons disabled. */
function Rows({
  tab,
  rows,
  held,
  compact,
  actions,
}: {
  tab: LeverTab;
  rows: readonly LeverPositionView[];
  held: boolean;
  compact: boolean;
  actions: Actions;
}) {
  switch (tab) {
    case 'holding':
      return rows.map((p) => (
        <HoldingRow
          key={p.id}
          p={p}
          held={held}
          compact={compact}
          onStop={actions.onStop}
          onClose={actions.onClose}
        />
      ));
    case 'entrusts':
      return rows.map((p) => (
        <EntrustRow
          key={p.id}
          p={p}
          held={held}
          compact={compact}
          onRevoke={actions.onRevoke}
          onAmend={actions.onAmend}
        />
      ));
    case 'closed':
      return rows.map((p) => <ClosedRow key={p.id} p={p} />);
    case 'revoked':
      return rows.map((p) => <RevokedRow key={p.id} p={p} />);
  }
}

/** A server time ("Y-m-d H:i:s"), else the creation time (unix seconds), else a dash. */
function timeText(fmt: I18n['fmt'], text: string, createTime: number): string {
  if (text !== '') return fmt.dateTime(text);
  return createTime > 0 ? fmt.dateTime(createTime * 1000) : DASH;
}

const sideAttr = (side: 1 | 2): string => (side === 1 ? 'long' : 'short');

/** Pair, side and hands: the first cells of every row. */
function LeadCells({ p }: { p: LeverPositionView }) {
  const { fmt } = useI18n();
  return (
    <>
      <th scope="row" className="lever-table__pair cell--head">
        {p.symbol}
      </th>
      <td className="cell--head">
        <SideTag side={p.side} />
        <OrderTags p={p} />
      </td>
      <td className="num">{fmt.fixed(p.share, 0)}</td>
    </>
  );
}

const HoldingRow = memo(function HoldingRow({
  p,
  held,
  compact,
  onStop,
  onClose,
}: {
  p: LeverPositionView;
  held: boolean;
  compact: boolean;
  onStop: (id: number) => void;
  onClose: (id: number) => void;
}) {
  const { t, fmt } = useI18n();
  const names = { side: sideText(t, p.side), symbol: p.symbol, hands: handsCount(p.share) };
  const selected = useSignalSelect(
    selectedPosition,
    useCallback((id: number | null) => id === p.id, [p.id]),
  );
  return (
    <tr
      data-position-id={p.id}
      data-side={sideAttr(p.side)}
      aria-selected={selected}
      className={selected ? 'is-selected' : undefined}
      tabIndex={0}
      onClick={(e) => {
        if (!(e.target instanceof Element) || e.target.closest('button') === null)
          selectedPosition.value = p.id;
      }}
      onFocus={(e) => {
        if (e.target === e.currentTarget) selectedPosition.value = p.id;
      }}
    >
      <LeadCells p={p} />
      <td className="num">{t('lever.positions.multipleValue', { multiple: p.multiple })}</td>
      <td className="num">{fmt.fixed(p.price, priceDpOf(p.symbol))}</td>
      <td className="num" data-testid="lever-mark">
        {fmt.fixed(p.markPrice, priceDpOf(p.symbol))}
      </td>
      <td className="num">{fmt.fixed(p.margin, LEVER_DP.money)}</td>
      <td className="num" data-testid="lever-tp" data-by={p.stopsBy}>
        <StopPrice value={p.takeProfit} by={p.stopsBy} />
      </td>
      <td className="num" data-testid="lever-sl" data-by={p.stopsBy}>
        <StopPrice value={p.stopLoss} by={p.stopsBy} />
        <TrailTag position={p} />
      </td>
      <td className="num lever-table__profit" data-testid="lever-profit">
        <SignedValue value={p.profit} />
      </td>
      {!compact && <td className="num">{fmt.fixed(p.fee, LEVER_DP.money)}</td>}
      {!compact && <td className="time-cell">{timeText(fmt, p.openTime, p.createTime)}</td>}
      <td className="lever-table__actions cell--actions">
        <button
          type="button"
          className="lever-action"
          aria-label={t('lever.positions.stopLabel', names)}
          data-testid="lever-stop"
          disabled={held}
          onClick={() => onStop(p.id)}
        >
          {t('lever.positions.stop')}
        </button>
        <button
          type="button"
          className="lever-action"
          aria-label={t('lever.positions.closeLabel', names)}
          data-testid="lever-close"
          disabled={held}
          onClick={() => onClose(p.id)}
        >
          {t('lever.positions.close')}
        </button>
      </td>
    </tr>
  );
});

const EntrustRow = memo(function EntrustRow({
  p,
  held,
  compact,
  onRevoke,
  onAmend,
}: {
  p: LeverPositionView;
  held: boolean;
  compact: boolean;
  onRevoke: (id: number) => void;
  onAmend: (id: number) => void;
}) {
  const { t, fmt } = useI18n();
  const price = fmt.fixed(p.originPrice, priceDpOf(p.symbol));
  const names = { side: sideText(t, p.side), symbol: p.symbol, price };
  // a waiting stop-market opens at the mark: its stored price is only what its reserve was figured at
  const market = p.trigger?.market === true && p.trigger.state === 'waiting';
  return (
    <tr data-position-id={p.id} data-side={sideAttr(p.side)}>
      <LeadCells p={p} />
      <td className="num">{t('lever.positions.multipleValue', { multiple: p.multiple })}</td>
      <td className="num">{market ? t('lever.form.marketPrice') : price}</td>
      <td className="num">{fmt.fixed(p.margin, LEVER_DP.money)}</td>
      {!compact && <td className="num">{fmt.fixed(p.fee, LEVER_DP.money)}</td>}
      {!compact && <td className="time-cell">{timeText(fmt, '', p.createTime)}</td>}
      <td className="lever-table__actions cell--actions">
        <button
          type="button"
          className="lever-action"
          aria-label={t('lever.positions.amendLabel', names)}
          data-testid="lever-amend"
          disabled={held}
          onClick={() => onAmend(p.id)}
        >
          {t('lever.positions.amend')}
        </button>
        <button
          type="button"
          className="lever-action"
          aria-label={t('lever.positions.revokeLabel', names)}
          data-testid="lever-revoke"
          disabled={held}
          onClick={() => onRevoke(p.id)}
        >
          {t('lever.positions.revoke')}
        </button>
      </td>
    </tr>
  );
});

const ClosedRow = memo(function ClosedRow({ p }: { p: LeverPositionView }) {
  const { fmt } = useI18n();
  return (
    <tr data-position-id={p.id} data-side={sideAttr(p.side)}>
      <LeadCells p={p} />
      <td className="num">{fmt.fixed(p.price, priceDpOf(p.symbol))}</td>
      <td className="num">{fmt.fixed(p.markPrice, priceDpOf(p.symbol))}</td>
      <td className="num" data-testid="lever-profit">
        {/* a reduce-only order's profits are the closed rows' (ADR 0061) */}
        {p.reduceOnly ? <span className="muted">{DASH}</span> : <SignedValue value={p.profit} />}
      </td>
      <td className="time-cell">{timeText(fmt, p.closeTime, p.createTime)}</td>
    </tr>
  );
});

const RevokedRow = memo(function RevokedRow({ p }: { p: LeverPositionView }) {
  const { fmt } = useI18n();
  return (
    <tr data-position-id={p.id} data-side={sideAttr(p.side)}>
      <LeadCells p={p} />
      <td className="num">{fmt.fixed(p.originPrice, priceDpOf(p.symbol))}</td>
      <td className="time-cell">{timeText(fmt, p.closeTime, p.createTime)}</td>
    </tr>
  );
});

/** "Load more" while the server has more (10 a page), then "no more" under a full page. */
function ListFooter({ tab, list }: { tab: 'closed' | 'revoked'; list: LeverListView }) {
  const { t } = useI18n();
  const count = list.rows.length;
  // the page asked for is on its way until the list grows (or a few seconds pass)
  const [askedAt, setAskedAt] = useState<number | null>(null);
  useEffect(() => {
    if (askedAt === null) return undefined;
    const timer = setTimeout(() => setAskedAt(null), 5000);
    return () => clearTimeout(timer);
  }, [askedAt]);
  if (!list.hasMore && count < LEVER_PAGE_SIZE) return null;
  return (
    <div className="lever-more">
      {list.hasMore ? (
        <button
          type="button"
          className="lever-btn"
          disabled={askedAt === count || list.held}
          data-testid="lever-load-more"
          onClick={() => {
            setAskedAt(count);
            void engine.loadMoreLever(tab);
          }}
        >
          {t('lever.positions.loadMore')}
        </button>
      ) : (
        <span className="muted" data-testid="lever-no-more">
          {t('lever.positions.noMore')}
        </span>
      )}
    </div>
  );
}
