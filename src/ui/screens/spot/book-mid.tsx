// The middle of the book: the last trade's price coloured by its direction (click to use it),
// and the spread between the best ask and the best bid.
import { computed } from '@preact/signals-core';
import { useMemo } from 'react';
import { book, spot, trades } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { spreadPercent } from './book-math.ts';

interface BookMidProps {
  symbol: string;
  pricePrecision: number;
  onPick: (price: string) => void;
}

export function BookMid({ symbol, pricePrecision, onPick }: BookMidProps) {
  const { t, fmt } = useI18n();
  // Only the spread and the best ask, as one string: the mid re-renders when they change, not
  // on every book diff (issue 19).
  const edge = useMemo(
    () =>
      computed(() => {
        const b = book.value;
        return b?.symbol === symbol ? `${b.spread ?? ''}|${b.bestAsk ?? ''}` : '|';
      }),
    [symbol],
  );
  const [spreadText = '', bestAsk = ''] = useSignalValue(edge).split('|');
  const spread = spreadText === '' ? null : spreadText;
  const pct = spreadPercent(spread, bestAsk === '' ? null : bestAsk);
  return (
    <div className="book__mid" data-testid="book-mid">
      <LastPrice pricePrecision={pricePrecision} onPick={onPick} />
      <span className="book__spread num">
        <span className="muted">{t('spot.book.spread')}</span>{' '}
        <span data-testid="spread">
          {spread === null ? '--' : fmt.fixed(spread, pricePrecision)}
        </span>
        {pct !== null && (
          <span className="muted"> {t('spot.book.spreadPercent', { percent: pct })}</span>
        )}
      </span>
    </div>
  );
}

function LastPrice({
  pricePrecision,
  onPick,
}: {
  pricePrecision: number;
  onPick: (price: string) => void;
}) {
  const { fmt } = useI18n();
  const list = useSignalValue(trades);
  const view = useSignalValue(spot);
  const last = list[0];
  const price = last?.price ?? (view?.loaded === true ? view.lastPrice : null);
  const dir = last === undefined ? 'flat' : last.direction === 'buy' ? 'up' : 'down';
  if (price === null) return <span className="book__last num">{'--'}</span>;
  return (
    <button
      type="button"
      className={`book__last num is-${dir}`}
      onClick={() => onPick(price)}
      data-testid="book-last"
    >
      {fmt.fixed(price, pricePrecision)}
      <Arrow dir={dir} />
    </button>
  );
}

function Arrow({ dir }: { dir: 'up' | 'down' | 'flat' }) {
  if (dir === 'flat') return null;
  return (
    <svg width="10" height="12" viewBox="0 0 10 12" aria-hidden="true" className="book__arrow">
      <path d={dir === 'up' ? 'M5 1 9 6H6v5H4V6H1z' : 'M5 11 1 6h3V1h2v5h3z'} fill="currentColor" />
    </svg>
  );
}
