// Spot pushes: `market_depth` (legacy top 10 for everyone; the snapshot/delta extension for
// sockets that emit `depth_subscribe` {symbol, mode:"delta"}, and for every socket on the load
// profile's focused pair), `market_detail` (recent trades), `transaction` after a user's order,
// `update_balance` to the user's room. Every market push carries `seq` (per stream) and
// `server_time`. Broadcasts go to the public room (socket/hub.ts). Socket events handled here:
// `depth_subscribe`, `depth_unsubscribe`, `depth_snapshot` {symbol}.
import type { Server, Socket } from 'socket.io';
import type {
  DepthLevel,
  MarketDepthDeltaPush,
  MarketDepthPush,
  MarketDetailPush,
  SpotLevel,
  SpotPushHeader,
  TransactionPush,
} from '../../src/shared/wire.ts';
import type { PairSpec } from '../market/simulator.ts';
import { symbolOf } from '../market/wire-format.ts';
import { PUBLIC_ROOM, userRoom } from '../socket/hub.ts';
import { StreamSeqs } from '../cluster/stream-seqs.ts';
import { whenAlive } from '../socket/session-guard.ts';
import type { Side } from './order-book.ts';
import type { SpotService, Trade } from './spot-service.ts';
import { fromUnits } from './units.ts';

export const LEGACY_DEPTH_LEVELS = 10;
export const DETAIL_TRADES = 30;
export const DEAL_LEVELS = 5;

export const depthRoom = (symbol: string): string => `depth:${symbol}`;

export interface SpotPublisherOptions {
  /** Depth / detail round interval (1000 by default, 100 under a load profile). */
  intervalMs: number;
  /** Pairs whose `market_depth` goes to everyone in the delta form (load profiles). */
  deltaForAll: ReadonlySet<number>;
  /**
   * At most this many trades in one `market_detail` (30, the legacy size, by default). Under a
   * load profile it is larger, so that every trade since the last push is delivered.
   */
  detailMax?: number;
}

/**
 * The cluster as the publisher sees it (ADR 0071): the markets it publishes (those this process
 * owns), and the snapshot of a market another process owns, asked of its owner (its delta
 * stream's `seq` is the owner's).
 */
export interface PublisherSeat {
  owns(matchId: number): boolean;
  /** Where the market's push streams start (its lease epoch × SEQ_SPAN; stream-seqs.ts). */
  seqBase(matchId: number): number;
  snapshotOf(p: PairSpec): Promise<MarketDepthDeltaPush | null>;
}

export class SpotPublisher {
  private seat: PublisherSeat | null = null;
  private readonly spot: SpotService;
  private readonly io: Server;
  private readonly now: () => number;
  private readonly opts: SpotPublisherOptions;
  private readonly seqs = new StreamSeqs((m) => this.seat?.seqBase(m) ?? 0);
  private readonly newTrades = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(spot: SpotService, io: Server, now: () => number, opts: SpotPublisherOptions) {
    this.spot = spot;
    this.io = io;
    this.now = now;
    this.opts = opts;
    spot.on({
      trades: (matchId, trades) =>
        this.newTrades.set(matchId, (this.newTrades.get(matchId) ?? 0) + trades.length),
      balances: (users) => this.balances(users),
      userOrder: (matchId) => this.transaction(matchId),
    });
    io.on('connection', (socket) => this.attach(socket));
  }

  /** Publishes the markets this process owns only, and asks other owners for snapshots. */
  seated(seat: PublisherSeat): void {
    this.seat = seat;
  }

  private owns(matchId: number): boolean {
    return this.seat?.owns(matchId) ?? true;
  }

