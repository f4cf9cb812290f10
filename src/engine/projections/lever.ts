// The watched lever pair (LeverView of api.ts): the panel (lever/deal), the user's positions
// by tab (holding 1, entrusts 0, closed 3, revoked 4) and the live risk of the quote currency.
// Lists come from lever/my_trade replies; holding and entrusts are then replaced by every
// `lever_trade` push of that quote currency (tabs 0 and 1 update live, spec §4).
//
// Invariants (each has a fast-check property of the same name in lever.test.ts):
//  LV1 positionsClearedWithoutSession: after logout or expiry no position, risk or balance of
//      the previous user is left; a new page session starts empty.
//  LV2 otherSymbolsIgnored: replies about another pair change nothing.
//  LV3 pushReplacesLiveLists: after a push of the watched quote currency, holding and entrusts
//      are exactly the push's positions of the watched pair, and the risk is the push's.
//  LV4 stalePushIgnored: a push whose server time is before the last applied push's changes
//      nothing (a reordered push never brings back a closed position).
//  LV5 riskFollowsPositions: after a holding reply or a push that has no open position of the
//      quote currency, the risk has no rate, no P&L and no margin (a close, a batch close, a
//      stop or a liquidation leaves no figure behind); with open positions the P&L is the
//      reply's or the push's.
import type { DecStr } from '../../shared/decimal.ts';
import { INITIAL_VIEWS } from '../api.ts';
import type {
  LeverListView,
  LeverPositionView,
  LeverRiskView,
  LeverTab,
  LeverView,
} from '../api.ts';
import type { EngineEvent, LeverPositionsBody, LeverTradeBody } from '../events.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

export interface LeverState {
  view: LeverView;
  legalId: number | null;
  currencyId: number | null;
  /** Pages loaded of the paged tabs. */
  pages: { closed: number; revoked: number };
  /**
   * `server_time` of the last `lever_trade` push applied; absent until a push carries one (so
   * the state of recordings without it, and their hashes, stay as they were).
   */
  pushTime?: number;
}

export const initialLeverView: LeverView = INITIAL_VIEWS.lever;
/** The empty list of every tab (one object: a signed-out view is recognized by identity). */
const emptyList: LeverListView = initialLeverView.holding;
const ZERO = '0' as DecStr;

export const initialLeverState: LeverState = {
  view: initialLeverView,
  legalId: null,
  currencyId: null,
  pages: { closed: 0, revoked: 0 },
};

const on = {
  'ui.watch-lever': (state, event) =>
    event.body.symbol === state.view.symbol
      ? state
      : {
          view: { ...initialLeverView, symbol: event.body.symbol },
          legalId: event.body.legalId,
          currencyId: event.body.currencyId,
          pages: { closed: 0, revoked: 0 },
        },
  'lever.deal': (state, event) =>
    event.body.symbol !== state.view.symbol || state.legalId === null || state.currencyId === null
      ? state
      : with_(state, {
          deal: { ...event.body, legalId: state.legalId, currencyId: state.currencyId },
          error: null,
        }),
  'lever.positions': (state, event) =>
    event.body.symbol === state.view.symbol ? positions(state, event.body, event.at) : state,
  'lever.failed': (state, event) =>
    event.body.symbol === state.view.symbol ? with_(state, { error: event.body.message }) : state,
  'lever.trade': (state, event) =>
    state.view.symbol !== null &&
    (event.body.legalId === null || event.body.legalId === state.legalId)
      ? trade(state, event.body, event.at)
      : state,
  'session.logout': signedOut,
  'session.expired': signedOut,
  'engine.boot': (state) => (state === initialLeverState ? state : initialLeverState),
} satisfies Handlers<LeverState>;

export type LeverEvent = HandledEvent<typeof on>;

export const foldLever = (state: LeverState, event: EngineEvent): LeverState =>
  foldWith(leverProjection.table, state, event);

