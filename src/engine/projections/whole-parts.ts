// The parts of a frame the page is sent whole when they changed: each view projection's view
// (registry.ts) and the parts of the parted projections that are not sent in pieces (the
// session, the connection, the market's groups, the spot panel, the recent trades, the user's
// orders). A parted projection's whole part is declared once, here: where it is in the state.
// Its change is a change of identity there (marks.ts), and what the page is sent is the value
// there (spot-reader.ts). The book, the depth, the chart, the tickers and the sparklines are
// sent in pieces or at a pace of their own (frame-scheduler.ts).
import type { ViewName, WholePart, WholeValue } from '../api.ts';
import type { EngineState } from './registry.ts';

export type { WholePart, WholeValue } from '../api.ts';

/** A parted projection's part the page is sent whole. */
export type PartedWhole = Exclude<WholePart, ViewName>;

/** Where each parted projection's whole part is in the engine's state. */
export const PARTED_WHOLES: {
  readonly [K in PartedWhole]: (state: EngineState) => WholeValue<K>;
} = {
  session: (s) => s.session.session,
  connection: (s) => s.session.connection,
  market: (s) => s.market.market,
  spot: (s) => s.spot.view.view,
  trades: (s) => s.spot.trades.list,
  orders: (s) => s.spot.orders.view,
};

export const PARTED_WHOLE_NAMES = Object.keys(PARTED_WHOLES) as PartedWhole[];

/** Every parted projection's whole part, as the state has it (the start snapshot's). */
export function partedWholes(state: EngineState): { [K in PartedWhole]: WholeValue<K> } {
  const out: Partial<Record<PartedWhole, unknown>> = {};
  for (const part of PARTED_WHOLE_NAMES) out[part] = PARTED_WHOLES[part](state);
  return out as { [K in PartedWhole]: WholeValue<K> };
}
