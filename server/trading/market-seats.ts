// Each market owned by one process of the cluster (issue 45, ADR 0071). The owner of a market
// (its lease, cluster/keeper.ts) keeps its book, matches its orders, fires its conditional
// orders, walks its price, runs its makers and publishes it; every write of its fills and orders
// is fenced with the market's epoch. Every other process follows it and forwards its orders:
// - a spot order call (place, cancel, amend, conditional, scale) that reaches a process which does
//   not own its market is forwarded whole to the owner, which answers it as if it had come to
//   it (`app.inject`), and the answer goes back as is; a forwarded call is never forwarded again;
//   a call this process took as the owner's, whose fenced write found the market taken over
//   meanwhile (LeaseLost: nothing written), is forwarded so too, once;
// - once a second the owner sends the others where its price walk stands, its new trades and the
//   top of its book, so a price, a mark, a trade list or a candle read on any process agrees;
// - a depth snapshot asked of a follower is the owner's (its delta stream's seq is the owner's).
// A market gained is loaded from the database (its resting orders, its waiting conditional
// orders); one lost is dropped before its lease is let go. The single process (PGlite) owns
// every market and none of this runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseDecimal, type Decimal } from '../../src/shared/decimal.ts';
import type { Server } from 'socket.io';
import { ClusterCalls, Unanswered } from '../cluster/calls.ts';
import { marketLease, type LeaseKeeper, type MarketHandover } from '../cluster/keeper.ts';
import { LeaseLost } from '../cluster/lease.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { recoverWith } from '../http/envelope.ts';
import type { MarketSimulator } from '../market/simulator.ts';
import type { Side } from './order-book.ts';
import type { SpotPublisher } from './spot-publisher.ts';
import type { Levels } from './market-seat.ts';
import type { SpotService } from './spot-service.ts';
import type { SpotTriggers } from './spot-triggers.ts';
import type { Trade } from './spot-tape.ts';

/** Marks a call forwarded by another process: never forwarded again. */
const HOP = 'x-bourse-hop';
const FOLLOW = 'bourse:market';
const TOP_LEVELS = 10;
/** The request headers a forwarded call keeps (who asks, in which language). */
const KEPT_HEADERS = ['authorization', 'lang', 'accept-language', 'user-agent'] as const;

type Resolver = (
  db: Database,
  spot: SpotService,
  body: Record<string, unknown>,
) => Promise<number | null>;

const byPair: Resolver = async (_db, spot, b) =>
  spot.pairByIds(Number(b.legal_id), Number(b.currency_id))?.matchId ?? null;

const byRow =
  (sql: string, field: string): Resolver =>
  async (db, _spot, b) => {
    const id = Number(b[field]);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const rows = await db.query<{ match_id: number }>(sql, [id]);
    return rows[0]?.match_id ?? null;
  };

const orderPair = byRow('SELECT match_id FROM spot_orders WHERE id = $1', 'id');
const triggerPair = byRow('SELECT match_id FROM spot_triggers WHERE id = $1', 'id');

/** The spot calls that run on the owner of their market, and how each names its market. */
const MARKET_CALLS: Readonly<Record<string, Resolver>> = {
  '/api/transaction/in': byPair,
  '/api/transaction/out': byPair,
  '/api/transaction/conditional': byPair,
  '/api/transaction/scale': byPair,
  '/api/transaction_del': orderPair,
  '/api/transaction/amend': orderPair,
  '/api/transaction/conditional_cancel': triggerPair,
  '/api/transaction/conditional_amend': triggerPair,
  '/api/transaction/scale_cancel': byRow('SELECT match_id FROM spot_orders WHERE id = $1', 'group'),
};

