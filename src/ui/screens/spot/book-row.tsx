// One price level of the book. Props are primitives and a stable callback, so memo() skips the
// rows that did not change in a frame. A row is a slot of the virtual list (keyed by position,
// not by price): when the book moves, the same DOM nodes show the new levels and no node is
// created or removed per frame (bench B4). Rows are placed with `top` (bids) or `bottom`
// (asks, painted upwards from the spread), not a transform (a transform per row is one more
// paint chunk per row for the compositor, every frame). The depth bar is the row's background
// (`--depth`), so a new depth repaints without a layout. A
// changed amount at the same price flashes the row unless reduced motion is on; the flash
// restarts by switching between two identical animations, not by remounting. Clicking a level
// fills the forms' price.
import { memo, useLayoutEffect, useRef } from 'react';
import type { CSSProperties } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';

interface BookRowProps {
  side: 'bid' | 'ask';
  /** Offset in the virtual list, px: from the top for bids, from the bottom for asks. */
  offset: number;
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
  const flash = useFlashCount(p.price, p.amount);
  if (p.price === '') {
    return <div className="book__row book__row--empty" style={placed(p.side, p.offset)} />;
  }
  const width = `${(Math.min(1, Math.max(0, p.depth)) * 100).toFixed(2)}%`;
  const flashClass = p.motion && flash > 0 ? `book__flash book__flash--${flash % 2}` : '';
  return (
    <div
      role="listitem"
      className={`book__row book__row--${p.side} ${p.own ? 'is-own' : ''}`}
      style={{ ...placed(p.side, p.offset), '--depth': width } as CSSProperties}
      data-price={p.price}
      data-own={p.own ? 'true' : undefined}
      title={p.own ? t('spot.book.own') : undefined}
      onClick={() => p.onPick(p.price)}
    >
      <span className="book__price num">{fmt.fixed(p.price, p.priceDp)}</span>
      <span className={`book__amount num ${flashClass}`}>{fmt.fixed(p.amount, p.amountDp)}</span>
      <span className="book__total num">{fmt.fixed(p.total, p.amountDp)}</span>
    </div>
  );
});

function placed(side: 'bid' | 'ask', offset: number): CSSProperties {
  return side === 'ask' ? { bottom: offset } : { top: offset };
}

/**
 * How many times the amount at this slot's price has changed. A new price in the slot (the
 * book moved) is not a change of amount: no flash. Kept in a ref updated after commit rather
 * than in state, so a changed row renders once, not twice (bench B4).
 */
function useFlashCount(price: string, amount: string): number {
  const last = useRef({ price, amount, count: 0 });
  const prev = last.current;
  const count = prev.price === price && prev.amount !== amount ? prev.count + 1 : prev.count;
  useLayoutEffect(() => {
    last.current = { price, amount, count };
  });
  return count;
}
