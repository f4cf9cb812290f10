// One side of the order book (ADR 0012): a native scroller, a spacer as tall as all the side's
// levels, and a sticky canvas painting the levels in view (book-canvas.ts). The book's frames
// reach the canvas straight from the signal, without a React render. The canvas' fallback
// content lists the levels for assistive technology (and tests): it is refreshed at most once a
// second (a screen reader cannot follow ten books a second) and lays nothing out.
import { memo, useEffect, useRef, useState } from 'react';
import type { BookRow, BookView } from '../../../engine/api.ts';
import { book } from '../../engine-bridge/signals.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { perTheme } from './chart/chart-colors.ts';
import { BookSideController } from './book-canvas.ts';
import type { BookSideData, BookSideOptions } from './book-canvas.ts';
import type { BookColors, Side } from './book-paint.ts';

export type { Side } from './book-paint.ts';

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
  onWindow: (side: Side, start: number, count: number) => void;
}

export const BookSide = memo(function BookSide(props: BookSideProps) {
  const { side, symbol } = props;
  const { t, fmt } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [controller, setController] = useState<BookSideController | null>(null);
  const options: BookSideOptions = {
    side,
    priceDp: props.priceDp,
    amountDp: props.amountDp,
    motion: props.motion,
    ownLabel: t('spot.book.own'),
    format: fmt.fixed,
    colors: bookColors,
    onPick: props.onPick,
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

  const listed = useListedRows(side, symbol);
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
              <li key={row.price} data-price={row.price} data-own={row.own ? 'true' : undefined}>
                {t('spot.book.level', {
                  price: fmt.fixed(row.price, props.priceDp),
                  amount: fmt.fixed(row.amount, props.amountDp),
                  total: fmt.fixed(row.total, props.amountDp),
                })}
                {row.own ? ` (${t('spot.book.own')})` : ''}
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

/** The rows for the fallback list: at once when they first arrive, then once a second. */
function useListedRows(side: Side, symbol: string): readonly BookRow[] {
  const [rows, setRows] = useState<readonly BookRow[]>([]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let latest: readonly BookRow[] = [];
    let shown = false;
    const show = (): void => {
      timer = null;
      shown = latest.length > 0;
      setRows(latest);
    };
    const stop = book.subscribe((view) => {
      latest = sideOf(view, side, symbol).rows;
      if (!shown && latest.length > 0) show();
      else timer ??= setTimeout(show, LIST_REFRESH_MS);
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
    };
  }, [side, symbol]);
  return rows;
}

const bookColors = perTheme((element): BookColors => {
  const css = getComputedStyle(element);
  const v = (name: string, fallback: string): string =>
    css.getPropertyValue(name).trim() || fallback;
  const family = css.fontFamily || 'sans-serif';
  return {
    up: v('--up', '#0ecb81'),
    down: v('--down', '#f6465d'),
    upSoft: v('--up-soft', 'rgba(14, 203, 129, 0.12)'),
    downSoft: v('--down-soft', 'rgba(246, 70, 93, 0.12)'),
    text: v('--text', '#eaecef'),
    muted: v('--text-muted', '#848e9c'),
    hover: v('--panel-hover', '#242a31'),
    accent: v('--accent', '#f0b90b'),
    flash: v('--accent-soft', 'rgba(240, 185, 11, 0.12)'),
    font: `12px ${family}`,
    boldFont: `700 12px ${family}`,
  };
});