interface Forwarded {
  m: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

interface ForwardedAnswer {
  status: number;
  type: string;
  body: string;
}

/** What the owner of a market sends the others each second. */
interface Followed {
  m: number;
  walk: { lp: number; at: number };
  trades: { id: number; p: string; q: string; s: Side; ts: number }[];
  buy: [string, string][];
  sell: [string, string][];
}

export interface SeatParts {
  app: FastifyInstance;
  io: Server;
  db: Database;
  cluster: LeaseKeeper;
  spot: SpotService;
  triggers: SpotTriggers;
  market: MarketSimulator;
  spotPublisher: SpotPublisher;
  /** The makers' price control, answered for the markets owned here; null without makers. */
  steer: Steer | null;
}

/** The cluster's calls, once the socket hub exists (null for the single process). */
export interface CallsRef {
  calls: ClusterCalls | null;
}

/**
 * Forwards the spot order calls of markets another process owns (registered before the server
 * is ready; it forwards once `ref.calls` is set).
 */
export function forwardMarketCalls(
  app: FastifyInstance,
  db: Database,
  spot: SpotService,
  ref: CallsRef,
): void {
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const resolve = MARKET_CALLS[req.routeOptions.url ?? ''];
    const calls = ref.calls;
    if (resolve === undefined || calls === null) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const m = await resolve(db, spot, body);
    if (m === null) return;
    const hopped = req.headers[HOP] !== undefined;
    if (spot.seat.owns(m)) {
      // the market taken over between this check and the call's fenced write: the write was
      // refused and rolled back (LeaseLost), so the call goes whole to the new owner, once
      if (!hopped)
        recoverWith(req, (err, r) =>
          err instanceof LeaseLost ? forward(calls, req, r, m, body) : null,
        );
      return;
    }
    if (hopped) throw new ApiError('cluster.moved');
    return forward(calls, req, reply, m, body);
  });
}

/** Asks the owner of market `m` to answer the call; its answer goes back as it is. */
async function forward(
  calls: ClusterCalls,
  req: FastifyRequest,
  reply: FastifyReply,
  m: number,
  body: Record<string, unknown>,
): Promise<FastifyReply> {
  const headers: Record<string, string> = {};
  for (const h of KEPT_HEADERS) {
    const v = req.headers[h];
    if (typeof v === 'string') headers[h] = v;
  }
  const question: Forwarded = { m, method: req.method, url: req.url, headers, body };
  let answer: ForwardedAnswer;
  try {
    answer = (await calls.ask('http', question)) as ForwardedAnswer;
  } catch (err) {
    if (err instanceof Unanswered) throw new ApiError('cluster.unanswered');
    throw err;
  }
  return reply.code(answer.status).header('content-type', answer.type).send(answer.body);
}

