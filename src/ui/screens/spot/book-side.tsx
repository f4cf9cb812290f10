// One side of the order book, virtualized (fixed 20 px rows); index i is level i from the best.
// Asks are painted best-last, so the best ask sits next to the spread: their scroller is a
// `column-reverse` flex box, which browsers keep anchored at the bottom by themselves (its
// scrollTop is 0 at the bottom and negative above), and rows are placed from the bottom. So
// a book that grows or shrinks needs no scroll write and no layout read per update (bench B4),
// and a user who scrolled up keeps the levels in view. The visible levels are reported to the
// engine (onWindow).
import { observeElementOffset, useVirtualizer } from '@tanstack/react-virtual';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { BookRow } from '../../../engine/api.ts';
import { BookRowView } from './book-row.tsx';

export type Side = 'bid' | 'ask';
export const BOOK_ROW_HEIGHT = 20;
const OVERSCAN = 3;

interface BookSideProps {
  side: Side;
  label: string;
  /** The rows the engine sent: levels start … start + rows.length − 1 of `count`. */
  rows: readonly BookRow[];
  start: number;
  count: number;
  priceDp: number;
  amountDp: number;
  motion: boolean;
  onPick: (price: string) => void;
  onWindow: (side: Side, start: number, count: number) => void;
}

type Scroller = Virtualizer<HTMLDivElement, Element>;

/** Asks: the distance from the bottom is the virtual offset (scrollTop is 0 … −max there). */
const fromBottom = (v: Scroller, cb: (offset: number, scrolling: boolean) => void) =>
  observeElementOffset(v, (offset, scrolling) => cb(Math.abs(offset), scrolling));

const scrollFromBottom = (
  offset: number,
  { adjustments = 0, behavior }: { adjustments?: number; behavior?: ScrollBehavior },
  v: Scroller,
): void => {
  v.scrollElement?.scrollTo({ top: -(offset + adjustments), ...(behavior ? { behavior } : {}) });
};

export function BookSide(props: BookSideProps) {
  const { side, label, rows, start, count, onWindow } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => BOOK_ROW_HEIGHT,
    overscan: OVERSCAN,
    ...(side === 'ask' ? { observeElementOffset: fromBottom, scrollToFn: scrollFromBottom } : {}),
  });
  const items = v.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (count > 0) onWindow(side, first, Math.max(0, last - first + 1));
  }, [side, count, first, last, onWindow]);

  return (
    <div
      ref={scroller}
      className={`book__side book__side--${side}`}
      role="list"
      aria-label={label}
      data-testid={side === 'ask' ? 'book-asks' : 'book-bids'}
    >
      <div className="book__canvas" style={{ height: v.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index - start];
          return (
            <BookRowView
              key={item.key}
              side={side}
              offset={item.start}
              price={row?.price ?? ''}
              amount={row?.amount ?? ''}
              total={row?.total ?? ''}
              depth={row?.depth ?? 0}
              own={row?.own ?? false}
              priceDp={props.priceDp}
              amountDp={props.amountDp}
              motion={props.motion}
              onPick={props.onPick}
            />
          );
        })}
      </div>
    </div>
  );
}
