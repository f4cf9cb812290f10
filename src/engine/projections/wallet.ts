// The user's four accounts (WalletView of api.ts), from wallet/list replies; the engine fetches
// the list again on `update_balance` and after the user's own transfers and requests.
//
// Invariants (each has a fast-check property of the same name in wallet.test.ts):
//  W1 emptyWithoutSession: after logout, expiry or a new page session the view is the empty
//     initial one (no balance of a previous user survives).
//  W2 lastReplyWins: after a list reply the view holds exactly that reply's accounts, whatever
//     came before; a failure keeps the rows and only sets the error.
//  W3 rowsBelongToTheirAccount: the legal rows are legal currencies, lever rows lever ones,
//     micro rows micro ones (a reply's row in the wrong list is dropped).
import { INITIAL_VIEWS } from '../api.ts';
import type { AccountName, AccountView, WalletView } from '../api.ts';
import type { EngineEvent, WalletBody } from '../events.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

export interface WalletState {
  view: WalletView;
}

export const initialWalletView: WalletView = INITIAL_VIEWS.wallet;
export const initialWalletState: WalletState = { view: initialWalletView };

const signedOut = (state: WalletState): WalletState =>
  state.view === initialWalletView ? state : initialWalletState;

const on = {
  'wallet.list': (_state, event) => ({ view: fromReply(event.body, event.at) }),
  'wallet.failed': (state, event) =>
    state.view.error === event.body.message
      ? state
      : { view: { ...state.view, error: event.body.message } },
  'session.logout': signedOut,
  'session.expired': signedOut,
  'engine.boot': signedOut,
} satisfies Handlers<WalletState>;

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
    error: null,
    fundingOpen: body.fundingOpen,
    exRate: body.exRate,
    accounts,
    at,
  };
}
