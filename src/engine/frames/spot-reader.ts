// The spot parts of a frame, read from the engine state with the page's view settings
// (book grouping and window): used by the frame scheduler and by the start snapshot.
import type {
  BookGrouping,
  BookOwner,
  BookView,
  BookWindow,
  ChartDiff,
  DepthView,
  ViewName,
} from '../api.ts';
import { createBookViewer, DEFAULT_WINDOW, validGrouping } from '../projections/book/book-view.ts';
import type { OwnOrder } from '../projections/book/book-view.ts';
import { searchTime } from '../projections/chart.ts';
import { sparklineCloses } from '../projections/market.ts';
import { viewOf } from '../projections/registry.ts';
import type { EngineState } from '../store.ts';
import type { FrameSource } from './frame-scheduler.ts';
import { PARTED_WHOLES } from '../projections/whole-parts.ts';
import type { WholePart, WholeValue } from '../projections/whole-parts.ts';

export interface SpotReader {
  grouping: BookGrouping;
  window: BookWindow;
  /** Whose orders the book marks. */
  owner: BookOwner;
  /** The page shows the depth chart. */
  depthOn: boolean;
  book(state: EngineState): BookView | null;
  /** The depth chart's levels while it is shown, else null. */
  depth(state: EngineState): DepthView | null;
  chart(state: EngineState, reset: boolean, times: ReadonlySet<number>): ChartDiff | null;
}

export function createSpotReader(): SpotReader {
  const viewer = createBookViewer();
  const reader: SpotReader = {
    grouping: 1,
    window: DEFAULT_WINDOW,
    owner: 'spot',
    depthOn: false,
    depth(state) {
      if (!reader.depthOn) return null;
      return viewer.depth(state.spot.book, {
        grouping: validGrouping(reader.grouping),
        pricePrecision: state.spot.view.view?.pricePrecision ?? 0,
      });
    },
    book(state) {
      const spot = state.spot;
      return viewer.view(spot.book, {
        // as the page sent it: anything but a positive whole number groups nothing
        grouping: validGrouping(reader.grouping),
        window: reader.window,
        pricePrecision: spot.view.view?.pricePrecision ?? 0,
        own: ownOrders(state, reader.owner),
      });
    },
    chart(state, reset, times) {
      const c = state.spot.chart;
      if (c.symbol === null) return null;
      const bars = reset
        ? [...c.bars]
        : [...times].flatMap((t) => {
            const i = searchTime(c.bars, t);
            const bar = i >= 0 ? c.bars[i] : undefined;
            return bar === undefined ? [] : [bar];
          });
      return {
        symbol: c.symbol,
        period: c.period,
        reset,
        bars,
        loading: c.loading,
        error: c.error,
      };
    },
  };
  return reader;
}

/** The user's orders on the book's pair: open spot orders, or open limit entrusts (status 0). */
function ownOrders(state: EngineState, owner: BookOwner): OwnOrder[] {
  const symbol = state.spot.book.symbol;
  // held orders (an earlier page session's, as of their time) are not marked as resting now
  if (owner === 'lever') {
    const { entrusts } = state.lever.view;
    if (entrusts.held) return [];
    return entrusts.rows
      .filter((p) => p.symbol === symbol && p.status === 0)
      .map((p) => ({
        id: p.id,
        side: p.side === 1 ? 'buy' : 'sell',
        price: p.originPrice,
        amount: p.number,
      }));
  }
  const { view } = state.spot.orders;
  if (view.openHeld) return [];
  return view.open
    .filter((o) => o.symbol === symbol)
    .map((o) => ({ id: o.id, side: o.side, price: o.price, amount: o.number }));
}

/** What frames read, from whatever state `state()` gives now (the live store or a replay). */
export function stateFrameSource(state: () => EngineState, reader: SpotReader): FrameSource {
  return {
    whole: (part) => wholeOf(part, state()),
    ticker: (symbol) => state().market.tickers[symbol],
    sparkline: (symbol) => sparklineCloses(state().market.sparklines[symbol]),
    book: () => reader.book(state()),
    depth: () => reader.depth(state()),
    chart: (reset, times) => reader.chart(state(), reset, times),
  };
}

/** A part sent whole, as the state has it: a parted projection's (whole-parts.ts) or a view. */
export function wholeOf<K extends WholePart>(part: K, state: EngineState): WholeValue<K> {
  const at = (PARTED_WHOLES as Partial<Record<WholePart, (s: EngineState) => unknown>>)[part];
  // a name of PARTED_WHOLES gives its part's value; any other is a view's name
  return (at === undefined ? viewOf(part as ViewName, state) : at(state)) as WholeValue<K>;
}
