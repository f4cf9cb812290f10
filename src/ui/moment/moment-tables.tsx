// The tables of "at this moment" (issue 47): the book (twelve levels a side around the spread,
// the user's orders marked, the order pointed out highlighted while it rests), the tape, the
// user's open orders and contract positions and orders, as they were at the cursor. Plain
// read-only tables: nothing to click.
import type { BookRow, LeverPositionView, MomentView } from '../../engine/api.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { SideLabel } from '../trading/open-order-row.tsx';

export function MomentBook({ v }: { v: MomentView }) {
  const { t, fmt } = useI18n();
  const book = v.book;
  if (book === null || (book.asks.length === 0 && book.bids.length === 0))
    return <p className="moment__note">{t('moment.bookEmpty')}</p>;
  const row = (side: 'ask' | 'bid', r: BookRow) => {
    const focused = isFocused(v, side, r);
    return (
      <tr
        key={`${side}${r.price}`}
        className={`moment__level moment__level--${side}`}
        data-price={r.price}
        data-own={r.own === null ? undefined : true}
        data-focus={focused || undefined}
      >
        <td className="num">
          {fmt.fixed(r.price, v.pricePrecision)}
          {focused && <span className="visually-hidden"> {t('moment.focus.mark')}</span>}
        </td>
        <td className="num">{fmt.fixed(r.amount, v.amountPrecision)}</td>
        <td className="num moment__own">
          {r.own === null ? '' : fmt.fixed(r.own.amount, v.amountPrecision)}
        </td>
      </tr>
    );
  };
  return (
    <table className="moment__table" data-testid="moment-book">
      <Head cols={['moment.price', 'moment.amount', 'moment.mine']} numFrom={0} />
      <tbody>
        {[...book.asks].reverse().map((r) => row('ask', r))}
        <tr className="moment__spread">
          <td colSpan={3}>
            {t('moment.spread', {
              spread: book.spread === null ? '—' : fmt.fixed(book.spread, v.pricePrecision),
            })}
          </td>
        </tr>
        {book.bids.map((r) => row('bid', r))}
      </tbody>
    </table>
  );
}

/** The level that holds the order pointed out, while it rests (a buy among bids, a sell among asks). */
function isFocused(v: MomentView, side: 'ask' | 'bid', r: BookRow): boolean {
  const f = v.focus;
  if (f === null || !f.resting || r.own === null) return false;
  return (f.side === 'buy') === (side === 'bid') && r.own.ids.includes(f.orderId);
}

export function MomentTrades({ v }: { v: MomentView }) {
  const { t, fmt } = useI18n();
  if (v.trades.length === 0) return <p className="moment__note">{t('moment.tradesEmpty')}</p>;
  return (
    <table className="moment__table" data-testid="moment-trades">
      <Head cols={['moment.time', 'moment.price', 'moment.amount']} />
      <tbody>
        {v.trades.map((tr) => (
          <tr key={tr.id}>
            <td className="muted">{fmt.time(tr.time)}</td>
            <td className={`num moment__trade--${tr.direction}`}>
              {fmt.fixed(tr.price, v.pricePrecision)}
            </td>
            <td className="num">{fmt.fixed(tr.amount, v.amountPrecision)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function MomentOrders({ v }: { v: MomentView }) {
  const { t, fmt } = useI18n();
  if (v.open.length === 0) return <p className="moment__note">{t('moment.ordersEmpty')}</p>;
  return (
    <table className="moment__table" data-testid="moment-orders">
      <Head cols={['spot.orders.side', 'moment.price', 'moment.remaining']} />
      <tbody>
        {v.open.map((o) => (
          <tr key={o.id} data-order-id={o.id} data-focus={v.focus?.orderId === o.id || undefined}>
            <td>
              <SideLabel side={o.side} />
            </td>
            <td className="num">{fmt.fixed(o.price, v.pricePrecision)}</td>
            <td className="num">{fmt.fixed(o.number, v.amountPrecision)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The user's contract positions and open contract orders then (only when there were some). */
export function MomentContracts({ v }: { v: MomentView }) {
  const { holding, entrusts } = v.contracts;
  return (
    <>
      {holding.length > 0 && (
        <ContractRows v={v} rows={holding} kind="holding" price={(r) => r.price} />
      )}
      {entrusts.length > 0 && (
        <ContractRows v={v} rows={entrusts} kind="entrusts" price={(r) => r.originPrice} />
      )}
    </>
  );
}

function ContractRows({
  v,
  rows,
  kind,
  price,
}: {
  v: MomentView;
  rows: readonly LeverPositionView[];
  kind: 'holding' | 'entrusts';
  price: (r: LeverPositionView) => string;
}) {
  const { t, fmt } = useI18n();
  return (
    <table className="moment__table" data-testid={`moment-contracts-${kind}`}>
      <caption className="moment__caption">{t(`lever.positions.tab.${kind}`)}</caption>
      <Head
        cols={[
          'lever.positions.col.side',
          'lever.positions.col.hands',
          'lever.positions.col.multiple',
          kind === 'holding' ? 'lever.positions.col.openPrice' : 'lever.positions.col.limitPrice',
        ]}
      />
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-position-id={r.id}>
            <td>
              <span className={r.side === 1 ? 'is-up' : 'is-down'}>
                {t(r.side === 1 ? 'lever.positions.long' : 'lever.positions.short')}
              </span>
            </td>
            <td className="num">{fmt.fixed(r.share, 0)}</td>
            <td className="num">{t('lever.positions.multipleValue', { multiple: r.multiple })}</td>
            <td className="num">{fmt.fixed(price(r), v.pricePrecision)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The column heads; from `numFrom` on, heads of numbers (the first one names a row). */
function Head({ cols, numFrom = 1 }: { cols: readonly MessageId[]; numFrom?: number }) {
  const { t } = useI18n();
  return (
    <thead>
      <tr>
        {cols.map((c, i) => (
          <th key={c} scope="col" className={i < numFrom ? undefined : 'num'}>
            {t(c)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
