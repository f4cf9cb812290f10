// The socket.io transport (api-contract §3, ARCHITECTURE §4): one socket, our own jittered
// reconnect (socket.io's is off so that timing and randomness are injected), `login {token}`
// on every connect when logged in, and a `resync$` tick after each REconnect so the engine
// refetches snapshots. Nothing is ever emitted while disconnected: socket.io would buffer it
// and replay it later, which is wrong for anything but idempotent reads.
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
] as const;

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
  services: Pick<Services, 'socket' | 'timers' | 'random'>;
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
  let everConnected = false;
  let closed = false;
  let retry: TimerId | null = null;

  const emitLogin = (): void => {
    const token = options.token();
    if (socket !== null && socket.connected && token !== null) socket.emit('login', { token });
  };

  const scheduleReconnect = (): void => {
    if (closed || retry !== null) return;
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
    if (everConnected) resync$.next();
    everConnected = true;
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
    for (const event of PUSH_EVENTS)
      s.on(event, (payload: unknown) => push$.next({ event, payload }));
    return s;
  };

  return {
    state$: state$.pipe(distinctUntilChanged()),
    push$: push$.asObservable(),
    resync$: resync$.asObservable(),
    state: () => state$.getValue(),
    connect() {
      if (socket !== null || closed) return;
      socket = create();
      state$.next('connecting');
      socket.connect();
    },
    login: emitLogin,
    emit(event, payload) {
      if (socket === null || !socket.connected || closed) return false;
      socket.emit(event, payload);
      return true;
    },
    relogAsVisitor() {
      if (socket === null || closed) return;
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
      socket.disconnect();
      state$.next('connecting');
      socket.connect();
    },
    close() {
      closed = true;
      if (retry !== null) timers.clearTimeout(retry);
      socket?.disconnect();
      state$.next('offline');
      state$.complete();
      push$.complete();
      resync$.complete();
    },
  };
}