  /** Sends a socket the snapshot of a pair: its own book's, or the owner's. */
  private sendSnapshot(socket: Socket, p: PairSpec): void {
    if (this.owns(p.matchId) || this.seat === null) {
      socket.emit('market_depth', this.snapshot(p));
      return;
    }
    void this.seat.snapshotOf(p).then(
      (push) => {
        if (push !== null) socket.emit('market_depth', push);
      },
      () => undefined,
    );
  }

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      try {
        this.publish();
      } catch (err) {
        console.error('spot publish failed', err);
      }
    }, this.opts.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private header(p: PairSpec): SpotPushHeader {
    return {
      symbol: symbolOf(p),
      'base-currency': p.currencyName,
      'quote-currency': p.legalName,
      currency_id: p.currencyId,
      currency_name: p.currencyName,
      legal_id: p.legalId,
      legal_name: p.legalName,
    };
  }

  private findPair(symbol: unknown): PairSpec | null {
    if (typeof symbol !== 'string') return null;
    const key = symbol.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return this.spot.pairs().find((p) => symbolOf(p).replace('/', '') === key) ?? null;
  }

  private attach(socket: Socket): void {
    // the focused pair's snapshot, as the public pushes, once the session is alive
    whenAlive(socket, () => {
      for (const matchId of this.opts.deltaForAll) {
        const p = this.spot.spec(matchId);
        if (p !== null) this.sendSnapshot(socket, p);
      }
    });
    socket.on('depth_subscribe', (payload: unknown) => {
      const p = this.findPair(fieldOf(payload, 'symbol'));
      if (p === null) return;
      const mode = fieldOf(payload, 'mode');
      if (mode !== undefined && mode !== 'delta') return;
      void socket.join(depthRoom(symbolOf(p)));
      this.sendSnapshot(socket, p);
    });
    socket.on('depth_unsubscribe', (payload: unknown) => {
      const p = this.findPair(fieldOf(payload, 'symbol'));
      if (p !== null) void socket.leave(depthRoom(symbolOf(p)));
    });
    socket.on('depth_snapshot', (payload: unknown) => {
      const p = this.findPair(fieldOf(payload, 'symbol'));
      if (p !== null) this.sendSnapshot(socket, p);
    });
  }

  private levels(p: PairSpec, side: Side, n = Infinity): DepthLevel[] {
    return this.spot.core
      .book(p.matchId)
      .depth(side, n)
      .map(([price, total]) => [
        fromUnits(price, p.pricePrecision),
        fromUnits(total, p.amountPrecision),
      ]);
  }

  /** The whole book at the current delta `seq` of the pair's stream. */
  snapshot(p: PairSpec): MarketDepthDeltaPush {
    const seq = this.seqs.last(`market_depth_delta:${symbolOf(p)}`, p.matchId);
    return {
      type: 'market_depth',
      ...this.header(p),
      mode: 'snapshot',
      seq,
      prev_seq: null,
      bids: this.levels(p, 'buy'),
      asks: this.levels(p, 'sell'),
      server_time: this.now(),
    };
  }

  /** Legacy top-10 form. */
  legacyDepth(p: PairSpec): MarketDepthPush {
    return {
      type: 'market_depth',
      ...this.header(p),
      bids: this.levels(p, 'buy', LEGACY_DEPTH_LEVELS),
      asks: this.levels(p, 'sell', LEGACY_DEPTH_LEVELS),
      seq: this.seqs.next(`market_depth:${symbolOf(p)}`, p.matchId),
      server_time: this.now(),
    };
  }

  /** One round: depth (legacy and delta), then recent trades where there were new ones. */
  publish(): void {
    const now = this.now();
    for (const p of this.spot.pairs()) {
      if (!this.owns(p.matchId)) continue;
      this.publishDepth(p, now);
      const fresh = this.newTrades.get(p.matchId) ?? 0;
      if (fresh > 0) {
        this.newTrades.delete(p.matchId);
        const n = Math.min(Math.max(DETAIL_TRADES, fresh), this.opts.detailMax ?? DETAIL_TRADES);
        this.io.to(PUBLIC_ROOM).emit('market_detail', this.detail(p, now, n));
      }
    }
  }

  /** Legacy top 10 to sockets outside the delta room; the changed levels to the delta stream. */
  private publishDepth(p: PairSpec, now: number): void {
    const symbol = symbolOf(p);
    const room = depthRoom(symbol);
    const changes = this.spot.core.book(p.matchId).drainChanges();
    const forAll = this.opts.deltaForAll.has(p.matchId);
    if (!forAll) this.io.to(PUBLIC_ROOM).except(room).emit('market_depth', this.legacyDepth(p));
    // in a cluster the subscribers may be on any process: the stream always flows
    const subscribers =
      forAll || this.seat !== null || (this.io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0;
    if (!subscribers || (changes.length === 0 && !forAll)) return;
    const stream = `market_depth_delta:${symbol}`;
    const prev = this.seqs.last(stream, p.matchId);
    const bids: DepthLevel[] = [];
    const asks: DepthLevel[] = [];
    for (const c of changes) {
      const level: DepthLevel = [
        fromUnits(c.price, p.pricePrecision),
        fromUnits(c.total, p.amountPrecision),
      ];
      (c.side === 'buy' ? bids : asks).push(level);
    }
    const push: MarketDepthDeltaPush = {
      type: 'market_depth',
      ...this.header(p),
      mode: 'delta',
      seq: this.seqs.next(stream, p.matchId),
      prev_seq: prev,
      bids,
      asks,
      server_time: now,
    };
    if (forAll) this.io.to(PUBLIC_ROOM).emit('market_depth', push);
    else this.io.to(room).emit('market_depth', push);
  }

  detail(p: PairSpec, now: number, n = DETAIL_TRADES): MarketDetailPush {
    const trades = this.spot.recentTrades(p.matchId).slice(-n).reverse();
    return {
      type: 'market_detail',
      ...this.header(p),
      data: trades.map((t) => marketTrade(p, t)),
      seq: this.seqs.next(`market_detail:${symbolOf(p)}`, p.matchId),
      server_time: now,
    };
  }

  /** The legacy `transaction` push: top 5 levels a side as JSON strings. */
  transaction(matchId: number): void {
    const p = this.spot.spec(matchId);
    if (p === null) return;
    const last = this.spot.lastPrice(matchId);
    const push: TransactionPush = {
      type: 'transaction',
      in: JSON.stringify(spotLevels(this.spot, p, 'buy', DEAL_LEVELS)),
      out: JSON.stringify(spotLevels(this.spot, p, 'sell', DEAL_LEVELS)),
      last_price: last === null ? '0' : fromUnits(last, p.pricePrecision),
      currency_id: String(p.currencyId),
      legal_id: String(p.legalId),
      content: '',
      seq: this.seqs.next(`transaction:${symbolOf(p)}`, matchId),
      server_time: this.now(),
    };
    this.io.to(PUBLIC_ROOM).emit('transaction', push);
  }

  private balances(users: readonly number[]): void {
    for (const u of users)
      this.io.to(userRoom(u)).emit('update_balance', { type: `update_balance_${u}` });
  }
}

/** Top `n` aggregated levels: bids best first; asks in descending price (legacy `out`). */
export function spotLevels(spot: SpotService, p: PairSpec, side: Side, n: number): SpotLevel[] {
  const depth = spot.depth(p.matchId, side, n);
  let sum = 0n;
  const levels = depth.map(([price, total]) => {
    sum += total;
    return {
      price: fromUnits(price, p.pricePrecision),
      number: fromUnits(total, p.amountPrecision),
      sum: fromUnits(sum, p.amountPrecision),
      currency: p.currencyId,
      legal: p.legalId,
    };
  });
  return side === 'sell' ? levels.reverse() : levels;
}

export function marketTrade(p: PairSpec, t: Trade) {
  return {
    id: t.id,
    tradeId: t.id,
    price: fromUnits(t.price, p.pricePrecision),
    amount: fromUnits(t.qty, p.amountPrecision),
    ts: t.ts,
    time: new Date(t.ts).toISOString().slice(11, 19),
    direction: t.takerSide,
  };
}

function fieldOf(payload: unknown, name: string): unknown {
  if (typeof payload !== 'object' || payload === null) return undefined;
  return (payload as Record<string, unknown>)[name];
}
