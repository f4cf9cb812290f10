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
import type { DecStr } from '../../shared/decimal.ts';
import type { AccountName, AccountView, WalletView } from '../api.ts';
import { exhaustive } from '../ingest/events.ts';
import type { EngineEvent, WalletBody } from '../ingest/events.ts';

export interface WalletState {
  view: WalletView;
}

const ZERO = '0' as DecStr;
const emptyAccount: AccountView = { rows: [], totalUsdt: ZERO, totalCny: ZERO };

export const initialWalletView: WalletView = {
  loaded: false,
  error: null,
  fundingOpen: false,
  exRate: ZERO,
  accounts: { legal: emptyAccount, change: emptyAccount, lever: emptyAccount, micro: emptyAccount },
  at: 0,
};
export const initialWalletState: WalletState = { view: initialWalletView };

export const WALLET_EVENTS = [
  'wallet.list',
  'wallet.failed',
  'session.logout',
  'session.expired',
  'engine.boot',
] as const satisfies readonly EngineEvent['name'][];
export type WalletEvent = Extract<EngineEvent, { name: (typeof WALLET_EVENTS)[number] }>;
const SET: ReadonlySet<string> = new Set(WALLET_EVENTS);
export const isWalletEvent = (e: EngineEvent): e is WalletEvent => SET.has(e.name);

export function foldWallet(state: WalletState, event: WalletEvent): WalletState {
  switch (event.name) {
    case 'wallet.list':
      return { view: fromReply(event.body, event.at) };
    case 'wallet.failed':
      return state.view.error === event.body.message
        ? state
        : { view: { ...state.view, error: event.body.message } };
    case 'session.logout':
    case 'session.expired':
    case 'engine.boot':
      return state.view === initialWalletView ? state : initialWalletState;
    default:
      return exhaustive(event, state);
  }
}

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
