// My c2c orders (/c2cOrder, also /c2cTrade and /c2cDetail?id=…; trading-c2c-market.md §2):
// my deals as taker and as publisher, live from pushes; a row (or its Details button) opens
// the detail modal with the actions of the viewer's side. `?ad=<id>` narrows the list to the
// deals of one of my ads; `?id=<id>` opens that deal. Deals held from the last page session
// (offline, issue 25, ADR 0032) are shown greyed under "as of"; their detail can be read, but
// nothing in it acts on the deal until the server answers.
import { memo, useCallback, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { C2cDealView, C2cView } from '../../../engine/api.ts';
import { AsOfNote } from '../../components/as-of-note.tsx';
import { useCellLabels } from '../../components/cell-labels.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { c2c } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import {
  C2C_DP,
  C2C_PATH,
  C2cPage,
  DealStateChip,
  MoreButton,
  TypeTag,
  useC2cWatch,
  retryC2c,
} from './c2c-parts.tsx';
import { DealDialog } from './deal-dialog.tsx';

const idParam = (v: string | null): number | null => {
  const n = v === null ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export default function C2cOrdersScreen() {
  const { t } = useI18n();
  const view = useSignalValue(c2c);
  const [params] = useSearchParams();
  const adFilter = idParam(params.get('ad'));
  const [openId, setOpenId] = useState<number | null>(() => idParam(params.get('id')));
  useC2cWatch('keep');

  const deals = view.deals;
  const rows = adFilter === null ? deals.rows : deals.rows.filter((d) => d.adId === adFilter);
  const open = openId === null ? undefined : deals.rows.find((d) => d.id === openId);
  const onOpen = useCallback((id: number) => setOpenId(id), []);
  const onMore = useCallback(() => void engine.loadMoreC2c('deals'), []);
  return (
    <C2cPage title={t('c2c.orders.title')} testId="c2c-orders-screen">
      {adFilter !== null && (
        <p className="c2c-filter">
          <span>{t('c2c.orders.filtered', { id: adFilter })}</span>
          <Link to={C2C_PATH.orders}>{t('c2c.orders.showAll')}</Link>
        </p>
      )}
      {deals.held && <AsOfNote at={deals.at} />}
      <div className="panel c2c-panel">
        <DealsBody deals={deals} rows={rows} error={view.error} onOpen={onOpen} />
        {deals.loaded && (
          <MoreButton rows={deals.rows.length} hasMore={deals.hasMore} onMore={onMore} />
        )}
      </div>
      {open !== undefined && (
        <DealDialog
          key={open.id}
          deal={open}
          heldAt={deals.held ? deals.at : null}
          onClose={() => setOpenId(null)}
        />
      )}
    </C2cPage>
  );
}

/** My deals (held ones greyed), or why there are none to show. */
function DealsBody({
  deals,
  rows,
  error,
  onOpen,
}: {
  deals: C2cView['deals'];
  rows: readonly C2cDealView[];
  error: string | null;
  onOpen: (id: number) => void;
}) {
  const { t } = useI18n();
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
  const known = deals.loaded || deals.held;
  if (!known && error !== null) return <ErrorState text={error} onRetry={retryC2c} />;
  if (!known) return <Loading />;
  if (rows.length === 0) return <Empty text={t('c2c.orders.empty')} />;
  return (
    <div className="table-wrap">
      <table
        ref={table}
        className={`table c2c-table c2c-table--deals table--cards${deals.held ? ' list--held' : ''}`}
        data-testid="c2c-deals"
        data-held={deals.held || undefined}
      >
        <thead>
          <tr>
            <th scope="col">{t('c2c.col.id')}</th>
            <th scope="col">{t('c2c.col.type')}</th>
            <th scope="col">{t('c2c.col.coin')}</th>
            <th scope="col" className="num">
              {t('c2c.col.number')}
            </th>
            <th scope="col" className="num">
              {t('c2c.col.price')}
            </th>
            <th scope="col" className="num">
              {t('c2c.col.amount')}
            </th>
            <th scope="col">{t('c2c.col.counterparty')}</th>
            <th scope="col">{t('c2c.col.state')}</th>
            <th scope="col">{t('c2c.col.time')}</th>
            <th scope="col" className="c2c-table__action">
              <span className="visually-hidden">{t('c2c.col.action')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <DealRow key={d.id} deal={d} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const DealRow = memo(function DealRow({
  deal: d,
  onOpen,
}: {
  deal: C2cDealView;
  onOpen: (id: number) => void;
}) {
  const { t, fmt } = useI18n();
  return (
    <tr
      className="c2c-row--link"
      data-deal-id={d.id}
      data-sure={d.isSure}
      data-side={d.side}
      onClick={() => onOpen(d.id)}
    >
      <td className="num muted cell--meta">{d.id}</td>
      <td className="cell--head">
        <TypeTag type={d.side} />
      </td>
      <td className="c2c-strong cell--head">{d.currency}</td>
      <td className="num">{fmt.fixed(d.number, C2C_DP)}</td>
      <td className="num">{fmt.fixed(d.price, C2C_DP)}</td>
      <td className="num c2c-strong">
        {fmt.fixed(d.money, C2C_DP)}
        <span className="c2c-unit">{t('c2c.cny')}</span>
      </td>
      <td>{d.counterpartyName}</td>
      <td>
        <DealStateChip isSure={d.isSure} />
      </td>
      <td className="time-cell muted">{fmt.dateTime(d.createTime)}</td>
      <td className="c2c-table__action cell--actions">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          data-testid="c2c-deal-open"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(d.id);
          }}
        >
          {t('c2c.orders.details')}
        </button>
      </td>
    </tr>
  );
});
