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
//  S6 heldOnlyForItsLogin: after a new page session, the user's info comes back only with a
//     restored login of the same tag as the login it was fetched for (held.ts); any other login
//     starts without a user until user/info answers.
import type { ConnectionView, SessionView } from '../api.ts';
import type { EngineEvent, UserBody } from '../events.ts';
import { heldFor, holdAtBoot, NO_LOGIN } from './held.ts';
import type { LoginScope } from './held.ts';
import { maskAccount } from './mask.ts';
import { partedFromHandlers } from './projection.ts';
import type { Handlers } from './projection.ts';

export interface SessionState extends LoginScope<SessionView> {
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
  ...NO_LOGIN,
};

const on = {
  'session.login': (state, event) => {
    const tag = event.body.tag ?? null;
    // the same login restored: who it is, as the page session before knew it
    const known = heldFor(state, event.body.restored, tag) ?? state.session;
    const session = { ...known, loggedIn: true, expiredAt: null };
    // a fresh login begins a login partition: an offer of the one before goes
    const next = event.body.restored ? state : withoutIncident(state);
    return { ...next, session, tag, held: null };
  },
  'session.info': (state, event) => withSession(state, userSession(event.body)),
  'session.expired': (state, event) => ({
    ...withoutIncident(withSession(state, { ...LOGGED_OUT, expiredAt: event.at })),
    ...NO_LOGIN,
  }),
  'session.logout': (state) => ({
    ...withoutIncident(withSession(state, LOGGED_OUT)),
    ...NO_LOGIN,
  }),
  'session.expired-ack': (state) =>
    state.session.expiredAt === null
      ? state
      : withSession(state, { ...state.session, expiredAt: null }),
  'socket.state': (state, event) =>
    withConnection(state, {
      state: event.body.state,
      reconnects:
        state.connection.reconnects +
        (isNewOutage(state.connection.state, event.body.state) ? 1 : 0),
    }),
  'clock.sync': (state, event) =>
    withConnection(state, {
      clockOffsetMs: Math.round(
        event.body.serverMs - (event.body.sentAt + event.body.receivedAt) / 2,
      ),
    }),
  'log.status': (state, event) =>
    withConnection(
      state,
      // `storage` appears with the first fault only (hash-neutral for older recordings)
      event.body.reason === undefined && state.connection.storage === undefined
        ? { log: event.body.status }
        : { log: event.body.status, storage: event.body.reason ?? null },
    ),
  // the flight recorder's offer (issue 47): the first break is offered until declined; the
  // report is of one login and one page session, so a new one withdraws it
  'flight.break': (state, event) =>
    state.connection.incident === undefined || state.connection.incident === null
      ? { ...state, connection: { ...state.connection, incident: event.body } }
      : state,
  'flight.dismiss': (state) => withoutIncident(state),
  // a new page session: nobody is logged in until the stored token is adopted again; who was,
  // is held for that login
  'engine.boot': (state) => ({
    ...withoutIncident(withConnection(withSession(state, LOGGED_OUT), { state: 'idle' })),
    ...holdAtBoot(state, state.session.userId === null ? null : state.session),
  }),
} satisfies Handlers<SessionState>;

/** The session projection of the registry (registry.ts). */
export const sessionProjection = partedFromHandlers('session', initialSessionState, on);

export const foldSession = sessionProjection.fold;

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

/** The incident's offer withdrawn (left absent when there never was one: hashes unchanged). */
function withoutIncident(state: SessionState): SessionState {
  const incident = state.connection.incident;
  if (incident === undefined || incident === null) return state;
  return { ...state, connection: { ...state.connection, incident: null } };
}

function withConnection(state: SessionState, patch: Partial<ConnectionView>): SessionState {
  const connection = { ...state.connection, ...patch };
  const c = state.connection;
  const same =
    c.state === connection.state &&
    c.clockOffsetMs === connection.clockOffsetMs &&
    c.reconnects === connection.reconnects &&
    c.log === connection.log &&
    (c.storage ?? null) === (connection.storage ?? null) &&
    c.incident === connection.incident;
  return same ? state : { ...state, connection };
}
