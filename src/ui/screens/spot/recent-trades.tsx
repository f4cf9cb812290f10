// Recent trades of the selected pair (newest first, at most 20: spec §9): time, price coloured
// by the taker's direction, amount. Rows are keyed by position: under a busy market most rows
// change every frame, and updating 20 rows' text is far cheaper than creating and removing
// list items (bench B4).
import { memo } from 'react';
import type { TradeView } from '../../../engine/api.ts';
import { trades } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Empty } from '../../components/states.tsx';
import type { PairMeta } from './pair-meta.ts';

export function RecentTrades({ meta }: { meta: PairMeta }) {
  const { t } = useI18n();
  const list = useSignalValue(trades);
  return (
    <section className="spot__panel spot__trades" aria-labelledby="spot-trades-title">
      <header className="spot__head">
        <h2 id="spot-trades-title" className="spot__title">
          {t('spot.trades.title')}
        </h2>
      </header>
      <div className="trades__cols" aria-hidden="true">
        <span>{t('spot.trades.price', { currency: meta.quote })}</span>
        <span className="num">{t('spot.trades.amount', { currency: meta.base })}</span>
        <span className="num">{t('spot.trades.time')}</span>
      </div>
      {list.length === 0 ? (
        <Empty text={t('spot.trades.empty')} />
      ) : (
        <ol className="trades__list" data-testid="recent-trades">
          {list.map((tr, slot) => (
            <TradeRow
              key={slot}
              id={tr.id}
              price={tr.price}
              amount={tr.amount}
              direction={tr.direction}
              time={tr.time}
              priceDp={meta.pricePrecision}
              amountDp={meta.amountPrecision}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

type TradeRowProps = Omit<TradeView, 'id'> & { id: number; priceDp: number; amountDp: number };

const TradeRow = memo(function TradeRow(trade: TradeRowProps) {
  const { fmt } = useI18n();
  return (
    <li className="trades__row" data-trade-id={trade.id}>
      <span className={`num ${trade.direction === 'buy' ? 'is-up' : 'is-down'}`}>
        {fmt.fixed(trade.price, trade.priceDp)}
      </span>
      <span className="num">{fmt.fixed(trade.amount, trade.amountDp)}</span>
      <span className="num muted">{fmt.time(trade.time)}</span>
    </li>
  );
});
