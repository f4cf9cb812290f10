// One side of the order book (ADR 0012): a native scroller, a spacer as tall as all the side's
// levels, and a sticky canvas painting the levels in view (book-canvas.ts). The book's frames
// reach the canvas straight from the signal, without a React render. The canvas' fallback
// content lists the levels for assistive technology (and tests): it is refreshed at most once a
// second (a screen reader cannot follow ten books a second) and lays nothing out.
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { BookRow, BookView } from '../../engine/api.ts';
import { book } from '../engine-bridge/signals.ts';
import { useSignalSampled } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { locale } from '../i18n/i18n.ts';
import { BookSideController, bookColors } from './book-canvas.ts';
import type { BookSideData, BookSideOptions } from './book-canvas.ts';
import type { Side } from './paint/book-paint.ts';

export type { Side } from './paint/book-paint.ts';

/** How often the fallback list (assistive technology) follows the book. */
const LIST_REFRESH_MS = 1000;

interface BookSideProps {
  side: Side;
  symbol: string;
  label: string;
  priceDp: number;
  amountDp: number;
  motion: boolean;
  onPick: (price: string) => void;
  /** The user asks to cancel their orders of a level (absent: not offered on this screen). */
  onCancelOwn?: ((row: BookRow, side: Side) => void) | undefined;
  onWindow: (side: Side, start: number, count: number) => void;
}

export const BookSide = memo(function BookSide(props: BookSideProps) {
  const { side, symbol } = props;
  const { t, fmt } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [controller, setController] = useState<BookSideController | null>(null);
  const { onCancelOwn } = props;
  const options: BookSideOptions = {
    side,
    priceDp: props.priceDp,
    amountDp: props.amountDp,
    motion: props.motion,
    ownTitle: (own) => t('spot.book.own', { amount: fmt.fixed(own.amount, props.amountDp) }),
    locale: locale(),
    colors: bookColors,
    onPick: props.onPick,
    onCancelOwn: onCancelOwn === undefined ? null : (row) => onCancelOwn(row, side),
    onWindow: props.onWindow,
  };
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const [s, sp, c] = [scroller.current, spacer.current, canvas.current];
    if (s === null || sp === null || c === null) return undefined;
    const ctl = new BookSideController({ scroller: s, spacer: sp, canvas: c }, latest.current);
    setController(ctl);
    return () => {
      ctl.destroy();
      setController(null);
    };
  }, [side]);

  useEffect(() => controller?.setOptions(latest.current));

  useEffect(() => {
    if (controller === null) return undefined;
    return book.subscribe((view) => controller.setData(sideOf(view, side, symbol)));
  }, [controller, side, symbol]);

  const pick = useCallback(
    (view: BookView | null) => sideOf(view, side, symbol).rows,
    [side, symbol],
  );
  const listed = useSignalSampled(book, pick, LIST_REFRESH_MS);
  return (
    <div
      ref={scroller}
      className={`book__side book__side--${side}`}
      data-testid={side === 'ask' ? 'book-asks' : 'book-bids'}
    >
      <div ref={spacer} className="book__spacer">
        <canvas
          ref={canvas}
          className="book__canvas"
          role="group"
          aria-label={props.label}
          aria-description={t('spot.book.keys')}
          tabIndex={0}
          data-testid={`book-canvas-${side}`}
        >
          <ol>
            {listed.map((row) => (
              <li
                key={row.price}
                data-price={row.price}
                data-own={row.own === null ? undefined : row.own.amount}
              >
                {t('spot.book.level', {
                  price: fmt.fixed(row.price, props.priceDp),
                  amount: fmt.fixed(row.amount, props.amountDp),
                  total: fmt.fixed(row.total, props.amountDp),
                })}
                {row.own === null
                  ? ''
                  : ` (${t('spot.book.own', { amount: fmt.fixed(row.own.amount, props.amountDp) })})`}
              </li>
            ))}
          </ol>
        </canvas>
      </div>
    </div>
  );
});

const EMPTY: BookSideData = { rows: [], start: 0, count: 0 };

function sideOf(view: BookView | null, side: Side, symbol: string): BookSideData {
  if (view === null || view.symbol !== symbol) return EMPTY;
  return side === 'bid'
    ? { rows: view.bids, start: view.bidStart, count: view.bidCount }
    : { rows: view.asks, start: view.askStart, count: view.askCount };
}
