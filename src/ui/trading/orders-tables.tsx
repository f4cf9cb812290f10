// Tables of the orders panel: open orders, and the order history (finished orders with how
// they ended, issue 20). Times are the server's "Y-m-d H:i:s", prices in the pair's precision,
// totals with the spec's 4 decimals. A held list (as of its time, issue 25) is greyed and its
// rows cannot be cancelled nor the list extended: they are not this page session's.
import { memo } from 'react';
import type {
  FilledOrderView,
  MomentRequest,
  OpenOrderView,
  SpotOrderOutcome,
} from '../../engine/api.ts';
import { Empty, Loading, NotKnown } from '../components/states.tsx';
import { engine } from '../engine-bridge/bridge.ts';
import { openMoment } from '../engine-bridge/moment-bridge.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { feeDecimals } from './form-math.ts';
import type { PairMeta } from './pair-meta.ts';
import { OpenRow, SideLabel } from './open-order-row.tsx';
import { timeOf } from './chart/chart-fills.ts';

/** Spec §9: the spot lists show "load more" after more than 8 rows. */
export const LOAD_MORE_AFTER = 8;

/** Where a list's rows come from: known (this session's answer, or held), held as of `at`. */
export interface ListSource {
  known: boolean;
  held: boolean;
  at: number;
}

/** An empty list: loading, not known (no answer, nothing held), or really empty. */
function NoRows({
  source,
  loading,
  empty,
}: {
  source: ListSource;
  loading: boolean;
  empty: string;
}) {
  if (source.known) return <Empty text={empty} />;
  return loading ? <Loading /> : <NotKnown />;
}

const tableClass = (held: boolean): string =>
  `orders__table table--cards${held ? ' list--held' : ''}`;

interface OpenProps {
  rows: readonly OpenOrderView[];
  hasMore: boolean;
  loading: boolean;
  source: ListSource;
  meta: PairMeta;
  onCancel: (order: OpenOrderView) => void;
}

export function OpenOrdersTable({ rows, hasMore, loading, source, meta, onCancel }: OpenProps) {
  const { t } = useI18n();
  if (rows.length === 0)
    return <NoRows source={source} loading={loading} empty={t('spot.orders.openEmpty')} />;
  return (
    <div className="orders__wrap">
      <table
        className={tableClass(source.held)}
        data-testid="open-orders"
        data-held={source.held || undefined}
      >
        <thead>
          <tr>
            <th scope="col">{t('spot.orders.time')}</th>
            <th scope="col">{t('spot.orders.pair')}</th>
            <th scope="col">{t('spot.orders.side')}</th>
            <th scope="col" className="num">
              {t('spot.orders.price')}
            </th>
            <th scope="col" className="num">
              {t('spot.orders.amount')}
            </th>
            <th scope="col" className="num">
              {t('spot.orders.filled')}
            </th>
            <th scope="col" className="num">
              {t('spot.orders.remaining')}
            </th>
            <th scope="col" className="num">
              {t('spot.orders.total')}
            </th>
            <th scope="col" className="orders__action">
              {t('spot.orders.action')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <OpenRow key={o.id} order={o} meta={meta} held={source.held} onCancel={onCancel} />
          ))}
        </tbody>
      </table>
      <ListFooter
        count={rows.length}
        hasMore={hasMore}
        disabled={loading || source.held}
        tab="open"
      />
    </div>
  );
}

interface HistoryProps {
  rows: readonly FilledOrderView[];
  hasMore: boolean;
  loading: boolean;
  source: ListSource;
  meta: PairMeta;
}

/**
 * The user's finished orders (issue 20): the order's own price (its limit, or "market"), the
 * average price it filled at, what was ordered and filled, the fee and how it ended.
 */
export function HistoryTable({ rows, hasMore, loading, source, meta }: HistoryProps) {
  const { t } = useI18n();
  if (rows.length === 0)
    return <NoRows source={source} loading={loading} empty={t('spot.orders.historyEmpty')} />;
  return (
    <div className="orders__wrap">
      <table
        className={tableClass(source.held)}
        data-testid="order-history"
        data-held={source.held || undefined}
      >
        <thead>
          <tr>
            <th scope="col">{t('spot.orders.time')}</th>
            <th scope="col">{t('spot.orders.pair')}</th>
            <th scope="col">{t('spot.orders.side')}</th>
            <th scope="col" className="num">
              {t('spot.orders.orderPrice')}
            </th>
            <th scope="col" className="num">
              {t('spot.orders.avgPrice')}
            </th>
            <th scope="col" className="num">
              {t('spot.orders.amount')}
            </th>
            <th scope="col" className="num">
              {t('spot.orders.filled')}
            </th>
            <th scope="col" className="num">
              {t('spot.orders.fee')}
            </th>
            <th scope="col">{t('spot.orders.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('moment.title')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <HistoryRow key={o.id} order={o} meta={meta} />
          ))}
        </tbody>
      </table>
      <ListFooter
        count={rows.length}
        hasMore={hasMore}
        disabled={loading || source.held}
        tab="history"
      />
    </div>
  );
}

