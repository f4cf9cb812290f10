// What every route module receives: configuration, storage, and the ports of the parts that
// cross rooms (ADR 0047): the sessions, the code sender, the market's read side, the private
// pushes. A leaf: it imports only the base (config, db, kernel), never a room, so every room
// can import it. The composition root (app.ts) fills the ports with their implementations.
import type { ServerConfig } from './config.ts';
import type { Database, Queryable } from './db/database.ts';
import type { AggBar, PairSpec, ServerPeriod } from './kernel/market-types.ts';

/** Who a raw `Authorization` token belongs to (accounts/tokens.ts behind it). */
export interface Sessions {
  /** The user id of a live token, or null (missing, unknown or expired); notes its use. */
  userOf(token: unknown): Promise<number | null>;
}

/** A verification code or notice on its way to an address. */
export interface OutgoingCode {
  to: string;
  channel: 'sms' | 'email';
  purpose: string;
  /**
   * null: a notice instead of a code, where the account's state makes a code useless (a
   * register request for an address that has an account, a reset for one that has none).
   */
  code: string | null;
  text: string;
  sentAt: number;
}

/** Delivery of verification codes (accounts/code-sender.ts: the development sender). */
export interface CodeSender {
  readonly development: boolean;
  send(message: OutgoingCode): Promise<void>;
}

/** The market's read side as the routes use it (market/simulator.ts behind it). */
export interface MarketReader {
  pairs(): PairSpec[];
  pair(matchId: number): PairSpec | null;
  history(matchId: number, period: ServerPeriod, from: number, to: number): AggBar[];
  current(matchId: number, period: ServerPeriod, nowMs: number): AggBar | null;
  lastPrice(matchId: number): number | null;
}

/** Private pushes to a user's room; set up once socket.io runs (no-op before that). */
export class Notifier {
  private emit: ((room: string, event: string, payload: unknown) => void) | null = null;
  private ended: ((userId: number) => void) | null = null;

  attach(
    emit: (room: string, event: string, payload: unknown) => void,
    ended?: (userId: number) => void,
  ): void {
    this.emit = emit;
    this.ended = ended ?? null;
  }

  /**
   * Sessions of the user ended (a logout, the account page, a new password): their sockets
   * leave the user's room now, not at the next sweep (ADR 0042).
   */
  sessionsEnded(userId: number): void {
    this.ended?.(userId);
  }

  /** `update_balance` (api-contract decision 4): the client refetches its balances. */
  balance(userId: number): void {
    this.emit?.(`user:${userId}`, 'update_balance', { type: `update_balance_${userId}` });
  }

  /** Any private push (`lever_trade`, `closed_microorder`) to one user's room. */
  push(userId: number, event: string, payload: unknown): void {
    this.emit?.(`user:${userId}`, event, payload);
  }

  /** `update_user` (extension): the user's profile changed (identity review); refetch it. */
  user(userId: number): void {
    this.emit?.(`user:${userId}`, 'update_user', { type: `update_user_${userId}` });
  }
}

/** Counters the tests and the operator can read (the hostile-input fuzz test expects 0). */
export interface ServerMetrics {
  /** Answers of `error.internal`: exceptions no route turned into a message. */
  internalErrors: number;
  /** Replies of declared calls that did not match their wire declaration (`config.checkReplies`). */
  replyDrift: { path: string; issue: string }[];
}

/**
 * What this process holds of the cluster (issue 45, ADR 0069): a periodic job runs on its timer
 * only where its lease is held, and its writes are fenced with the lease's epoch. A single
 * process on PGlite holds every lease.
 */
export interface ClusterPort {
  held(lease: string): boolean;
  /** Inside a transaction that writes under `lease`: throws if this process no longer holds it. */
  fence(lease: string, tx: Queryable): Promise<void>;
}

export interface AppContext {
  config: ServerConfig;
  db: Database;
  sessions: Sessions;
  sender: CodeSender;
  market: MarketReader;
  notify: Notifier;
  metrics: ServerMetrics;
  cluster: ClusterPort;
}
