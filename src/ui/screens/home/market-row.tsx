// One market row: subscribes to its own ticker only; the sparkline cell to its own closes.
// Props are a string and a stable callback, so memo() holds between frames.
import { memo, useMemo } from 'react';
import { usePriceFlash } from '../../components/price-flash.ts';
import { DECIMALS } from '../../../shared/constants.ts';
import { sparklineSignal, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalDeferred } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { sparklinePath } from './sparkline-path.ts';

interface MarketRowProps {
  symbol: string;
  onSelect: (symbol: string) => void;
}

export const MarketRow = memo(function MarketRow({ symbol, onSelect }: MarketRowProps) {
  const { t, fmt } = useI18n();
  const ticker = useSignalDeferred(tickerSignal(symbol));
  // the labels do not change with the price: formatted once, not at every tick (issue 19)
  const rowLabel = useMemo(() => t('home.table.rowLabel', { pair: symbol }), [t, symbol]);
  const legalName = ticker?.legalName ?? '';
  const quoteLabel = useMemo(() => t('home.table.quote', { quote: legalName }), [t, legalName]);
  const flashRef = usePriceFlash<HTMLSpanElement>(ticker?.price);
  if (ticker === null) return null;
  const direction = fmt.direction(ticker.change);
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
          {ticker.logo !== '' && (
            <img
              className="market__logo"
              src={ticker.logo}
              alt=""
              width="20"
              height="20"
              loading="lazy"
            />
          )}
          <span className="market__base">{ticker.currencyName}</span>
          <span className="market__quote">{quoteLabel}</span>
        </span>
      </td>
      <td className={`num market__price is-${direction}`} data-testid="price">
        <span ref={flashRef} className="flash">
          {fmt.fixed(ticker.price, ticker.pricePrecision)}
        </span>
      </td>
      <td className="num">
        <span className={`change-chip is-${direction}`}>{fmt.change(ticker.change)}</span>
      </td>
      <td className="num hide-sm">{fmt.fixed(ticker.high, ticker.pricePrecision)}</td>
      <td className="num hide-sm">{fmt.fixed(ticker.low, ticker.pricePrecision)}</td>
      <td className="num hide-sm">{fmt.fixed(ticker.volume, DECIMALS.volume)}</td>
      <td className="market__trend">
        <SparklineCell symbol={symbol} />
      </td>
    </tr>
  );
});

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
