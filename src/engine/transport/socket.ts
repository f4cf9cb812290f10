// The socket.io transport (api-contract §3, ARCHITECTURE §4): one socket, our own jittered
// reconnect (socket.io's is off so that timing and randomness are injected), `login {token}`
// on every connect when logged in, and a `resync$` tick after each REconnect so the engine
// refetches snapshots — and after a first connect that came only after failed attempts or an
// offline wait (a page opened without a network: its start-up requests failed too). Nothing is ever emitted while disconnected: socket.io would buffer it
// and replay it later, which is wrong for anything but idempotent reads.
//
// A dead connection is noticed within seconds, not after socket.io's 45 s ping timeout (issue
// 20, item 6): the browser's offline event drops the socket at once ('offline' until the online
// event, which reconnects without waiting for the backoff), and a watchdog on the market pushes
// a live server sends every second (daymarket, depth, detail, kline) replaces a socket that has
// gone silent for STALE_PUSH_MS. The watchdog arms on the first market push of a connection,
// so a server that streams nothing is never taken for a dead one.
import { BehaviorSubject, Subject, distinctUntilChanged } from 'rxjs';
import type { Observable } from 'rxjs';
import type { ConnectionState } from '../api.ts';
import type { Services, SocketLike, TimerId } from '../services.ts';
import { backoffDelay } from './backoff.ts';

export const SOCKET_PATH = '/wss/socket.io/';
export const PUSH_EVENTS = [
  'daymarket',
  'kline',
  'market_depth',
  'market_detail',
  'transaction',
  'update_balance',
  'update_user',
  'lever_trade',
  'closed_microorder',
  'c2c_deal',
  'notification',
  'notification_read',
] as const;

/** Pushes a live server sends every second; their silence means the socket is dead. */
const HEARTBEAT_EVENTS: ReadonlySet<string> = new Set([
  'daymarket',
  'kline',
  'market_depth',
  'market_detail',
]);
/** Silence after which a connection that was streaming is taken for dead. */
export const STALE_PUSH_MS = 3500;
/** How often the watchdog looks: a dead socket is reported within STALE_PUSH_MS + this. */
export const WATCHDOG_TICK_MS = 500;

export interface RawPush {
  event: string;
  payload: unknown;
}

export interface SocketTransport {
  readonly state$: Observable<ConnectionState>;
  readonly push$: Observable<RawPush>;
  /** Emits after every reconnect (not the first connect): time to refetch snapshots. */
  readonly resync$: Observable<void>;
  state(): ConnectionState;
  connect(): void;
  /** Send `login {token}` now if connected (else it is sent on the next connect). */
  login(): void;
  /**
   * Emit a (idempotent) request now if connected; returns false, and sends nothing, while
   * disconnected (never through socket.io's offline buffer). Callers re-send on connect.
   */
  emit(event: string, payload: unknown): boolean;
  /** Drop the user's room: reconnect as a visitor. */
  relogAsVisitor(): void;
  close(): void;
}

export interface SocketOptions {
  services: Pick<Services, 'socket' | 'timers' | 'random' | 'clock' | 'network'>;
  url: string;
  token: () => string | null;
}

