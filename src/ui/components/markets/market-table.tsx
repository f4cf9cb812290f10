// The market table of the home page and of /quotation (issue 24): pair (coin icon, favourite
// star), last price, 24 h change, high, low, volume and turnover, each column sorting the table
// (the workspace's sort), and a last column — the 1-minute trend on the home page, "Trade" on the
// quotation page. Each row is memoized and subscribes to its own ticker (its sparkline cell to
// its own closes), so a tick re-renders one row. The table sits in a box of its own height and
// `contain: strict`: a changed price lays out the box, not the page (contained-height.ts).
import { memo, useMemo } from 'react';
import type { Ticker } from '../../../engine/api.ts';
import type { MarketSort, MarketSortKey } from '../../../shared/workspace.ts';
import { DECIMALS } from '../../../shared/constants.ts';
import { sparklineSignal, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalDeferred } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { useContainedHeight } from '../contained-height.ts';
import { usePriceFlash } from '../price-flash.ts';
import { CoinIcon } from './coin-icon.tsx';
import { FavouriteStar } from './favourite-star.tsx';
import { SortHeader } from './sort-header.tsx';
import { TickersAsOf } from './tickers-as-of.tsx';
import { sparklinePath } from './sparkline-path.ts';

/** The last column: the home page's trend, or the quotation page's "Trade". */
export type MarketTail = 'trend' | 'trade';

const COLUMNS: readonly { key: MarketSortKey; label: MessageId; wide?: boolean }[] = [
  { key: 'price', label: 'quotation.price' },
  { key: 'change', label: 'quotation.change' },
  { key: 'high', label: 'quotation.high', wide: true },
  { key: 'low', label: 'quotation.low', wide: true },
  { key: 'volume', label: 'quotation.volume', wide: true },
  { key: 'turnover', label: 'market.turnover', wide: true },
];

interface MarketTableProps {
  symbols: readonly string[];
  sort: MarketSort | null;
  tail: MarketTail;
  onSelect: (symbol: string) => void;
  testId?: string;
}

export function MarketTable({ symbols, sort, tail, onSelect, testId }: MarketTableProps) {
  const { t } = useI18n();
  const frame = useContainedHeight<HTMLDivElement, HTMLTableElement>();
  return (
    <>
      <TickersAsOf />
      <div
        ref={frame.box}
        className={`table-wrap ${frame.contained ? 'is-contained' : ''}`}
        style={frame.style}
      >
        <table ref={frame.content} className="table market__table" data-testid={testId}>
          <thead>
            <tr>
              <SortHeader column="pair" label={t('quotation.pair')} sort={sort} />
              {COLUMNS.map((c) => (
                <SortHeader
                  key={c.key}
                  column={c.key}
                  label={t(c.label)}
                  sort={sort}
                  className={c.wide === true ? 'num hide-sm' : 'num'}
                />
              ))}
              {tail === 'trend' ? (
                <th scope="col" className="market__trend-head">
                  {t('home.table.trend')}
                </th>
              ) : (
                <th scope="col" className="quotation__action">
                  {t('quotation.action')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {symbols.map((symbol) => (
              <MarketTableRow key={symbol} symbol={symbol} tail={tail} onSelect={onSelect} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

interface RowProps {
  symbol: string;
  tail: MarketTail;
  onSelect: (symbol: string) => void;
}

/** One pair: props are strings and a stable callback, so memo() holds between frames. */
const MarketTableRow = memo(function MarketTableRow({ symbol, tail, onSelect }: RowProps) {
  const { t } = useI18n();
  const ticker = useSignalDeferred(tickerSignal(symbol));
  const [base = symbol, quote = ''] = symbol.split('/');
  // the labels do not change with the price: formatted once, not at every tick (issue 19)
  const rowLabel = useMemo(() => t('quotation.rowLabel', { pair: symbol }), [t, symbol]);
  const quoteLabel = useMemo(() => t('spot.pair.quote', { quote }), [t, quote]);
  const select = (): void => onSelect(symbol);
  return (
    <tr
      className="market__row"
      data-symbol={symbol}
      tabIndex={0}
      aria-label={rowLabel}
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
          <FavouriteStar symbol={symbol} />
          <CoinIcon name={base} logo={ticker?.logo ?? ''} />
          <span className="market__base">{base}</span>
          <span className="market__quote">{quoteLabel}</span>
        </span>
      </td>
      <TickerCells ticker={ticker} />
      {tail === 'trend' ? (
        <td className="market__trend">
          <SparklineCell symbol={symbol} />
        </td>
      ) : (
        <td className="quotation__action">
          <span className="quotation__trade">{t('quotation.trade')}</span>
        </td>
      )}
    </tr>
  );
});

/** The figures of a row: "--" for what the ticker does not have (yet). */
function TickerCells({ ticker }: { ticker: Ticker | null }) {
  const { fmt } = useI18n();
  const flashRef = usePriceFlash<HTMLSpanElement>(ticker?.price);
  const dir = ticker === null ? 'flat' : fmt.direction(ticker.change);
  const priceDp = ticker?.pricePrecision ?? DECIMALS.price;
  const cell = (value: string | undefined, dp: number): string =>
    value === undefined ? '--' : fmt.fixed(value, dp);
  return (
    <>
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
      <td className="num hide-sm" data-testid="volume">
        {ticker?.volume === undefined ? '--' : fmt.compact(ticker.volume)}
      </td>
      <td className="num hide-sm" data-testid="turnover">
        {ticker?.turnover === undefined ? '--' : fmt.compact(ticker.turnover)}
      </td>
    </>
  );
}

const SPARK_W = 120;
const SPARK_H = 32;

const SparklineCell = memo(function SparklineCell({ symbol }: { symbol: string }) {
  const closes = useSignalDeferred(sparklineSignal(symbol));
  const spark = sparklinePath(closes, SPARK_W, SPARK_H);
  return (
    <svg
      className="sparkline"
      width={SPARK_W}
      height={SPARK_H}
      viewBox={`0 0 ${SPARK_W} ${SPARK_H}`}
      aria-hidden="true"
    >
      {spark !== null && (
        <path d={spark.path} className={`sparkline__line is-${spark.direction}`} />
      )}
    </svg>
  );
});
