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
import type { SpotDealBody, WatchSpotBody } from '../events.ts';
import { definePart, type HandledEvent, type Handlers } from './projection.ts';

export interface SpotViewState {
  symbol: string | null;
  view: SpotView | null;
}

export const initialSpotViewState: SpotViewState = { symbol: null, view: null };

const ZERO = '0' as DecStr;

/** A logout or an expiry: both balances "0". */
const signedOut = (state: SpotViewState): SpotViewState =>
  state.view === null || (state.view.userLegal === ZERO && state.view.userCurrency === ZERO)
    ? state
    : with_(state, { userLegal: ZERO, userCurrency: ZERO });

/** The panel's events, one handler each (projection.ts). */
const SPOT_VIEW_ON = {
  'ui.watch-spot': (state, event) =>
    event.body.symbol === state.symbol
      ? state
      : { symbol: event.body.symbol, view: initialView(event.body) },
  'spot.deal': (state, event) =>
    state.view === null || event.body.symbol !== state.symbol ? state : deal(state, event.body),
  'spot.detail': (state, event) =>
    state.view === null || event.body.symbol !== state.symbol
      ? state
      : with_(state, { detail: event.body.detail }),
  'spot.transaction': (state, event) =>
    state.view !== null &&
    event.body.legalId === state.view.legalId &&
    event.body.currencyId === state.view.currencyId
      ? lastPrice(state, event.body.lastPrice)
      : state,
  'market.daymarket': (state, event) =>
    event.body.symbol === state.symbol ? lastPrice(state, event.body.price) : state,
  'session.logout': signedOut,
  'session.expired': signedOut,
} satisfies Handlers<SpotViewState>;

export const spotViewPart = definePart<SpotViewState, typeof SPOT_VIEW_ON>(SPOT_VIEW_ON);
export type SpotViewEvent = HandledEvent<typeof SPOT_VIEW_ON>;
export const SPOT_VIEW_EVENTS = spotViewPart.events;
export const isSpotViewEvent = spotViewPart.handles;
export const foldSpotView = spotViewPart.fold;

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