export const leverProjection = defineProjection({
  name: 'lever',
  initial: initialLeverState,
  on,
  view: (state: LeverState) => state.view,
});

function with_(state: LeverState, patch: Partial<LeverView>): LeverState {
  return { ...state, view: { ...state.view, ...patch } };
}

const TAB_PAGE: Partial<Record<LeverTab, 'closed' | 'revoked'>> = {
  closed: 'closed',
  revoked: 'revoked',
};

function positions(state: LeverState, body: LeverPositionsBody, at: number): LeverState {
  const current = state.view[body.tab];
  const rows = body.fromPage <= 1 ? body.rows : appendNew(current.rows, body.rows);
  const list: LeverListView = { rows, hasMore: body.hasMore, loaded: true };
  const pageKey = TAB_PAGE[body.tab];
  const pages = pageKey === undefined ? state.pages : { ...state.pages, [pageKey]: body.fromPage };
  const risk =
    body.tab === 'holding' && state.legalId !== null
      ? holdingRisk(state.view.risk, state.legalId, body, rows.length === 0, at)
      : state.view.risk;
  return { ...state, pages, view: { ...state.view, [body.tab]: list, risk, error: null } };
}

/**
 * The risk after a holding reply (LV5). The server counts the quote currency's open positions
 * (extension); without that count this pair's holding list is all the reply tells.
 */
function holdingRisk(
  before: LeverRiskView | null,
  legalId: number,
  body: LeverPositionsBody,
  noRows: boolean,
  at: number,
): LeverRiskView {
  const none = body.openPositions === undefined ? noRows : body.openPositions === 0;
  return {
    legalId,
    hazardRate: none ? null : body.hazardRate,
    profitsAll: none ? ZERO : (body.profitsAll ?? before?.profitsAll ?? ZERO),
    marginAll: none ? ZERO : (before?.marginAll ?? ZERO),
    balance: before?.balance ?? null,
    at,
  };
}

function appendNew(
  current: readonly LeverPositionView[],
  more: readonly LeverPositionView[],
): LeverPositionView[] {
  const seen = new Set(current.map((p) => p.id));
  return [...current, ...more.filter((p) => !seen.has(p.id))];
}

function trade(state: LeverState, body: LeverTradeBody, at: number): LeverState {
  const time = body.serverTime ?? null;
  if (time !== null && state.pushTime !== undefined && time < state.pushTime) return state;
  const pair = (p: LeverPositionView) =>
    state.currencyId === null || p.currencyId === state.currencyId;
  const legalId = body.legalId ?? state.legalId ?? 0;
  const deal = state.view.deal;
  // the push lists every open position of the quote currency: none, no figures (LV5)
  const none = body.holding.length === 0;
  return with_(time === null ? state : { ...state, pushTime: time }, {
    holding: { rows: body.holding.filter(pair), hasMore: false, loaded: true },
    entrusts: { rows: body.entrusts.filter(pair), hasMore: false, loaded: true },
    risk: {
      legalId,
      hazardRate: none ? null : body.hazardRate,
      profitsAll: none ? ZERO : body.profitsAll,
      marginAll: none ? ZERO : body.marginAll,
      balance: body.balance,
      at,
    },
    deal: deal === null || body.balance === null ? deal : { ...deal, balance: body.balance },
  });
}

function signedOut(state: LeverState): LeverState {
  const v = state.view;
  if (
    v.risk === null &&
    v.holding === emptyList &&
    v.entrusts === emptyList &&
    v.closed === emptyList &&
    v.revoked === emptyList &&
    (v.deal === null || v.deal.balance === '0')
  )
    return state;
  return {
    ...state,
    pages: { closed: 0, revoked: 0 },
    view: {
      ...v,
      deal: v.deal === null ? null : { ...v.deal, balance: '0' as DecStr },
      holding: emptyList,
      entrusts: emptyList,
      closed: emptyList,
      revoked: emptyList,
      risk: null,
    },
  };
}
