// Session and connection: who is logged in, the masked account, the expiry notice, the socket
// state, the clock offset, the log status and why storage is not in use (SessionView and
// ConnectionView of api.ts).
//
// Invariants (each has a fast-check property of the same name in session.test.ts):
//  S1 loggedOutHasNoUser: when loggedIn is false, userId, account, maskedAccount, email and
//     phone are null, extensionCode is null and isSeller is false.
//  S2 maskedHidesAccount: maskedAccount is null exactly when account is null, and equals
//     maskAccount(account) otherwise (never the full account unless it is too short to mask).
//  S3 expiredMeansLoggedOut: expiredAt ≠ null implies loggedIn is false.
//  S4 reconnectsMonotone: connection.reconnects never decreases.
//  S5 chunkedFoldEqualsWholeFold: folding a sequence at once equals folding it in any chunks.
import type { ConnectionView, SessionView } from '../api.ts';
import { exhaustive } from '../ingest/events.ts';
import type { EngineEvent, UserBody } from '../ingest/events.ts';
import { maskAccount } from './mask.ts';

export interface SessionState {
  session: SessionView;
  connection: ConnectionView;
}

export const LOGGED_OUT: SessionView = {
  loggedIn: false,
  userId: null,
  maskedAccount: null,
  account: null,
  extensionCode: null,
  isSeller: false,
  email: null,
  phone: null,
  reviewStatus: 0,
  expiredAt: null,
};

export const initialSessionState: SessionState = {
  session: LOGGED_OUT,
  connection: { state: 'idle', clockOffsetMs: 0, reconnects: 0, log: 'opening' },
};

// eslint-disable-next-line complexity -- a flat exhaustive switch, one line per event name (CONVENTIONS 2)
export function foldSession(state: SessionState, event: EngineEvent): SessionState {
  switch (event.name) {
    case 'session.login':
      return withSession(state, { ...state.session, loggedIn: true, expiredAt: null });
    case 'session.info':
      return withSession(state, userSession(event.body));
    case 'session.expired':
      return withSession(state, { ...LOGGED_OUT, expiredAt: event.at });
    case 'session.logout':
      return withSession(state, LOGGED_OUT);
    case 'session.expired-ack':
      return state.session.expiredAt === null
        ? state
        : withSession(state, { ...state.session, expiredAt: null });
    case 'socket.state':
      return withConnection(state, {
        state: event.body.state,
        reconnects:
          state.connection.reconnects +
          (isNewOutage(state.connection.state, event.body.state) ? 1 : 0),
      });
    case 'clock.sync':
      return withConnection(state, {
        clockOffsetMs: Math.round(
          event.body.serverMs - (event.body.sentAt + event.body.receivedAt) / 2,
        ),
      });
    case 'log.status':
      return withConnection(
        state,
        // `storage` appears with the first fault only (hash-neutral for older recordings)
        event.body.reason === undefined && state.connection.storage === undefined
          ? { log: event.body.status }
          : { log: event.body.status, storage: event.body.reason ?? null },
      );
    case 'engine.boot':
      // a new page session: nobody is logged in until the stored token is adopted again
      return withConnection(withSession(state, LOGGED_OUT), { state: 'idle' });
    case 'market.quotation':
    case 'market.quotation-failed':
    case 'market.daymarket':
    case 'market.kline':
    case 'market.history':
    case 'system.malformed':
    case 'command.issued':
    case 'command.result':
    case 'command.unknown':
    case 'ui.visible':
    case 'ui.lang':
    case 'ui.select-pair':
    case 'ui.watch-spot':
    case 'ui.chart-period':
    case 'book.top':
    case 'book.snapshot':
    case 'book.delta':
    case 'book.resync':
    case 'spot.transaction':
    case 'spot.balance':
    case 'spot.deal':
    case 'spot.detail':
    case 'trades.push':
    case 'trades.history':
    case 'chart.history':
    case 'chart.history-failed':
    case 'orders.open':
    case 'orders.history':
    case 'orders.failed':
    case 'wallet.list':
    case 'wallet.failed':
    case 'session.user-changed':
    case 'ui.watch-lever':
    case 'lever.deal':
    case 'lever.positions':
    case 'lever.failed':
    case 'lever.trade':
    case 'micro.setup':
    case 'micro.orders':
    case 'micro.failed':
    case 'micro.closed':
    case 'c2c.currencies':
    case 'c2c.ads':
    case 'c2c.deals':
    case 'c2c.deal':
    case 'c2c.limits':
    case 'c2c.failed':
      return state;
    default:
      return exhaustive(event, state);
  }
}

export function foldSessionAll(state: SessionState, events: readonly EngineEvent[]): SessionState {
  return events.reduce(foldSession, state);
}

function userSession(user: UserBody): SessionView {
  const account = user.account === '' ? (user.email ?? user.phone ?? '') : user.account;
  return {
    loggedIn: true,
    userId: user.id,
    account: account === '' ? null : account,
    maskedAccount: account === '' ? null : maskAccount(account),
    extensionCode: user.extensionCode === '' ? null : user.extensionCode,
    isSeller: user.isSeller,
    email: user.email,
    phone: user.phone,
    reviewStatus: user.reviewStatus,
    expiredAt: null,
  };
}

/** A reconnect is counted when an online connection is lost. */
function isNewOutage(previous: ConnectionView['state'], next: ConnectionView['state']): boolean {
  return previous === 'online' && next === 'reconnecting';
}

function withSession(state: SessionState, session: SessionView): SessionState {
  return { ...state, session };
}

function withConnection(state: SessionState, patch: Partial<ConnectionView>): SessionState {
  const connection = { ...state.connection, ...patch };
  const c = state.connection;
  const same =
    c.state === connection.state &&
    c.clockOffsetMs === connection.clockOffsetMs &&
    c.reconnects === connection.reconnects &&
    c.log === connection.log &&
    (c.storage ?? null) === (connection.storage ?? null);
  return same ? state : { ...state, connection };
}
