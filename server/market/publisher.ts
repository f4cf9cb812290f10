// Once per second: move the simulator (or only its fair value, see `mode`), then broadcast `daymarket` (with the mark price) for every pair and `kline`
// for every pair and period, to the public room (socket/hub.ts). Each stream (event + symbol (+ period)) has its own `seq`.
import type { Server } from 'socket.io';
import { KLINE_PERIODS } from '../../src/shared/constants.ts';
import type { Decimal } from '../../src/shared/decimal.ts';
import { PUBLIC_ROOM } from '../socket/hub.ts';
import type { MarketSimulator } from './simulator.ts';
import { daymarketPush, klinePush, symbolOf } from './wire-format.ts';

export class MarketPublisher {
  private readonly seqs = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly market: MarketSimulator;
  private readonly io: Server;
  private readonly now: () => number;
  /**
   * How the simulator moves each round: `candles` (random-walk candles, no spot engine),
   * `fair` (fair value only: candles come from real trades), `off` (SIM_OFF).
   */
  private readonly mode: 'candles' | 'fair' | 'off';
  /** The mark price each `daymarket` carries (extension), when the server has marks. */
  private readonly markOf: (matchId: number) => Decimal | null;

  constructor(
    market: MarketSimulator,
    io: Server,
    now: () => number,
    mode: 'candles' | 'fair' | 'off' = 'candles',
    markOf: (matchId: number) => Decimal | null = () => null,
    /** The markets this process owns (ADR 0071): it walks and publishes those only. */
    private readonly owns: (matchId: number) => boolean = () => true,
  ) {
    this.market = market;
    this.io = io;
    this.now = now;
    this.mode = mode;
    this.markOf = markOf;
  }

  start(intervalMs = 1000): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      try {
        this.publish();
      } catch (err) {
        console.error('market publish failed', err);
      }
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** One round: tick the market and emit every stream. */
  publish(): void {
    const now = this.now();
    if (this.mode === 'candles') this.market.tick(now);
    else if (this.mode === 'fair') this.market.advance(now, this.owns);
    for (const pair of this.market.pairs()) {
      if (!this.owns(pair.matchId)) continue;
      const symbol = symbolOf(pair);
      const day = this.market.current(pair.matchId, '1day', now);
      if (day !== null) {
        const seq = this.nextSeq(`daymarket:${symbol}`);
        const mark = this.markOf(pair.matchId)?.toFixed(pair.pricePrecision) ?? null;
        this.io.to(PUBLIC_ROOM).emit('daymarket', daymarketPush(pair, day, seq, now, mark));
      }
      for (const period of KLINE_PERIODS) {
        const bar = this.market.current(pair.matchId, period, now);
        if (bar === null) continue;
        const seq = this.nextSeq(`kline:${symbol}:${period}`);
        this.io.to(PUBLIC_ROOM).emit('kline', klinePush(pair, period, bar, seq, now));
      }
    }
  }

  private nextSeq(stream: string): number {
    const seq = (this.seqs.get(stream) ?? 0) + 1;
    this.seqs.set(stream, seq);
    return seq;
  }
}
