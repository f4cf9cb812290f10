// The public tape of every spot pair: its recent trades (numbered) and its last price. The owner
// of a market records its trades here as they are committed; every other process of the cluster
// follows them, as the owner sends them (market-seats.ts, ADR 0071), so that a trade list, a last
// price or a candle read on any process is the same.
import type { MarketSimulator } from '../market/simulator.ts';
import type { Side } from './order-book.ts';

export const RECENT_TRADES = 60;

export interface Trade {
  id: number;
  matchId: number;
  /** Ticks. */
  price: bigint;
  /** Lots. */
  qty: bigint;
  takerSide: Side;
  ts: number;
}

export class SpotTape {
  private readonly recent = new Map<number, Trade[]>();
  private readonly last = new Map<number, bigint>();
  private nextTradeId: number;

  constructor(
    private readonly market: MarketSimulator,
    private readonly limit: number,
    now: number,
  ) {
    // Public trade ids (market_detail, lists) keep growing across restarts: start at ms × 10.
    this.nextTradeId = Math.floor(now) * 10;
  }

  /** Last trade price in ticks: the last real match, else the simulator's last close. */
  lastPrice(matchId: number): bigint | null {
    const t = this.last.get(matchId);
    if (t !== undefined) return t;
    const sim = this.market.lastPrice(matchId);
    return sim === null ? null : BigInt(sim);
  }

  recentTrades(matchId: number): readonly Trade[] {
    return this.recent.get(matchId) ?? [];
  }

  /** Numbers and keeps the fills of one order, as trades of the pair; answers them. */
  record(
    matchId: number,
    fills: readonly { price: bigint; qty: bigint }[],
    takerSide: Side,
    now: number,
  ): Trade[] {
    const trades: Trade[] = fills.map((f) => ({
      id: this.nextTradeId++,
      matchId,
      price: f.price,
      qty: f.qty,
      takerSide,
      ts: now,
    }));
    this.keep(matchId, trades);
    return trades;
  }

  /**
   * Trades another process (the market's owner) recorded: kept as if recorded here, those
   * already kept skipped. A process that later owns the market numbers its trades after them.
   */
  follow(matchId: number, trades: readonly Trade[]): Trade[] {
    const known = this.recent.get(matchId)?.at(-1)?.id ?? -Infinity;
    const fresh = trades.filter((t) => t.id > known);
    this.keep(matchId, fresh);
    for (const t of fresh) if (t.id >= this.nextTradeId) this.nextTradeId = t.id + 1;
    return fresh;
  }

  private keep(matchId: number, trades: readonly Trade[]): void {
    if (trades.length === 0) return;
    const list = this.recent.get(matchId) ?? [];
    list.push(...trades);
    if (list.length > this.limit) list.splice(0, list.length - this.limit);
    this.recent.set(matchId, list);
    const lastTrade = trades[trades.length - 1] as Trade;
    this.last.set(matchId, lastTrade.price);
    for (const t of trades) this.market.recordTrade(matchId, Number(t.price), Number(t.qty), t.ts);
  }
}
