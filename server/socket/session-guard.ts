// Bounds on Engine.IO sessions (issue 41, ADR 0043). An abandoned polling session costs the
// server whatever is written to it until it is dropped: a 2.x (Engine.IO 3) handshake is put in
// the default namespace at once, so before this guard it buffered every public push for the
// ~45 s its ping timeout took. Three rules:
//
// - Alive before fed: a polling session is alive once it makes a request after its handshake
//   (a poll, a packet, an upgrade probe); a WebSocket session is alive from the start. The hub
//   joins a socket to the public room (`whenAlive`) only then, so a handshake that never comes
//   back receives no broadcast.
// - A cap per remote address: at most `perAddress` sessions open at once, both protocols (the
//   handshake beyond it is refused with engine.io's 403 "Forbidden" JSON).
// - Idle polling sessions dropped early: a polling session with no poll waiting and no request
//   for `idleMs` is closed (a real client polls again at once after each answer); the sweep
//   runs every quarter of `idleMs` (at most every second).
//
// The remote address is the TCP peer's (as the rate limits and the development calls), never
// a forwarded header: behind a proxy every client shares its address, so such a server sets
// SOCKETS_PER_ADDRESS=0 and lets the proxy cap them.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io';
import type { SocketLimits } from '../config.ts';

type EngineSocket = Socket['conn'];

interface SessionState {
  address: string;
  lastSeen: number;
  alive: boolean;
  waiters: (() => void)[];
}

const states = new WeakMap<EngineSocket, SessionState>();

/** Runs `fn` once the socket's session has shown it is alive (at once if it already has). */
export function whenAlive(socket: Socket, fn: () => void): void {
  const state = states.get(socket.conn);
  if (state === undefined || state.alive) fn();
  else state.waiters.push(fn);
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one address. */
export function addressKey(address: string | undefined): string {
  const a = address ?? '';
  return a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
}

export class SessionGuard {
  private readonly open = new Set<EngineSocket>();
  private readonly perAddress = new Map<string, number>();
  private readonly limits: SocketLimits;
  private readonly now: () => number;

  constructor(limits: SocketLimits, now: () => number = Date.now) {
    this.limits = limits;
    this.now = now;
  }

  private sessionsOf(address: string): number {
    return this.perAddress.get(addressKey(address)) ?? 0;
  }

  /** engine.io's `allowRequest`: refuses a handshake from an address at its cap. */
  readonly allowRequest = (
    req: IncomingMessage,
    fn: (err: string | null | undefined, success: boolean) => void,
  ): void => {
    if (this.atCap(addressKey(req.socket.remoteAddress), 0))
      fn('Too many sessions from this address', false);
    else fn(null, true);
  };

  /** Tracks a new Engine.IO session (the engine's `connection` event). */
  readonly track = (conn: EngineSocket): void => {
    const address = addressKey(conn.remoteAddress);
    const state: SessionState = {
      address,
      lastSeen: this.now(),
      alive: conn.transport.name !== 'polling',
      waiters: [],
    };
    states.set(conn, state);
    this.open.add(conn);
    this.perAddress.set(address, this.sessionsOf(address) + 1);
    const seen = () => {
      state.lastSeen = this.now();
    };
    const touch = () => {
      seen();
      if (state.alive) return;
      state.alive = true;
      for (const fn of state.waiters.splice(0)) fn();
    };
    conn.on('packet', touch);
    conn.on('upgrading', touch);
    conn.transport.on('ready', touch); // a poll (GET) arrived
    // a waiting poll answered: the idle time counts from the answer, not from the poll
    conn.on('drain', seen);
    conn.once('close', () => {
      state.waiters.length = 0;
      this.open.delete(conn);
      const left = this.sessionsOf(address) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    });
    // Handshakes that raced past `allowRequest` together.
    if (this.atCap(address, 1)) conn.close(true);
  };

  /** Closes every polling session idle for longer than the limit; returns how many. */
  sweep(): number {
    const now = this.now();
    let dropped = 0;
    for (const conn of [...this.open]) {
      const state = states.get(conn);
      const { transport } = conn;
      if (state === undefined || transport.name !== 'polling' || transport.writable) continue;
      if (now - state.lastSeen <= this.limits.idleMs) continue;
      conn.close(true);
      dropped += 1;
    }
    return dropped;
  }

  /** Runs the sweep on a timer; returns the stop function. */
  start(): () => void {
    const every = Math.min(1000, Math.max(50, this.limits.idleMs / 4));
    const timer = setInterval(() => this.sweep(), every);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** True when `address` holds `perAddress + extra` sessions or more (never with no cap, 0). */
  private atCap(address: string, extra: number): boolean {
    const cap = this.limits.perAddress;
    return cap > 0 && this.sessionsOf(address) >= cap + extra;
  }
}
