// The socket.io transport (api-contract §3, ARCHITECTURE §4): one socket, our own jittered
// reconnect (socket.io's is off so that timing and randomness are injected), `login {token}`
// on every connect when logged in, and a `resync$` tick after each REconnect so the engine
// refetches snapshots — and after a first connect that came only after failed attempts or an
// offline wait (a page opened without a network: its start-up requests failed too). Nothing is
// ever emitted while disconnected: socket.io would buffer it and replay it later, which is wrong
// for anything but idempotent reads.
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
  const link = new SocketLink(options);
  // Arrows, not the link's methods: a caller may hand `login` or `emit` on as a bare function.
  return {
    state$: link.state$.pipe(distinctUntilChanged()),
    push$: link.push$.asObservable(),
    resync$: link.resync$.asObservable(),
    state: () => link.state$.getValue(),
    connect: () => link.connect(),
    login: () => link.login(),
    emit: (event, payload) => link.emit(event, payload),
    relogAsVisitor: () => link.relogAsVisitor(),
    close: () => link.close(),
  };
}

/** The one socket and its life: connect, listen, and on a drop schedule a retry. */
class SocketLink {
  readonly state$ = new BehaviorSubject<ConnectionState>('idle');
  readonly push$ = new Subject<RawPush>();
  readonly resync$ = new Subject<void>();
  private socket: SocketLike | null = null;
  /**
   * A connect from now on is a REconnect: one came before, or an attempt failed or waited for
   * the network (what the engine fetched meanwhile may be missing or out of date).
   */
  private resyncOnConnect = false;
  private closed = false;
  private networkDown: boolean;
  private readonly retry: RetryTimer;
  private readonly watchdog: Watchdog;
  private readonly unsubscribeNetwork: (() => void) | undefined;

  constructor(private readonly options: SocketOptions) {
    const { services } = options;
    this.networkDown = services.network?.online() === false;
    this.retry = new RetryTimer(services);
    this.watchdog = new Watchdog(services, () => this.onSilent());
    // Last: a network watch may call back at once, and everything above must be in place.
    this.unsubscribeNetwork = services.network?.subscribe((online) => this.onNetwork(online));
  }

  /** Creates the socket and connects it (once; later drops reconnect the same socket). */
  connect(): void {
    if (this.socket !== null || this.closed) return;
    this.socket = openSocket(this.options, {
      connect: () => this.onConnect(),
      disconnect: (...args) => this.onDisconnect(...args),
      connectError: () => this.scheduleReconnect(),
      beat: () => this.watchdog.beat(),
      push: (push) => this.push$.next(push),
    });
    this.connectNow('connecting');
  }

  /** Connect now, or say 'offline' while the browser knows there is no network. */
  private connectNow(state: 'connecting' | 'reconnecting'): void {
    if (this.socket === null) return;
    if (this.networkDown) {
      this.resyncOnConnect = true;
      this.state$.next('offline');
      return;
    }
    this.state$.next(state);
    this.socket.connect();
  }

  /** Connected: log in, and resync if this is a REconnect. */
  private onConnect(): void {
    this.retry.reset();
    this.state$.next('online');
    this.login();
    if (this.resyncOnConnect) this.resync$.next();
    this.resyncOnConnect = true;
  }

  /** Sends `login {token}` if connected and logged in. */
  login(): void {
    const token = this.options.token();
    const socket = this.socket;
    if (socket !== null && socket.connected && token !== null) socket.emit('login', { token });
  }

  /** Emits now if connected; false, sending nothing, otherwise. */
  emit(event: string, payload: unknown): boolean {
    if (this.socket === null || !this.socket.connected || this.closed) return false;
    this.socket.emit(event, payload);
    return true;
  }

  /** Dropped: retry, unless we dropped it ourselves. */
  private onDisconnect(...args: unknown[]): void {
    if (this.closed || args[0] === 'io client disconnect') return;
    this.scheduleReconnect();
  }

  /** One retry after the backoff (or 'offline' until the network is back). */
  private scheduleReconnect(): void {
    this.watchdog.stop();
    if (this.closed || this.retry.pending) return;
    this.resyncOnConnect = true;
    if (this.networkDown) {
      this.state$.next('offline');
      return;
    }
    this.state$.next('reconnecting');
    this.retry.schedule(() => {
      const socket = this.socket;
      if (!this.closed && socket !== null && !socket.connected) socket.connect();
    });
  }

