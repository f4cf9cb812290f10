// What every route module receives: configuration, storage, the code sender, the market.
import type { FastifyRequest } from 'fastify';
import type { CodeSender } from './accounts/code-sender.ts';
import { userIdOfToken } from './accounts/tokens.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { sessionExpired } from './http/api-error.ts';
import type { MarketSimulator } from './market/simulator.ts';

export interface AppContext {
  config: ServerConfig;
  db: Database;
  sender: CodeSender;
  market: MarketSimulator;
}

/** The id of the logged-in user (raw `Authorization` token), or a "999" error. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<number> {
  const id = await userIdOfToken(ctx.db, req.headers.authorization, ctx.config.now());
  if (id === null) throw sessionExpired();
  return id;
}
