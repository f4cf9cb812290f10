// The watched lever pair (LeverView of api.ts): the panel (lever/deal), the user's positions
// by tab (holding 1, entrusts 0, closed 3, revoked 4) and the live risk of the quote currency.
// Lists come from lever/my_trade replies; holding and entrusts are then replaced by every
// `lever_trade` push of that quote currency (tabs 0 and 1 update live, spec §4).
//
// What the login knew of a pair's tabs is set aside when the watch moves on and at a new page
// session (held.ts), and shown again, held (as of its time, never loaded), when the same login
// watches that pair before the server has answered (issue 25, ADR 0032). The risk is not held:
// it is a live figure, and a held one would warn of a liquidation that may be long past.
//
// Invariants (each has a fast-check property of the same name in lever.test.ts):
//  LV1 positionsClearedWithoutSession: after logout or expiry no position, risk or balance of
//      the previous user is left, and nothing is held; a new page session starts with no list
//      of its own (LV6 says what it may hold).
//  LV2 otherSymbolsIgnored: replies about another pair change nothing.
//  LV3 pushReplacesLiveLists: after a push of the watched quote currency, holding and entrusts
//      are exactly the push's positions of the watched pair, and the risk is the push's.
//  LV4 stalePushIgnored: a push whose server time is before the last applied push's changes
//      nothing (a reordered push never brings back a closed position).
//  LV5 riskFollowsPositions: after a holding reply or a push that has no open position of the
//      quote currency, the risk has no rate, no P&L and no margin (a close, a batch close, a
//      stop or a liquidation leaves no figure behind); with open positions the P&L is the
//      reply's or the push's.
//  LV6 heldOnlyForItsLogin: a tab shows positions this page session's server did not send only
//      while the login in use has the tag of the login that fetched them and the watched pair
//      is theirs; it is then held and not loaded, with their time, and a later page never
//      appends to it. Any other login shows none.
import type { DecStr } from '../../shared/decimal.ts';
import { INITIAL_VIEWS } from '../api.ts';
import type {
  LeverListView,
  LeverPositionView,
  LeverRiskView,
  LeverTab,
  LeverView,
} from '../api.ts';
import type { EngineEvent, LeverPositionsBody, LeverTradeBody, WatchLeverBody } from '../events.ts';
import { heldOfLogin, holdAtBoot, keptForLogin, NO_LOGIN, setAside } from './held.ts';
import type { LoginScope } from './held.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

/** The tabs of a pair as the login knew them (a tab not known is the empty, unloaded list). */
export interface HeldLever {
  symbol: string;
  lists: Pick<LeverView, LeverTab>;
  pages: LeverState['pages'];
}

export interface LeverState extends LoginScope<HeldLever> {
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
  ...NO_LOGIN,
};

const TABS: readonly LeverTab[] = ['holding', 'entrusts', 'closed', 'revoked'];

const on = {
  'ui.watch-lever': (state, event) =>
    event.body.symbol === state.view.symbol ? state : watch(state, event.body),
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
  'session.login': (state, event) => login(state, event.body.restored, event.body.tag ?? null),
  'session.logout': signedOut,
  'session.expired': signedOut,
  'engine.boot': (state) => {
    // a new page session watches nothing; what the login knew is held for it
    const scope = holdAtBoot(state, known(state) ?? heldOfLogin(state));
    if (scope !== NO_LOGIN) return { ...initialLeverState, ...scope };
    return state === initialLeverState ? state : initialLeverState;
  },
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

/** Another pair (or none): the tabs of the one before are set aside for the login. */
function watch(state: LeverState, body: WatchLeverBody): LeverState {
  const { tag, held } = setAside(state, known(state));
  return giveBack({
    view: { ...initialLeverView, symbol: body.symbol },
    legalId: body.legalId,
    currencyId: body.currencyId,
    pages: { closed: 0, revoked: 0 },
    tag,
    held,
  });
}

/** The same login restored keeps what is held; another one sees nothing of the one before. */
function login(state: LeverState, restored: boolean, tag: string | null): LeverState {
  const scope = keptForLogin(state, restored, tag);
  if (tag === state.tag && scope.held?.value === state.held?.value) return state;
  const kept = tag === state.tag ? state : cleared(state);
  return giveBack({ ...kept, tag: scope.tag, held: scope.held });
}

/**
 * Shown, or held: rows with a time (a list decoded from a checkpoint written before lists had
 * one is not held: it could not say as of when).
 */
const isKnown = (list: LeverListView): boolean => (list.loaded || list.held) && list.at > 0;

/** The watched pair's tabs, if any is known, to be set aside. */
function known(state: LeverState): HeldLever | null {
  const { view } = state;
  if (view.symbol === null || !TABS.some((tab) => isKnown(view[tab]))) return null;
  const { holding, entrusts, closed, revoked } = view;
  return { symbol: view.symbol, lists: { holding, entrusts, closed, revoked }, pages: state.pages };
}

/** The held tabs of the watched pair, in each tab this page session knows nothing of (LV6). */
function giveBack(state: LeverState): LeverState {
  const held = heldOfLogin(state);
  if (held === null || held.symbol !== state.view.symbol) return state;
  const back = TABS.filter((tab) => !isKnown(state.view[tab]) && isKnown(held.lists[tab]));
  if (back.length === 0) return state;
  const view = { ...state.view };
  for (const tab of back) view[tab] = { ...held.lists[tab], loaded: false, held: true };
  const pages = {
    closed: back.includes('closed') ? held.pages.closed : state.pages.closed,
    revoked: back.includes('revoked') ? held.pages.revoked : state.pages.revoked,
  };
  return { ...state, view, pages };
}

function with_(state: LeverState, patch: Partial<LeverView>): LeverState {
  return { ...state, view: { ...state.view, ...patch } };
}

const TAB_PAGE: Partial<Record<LeverTab, 'closed' | 'revoked'>> = {
  closed: 'closed',
  revoked: 'revoked',
};

function positions(state: LeverState, body: LeverPositionsBody, at: number): LeverState {
  const current = state.view[body.tab];
  // LV6: a next page of this session does not continue the rows of another
  if (body.fromPage > 1 && current.held) return state;
  const rows = body.fromPage <= 1 ? body.rows : appendNew(current.rows, body.rows);
  const list: LeverListView = { rows, hasMore: body.hasMore, loaded: true, held: false, at };
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
    holding: { rows: body.holding.filter(pair), hasMore: false, loaded: true, held: false, at },
    entrusts: { rows: body.entrusts.filter(pair), hasMore: false, loaded: true, held: false, at },
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
  const out = cleared(state);
  return out.tag === null && out.held === null ? out : { ...out, ...NO_LOGIN };
}

/** No position, risk or balance of the user left in view. */
function cleared(state: LeverState): LeverState {
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
