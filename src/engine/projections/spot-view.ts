// The watched spot pair's panel (SpotView of api.ts): names and precisions from the
// quotation (carried by `ui.watch-spot`), last price, CNY price and the user's available
// balances from `spot.deal`, currency info from `spot.detail`; the last price also follows
// `market.daymarket` (only one the tickers accept: a stale or duplicated push moves neither,
// store.ts) and `spot.transaction`.
//
// Invariants (each has a fast-check property of the same name in spot-view.test.ts):
//  V1 zeroBalancesWithoutSession: after logout or expiry both balances are "0".
//  V2 otherSymbolsIgnored: replies and pushes of another pair change nothing.
import type { DecStr } from '../../shared/decimal.ts';
import type { SpotView } from '../api.ts';
import { exhaustive } from '../events.ts';
import type { EngineEvent, SpotDealBody, WatchSpotBody } from '../events.ts';

export interface SpotViewState {
  symbol: string | null;
  view: SpotView | null;
}

export const initialSpotViewState: SpotViewState = { symbol: null, view: null };

const ZERO = '0' as DecStr;

export const SPOT_VIEW_EVENTS = [
  'ui.watch-spot',
  'spot.deal',
  'spot.detail',
  'spot.transaction',
  'market.daymarket',
  'session.logout',
  'session.expired',
] as const satisfies readonly EngineEvent['name'][];
export type SpotViewEvent = Extract<EngineEvent, { name: (typeof SPOT_VIEW_EVENTS)[number] }>;
const SET: ReadonlySet<string> = new Set(SPOT_VIEW_EVENTS);
export const isSpotViewEvent = (e: EngineEvent): e is SpotViewEvent => SET.has(e.name);

// eslint-disable-next-line complexity -- a flat exhaustive switch, one line per event name (CONVENTIONS 2)
export function foldSpotView(state: SpotViewState, event: SpotViewEvent): SpotViewState {
  const view = state.view;
  switch (event.name) {
    case 'ui.watch-spot':
      return event.body.symbol === state.symbol
        ? state
        : { symbol: event.body.symbol, view: initialView(event.body) };
    case 'spot.deal':
      return view === null || event.body.symbol !== state.symbol ? state : deal(state, event.body);
    case 'spot.detail':
      return view === null || event.body.symbol !== state.symbol
        ? state
        : with_(state, { detail: event.body.detail });
    case 'spot.transaction':
      return view !== null &&
        event.body.legalId === view.legalId &&
        event.body.currencyId === view.currencyId
        ? lastPrice(state, event.body.lastPrice)
        : state;
    case 'market.daymarket':
      return event.body.symbol === state.symbol ? lastPrice(state, event.body.price) : state;
    case 'session.logout':
    case 'session.expired':
      return view === null || (view.userLegal === ZERO && view.userCurrency === ZERO)
        ? state
        : with_(state, { userLegal: ZERO, userCurrency: ZERO });
    default:
      return exhaustive(event, state);
  }
}

function deal(state: SpotViewState, body: SpotDealBody): SpotViewState {
  const { lastPrice: price, cnyPrice, userLegal, userCurrency } = body;
  const patch = { cnyPrice, userLegal, userCurrency, loaded: true };
  return with_(lastPrice(state, price), patch);
}

/** A new last price; "0" (no trade yet) never replaces a known one. */
function lastPrice(state: SpotViewState, price: DecStr): SpotViewState {
  return state.view === null || price === ZERO || price === state.view.lastPrice
    ? state
    : with_(state, { lastPrice: price });
}

function with_(state: SpotViewState, patch: Partial<SpotView>): SpotViewState {
  return state.view === null ? state : { ...state, view: { ...state.view, ...patch } };
}

function initialView(body: WatchSpotBody): SpotView | null {
  const { symbol, pair } = body;
  if (symbol === null || pair === null) return null;
  return {
    symbol,
    legalId: pair.legalId,
    currencyId: pair.currencyId,
    legalName: pair.legalName,
    currencyName: pair.currencyName,
    pricePrecision: pair.pricePrecision,
    amountPrecision: pair.amountPrecision,
    lastPrice: pair.price,
    cnyPrice: ZERO,
    userLegal: ZERO,
    userCurrency: ZERO,
    detail: null,
    loaded: false,
  };
}
