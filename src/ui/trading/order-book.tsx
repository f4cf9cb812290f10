// The order book of the selected pair (issue 3): asks above (best at the bottom), the last
// price and the spread in the middle, bids below (best at the top). Each side paints the levels
// in view on a canvas (ADR 0012); the engine groups, totals and windows the book in the worker
// and sends only the rows the sides show (setBookWindow). This component re-renders when the
// book appears or its grouping changes, not on every frame: the sides and the middle read the
// book signal themselves. Preferences (layout, grouping, update rate, reduced motion) are kept
// in the workspace (../../workspace.ts) and told to the engine.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type {
  BookGrouping,
  BookOwner,
  BookRate,
  BookRow,
  BookView,
  BookWindow,
} from '../../engine/api.ts';
import { DataAge } from '../components/data-age.tsx';
import { engine } from '../engine-bridge/bridge.ts';
import { book, tickerSignal } from '../engine-bridge/signals.ts';
import { useSignalSelect } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { BookLayout, Workspace } from '../../shared/workspace.ts';
import { updateWorkspace, workspace } from '../workspace.ts';
import { Loading, NotKnown } from '../components/states.tsx';
import { useConnectionDown } from '../components/connection-down.ts';
import { BookMid } from './book-mid.tsx';
import { BookSettings } from './book-settings.tsx';
import { BookSide, type Side } from './book-side.tsx';
import { warmPainter } from './paint/worker-canvas.ts';
import {
  DEFAULT_WINDOW,
  fitGrouping,
  groupingDecimals,
  groupingOptions,
  sameWindow,
} from './paint/book-math.ts';
import type { PairMeta } from './pair-meta.ts';

interface OrderBookProps {
  meta: PairMeta;
  onPick: (price: string) => void;
  /** The user asks to cancel their orders of a level (absent: not offered). */
  onCancelOwn?: (row: BookRow, side: Side) => void;
  /** Whose orders the book marks (the contracts screen: its limit entrusts). */
  owner?: BookOwner;
}

export function OrderBook({ meta, onPick, onCancelOwn, owner = 'spot' }: OrderBookProps) {
  const { t } = useI18n();
  const grouping = useSignalSelect(
    book,
    useCallback(
      (v: BookView | null) => (v !== null && v.symbol === meta.symbol ? v.grouping : null),
      [meta.symbol],
    ),
  );
  const prefs = useBookPrefs();
  const groupings = useGroupingOptions(meta);
  // The stored choice, or the nearest one this pair offers (kept as stored for the next pair).
  const chosen = fitGrouping(prefs.grouping, groupings);
  useEffect(() => void engine.setBookGrouping(chosen), [chosen]);
  useEffect(() => void engine.setBookOwner(owner), [owner]);
  // the paint worker boots while the book's data is still on its way, not once it is here (B10)
  useEffect(warmPainter, []);
  const onWindow = useWindowReporter();
  const { layout } = prefs;
  const priceDp = groupingDecimals(meta.pricePrecision, grouping ?? chosen);
  // nothing received in this page session and no connection: not an empty book, an unknown one
  const down = useConnectionDown();
  const received = useSignalSelect(book, hasLevels);
  const unknown = down && !received;

  return (
    <section
      className={`spot__panel spot__book book--${layout}`}
      aria-labelledby="spot-book-title"
      data-testid="order-book"
    >
      <header className="spot__head">
        <h2 id="spot-book-title" className="spot__title">
          {t('spot.book.title')}
        </h2>
        <BookSettings
          pricePrecision={meta.pricePrecision}
          groupings={groupings}
          grouping={chosen}
          onGrouping={prefs.setGrouping}
          rate={prefs.rate}
          onRate={prefs.setRate}
          reducedMotion={prefs.reducedMotion}
          onReducedMotion={prefs.setReducedMotion}
          layout={layout}
          onLayout={prefs.setLayout}
        />
      </header>
      <BookAge />
      <div className="book__cols" aria-hidden="true">
        <span>{t('spot.book.price', { currency: meta.quote })}</span>
        <span className="num">{t('spot.book.amount', { currency: meta.base })}</span>
        <span className="num">{t('spot.book.total', { currency: meta.base })}</span>
      </div>
      <div className="spot__live">
        {unknown ? (
          <NotKnown text={t('spot.book.unknown')} />
        ) : grouping === null ? (
          <Loading text={t('spot.book.loading')} />
        ) : (
          <BookBody
            symbol={meta.symbol}
            layout={layout}
            priceDp={priceDp}
            amountDp={meta.amountPrecision}
            pricePrecision={meta.pricePrecision}
            motion={!prefs.reducedMotion}
            onPick={onPick}
            onCancelOwn={onCancelOwn}
            onWindow={onWindow}
          />
        )}
      </div>
    </section>
  );
}