/** Seats this process in the cluster's markets; a no-op for the single process. */
export async function seatMarkets(parts: SeatParts, ref: CallsRef): Promise<() => void> {
  const { app, io, cluster, spot, triggers, market, spotPublisher } = parts;
  const markets = spot.pairs().map((p) => p.matchId);
  if (!cluster.shared) {
    cluster.serveMarkets(markets, { gained: async () => undefined, losing: async () => undefined });
    return () => undefined;
  }
  const calls = new ClusterCalls(io);
  ref.calls = calls;
  const owns = (m: number) => cluster.owns(m);
  spot.seat = { owns, fence: (m, tx) => cluster.fence(marketLease(m), tx) };
  spotPublisher.seated({
    owns,
    seqBase: (m) => cluster.seqBase(m),
    snapshotOf: async (p) =>
      (await calls.ask('depth', { m: p.matchId })) as ReturnType<SpotPublisher['snapshot']>,
  });
  calls.answer((call, args) => {
    const q = args as { m: number };
    if (!owns(q.m)) return null;
    if (call === 'depth') {
      const p = spot.spec(q.m);
      return Promise.resolve(p === null ? null : spotPublisher.snapshot(p));
    }
    if (call === 'http') return answerForwarded(app, args as Forwarded);
    if (call === 'steer') return steerHere(parts.steer, q.m, (args as { price?: unknown }).price);
    return null;
  });
  const mirror = new Mirror(io, spot, market, owns);
  const handover: MarketHandover = {
    async gained(m) {
      await spot.queue(m, async () => {
        spot.dropBook(m);
        await spot.loadResting(m);
      });
      await triggers.start(m);
    },
    async losing(m) {
      await spot.queue(m, () => spot.dropBook(m));
      triggers.drop(m);
    },
  };
  cluster.serveMarkets(markets, handover);
  await cluster.tick();
  const timer = setInterval(() => mirror.send(), 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The development price control (ADR 0053) of a market, on this process's makers. */
export type Steer = (matchId: number, price: Decimal) => Promise<string | null>;

/**
 * The price control wherever it is asked: the makers of the market's owner move its price (a
 * follower's walk follows the owner's). The route checked who asks before this is called.
 */
export function steerOnOwner(steer: Steer, cluster: LeaseKeeper, ref: CallsRef): Steer {
  return async (m, price) => {
    const calls = ref.calls;
    if (calls === null || cluster.owns(m)) return steer(m, price);
    const last = await calls.ask('steer', { m, price: price.toFixed() });
    return typeof last === 'string' ? last : null;
  };
}

function steerHere(steer: Steer | null, m: number, price: unknown): Promise<string | null> {
  const p = parseDecimal(price);
  return steer === null || p === null ? Promise.resolve(null) : steer(m, p);
}

/** Answers a call forwarded by another process, as if it had come here. */
async function answerForwarded(app: FastifyInstance, q: Forwarded): Promise<ForwardedAnswer> {
  const res = await app.inject({
    method: q.method as 'POST',
    url: q.url,
    headers: { ...q.headers, [HOP]: '1', 'content-type': 'application/json' },
    payload: JSON.stringify(q.body ?? {}),
  });
  const type = res.headers['content-type'];
  return {
    status: res.statusCode,
    type: typeof type === 'string' ? type : 'application/json; charset=utf-8',
    body: res.body,
  };
}

/** Sends the markets owned here to the others, and follows the markets they own. */
class Mirror {
  /** The last trade id sent of each market owned here. */
  private readonly sent = new Map<number, number>();

  constructor(
    private readonly io: Server,
    private readonly spot: SpotService,
    private readonly market: MarketSimulator,
    private readonly owns: (m: number) => boolean,
  ) {
    io.on(FOLLOW, (batch: unknown) => {
      if (!Array.isArray(batch)) return;
      for (const f of batch as Followed[]) {
        try {
          this.follow(f);
        } catch (err) {
          console.error(`market ${String(f?.m)}: a malformed mirror dropped`, err);
        }
      }
    });
  }

  send(): void {
    const batch: Followed[] = [];
    for (const p of this.spot.pairs()) {
      const m = p.matchId;
      const walk = this.market.walkOf(m);
      if (!this.owns(m) || walk === null) continue;
      const after = this.sent.get(m) ?? -Infinity;
      const fresh = this.spot.recentTrades(m).filter((t) => t.id > after);
      const lastId = fresh.at(-1)?.id;
      if (lastId !== undefined) this.sent.set(m, lastId);
      const levels = (side: Side) =>
        this.spot.depth(m, side, TOP_LEVELS).map(([pr, q]): [string, string] => [`${pr}`, `${q}`]);
      batch.push({
        m,
        walk,
        trades: fresh.map((t) => ({
          id: t.id,
          p: `${t.price}`,
          q: `${t.qty}`,
          s: t.takerSide,
          ts: t.ts,
        })),
        buy: levels('buy'),
        sell: levels('sell'),
      });
    }
    if (batch.length > 0) this.io.serverSideEmit(FOLLOW, batch);
  }

  private follow(f: Followed): void {
    if (this.owns(f.m) || this.spot.spec(f.m) === null) return;
    this.market.follow(f.m, f.walk);
    const trades: Trade[] = f.trades.map((t) => ({
      id: t.id,
      matchId: f.m,
      price: BigInt(t.p),
      qty: BigInt(t.q),
      takerSide: t.s,
      ts: t.ts,
    }));
    const levels = (l: [string, string][]): Levels => l.map(([p, q]) => [BigInt(p), BigInt(q)]);
    this.spot.follow(f.m, trades, { buy: levels(f.buy), sell: levels(f.sell) });
  }
}
