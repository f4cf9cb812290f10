// Home market table (spec §2 home): the pairs of the chosen quote group whose ticker has
// isDisplay, each row a memoized component subscribed to its own ticker signal. Prices arrive
// through the engine (it polls or listens); the page never polls.
import { computed } from '@preact/signals-core';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { QuotationGroupView } from '../../../engine/api.ts';
import { useContainedHeight } from '../../components/contained-height.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { bridgeStatus, market, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { storage } from '../../storage.ts';
import { MarketRow } from './market-row.tsx';

export function MarketTable() {
  const { t } = useI18n();
  const m = useSignalValue(market);
  const status = useSignalValue(bridgeStatus);
  const [chosen, setChosen] = useState<number | null>(null);
  const group = m.groups.find((g) => g.legalId === chosen) ?? m.groups[0];
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
    if (group === undefined) return <Empty text={t('home.table.empty')} />;
    return <GroupRows group={group} onSelect={onSelect} />;
  };

  return (
    <section className="panel market" aria-labelledby="market-title">
      <header className="panel__head">
        <h2 id="market-title" className="panel__title">
          {t('home.market.title')}
        </h2>
        {m.groups.length > 1 && (
          <div className="tabs" role="tablist" aria-label={t('home.market.groups')}>
            {m.groups.map((g) => (
              <button
                key={g.legalId}
                type="button"
                role="tab"
                aria-selected={g === group}
                className={`tabs__tab ${g === group ? 'tabs__tab--active' : ''}`}
                onClick={() => setChosen(g.legalId)}
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

function GroupRows({
  group,
  onSelect,
}: {
  group: QuotationGroupView;
  onSelect: (symbol: string) => void;
}) {
  const { t } = useI18n();
  // One string of the visible symbols: recomputed on ticker changes, but it only notifies
  // (and re-renders the table) when the set of displayed pairs changes.
  const visible = useMemo(() => computed(() => visibleKey(group.symbols)), [group]);
  const key = useSignalValue(visible);
  const symbols = useMemo(() => (key === '' || key === PENDING ? [] : key.split('\n')), [key]);

  if (key === PENDING) return <Loading text={t('home.table.loading')} />;
  if (symbols.length === 0) return <Empty text={t('home.table.empty')} />;
  return <LiveTable symbols={symbols} onSelect={onSelect} />;
}

/** The table in a box of its own height and `contain: strict`: a changed price lays out the
 *  box, not the page (components/contained-height.ts). */
function LiveTable({
  symbols,
  onSelect,
}: {
  symbols: readonly string[];
  onSelect: (symbol: string) => void;
}) {
  const { t } = useI18n();
  const frame = useContainedHeight<HTMLDivElement, HTMLTableElement>();
  return (
    <div
      ref={frame.box}
      className={`table-wrap ${frame.contained ? 'is-contained' : ''}`}
      style={frame.style}
    >
      <table ref={frame.content} className="table market__table">
        <thead>
          <tr>
            <th scope="col">{t('home.table.pair')}</th>
            <th scope="col" className="num">
              {t('home.table.price')}
            </th>
            <th scope="col" className="num">
              {t('home.table.change')}
            </th>
            <th scope="col" className="num hide-sm">
              {t('home.table.high')}
            </th>
            <th scope="col" className="num hide-sm">
              {t('home.table.low')}
            </th>
            <th scope="col" className="num hide-sm">
              {t('home.table.volume')}
            </th>
            <th scope="col" className="market__trend-head">
              {t('home.table.trend')}
            </th>
          </tr>
        </thead>
        <tbody>
          {symbols.map((symbol) => (
            <MarketRow key={symbol} symbol={symbol} onSelect={onSelect} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const PENDING = '\u0000pending';

/** The displayed symbols joined by newlines; PENDING while no ticker of the group has arrived. */
function visibleKey(symbols: readonly string[]): string {
  const tickers = symbols.map((s) => tickerSignal(s).value);
  if (symbols.length > 0 && tickers.every((x) => x === null)) return PENDING;
  return symbols.filter((_, i) => tickers[i]?.isDisplay === true).join('\n');
}
