// The conditional orders as CSV (issue 44): the waiting ones, or the done ones with what became
// of each, with the table's column titles; figures exact at the pair's decimals, times local
// with the zone in the column's title, and nothing where the table shows "market" or "—".
import type { SpotTriggerView } from '../../../engine/api.ts';
import { csvDateTime, csvNumber, csvTimeHeader, type CsvCell } from '../../components/csv.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import type { I18n } from '../../i18n/i18n-context.tsx';
import type { CsvExport } from '../../kit/export-csv-button.tsx';
import { pairMetaSignal } from '../../trading/pair-meta.ts';
import { KIND_LABEL, stateText } from './trigger-words.ts';

type T = I18n['t'];

export function triggerExport(view: 'waiting' | 'done', t: T): CsvExport<SpotTriggerView> {
  const done = view === 'done';
  return {
    name: done ? 'conditional-orders-done' : 'conditional-orders',
    fetchPage: (page) => engine.spotTriggers(view, page),
    header: [
      csvTimeHeader(t('spot.orders.time')),
      t('spot.stop.col.pair'),
      t('spot.stop.col.side'),
      t('spot.stop.col.kind'),
      t('spot.stop.trigger'),
      t('spot.form.price'),
      t('spot.form.amount'),
      ...(done ? [t('spot.stop.col.filled'), t('spot.stop.col.state')] : []),
    ],
    cells: (r) => row(r, done, t),
  };
}

function row(r: SpotTriggerView, done: boolean, t: T): CsvCell[] {
  const meta = pairMetaSignal(r.symbol).value;
  const cells: CsvCell[] = [
    csvDateTime(r.createdAt),
    r.symbol,
    t(r.side === 'buy' ? 'spot.orders.buy' : 'spot.orders.sell'),
    t(KIND_LABEL[r.kind]),
    csvNumber(r.trigger, meta.pricePrecision),
    r.price === null ? '' : csvNumber(r.price, meta.pricePrecision),
    csvNumber(r.number, meta.amountPrecision),
  ];
  if (!done) return cells;
  return [
    ...cells,
    r.filled === null ? '' : csvNumber(r.filled, meta.amountPrecision),
    stateText(r, t),
  ];
}