  /** Streaming stopped: the socket is dead even if socket.io has not noticed yet. */
  private onSilent(): void {
    if (this.socket === null || this.closed) return;
    this.socket.disconnect();
    this.scheduleReconnect();
  }

  /** The browser's online/offline: drop at once when offline, reconnect at once when back. */
  private onNetwork(online: boolean): void {
    if (this.closed || online === !this.networkDown) return;
    this.networkDown = !online;
    if (this.socket === null) return;
    if (!online) {
      // The browser knows the network is gone: say so now, and stop retrying until it is back.
      this.watchdog.stop();
      this.retry.cancel();
      this.socket.disconnect();
      this.state$.next('offline');
      return;
    }
    // Back online: try at once, with a fresh backoff.
    this.retry.reset();
    this.retry.cancel();
    if (!this.socket.connected) this.connectNow('reconnecting');
  }

  /** Reconnects at once without the user's token: the server drops the user's room. */
  relogAsVisitor(): void {
    if (this.socket === null || this.closed) return;
    this.retry.cancel();
    this.watchdog.stop();
    this.socket.disconnect();
    this.connectNow('connecting');
  }

  /** Closes for good: no retry, no watchdog, and the streams complete. */
  close(): void {
    this.closed = true;
    this.unsubscribeNetwork?.();
    this.watchdog.stop();
    this.retry.cancel();
    this.socket?.disconnect();
    this.state$.next('offline');
    this.state$.complete();
    this.push$.complete();
    this.resync$.complete();
  }
}

/** What one socket tells its link. */
interface SocketListeners {
  connect(): void;
  disconnect(...args: unknown[]): void;
  connectError(): void;
  /** A market push came (HEARTBEAT_EVENTS): the connection is alive. */
  beat(): void;
  push(push: RawPush): void;
}

/** Creates the socket (not connected, socket.io's own reconnect off) and wires its listeners. */
function openSocket(options: SocketOptions, on: SocketListeners): SocketLike {
  const s = options.services.socket(options.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    autoConnect: false,
    reconnection: false,
  });
  s.on('connect', on.connect);
  s.on('disconnect', on.disconnect);
  s.on('connect_error', on.connectError);
  for (const event of PUSH_EVENTS) {
    const heartbeat = HEARTBEAT_EVENTS.has(event);
    s.on(event, (payload: unknown) => {
      if (heartbeat) on.beat();
      on.push({ event, payload });
    });
  }
  return s;
}

/** The pending reconnect: one at a time, each attempt waiting longer (backoffDelay). */
class RetryTimer {
  private timer: TimerId | null = null;
  private attempt = 0;

  constructor(private readonly services: Pick<Services, 'timers' | 'random'>) {}

  /** A retry is waiting: a second drop must not schedule another. */
  get pending(): boolean {
    return this.timer !== null;
  }

  /** Starts the backoff over (after a connect, or when the network is back). */
  reset(): void {
    this.attempt = 0;
  }

  /** Calls `fire` after this attempt's jittered wait. */
  schedule(fire: () => void): void {
    const delay = backoffDelay(this.attempt, this.services.random.next());
    this.attempt += 1;
    this.timer = this.services.timers.setTimeout(() => {
      this.timer = null;
      fire();
    }, delay);
  }

  /** Drops the pending retry, if any. */
  cancel(): void {
    if (this.timer !== null) this.services.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Calls `onSilent` once the market pushes of a connection stop for STALE_PUSH_MS. Armed by the
 * first beat, so a connection that never streamed is never taken for dead.
 */
class Watchdog {
  private timer: TimerId | null = null;
  /** Time of the last market push on this connection; null until the first one. */
  private lastBeat: number | null = null;

  constructor(
    private readonly services: Pick<Services, 'timers' | 'clock'>,
    private readonly onSilent: () => void,
  ) {}

  /** A market push came: note the time, and start watching if not yet. */
  beat(): void {
    this.lastBeat = this.services.clock.now();
    if (this.timer !== null) return;
    this.timer = this.services.timers.setInterval(() => this.check(), WATCHDOG_TICK_MS);
  }

  /** Stops watching and forgets the last beat (the next connection starts unarmed). */
  stop(): void {
    if (this.timer !== null) this.services.timers.clearInterval(this.timer);
    this.timer = null;
    this.lastBeat = null;
  }

  /** One tick: past STALE_PUSH_MS of silence, stop and report. */
  private check(): void {
    if (this.lastBeat === null || this.services.clock.now() - this.lastBeat < STALE_PUSH_MS) return;
    this.stop();
    this.onSilent();
  }
}
