// /quotation: every listed pair (market groups + tickers) with price, change, high, low, volume
// and turnover, live; the favourites and a tab per quote currency, a search, and the workspace's
// sort (components/markets, issue 24). A pair opens /dealCenter on it.
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { MarketTable } from '../../components/markets/market-table.tsx';
import {
  chooseTab,
  FAVOURITES_TAB,
  useMarketTabs,
  useSortedSymbols,
} from '../../components/markets/use-markets.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { bridgeStatus } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { PATH } from '../../route-paths.ts';
import '../../styles/spot.css';
import { filterSymbols } from '../../trading/market-filter.ts';
import { rememberPair } from '../../trading/remember-pair.ts';

export default function QuotationScreen() {
  const { t } = useI18n();
  const { tabs, market: m } = useMarketTabs();
  const status = useSignalValue(bridgeStatus);
  const [picked, setPicked] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const tab = chooseTab(tabs, picked, null);
  const found = useMemo(() => filterSymbols(tab?.symbols ?? [], query), [tab, query]);
  const { symbols, sort } = useSortedSymbols(found);
  const navigate = useNavigate();
  const onSelect = useCallback(
    (symbol: string) => {
      rememberPair(symbol);
      void navigate(PATH.dealCenter);
    },
    [navigate],
  );

  const body = () => {
    if (status === 'failed') return <ErrorState text={t('app.engineFailed')} />;
    if (m.error !== null && !m.loaded)
      return <ErrorState text={t('quotation.error', { message: m.error })} />;
    if (!m.loaded) return <Loading text={t('quotation.loading')} />;
    if (symbols.length === 0)
      return (
        <Empty
          text={t(
            tab?.id === FAVOURITES_TAB && query === ''
              ? 'market.favourites.empty'
              : 'quotation.empty',
          )}
        />
      );
    return (
      <MarketTable
        symbols={symbols}
        sort={sort}
        tail="trade"
        onSelect={onSelect}
        testId="quotation-table"
      />
    );
  };

  return (
    <div className="page quotation">
      <div className="quotation__top">
        <div>
          <h1 className="page__title quotation__title">{t('quotation.title')}</h1>
          <p className="muted">{t('quotation.subtitle')}</p>
        </div>
        <input
          type="search"
          className="markets__search quotation__search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('quotation.search')}
          aria-label={t('quotation.search')}
        />
      </div>
      <section className="panel">
        <div
          className="spot-tabs spot-tabs--line quotation__tabs"
          role="tablist"
          aria-label={t('quotation.groups')}
        >
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
        {body()}
      </section>
    </div>
  );
}
