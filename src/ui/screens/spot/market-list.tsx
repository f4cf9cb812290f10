// Market list of the spot screen: tabs per quote currency (the `market` groups), a search box,
// rows pair / last price / change. Each row is memoized and subscribes to its own ticker.
import { memo, useMemo, useState } from 'react';
import { market, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalDeferred, useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Empty } from '../../components/states.tsx';
import { filterSymbols } from './market-filter.ts';

interface MarketListProps {
  symbol: string;
  onSelect: (symbol: string) => void;
}

export function MarketList({ symbol, onSelect }: MarketListProps) {
  const { t } = useI18n();
  const m = useSignalValue(market);
  const [chosen, setChosen] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const group =
    m.groups.find((g) => g.legalId === chosen) ??
    m.groups.find((g) => g.symbols.includes(symbol)) ??
    m.groups[0];
  const symbols = useMemo(() => filterSymbols(group?.symbols ?? [], query), [group, query]);

  return (
    <section className="spot__panel spot__markets" aria-labelledby="spot-markets-title">
      <header className="spot__head">
        <h2 id="spot-markets-title" className="spot__title">
          {t('spot.markets.title')}
        </h2>
      </header>
      <div className="markets__tools">
        <input
          type="search"
          className="markets__search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('spot.markets.search')}
          aria-label={t('spot.markets.search')}
        />
        <div className="spot-tabs" role="tablist" aria-label={t('spot.markets.groups')}>
          {m.groups.map((g) => (
            <button
              key={g.legalId}
              type="button"
              role="tab"
              aria-selected={g === group}
              className={`spot-tabs__tab ${g === group ? 'is-active' : ''}`}
              onClick={() => setChosen(g.legalId)}
            >
              {g.name}
            </button>
          ))}
        </div>
      </div>
      <div className="markets__cols" aria-hidden="true">
        <span>{t('spot.markets.pair')}</span>
        <span className="num">{t('spot.markets.price')}</span>
        <span className="num">{t('spot.markets.change')}</span>
      </div>
      <div className="spot__live">
        {symbols.length === 0 ? (
          <Empty text={t('spot.markets.empty')} />
        ) : (
          <ul className="markets__list spot__live-box">
            {symbols.map((s) => (
              <MarketListRow key={s} symbol={s} active={s === symbol} onSelect={onSelect} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

const MarketListRow = memo(function MarketListRow({
  symbol,
  active,
  onSelect,
}: {
  symbol: string;
  active: boolean;
  onSelect: (symbol: string) => void;
}) {
  const { t, fmt } = useI18n();
  const ticker = useSignalDeferred(tickerSignal(symbol));
  const dir = ticker === null ? 'flat' : fmt.direction(ticker.change);
  const [base = symbol, quote = ''] = symbol.split('/');
  // the labels do not change with the price: formatted once, not at every tick (issue 19)
  const rowLabel = useMemo(() => t('spot.markets.rowLabel', { pair: symbol }), [t, symbol]);
  const quoteLabel = useMemo(() => t('spot.pair.quote', { quote }), [t, quote]);
  return (
    <li>
      <button
        type="button"
        className={`markets__row ${active ? 'is-active' : ''}`}
        data-symbol={symbol}
        aria-current={active ? 'true' : undefined}
        aria-label={rowLabel}
        onClick={() => onSelect(symbol)}
      >
        <span className="markets__pair">
          <span className="markets__base">{base}</span>
          <span className="markets__quote">{quoteLabel}</span>
        </span>
        <span className="num">
          {ticker === null ? '--' : fmt.fixed(ticker.price, ticker.pricePrecision)}
        </span>
        <span className={`num is-${dir}`}>
          {ticker === null ? '--' : fmt.change(ticker.change)}
        </span>
      </button>
    </li>
  );
});
