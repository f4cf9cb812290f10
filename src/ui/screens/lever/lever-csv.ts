// The contract orders of one tab as CSV (issue 44), every pair: the tab's columns with the order's
// tag (conditional, reduce-only, part of a position) in a column of its own, figures exact at the
// pair's decimals, times local with the zone in the column's title, and nothing where the table
// shows "—" (a stop level not set).
import type { LeverPositionView, LeverTab } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import { csvDateTime, csvNumber, csvTimeHeader, type CsvCell } from '../../components/csv.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import type { I18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import type { CsvExport } from '../../kit/export-csv-button.tsx';
import { orderTagText } from './lever-order-words.ts';
import { LEVER_DP, priceDpOf, sideText } from './stop-dialog.tsx';

type Cell = (p: LeverPositionView, i18n: Pick<I18n, 't' | 'fmt'>) => CsvCell;
interface Column {
  label: MessageId;
  cell: Cell;
  time?: boolean;
}

const price =
  (v: (p: LeverPositionView) => string): Cell =>
  (p) =>
    csvNumber(v(p), priceDpOf(p.symbol));
const money =
  (v: (p: LeverPositionView) => string): Cell =>
  (p) =>
    csvNumber(v(p), LEVER_DP.money);
/** A stop level: empty when not set ("0"). */
const level =
  (v: (p: LeverPositionView) => string): Cell =>
  (p) =>
    new Decimal(v(p)).isZero() ? '' : csvNumber(v(p), priceDpOf(p.symbol));
const when =
  (text: (p: LeverPositionView) => string): Cell =>
  (p) => {
    const t = text(p);
    if (t !== '') return csvDateTime(t);
    return p.createTime > 0 ? csvDateTime(p.createTime * 1000) : '';
  };

const LEAD: readonly Column[] = [
  { label: 'lever.positions.col.pair', cell: (p) => p.symbol },
  { label: 'lever.positions.col.side', cell: (p, { t }) => sideText(t, p.side) },
  { label: 'lever.positions.col.order', cell: (p, i18n) => orderTagText(p, i18n) },
  { label: 'lever.positions.col.hands', cell: (p) => csvNumber(p.share, 0) },
];
const MULTIPLE: Column = { label: 'lever.positions.col.multiple', cell: (p) => String(p.multiple) };
const LIMIT: Column = {
  label: 'lever.positions.col.limitPrice',
  cell: price((p) => p.originPrice),
};
const OPEN: Column = { label: 'lever.positions.col.openPrice', cell: price((p) => p.price) };
const MARGIN: Column = { label: 'lever.positions.col.margin', cell: money((p) => p.margin) };
const FEE: Column = { label: 'lever.positions.col.fee', cell: money((p) => p.fee) };

const COLUMNS: Record<LeverTab, readonly Column[]> = {
  holding: [
    { label: 'lever.positions.col.openTime', cell: when((p) => p.openTime), time: true },
    ...LEAD,
    MULTIPLE,
    OPEN,
    { label: 'lever.positions.col.markPrice', cell: price((p) => p.markPrice) },
    MARGIN,
    { label: 'lever.positions.col.takeProfit', cell: level((p) => p.takeProfit) },
    { label: 'lever.positions.col.stopLoss', cell: level((p) => p.stopLoss) },
    { label: 'lever.positions.col.profit', cell: money((p) => p.profit) },
    FEE,
  ],
  entrusts: [
    { label: 'lever.positions.col.orderTime', cell: when(() => ''), time: true },
    ...LEAD,
    MULTIPLE,
    LIMIT,
    MARGIN,
    FEE,
  ],
  closed: [
    { label: 'lever.positions.col.closeTime', cell: when((p) => p.closeTime), time: true },
    ...LEAD,
    OPEN,
    { label: 'lever.positions.col.closePrice', cell: price((p) => p.markPrice) },
    { label: 'lever.positions.col.realized', cell: money((p) => (p.reduceOnly ? '0' : p.profit)) },
    FEE,
  ],
  revoked: [
    { label: 'lever.positions.col.revokeTime', cell: when((p) => p.closeTime), time: true },
    ...LEAD,
    LIMIT,
  ],
};

const NAME: Record<LeverTab, string> = {
  holding: 'contract-positions',
  entrusts: 'contract-orders',
  closed: 'contract-closed',
  revoked: 'contract-revoked',
};

export function leverExport(
  tab: LeverTab,
  i18n: Pick<I18n, 't' | 'fmt'>,
): CsvExport<LeverPositionView> {
  const columns = COLUMNS[tab];
  return {
    name: NAME[tab],
    fetchPage: (page) => engine.accountQuery('lever-positions', { tab, page }),
    header: columns.map((c) =>
      c.time === true ? csvTimeHeader(i18n.t(c.label)) : i18n.t(c.label),
    ),
    cells: (p) => columns.map((c) => c.cell(p, i18n)),
  };
}