/** How a finished order ended, as the order history and the account area's entrusts say it. */
export const OUTCOME_LABEL: Readonly<Record<SpotOrderOutcome, MessageId>> = {
  filled: 'spot.orders.statusFilled',
  'part-cancelled': 'spot.orders.statusPartCancelled',
  cancelled: 'spot.orders.statusCancelled',
};

/** A row recorded before issue 20 (or from a legacy server) is one fill: filled, its price. */
const HistoryRow = memo(function HistoryRow({
  order: o,
  meta,
}: {
  order: FilledOrderView;
  meta: PairMeta;
}) {
  const { t, fmt } = useI18n();
  const outcome = o.outcome ?? 'filled';
  const filled = outcome !== 'cancelled';
  return (
    <tr data-order-id={o.id} data-side={o.side} data-outcome={outcome}>
      <td className="orders__time muted cell--meta">{fmt.dateTime(o.time)}</td>
      <td className="orders__pair cell--head">{o.symbol}</td>
      <td className="orders__side cell--head">
        <SideLabel side={o.side} />
      </td>
      <td className="num" data-label={t('spot.orders.orderPrice')}>
        {o.mode === 1
          ? t('spot.form.market')
          : o.limitPrice === undefined
            ? t('account.none')
            : fmt.fixed(o.limitPrice, meta.pricePrecision)}
      </td>
      <td className="num" data-testid="avg-price" data-label={t('spot.orders.avgPrice')}>
        {filled ? fmt.fixed(o.price, meta.pricePrecision) : t('account.none')}
      </td>
      <td className="num" data-label={t('spot.orders.amount')}>
        {fmt.fixed(o.total ?? o.number, meta.amountPrecision)}
      </td>
      <td className="num" data-testid="filled" data-label={t('spot.orders.filled')}>
        {fmt.fixed(o.number, meta.amountPrecision)}
      </td>
      <td className="num" data-label={t('spot.orders.fee')}>
        {fmt.fixed(o.fee, feeDecimals(o.fee, meta.amountPrecision))}
      </td>
      <td
        className={outcome === 'filled' ? undefined : 'muted'}
        data-testid="order-status"
        data-label={t('spot.orders.status')}
      >
        {t(OUTCOME_LABEL[outcome])}
      </td>
      <td className="orders__moment">
        {filled && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            data-testid="fill-moment"
            title={t('moment.open')}
            aria-label={t('moment.openFill', { time: fmt.dateTime(o.time) })}
            onClick={() => void openMoment(fillMoment(o))}
          >
            {t('moment.openShort')}
          </button>
        )}
      </td>
    </tr>
  );
});

/**
 * A fill's moment: the end of the second the server stamps it with, and the order to point
 * out at the price it rested at (its limit; a market order's fill price).
 */
function fillMoment(o: FilledOrderView): MomentRequest {
  return {
    at: timeOf(o.time) + 999,
    focus: { orderId: o.id, side: o.side, price: o.limitPrice ?? o.price },
  };
}

function ListFooter({
  count,
  hasMore,
  disabled,
  tab,
}: {
  count: number;
  hasMore: boolean;
  /** A page is on its way, or the list is held (its next page would not continue it). */
  disabled: boolean;
  tab: 'open' | 'history';
}) {
  const { t } = useI18n();
  if (count <= LOAD_MORE_AFTER) return null;
  return (
    <div className="orders__more">
      {hasMore ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={disabled}
          data-testid="load-more"
          onClick={() => void engine.loadMoreSpotOrders(tab)}
        >
          {t('spot.orders.loadMore')}
        </button>
      ) : (
        <span className="muted" data-testid="no-more">
          {t('spot.orders.noMore')}
        </span>
      )}
    </div>
  );
}