interface BookBodyProps {
  symbol: string;
  layout: BookLayout;
  priceDp: number;
  amountDp: number;
  pricePrecision: number;
  motion: boolean;
  onPick: (price: string) => void;
  onCancelOwn: ((row: BookRow, side: Side) => void) | undefined;
  onWindow: (side: Side, start: number, count: number) => void;
}

function BookBody({ layout, pricePrecision, ...rest }: BookBodyProps) {
  const { t } = useI18n();
  const { onWindow } = rest;
  useEffect(() => {
    if (layout === 'bids') onWindow('ask', 0, 0);
    if (layout === 'asks') onWindow('bid', 0, 0);
  }, [layout, onWindow]);
  return (
    <div className="book__body spot__live-box">
      {layout !== 'bids' && <BookSide side="ask" label={t('spot.book.asks')} {...rest} />}
      <BookMid symbol={rest.symbol} pricePrecision={pricePrecision} onPick={rest.onPick} />
      {layout !== 'asks' && <BookSide side="bid" label={t('spot.book.bids')} {...rest} />}
    </div>
  );
}

function systemPrefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * The groupings the pair offers, from the order of magnitude of its last price: the component
 * re-renders when the offer changes (a new decade of price), not on every tick.
 */
function useGroupingOptions(meta: PairMeta): readonly BookGrouping[] {
  const select = useCallback(
    (ticker: { price: string } | null) =>
      groupingOptions(meta.pricePrecision, ticker?.price ?? null).join(','),
    [meta.pricePrecision],
  );
  const key = useSignalSelect(tickerSignal(meta.symbol), select);
  return useMemo(() => key.split(',').map(Number), [key]);
}

/** The book's settings in the workspace; each change goes there (and the engine is told). */
function useBookPrefs() {
  const prefs = useSignalSelect(workspace, bookOf);
  const { grouping, rate, layout } = prefs;
  const reducedMotion = prefs.reducedMotion ?? systemPrefersReducedMotion();
  useEffect(() => void engine.setBookRate(rate), [rate]);
  const set = useCallback(
    (patch: Partial<Workspace['book']>) =>
      updateWorkspace((w) => ({ ...w, book: { ...w.book, ...patch } })),
    [],
  );
  const setGrouping = useCallback((g: BookGrouping) => set({ grouping: g }), [set]);
  const setRate = useCallback((r: BookRate) => set({ rate: r }), [set]);
  const setReducedMotion = useCallback((on: boolean) => set({ reducedMotion: on }), [set]);
  const setLayout = useCallback((l: BookLayout) => set({ layout: l }), [set]);
  return {
    grouping,
    setGrouping,
    rate,
    setRate,
    reducedMotion,
    setReducedMotion,
    layout,
    setLayout,
  };
}

const bookOf = (w: Workspace): Workspace['book'] => w.book;

/** Collects the rows each side shows and sends the window to the engine, once per frame. */
function useWindowReporter(): (side: Side, start: number, count: number) => void {
  const current = useRef<BookWindow>(DEFAULT_WINDOW);
  const sent = useRef<BookWindow | null>(null);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    void engine.setBookWindow(DEFAULT_WINDOW);
    sent.current = DEFAULT_WINDOW;
    return () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    };
  }, []);

  return useCallback((side: Side, start: number, count: number) => {
    const w = current.current;
    current.current =
      side === 'bid'
        ? { ...w, bidStart: start, bidCount: count }
        : { ...w, askStart: start, askCount: count };
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const next = current.current;
      if (sent.current !== null && sameWindow(sent.current, next)) return;
      sent.current = next;
      void engine.setBookWindow(next);
    });
  }, []);
}

/** The book's data age while the connection is down (the time of its last change). */
function BookAge() {
  const at = useSignalSelect(book, bookAt);
  return <DataAge at={at} />;
}
/** A book emptied for a resync, or not received yet, has no age to show. */
const bookAt = (v: BookView | null): number | null => (hasLevels(v) ? (v?.at ?? null) : null);
/** The book came from the server in this page session (a resync or a new pair empties it). */
const hasLevels = (v: BookView | null): boolean => v !== null && v.source !== 'none';
