// Once per second: move the simulator (or only its fair value, see `mode`), then broadcast `daymarket` (with the mark price) for every pair and `kline`
// for every pair and period, to the public room (socket/hub.ts); held, only the unchanged `daymarket`s. Each stream (event + symbol (+ period)) has its own `seq`.
import type { Server } from 'socket.io';
import { KLINE_PERIODS } from '../../src/shared/constants.ts';
import type { Decimal } from '../../src/shared/decimal.ts';
import { PUBLIC_ROOM } from '../socket/hub.ts';
import { StreamSeqs } from '../cluster/stream-seqs.ts';
import type { MarketSimulator } from './simulator.ts';
import { daymarketPush, klinePush, symbolOf } from './wire-format.ts';

/** The markets a process publishes, and where their streams start (stream-seqs.ts). */
export interface MarketPublisherSeat {
  owns(matchId: number): boolean;
  seqBase(matchId: number): number;
}

const SOLE_PUBLISHER: MarketPublisherSeat = { owns: () => true, seqBase: () => 0 };

export class MarketPublisher {
  private readonly seqs: StreamSeqs;
  private timer: NodeJS.Timeout | null = null;
  /** Held: the tickers go out unchanged, nothing moves (hold()). */
  private held = false;
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
    /**
     * The markets this process owns (ADR 0071): it walks and publishes those only, each stream
     * numbered from the market's `seqBase` (ADR 0073).
     */
    private readonly seat: MarketPublisherSeat = SOLE_PUBLISHER,
  ) {
    this.seqs = new StreamSeqs((m) => seat.seqBase(m));
    this.market = market;
    this.io = io;
    this.now = now;
    this.mode = mode;
    this.markOf = markOf;
  }

  start(intervalMs = 1000): void {
    if (this.timer !== null && !this.held) return;
    this.stop();
    this.timer = this.every(intervalMs, () => this.publish());
  }

  /**
   * Held (the development switch, dev-routes.ts): the market stands still, and its tickers still
   * go out once a second, unchanged, as a quiet market's do. A client takes a socket whose market
   * went silent for a dead one (src/engine/transport/socket.ts): a hold that silenced everything
   * had every page reconnect every 4 s, and a test's page read a last price from before the hold.
   */
  hold(intervalMs = 1000): void {
    this.stop();
    this.held = true;
    this.timer = this.every(intervalMs, () => this.emit(this.now(), false));
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.held = false;
  }

  private every(intervalMs: number, round: () => void): NodeJS.Timeout {
    const timer = setInterval(() => {
      try {
        round();
      } catch (err) {
        console.error('market publish failed', err);
      }
    }, intervalMs);
    timer.unref();
    return timer;
  }

  /** One round: tick the market and emit every stream. */
  publish(): void {
    const now = this.now();
    if (this.mode === 'candles') this.market.tick(now);
    else if (this.mode === 'fair') this.market.advance(now, (m) => this.seat.owns(m));
    this.emit(now, true);
  }

  /** Emits every owned pair's `daymarket`, and its `kline`s when `klines`. */
  private emit(now: number, klines: boolean): void {
    for (const pair of this.market.pairs()) {
      if (!this.seat.owns(pair.matchId)) continue;
      const symbol = symbolOf(pair);
      const day = this.market.current(pair.matchId, '1day', now);
      if (day !== null) {
        const seq = this.seqs.next(`daymarket:${symbol}`, pair.matchId);
        const mark = this.markOf(pair.matchId)?.toFixed(pair.pricePrecision) ?? null;
        this.io.to(PUBLIC_ROOM).emit('daymarket', daymarketPush(pair, day, seq, now, mark));
      }
      if (!klines) continue;
      for (const period of KLINE_PERIODS) {
        const bar = this.market.current(pair.matchId, period, now);
        if (bar === null) continue;
        const seq = this.seqs.next(`kline:${symbol}:${period}`, pair.matchId);
        this.io.to(PUBLIC_ROOM).emit('kline', klinePush(pair, period, bar, seq, now));
      }
    }
  }
}
