// /quotation: every listed pair (market groups + tickers) with price, change, high, low and
// volume, live; tabs per quote currency and a search. A pair opens /dealCenter on it.
import { memo, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DECIMALS } from '../../../shared/constants.ts';
import { usePriceFlash } from '../../components/price-flash.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { bridgeStatus, market, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalDeferred, useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { PATH } from '../../route-paths.ts';
import '../../styles/spot.css';
import { filterSymbols } from '../spot/market-filter.ts';
import { rememberPair } from '../spot/remember-pair.ts';

export default function QuotationScreen() {
  const { t } = useI18n();
  const m = useSignalValue(market);
  const status = useSignalValue(bridgeStatus);
  const [chosen, setChosen] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const group = m.groups.find((g) => g.legalId === chosen) ?? m.groups[0];
  const symbols = useMemo(() => filterSymbols(group?.symbols ?? [], query), [group, query]);
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
    if (symbols.length === 0) return <Empty text={t('quotation.empty')} />;
    return <QuotationTable symbols={symbols} onSelect={onSelect} />;
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
        {body()}
      </section>
    </div>
  );
}

function QuotationTable({
  symbols,
  onSelect,
}: {
  symbols: readonly string[];
  onSelect: (symbol: string) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="table-wrap">
      <table className="table quotation__table" data-testid="quotation-table">
        <thead>
          <tr>
            <th scope="col">{t('quotation.pair')}</th>
            <th scope="col" className="num">
              {t('quotation.price')}
            </th>
            <th scope="col" className="num">
              {t('quotation.change')}
            </th>
            <th scope="col" className="num hide-sm">
              {t('quotation.high')}
            </th>
            <th scope="col" className="num hide-sm">
              {t('quotation.low')}
            </th>
            <th scope="col" className="num hide-sm">
              {t('quotation.volume')}
            </th>
            <th scope="col" className="quotation__action">
              {t('quotation.action')}
            </th>
          </tr>
        </thead>
        <tbody>
          {symbols.map((s) => (
            <QuotationRow key={s} symbol={s} onSelect={onSelect} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const QuotationRow = memo(function QuotationRow({
  symbol,
  onSelect,
}: {
  symbol: string;
  onSelect: (symbol: string) => void;
}) {
  const { t, fmt } = useI18n();
  const ticker = useSignalDeferred(tickerSignal(symbol));
  const flashRef = usePriceFlash<HTMLSpanElement>(ticker?.price);
  const dir = ticker === null ? 'flat' : fmt.direction(ticker.change);
  const [base = symbol, quote = ''] = symbol.split('/');
  const priceDp = ticker?.pricePrecision ?? DECIMALS.price;
  const cell = (value: string | undefined, dp: number): string =>
    value === undefined ? '--' : fmt.fixed(value, dp);
  const select = (): void => onSelect(symbol);
  return (
    <tr
      className="market__row"
      data-symbol={symbol}
      tabIndex={0}
      aria-label={t('quotation.rowLabel', { pair: symbol })}
      onClick={select}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          select();
        }
      }}
    >
      <td>
        <span className="market__pair">
          {ticker !== null && ticker.logo !== '' && (
            <img
              className="market__logo"
              src={ticker.logo}
              alt=""
              width="20"
              height="20"
              loading="lazy"
            />
          )}
          <span className="market__base">{base}</span>
          <span className="market__quote">{t('spot.pair.quote', { quote })}</span>
        </span>
      </td>
      <td className={`num market__price is-${dir}`} data-testid="price">
        <span ref={flashRef} className="flash">
          {cell(ticker?.price, priceDp)}
        </span>
      </td>
      <td className="num">
        <span className={`change-chip is-${dir}`}>
          {ticker === null ? '--' : fmt.change(ticker.change)}
        </span>
      </td>
      <td className="num hide-sm">{cell(ticker?.high, priceDp)}</td>
      <td className="num hide-sm">{cell(ticker?.low, priceDp)}</td>
      <td className="num hide-sm">{cell(ticker?.volume, DECIMALS.volume)}</td>
      <td className="quotation__action">
        <span className="quotation__trade">{t('quotation.trade')}</span>
      </td>
    </tr>
  );
});
