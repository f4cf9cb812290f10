// One price level of the book. Props are primitives and a stable callback, so memo() skips the
// rows that did not change in a frame. A changed amount flashes the row unless reduced motion
// is on. Clicking a level fills the forms' price.
import { memo, useState } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';

interface BookRowProps {
  side: 'bid' | 'ask';
  /** Offset in the virtual list, px. */
  top: number;
  /** '' while the engine has not sent this level yet. */
  price: string;
  amount: string;
  total: string;
  depth: number;
  own: boolean;
  priceDp: number;
  amountDp: number;
  motion: boolean;
  onPick: (price: string) => void;
}

export const BookRowView = memo(function BookRowView(p: BookRowProps) {
  const { t, fmt } = useI18n();
  const flash = useChangeCount(p.amount);
  if (p.price === '') {
    return (
      <div className="book__row book__row--empty" style={{ transform: `translateY(${p.top}px)` }} />
    );
  }
  const width = `${Math.min(100, Math.max(0, p.depth * 100)).toFixed(2)}%`;
  return (
    <div
      role="listitem"
      className={`book__row book__row--${p.side} ${p.own ? 'is-own' : ''}`}
      style={{ transform: `translateY(${p.top}px)` }}
      data-price={p.price}
      data-own={p.own ? 'true' : undefined}
      title={p.own ? t('spot.book.own') : undefined}
      onClick={() => p.onPick(p.price)}
    >
      <span className="book__depth" style={{ width }} aria-hidden="true" />
      <span className="book__price num">{fmt.fixed(p.price, p.priceDp)}</span>
      <span
        key={p.motion ? flash : 0}
        className={`book__amount num ${p.motion && flash > 0 ? 'book__flash' : ''}`}
      >
        {fmt.fixed(p.amount, p.amountDp)}
      </span>
      <span className="book__total num">{fmt.fixed(p.total, p.amountDp)}</span>
    </div>
  );
});

/** How many times `value` has changed since mount (React's "previous value" pattern). */
function useChangeCount(value: string): number {
  const [prev, setPrev] = useState(value);
  const [count, setCount] = useState(0);
  if (prev !== value) {
    setPrev(value);
    setCount(count + 1);
  }
  return count;
}
