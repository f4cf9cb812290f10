// One side of the order book, virtualized (fixed 20 px rows). Asks are painted best-last, so
// the best ask sits next to the spread, and the list stays anchored to the bottom while the
// user has not scrolled away. The visible levels are reported to the engine (onWindow).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { BookRow } from '../../../engine/api.ts';
import { askLevels } from './book-math.ts';
import { BookRowView } from './book-row.tsx';

export type Side = 'bid' | 'ask';
export const BOOK_ROW_HEIGHT = 20;
const OVERSCAN = 6;

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

export function BookSide(props: BookSideProps) {
  const { side, label, rows, start, count, onWindow } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const stickToBest = useRef(true);
  const v = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => BOOK_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = v.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;

  // Asks: keep the best ask (the last display row) in view while the user has not scrolled up.
  // Done when the canvas has been laid out at its new height (a ResizeObserver runs after
  // layout), not in a layout effect: there, reading scrollHeight forced a synchronous layout of
  // the whole book in React's commit on every change of the level count (bench B5, F-deep).
  useLayoutEffect(() => {
    const el = scroller.current;
    const content = canvas.current;
    if (side !== 'ask' || el === null || content === null) return undefined;
    const stick = new ResizeObserver(() => {
      if (stickToBest.current) el.scrollTop = el.scrollHeight;
    });
    stick.observe(content);
    return () => stick.disconnect();
  }, [side]);

  useEffect(() => {
    if (count === 0) return;
    if (side === 'bid') onWindow('bid', first, Math.max(0, last - first + 1));
    else {
      const { start: s, n } = askLevels(count, first, last);
      onWindow('ask', s, n);
    }
  }, [side, count, first, last, onWindow]);

  const onScroll = (): void => {
    const el = scroller.current;
    if (el === null || side !== 'ask') return;
    stickToBest.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOOK_ROW_HEIGHT;
  };

  return (
    <div
      ref={scroller}
      className={`book__side book__side--${side}`}
      role="list"
      aria-label={label}
      onScroll={onScroll}
      data-testid={side === 'ask' ? 'book-asks' : 'book-bids'}
    >
      <div ref={canvas} className="book__canvas" style={{ height: v.getTotalSize() }}>
        {items.map((item) => {
          const level = side === 'ask' ? count - 1 - item.index : item.index;
          const row = rows[level - start];
          return (
            <BookRowView
              key={item.key}
              side={side}
              top={item.start}
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
