// The user's four accounts (WalletView of api.ts), from wallet/list replies; the engine fetches
// the list again on `update_balance` and after the user's own transfers and requests.
//
// A new page session starts with no balances shown; what the last one knew is held aside for
// its login (held.ts) and comes back, marked `held` (as of its time, never `loaded`), when that
// same login is taken into use again: so a page opened offline shows the last known balances,
// labelled, and never another login's.
//
// Invariants (each has a fast-check property of the same name in wallet.test.ts):
//  W1 emptyWithoutSession: after logout or expiry the view is the empty initial one, and so it
//     is after a new page session until its stored login is taken into use again (no balance of
//     a previous user survives).
//  W2 lastReplyWins: after a list reply the view holds exactly that reply's accounts, whatever
//     came before (loaded, not held); a failure keeps the rows and only sets the error.
//  W3 rowsBelongToTheirAccount: the legal rows are legal currencies, lever rows lever ones,
//     micro rows micro ones (a reply's row in the wrong list is dropped).
//  W4 heldOnlyForItsLogin: a view shows accounts of an earlier page session only after a
//     restored login with the tag of the login that fetched them; it is then `held` and not
//     `loaded`, with their time. Any other login shows none.
import { INITIAL_VIEWS } from '../api.ts';
import type { AccountName, AccountView, WalletView } from '../api.ts';
import type { EngineEvent, WalletBody } from '../events.ts';
import { heldFor, holdAtBoot, NO_LOGIN } from './held.ts';
import type { LoginScope } from './held.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

export interface WalletState extends LoginScope<WalletView> {
  view: WalletView;
}

export const initialWalletView: WalletView = INITIAL_VIEWS.wallet;
export const initialWalletState: WalletState = { view: initialWalletView, ...NO_LOGIN };

const signedOut = (state: WalletState): WalletState =>
  state.view === initialWalletView && state.tag === null && state.held === null
    ? state
    : initialWalletState;

const on = {
  'wallet.list': (state, event) => ({ ...state, view: fromReply(event.body, event.at) }),
  'wallet.failed': (state, event) =>
    state.view.error === event.body.message
      ? state
      : { ...state, view: { ...state.view, error: event.body.message } },
  'session.login': (state, event) => login(state, event.body.restored, event.body.tag ?? null),
  'session.logout': signedOut,
  'session.expired': signedOut,
  'engine.boot': (state) => {
    const known = state.view.loaded || state.view.held;
    const scope = holdAtBoot(state, known ? state.view : null);
    return scope === NO_LOGIN ? signedOut(state) : { view: initialWalletView, ...scope };
  },
} satisfies Handlers<WalletState>;

/**
 * A login taken into use: the held view comes back (held, as of its time) when it is the same
 * login restored; another login never sees the accounts of the one before.
 */
function login(state: WalletState, restored: boolean, tag: string | null): WalletState {
  const held = heldFor(state, restored, tag);
  if (held !== null) return { view: { ...held, loaded: false, held: true }, tag, held: null };
  if (tag === state.tag && state.held === null) return state;
  return { view: tag === state.tag ? state.view : initialWalletView, tag, held: null };
}

export type WalletEvent = HandledEvent<typeof on>;

export const foldWallet = (state: WalletState, event: EngineEvent): WalletState =>
  foldWith(walletProjection.table, state, event);

export const walletProjection = defineProjection({
  name: 'wallet',
  initial: initialWalletState,
  on,
  view: (state: WalletState) => state.view,
});

const BELONGS: Record<AccountName, (row: AccountView['rows'][number]) => boolean> = {
  legal: (r) => r.isLegal,
  change: () => true,
  lever: (r) => r.isLever,
  micro: (r) => r.isMicro,
};

function fromReply(body: WalletBody, at: number): WalletView {
  const accounts = { ...body.accounts };
  for (const name of Object.keys(accounts) as AccountName[]) {
    const account = accounts[name];
    if (!account.rows.every(BELONGS[name]))
      accounts[name] = { ...account, rows: account.rows.filter(BELONGS[name]) };
  }
  return {
    loaded: true,
    held: false,
    error: null,
    fundingOpen: body.fundingOpen,
    exRate: body.exRate,
    accounts,
    at,
  };
}
