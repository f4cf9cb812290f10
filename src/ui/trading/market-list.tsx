// Market list of the trading screens (spot, contracts, second contracts): tabs for the
// favourites and per quote currency (the `market` groups), a search box, rows pair / last price /
// a last column the trader picks (24 h change, volume or turnover), sorted by any of them (the
// workspace's sort, issue 24), each with its favourite star. Each row is memoized and subscribes
// to its own ticker.
import { TickersAsOf } from '../components/markets/tickers-as-of.tsx';
import { memo, useMemo, useState } from 'react';
import type { Ticker } from '../../engine/api.ts';
import { tickerSignal } from '../engine-bridge/signals.ts';
import { useSignalDeferred } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { Empty } from '../components/states.tsx';
import { CoinIcon } from '../components/markets/coin-icon.tsx';
import { FavouriteStar } from '../components/markets/favourite-star.tsx';
import { SortHeader } from '../components/markets/sort-header.tsx';
import {
  chooseTab,
  FAVOURITES_TAB,
  useMarketTabs,
  useSortedSymbols,
} from '../components/markets/use-markets.ts';
import { filterSymbols } from './market-filter.ts';

interface MarketListProps {
  symbol: string;
  onSelect: (symbol: string) => void;
}

/** What the last column shows. */
type LastColumn = 'change' | 'volume' | 'turnover';
const LAST_COLUMNS: readonly { id: LastColumn; label: MessageId }[] = [
  { id: 'change', label: 'spot.markets.change' },
  { id: 'volume', label: 'spot.markets.volume' },
  { id: 'turnover', label: 'spot.markets.turnover' },
];

export function MarketList({ symbol, onSelect }: MarketListProps) {
  const { t } = useI18n();
  const { tabs } = useMarketTabs();
  const [picked, setPicked] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [last, setLast] = useState<LastColumn>('change');
  const tab = chooseTab(tabs, picked, symbol);
  const found = useMemo(() => filterSymbols(tab?.symbols ?? [], query), [tab, query]);
  const { symbols, sort } = useSortedSymbols(found);
  const lastLabel = t(LAST_COLUMNS.find((c) => c.id === last)?.label ?? 'spot.markets.change');

  return (
    <section className="spot__panel spot__markets" aria-labelledby="spot-markets-title">
      <header className="spot__head">
        <h2 id="spot-markets-title" className="spot__title">
          {t('spot.markets.title')}
        </h2>
        <div className="markets__last" role="group" aria-label={t('spot.markets.column')}>
          {LAST_COLUMNS.map((c) => (
            <button
              key={c.id}
              type="button"
              className={`markets__last-btn ${c.id === last ? 'is-active' : ''}`}
              aria-pressed={c.id === last}
              data-column={c.id}
              onClick={() => setLast(c.id)}
            >
              {t(c.label)}
            </button>
          ))}
        </div>
      </header>
      <TickersAsOf />
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
          {tabs.map((g) => (
            <button
              key={g.id}
              type="button"
              role="tab"
              aria-selected={g === tab}
              className={`spot-tabs__tab ${g === tab ? 'is-active' : ''}`}
              data-tab={g.id === FAVOURITES_TAB ? 'favourites' : g.name}
              onClick={() => setPicked(g.id)}
            >
              {g.name}
            </button>
          ))}
        </div>
      </div>
      <div className="markets__cols">
        <SortHeader as="span" column="pair" label={t('spot.markets.pair')} sort={sort} />
        <SortHeader
          as="span"
          column="price"
          label={t('spot.markets.price')}
          sort={sort}
          className="num"
        />
        <SortHeader as="span" column={last} label={lastLabel} sort={sort} className="num" />
      </div>
      <div className="spot__live">
        {symbols.length === 0 ? (
          <Empty
            text={t(
              tab?.id === FAVOURITES_TAB && query === ''
                ? 'market.favourites.empty'
                : 'spot.markets.empty',
            )}
          />
        ) : (
          <ul className="markets__list spot__live-box">
            {symbols.map((s) => (
              <MarketListRow
                key={s}
                symbol={s}
                active={s === symbol}
                last={last}
                onSelect={onSelect}
              />
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
  last,
  onSelect,
}: {
  symbol: string;
  active: boolean;
  last: LastColumn;
  onSelect: (symbol: string) => void;
}) {
  const { t, fmt } = useI18n();
  const ticker = useSignalDeferred(tickerSignal(symbol));
  const [base = symbol, quote = ''] = symbol.split('/');
  // the labels do not change with the price: formatted once, not at every tick (issue 19)
  const rowLabel = useMemo(() => t('spot.markets.rowLabel', { pair: symbol }), [t, symbol]);
  const quoteLabel = useMemo(() => t('spot.pair.quote', { quote }), [t, quote]);
  return (
    <li className="markets__item">
      <FavouriteStar symbol={symbol} />
      <button
        type="button"
        className={`markets__row ${active ? 'is-active' : ''}`}
        data-symbol={symbol}
        data-focus-key={`market-row:${symbol}`}
        aria-current={active ? 'true' : undefined}
        aria-label={rowLabel}
        onClick={() => onSelect(symbol)}
      >
        <span className="markets__pair">
          <CoinIcon name={base} logo={ticker?.logo ?? ''} size={16} />
          <span className="markets__base">{base}</span>
          <span className="markets__quote">{quoteLabel}</span>
        </span>
        <span className="num">
          {ticker === null ? '--' : fmt.fixed(ticker.price, ticker.pricePrecision)}
        </span>
        <LastCell ticker={ticker} last={last} />
      </button>
    </li>
  );
});

function LastCell({ ticker, last }: { ticker: Ticker | null; last: LastColumn }) {
  const { fmt } = useI18n();
  if (ticker === null) return <span className="num">--</span>;
  if (last === 'change') {
    const dir = fmt.direction(ticker.change);
    return <span className={`num is-${dir}`}>{fmt.change(ticker.change)}</span>;
  }
  const value = last === 'volume' ? ticker.volume : ticker.turnover;
  return <span className="num">{value === undefined ? '--' : fmt.compact(value)}</span>;
}