export function createSocketTransport(options: SocketOptions): SocketTransport {
  const state$ = new BehaviorSubject<ConnectionState>('idle');
  const push$ = new Subject<RawPush>();
  const resync$ = new Subject<void>();
  const { timers } = options.services;
  let socket: SocketLike | null = null;
  let attempt = 0;
  /**
   * A connect from now on is a REconnect: one came before, or an attempt failed or waited for
   * the network (what the engine fetched meanwhile may be missing or out of date).
   */
  let resyncOnConnect = false;
  let closed = false;
  let retry: TimerId | null = null;
  let watchdog: TimerId | null = null;
  /** Time of the last market push on this connection; null until the first one. */
  let lastBeat: number | null = null;
  let networkDown = options.services.network?.online() === false;

  const stopWatchdog = (): void => {
    if (watchdog !== null) timers.clearInterval(watchdog);
    watchdog = null;
    lastBeat = null;
  };

  const beat = (): void => {
    lastBeat = options.services.clock.now();
    if (watchdog !== null) return;
    watchdog = timers.setInterval(() => {
      if (lastBeat === null || options.services.clock.now() - lastBeat < STALE_PUSH_MS) return;
      // Streaming stopped: the socket is dead even if socket.io has not noticed yet.
      stopWatchdog();
      if (socket === null || closed) return;
      socket.disconnect();
      scheduleReconnect();
    }, WATCHDOG_TICK_MS);
  };

  const cancelRetry = (): void => {
    if (retry !== null) timers.clearTimeout(retry);
    retry = null;
  };

  /** Connect now, or say 'offline' while the browser knows there is no network. */
  const connectNow = (state: 'connecting' | 'reconnecting'): void => {
    if (socket === null) return;
    if (networkDown) {
      resyncOnConnect = true;
      state$.next('offline');
      return;
    }
    state$.next(state);
    socket.connect();
  };

  const emitLogin = (): void => {
    const token = options.token();
    if (socket !== null && socket.connected && token !== null) socket.emit('login', { token });
  };

  const scheduleReconnect = (): void => {
    stopWatchdog();
    if (closed || retry !== null) return;
    resyncOnConnect = true;
    if (networkDown) {
      state$.next('offline');
      return;
    }
    state$.next('reconnecting');
    const delay = backoffDelay(attempt, options.services.random.next());
    attempt += 1;
    retry = timers.setTimeout(() => {
      retry = null;
      if (!closed && socket !== null && !socket.connected) socket.connect();
    }, delay);
  };

  const onConnect = (): void => {
    attempt = 0;
    state$.next('online');
    emitLogin();
    if (resyncOnConnect) resync$.next();
    resyncOnConnect = true;
  };

  const onDisconnect = (...args: unknown[]): void => {
    if (closed || args[0] === 'io client disconnect') return;
    scheduleReconnect();
  };

  const create = (): SocketLike => {
    const s = options.services.socket(options.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      autoConnect: false,
      reconnection: false,
    });
    s.on('connect', onConnect);
    s.on('disconnect', onDisconnect);
    s.on('connect_error', () => scheduleReconnect());
    for (const event of PUSH_EVENTS) {
      const heartbeat = HEARTBEAT_EVENTS.has(event);
      s.on(event, (payload: unknown) => {
        if (heartbeat) beat();
        push$.next({ event, payload });
      });
    }
    return s;
  };

  const onNetwork = (online: boolean): void => {
    if (closed || online === !networkDown) return;
    networkDown = !online;
    if (socket === null) return;
    if (!online) {
      // The browser knows the network is gone: say so now, and stop retrying until it is back.
      stopWatchdog();
      cancelRetry();
      socket.disconnect();
      state$.next('offline');
      return;
    }
    // Back online: try at once, with a fresh backoff.
    attempt = 0;
    cancelRetry();
    if (!socket.connected) connectNow('reconnecting');
  };
  const unsubscribeNetwork = options.services.network?.subscribe(onNetwork);

  return {
    state$: state$.pipe(distinctUntilChanged()),
    push$: push$.asObservable(),
    resync$: resync$.asObservable(),
    state: () => state$.getValue(),
    connect() {
      if (socket !== null || closed) return;
      socket = create();
      connectNow('connecting');
    },
    login: emitLogin,
    emit(event, payload) {
      if (socket === null || !socket.connected || closed) return false;
      socket.emit(event, payload);
      return true;
    },
    relogAsVisitor() {
      if (socket === null || closed) return;
      cancelRetry();
      stopWatchdog();
      socket.disconnect();
      connectNow('connecting');
    },
    close() {
      closed = true;
      unsubscribeNetwork?.();
      stopWatchdog();
      cancelRetry();
      socket?.disconnect();
      state$.next('offline');
      state$.complete();
      push$.complete();
      resync$.complete();
    },
  };
}
