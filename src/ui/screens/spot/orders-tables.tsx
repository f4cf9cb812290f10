// Tables of the orders panel. Times are the server's "Y-m-d H:i:s", prices in the pair's
// precision, totals with the spec's 4 decimals.
import { memo } from 'react';
import type { FilledOrderView, OpenOrderView } from '../../../engine/api.ts';
import { DECIMALS } from '../../../shared/constants.ts';
import type { SpotSide } from '../../../shared/spot.ts';
import { Empty, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { PairMeta } from './pair-meta.ts';

/** Spec §9: the spot lists show "load more" after more than 8 rows. */
export const LOAD_MORE_AFTER = 8;

interface OpenProps {
  rows: readonly OpenOrderView[];
  hasMore: boolean;
  loading: boolean;
  meta: PairMeta;
  onCancel: (order: OpenOrderView) => void;
}

export function OpenOrdersTable({ rows, hasMore, loading, meta, onCancel }: OpenProps) {
  const { t } = useI18n();
  if (rows.length === 0) return loading ? <Loading /> : <Empty text={t('spot.orders.openEmpty')} />;
  return (
    <div className="orders__wrap">
      <table className="orders__table" data-testid="open-orders">
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
            <OpenRow key={o.id} order={o} meta={meta} onCancel={onCancel} />
          ))}
        </tbody>
      </table>
      <ListFooter count={rows.length} hasMore={hasMore} loading={loading} tab="open" />
    </div>
  );
}

const OpenRow = memo(function OpenRow({
  order: o,
  meta,
  onCancel,
}: {
  order: OpenOrderView;
  meta: PairMeta;
  onCancel: (order: OpenOrderView) => void;
}) {
  const { t, fmt } = useI18n();
  return (
    <tr data-order-id={o.id} data-side={o.side}>
      <td className="num muted">{fmt.dateTime(o.createTime)}</td>
      <td>{o.symbol}</td>
      <td>
        <SideLabel side={o.side} />
      </td>
      <td className="num">{fmt.fixed(o.price, meta.pricePrecision)}</td>
      <td className="num">{fmt.fixed(o.totalNumber, meta.amountPrecision)}</td>
      <td className="num">{fmt.fixed(o.completeNumber, meta.amountPrecision)}</td>
      <td className="num">{fmt.fixed(o.number, meta.amountPrecision)}</td>
      <td className="num">{fmt.fixed(o.totalMoney, DECIMALS.price)}</td>
      <td className="orders__action">
        <button
          type="button"
          className="orders__cancel"
          data-testid="cancel-order"
          onClick={() => onCancel(o)}
        >
          {t('spot.orders.cancel')}
        </button>
      </td>
    </tr>
  );
});

interface HistoryProps {
  rows: readonly FilledOrderView[];
  hasMore: boolean;
  loading: boolean;
  meta: PairMeta;
}

export function HistoryTable({ rows, hasMore, loading, meta }: HistoryProps) {
  const { t, fmt } = useI18n();
  if (rows.length === 0)
    return loading ? <Loading /> : <Empty text={t('spot.orders.historyEmpty')} />;
  return (
    <div className="orders__wrap">
      <table className="orders__table" data-testid="order-history">
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
              {t('spot.orders.fee')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr key={o.id} data-order-id={o.id} data-side={o.side}>
              <td className="num muted">{fmt.dateTime(o.time)}</td>
              <td>{o.symbol}</td>
              <td>
                <SideLabel side={o.side} />
              </td>
              <td className="num">{fmt.fixed(o.price, meta.pricePrecision)}</td>
              <td className="num">{fmt.fixed(o.number, meta.amountPrecision)}</td>
              <td className="num">{fmt.fixed(o.fee, DECIMALS.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ListFooter count={rows.length} hasMore={hasMore} loading={loading} tab="history" />
    </div>
  );
}

function SideLabel({ side }: { side: SpotSide }) {
  const { t } = useI18n();
  return side === 'buy' ? (
    <span className="is-up">{t('spot.orders.buy')}</span>
  ) : (
    <span className="is-down">{t('spot.orders.sell')}</span>
  );
}

function ListFooter({
  count,
  hasMore,
  loading,
  tab,
}: {
  count: number;
  hasMore: boolean;
  loading: boolean;
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
          disabled={loading}
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
