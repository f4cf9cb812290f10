// Home market table (spec §2 home): the favourites and a tab per quote group, the pairs of the
// chosen tab whose ticker has isDisplay, in the workspace's sort (components/markets, issue 24).
// Prices arrive through the engine (it polls or listens); the page never polls.
import { computed } from '@preact/signals-core';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MarketTable } from '../../components/markets/market-table.tsx';
import {
  chooseTab,
  FAVOURITES_TAB,
  useMarketTabs,
  useSortedSymbols,
  type MarketTab,
} from '../../components/markets/use-markets.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { bridgeStatus, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { storage } from '../../storage.ts';

export function HomeMarkets() {
  const { t } = useI18n();
  const { tabs, market: m } = useMarketTabs();
  const status = useSignalValue(bridgeStatus);
  const [picked, setPicked] = useState<number | null>(null);
  const tab = chooseTab(tabs, picked, null);
  const navigate = useNavigate();

  const onSelect = useCallback(
    (symbol: string) => {
      const ticker = tickerSignal(symbol).peek();
      if (ticker === null) return;
      storage.set('legal_id', ticker.legalId);
      storage.set('currency_id', ticker.currencyId);
      storage.set('legal_name', ticker.legalName);
      storage.set('currency_name', ticker.currencyName);
      storage.set('symbol', ticker.symbol);
      void engine.selectPair(symbol);
      void navigate('/leverdealCenter');
    },
    [navigate],
  );

  const body = (): ReactNode => {
    if (status === 'failed') return <ErrorState text={t('app.engineFailed')} />;
    if (m.error !== null) return <ErrorState text={t('home.table.error', { message: m.error })} />;
    if (!m.loaded) return <Loading text={t('home.table.loading')} />;
    if (tab === undefined) return <Empty text={t('home.table.empty')} />;
    return <TabRows tab={tab} onSelect={onSelect} />;
  };

  return (
    <section className="panel market" aria-labelledby="market-title">
      <header className="panel__head">
        <h2 id="market-title" className="panel__title">
          {t('home.market.title')}
        </h2>
        {m.loaded && (
          <div className="tabs" role="tablist" aria-label={t('home.market.groups')}>
            {tabs.map((g) => (
              <button
                key={g.id}
                type="button"
                role="tab"
                aria-selected={g === tab}
                className={`tabs__tab ${g === tab ? 'tabs__tab--active' : ''}`}
                data-tab={g.id === FAVOURITES_TAB ? 'favourites' : g.name}
                onClick={() => setPicked(g.id)}
              >
                {g.name}
              </button>
            ))}
          </div>
        )}
      </header>
      {body()}
    </section>
  );
}

function TabRows({ tab, onSelect }: { tab: MarketTab; onSelect: (symbol: string) => void }) {
  const { t } = useI18n();
  // One string of the visible symbols: recomputed on ticker changes, but it only notifies
  // (and re-renders the table) when the set of displayed pairs changes.
  const visible = useMemo(() => computed(() => visibleKey(tab.symbols)), [tab]);
  const key = useSignalValue(visible);
  const shown = useMemo(() => (key === '' || key === PENDING ? [] : key.split('\n')), [key]);
  const { symbols, sort } = useSortedSymbols(shown);

  if (key === PENDING) return <Loading text={t('home.table.loading')} />;
  if (symbols.length === 0)
    return (
      <Empty text={t(tab.id === FAVOURITES_TAB ? 'market.favourites.empty' : 'home.table.empty')} />
    );
  return <MarketTable symbols={symbols} sort={sort} tail="trend" onSelect={onSelect} />;
}

const PENDING = '\u0000pending';

/** The displayed symbols joined by newlines; PENDING while no ticker of the group has arrived. */
function visibleKey(symbols: readonly string[]): string {
  const tickers = symbols.map((s) => tickerSignal(s).value);
  if (symbols.length > 0 && tickers.every((x) => x === null)) return PENDING;
  return symbols.filter((_, i) => tickers[i]?.isDisplay === true).join('\n');
}
