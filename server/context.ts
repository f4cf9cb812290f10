// What every route module receives: configuration, storage, the code sender, the market.
import type { FastifyRequest } from 'fastify';
import type { CodeSender } from './accounts/code-sender.ts';
import { userIdOfToken } from './accounts/tokens.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { sessionExpired } from './http/api-error.ts';
import type { MarketSimulator } from './market/simulator.ts';

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
}

export interface AppContext {
  config: ServerConfig;
  db: Database;
  sender: CodeSender;
  market: MarketSimulator;
  notify: Notifier;
  metrics: ServerMetrics;
}

/** The id of the logged-in user (raw `Authorization` token), or a "999" error. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<number> {
  const id = await userIdOfToken(ctx.db, req.headers.authorization, ctx.config.now());
  if (id === null) throw sessionExpired();
  return id;
}
