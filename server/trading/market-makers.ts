// Simulated market making, labelled as such (api-contract §13): flagged accounts with large
// in-memory balances that place and cancel real orders in the same engine as users, around the
// simulator's fair value. A taker account moves the last price toward fair value by trading
// against the book (real matches), plus some random flow. Default rates are modest (a step every
// 500 ms: a few orders per pair); the load profiles of BUDGETS.md drive a focused pair harder.
import { Decimal } from '../../src/shared/decimal.ts';
import type { MarketSimulator, PairSpec } from '../market/simulator.ts';
import { Prng } from '../market/prng.ts';
import { fromUnits, toUnits } from './units.ts';
import type { NewOrder } from './core.ts';
import type { LoadProfile } from '../config.ts';
import type { Side } from './order-book.ts';
import type { SpotService } from './spot-service.ts';

/** F-burst's cycle (s): the burst runs from BURST_FROM_S for BURST_FOR_S in every period. */
const BURST_PERIOD_S = 30;
const BURST_FROM_S = 15;
const BURST_FOR_S = 10;

export interface SimAccounts {
  makers: readonly number[];
  taker: number;
}

interface Quote {
  side: Side;
  price: bigint;
}

/** Levels a side the default makers keep per pair. */
export const DEFAULT_LEVELS = 40;
const MAX_PLACES_PER_STEP = 8;
const MAX_CANCELS_PER_STEP = 8;
/** The random flow trades at most fair / 100 (1 %) beyond the fair value. */
const RANDOM_FLOW_SLACK = 100n;

export class MarketMakers {
  private readonly spot: SpotService;
  private readonly market: MarketSimulator;
  private readonly accounts: SimAccounts;
  private readonly rng: Prng;
  private readonly quotes = new Map<number, Quotes>();
  private readonly pairs: PairSpec[];
  private timer: NodeJS.Timeout | null = null;
  private loadTimer: NodeJS.Timeout | null = null;
  private running = false;
  private turn = 0;
  private readonly profile: LoadProfile | null;
  private readonly focus: number | null;
  /** The focused book was seeded since this process last gained its market. */
  private seeded = false;
  private loadBusy = false;
  private loadStartMs = 0;
  private loadSteps = 0;

  constructor(
    spot: SpotService,
    market: MarketSimulator,
    accounts: SimAccounts,
    opts: { seed: number; profile: LoadProfile | null },
  ) {
    this.spot = spot;
    this.market = market;
    this.accounts = accounts;
    this.rng = new Prng((opts.seed * 7919 + 17) >>> 0);
    this.profile = opts.profile;
    const all = spot.pairs();
    this.focus = opts.profile === null ? null : (all[0]?.matchId ?? null);
    this.pairs = opts.profile === 'F-deep' ? all.filter((p) => p.matchId === this.focus) : all;
    this.grant();
  }

  /** The pair the load profile focuses on (deep book, delta pushes), or null. */
  get focusPair(): number | null {
    return this.focus;
  }

  private grant(): void {
    const ids = [...this.accounts.makers, this.accounts.taker];
    const seen = new Set<number>();
    for (const p of this.spot.pairs()) {
      const baseAmount = new Decimal(p.minuteVolume).times(1_000_000);
      for (const u of ids) {
        this.spot.grantSimulated(u, p.currencyId, atto(baseAmount));
        if (!seen.has(p.legalId * 100000 + u)) {
          seen.add(p.legalId * 100000 + u);
          this.spot.grantSimulated(u, p.legalId, atto(new Decimal(10).pow(13)));
        }
      }
    }
  }

  start(intervalMs = 500): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.safeStep(), intervalMs);
    this.timer.unref();
    if (this.profile !== null && this.focus !== null) {
      this.loadStartMs = Date.now();
      this.loadTimer = setInterval(() => void this.safeLoadStep(), 100);
      this.loadTimer.unref();
    }
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    if (this.loadTimer !== null) clearInterval(this.loadTimer);
    this.timer = null;
    this.loadTimer = null;
  }

  private async safeStep(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.step();
    } catch (err) {
      console.error('market makers step failed', err);
    } finally {
      this.running = false;
    }
  }

  /**
   * The development price control (ADR 0053): sets the pair's fair value to `price`, then steps
   * that pair's makers and taker, one step at a time between the timer's steps, until the last
   * real trade is within half a percent (or a grid step) of it, 80 steps at most. The price moves
   * as a market does: the taker buys (sells) the book toward the new value and the makers requote
   * around it, so every order resting on the way, a user's too, fills at its own price, and the
   * conditional orders it reaches fire. Returns the last price reached, or null when `price` has
   * more decimals than the pair's, lies outside half to twice the fair value, or the pair is not
   * one the makers quote.
   */
  async steer(matchId: number, price: Decimal): Promise<string | null> {
    const p = this.pairs.find((x) => x.matchId === matchId && x.matchId !== this.focus);
    const target = p === undefined ? null : toUnits(price, p.pricePrecision);
    const fair = p === undefined ? null : this.fair(p);
    if (p === undefined || target === null || fair === null) return null;
    if (target * 2n < fair || target > fair * 2n) return null;
    const step = this.gridStep(p);
    const near = target / 200n > step ? target / 200n : step;
    const close = () => {
      const last = this.spot.lastPrice(matchId);
      return last !== null && (last > target ? last - target : target - last) <= near;
    };
    for (let i = 0; i < 80 && !close(); i++) {
      while (this.running) await new Promise((r) => setTimeout(r, 10));
      this.running = true;
      try {
        this.market.steer(matchId, Number(target));
        await this.stepPair(p, DEFAULT_LEVELS);
      } finally {
        this.running = false;
      }
    }
    const last = this.spot.lastPrice(matchId);
    return last === null ? null : fromUnits(last, p.pricePrecision);
  }

  /** One round over every pair: taker flow, then re-quoting. */
  async step(): Promise<void> {
    for (const p of this.pairs) {
      if (p.matchId === this.focus) continue; // the load driver owns the focused pair
      // the makers of a market run where it is owned (ADR 0071)
      if (!this.spot.seat.owns(p.matchId)) continue;
      await this.stepPair(p, DEFAULT_LEVELS);
    }
  }

  private fair(p: PairSpec): bigint | null {
    const f = this.market.fairPrice(p.matchId);
    return f === null ? null : BigInt(f);
  }

  /** Grid step: about 0.05 % of the reference price, at least one tick (fixed per pair). */
  private gridStep(p: PairSpec): bigint {
    const s = BigInt(Math.round((p.refPrice * 10 ** p.pricePrecision) / 2000));
    return s < 1n ? 1n : s;
  }

  /** A typical order size in lots (about 1/20 of a simulated minute's volume). */
  private size(p: PairSpec, scale = 1): bigint {
    const lots = (p.minuteVolume * 10 ** p.amountPrecision * scale) / 20;
    const r = lots * (0.2 + 1.8 * this.rng.next());
    return BigInt(Math.max(1, Math.round(r)));
  }

  private maker(): number {
    const m = this.accounts.makers[this.turn++ % this.accounts.makers.length];
    return m ?? this.accounts.taker;
  }

  private quotesOf(matchId: number): Quotes {
    let q = this.quotes.get(matchId);
    if (q === undefined) {
      q = new Quotes();
      this.quotes.set(matchId, q);
    }
    return q;
  }

  private order(
    p: PairSpec,
    userId: number,
    side: Side,
    kind: NewOrder['kind'],
    price: bigint,
    qty: bigint,
  ) {
    return this.spot.simPlace({ userId, matchId: p.matchId, side, kind, price, qty });
  }

  private async place(p: PairSpec, side: Side, price: bigint, qty: bigint): Promise<void> {
    if (price <= 0n) return;
    const res = await this.order(p, this.maker(), side, 'limit', price, qty);
    if (res !== null && res.plan.rest > 0n)
      this.quotesOf(p.matchId).add(res.restingId, { side, price });
  }

  async stepPair(p: PairSpec, levels: number): Promise<void> {
    const fair = this.fair(p);
    if (fair === null) return;
    const step = this.gridStep(p);
    await this.takerFlow(p, fair);
    await this.pruneQuotes(p, fair, step * BigInt(levels + 4));
    await this.trimQuotes(p, 'buy', levels + 8);
    await this.trimQuotes(p, 'sell', levels + 8);
    await this.fillGrid(p, fair, step, levels);
  }

  /** The taker trades the book toward fair value, plus some random flow. */
  private async takerFlow(p: PairSpec, fair: bigint): Promise<void> {
    const book = this.spot.core.book(p.matchId);
    const ask = book.bestAsk();
    const bid = book.bestBid();
    const t = this.accounts.taker;
    if (ask !== null && ask < fair) {
      await this.order(p, t, 'buy', 'ioc', fair, this.size(p, 3));
    } else if (bid !== null && bid > fair) {
      await this.order(p, t, 'sell', 'ioc', fair, this.size(p, 3));
    } else if (this.rng.next() < 0.35) {
      // Random flow, limited to 1 % beyond the fair value: the taker stands for the outside
      // market, which never sells far below (or buys far above) what the coin is worth
      // elsewhere — a market order would hand a far-off resting bid its coins for nothing.
      const side: Side = this.rng.next() < 0.5 ? 'buy' : 'sell';
      const slack = fair / RANDOM_FLOW_SLACK;
      await this.order(
        p,
        t,
        side,
        'ioc',
        side === 'buy' ? fair + slack : fair - slack,
        this.size(p),
      );
    }
  }

  /** Forgets filled quotes and cancels those farther than `far` from fair value. */
  private async pruneQuotes(p: PairSpec, fair: bigint, far: bigint): Promise<void> {
    const book = this.spot.core.book(p.matchId);
    const quotes = this.quotesOf(p.matchId);
    let cancels = 0;
    for (const [id, q] of quotes.entries()) {
      if (book.get(id) === null) {
        quotes.delete(id);
        continue;
      }
      const tooFar = q.side === 'buy' ? q.price < fair - far : q.price > fair + far;
      if (!tooFar || cancels >= MAX_CANCELS_PER_STEP) continue;
      cancels++;
      await this.spot.simCancel(p.matchId, id);
      quotes.delete(id);
    }
    // refresh a quote now and then (the grid re-fills it with a new size next step)
    const all = quotes.entries();
    const pick = all[Math.floor(this.rng.next() * all.length)];
    if (pick !== undefined && this.rng.next() < 0.6) {
      await this.spot.simCancel(p.matchId, pick[0]);
      quotes.delete(pick[0]);
    }
  }

  /** Places quotes at the grid prices nearest fair value that have none (a few per step). */
  private async fillGrid(p: PairSpec, fair: bigint, step: bigint, levels: number): Promise<void> {
    const quotes = this.quotesOf(p.matchId);
    const bidTop = ((fair - 1n) / step) * step;
    const askTop = ((fair + step) / step) * step;
    const wanted: Array<[Side, bigint]> = [];
    for (let i = 0; i < levels; i++) {
      const off = BigInt(i) * step;
      wanted.push(['buy', bidTop - off], ['sell', askTop + off]);
    }
    const missing = wanted.filter(([side, price]) => price > 0n && quotes.at(side, price) === null);
    for (const [side, price] of missing.slice(0, MAX_PLACES_PER_STEP)) {
      await this.place(p, side, price, this.size(p));
    }
  }

  // ---- load profiles ------------------------------------------------------------------------

  private loadLevels(): number {
    return this.profile === 'F-deep' ? 5000 : 1000;
  }

  private focusSpec(): PairSpec | null {
    return this.focus === null ? null : this.spot.spec(this.focus);
  }

  /** Fills the focused book to its depth before the load starts. */
  async seedLoadBook(): Promise<void> {
    const p = this.focusSpec();
    if (p === null) return;
    const fair = this.fair(p);
    if (fair === null) return;
    const n = this.loadLevels();
    for (let i = 0; i < n; i++) {
      await this.place(p, 'buy', fair - 1n - BigInt(i), this.size(p));
      await this.place(p, 'sell', fair + 1n + BigInt(i), this.size(p));
    }
  }

  /**
   * One slice of load where the focused pair is owned (ADR 0071): its book seeded first, again
   * after each time this process gains it (a book gained holds the users' orders only); a slice
   * still running when the next is due skips it.
   */
  private async safeLoadStep(): Promise<void> {
    const p = this.focusSpec();
    if (this.loadBusy || p === null) return;
    if (!this.spot.seat.owns(p.matchId)) {
      this.seeded = false;
      return;
    }
    this.loadBusy = true;
    try {
      if (this.seeded) await this.loadStep();
      else await this.seedLoadBook();
      this.seeded = true;
    } catch (err) {
      console.error('load step failed', err);
    } finally {
      this.loadBusy = false;
    }
  }

  /** Rates per 100 ms: level changes and trades on the focused pair. */
  private loadRates(): { changes: number; trades: number } {
    if (this.profile === 'F-deep') return { changes: 200, trades: 2 };
    const base = { changes: 20 + Math.floor(this.rng.next() * 81), trades: 20 };
    if (this.profile === 'F-burst') {
      // every 30 s: 15 s of F-busy, 10 s of F-busy × 5, 5 s of F-busy (a client that connects
      // with the server has time to settle before the first burst)
      const phase = ((Date.now() - this.loadStartMs) / 1000) % BURST_PERIOD_S;
      if (phase >= BURST_FROM_S && phase < BURST_FROM_S + BURST_FOR_S)
        return { changes: base.changes * 5, trades: base.trades * 5 };
    }
    return base;
  }

  /** One 100 ms slice of load on the focused pair. */
  async loadStep(): Promise<void> {
    const p = this.focusSpec();
    if (p === null || !this.spot.seat.owns(p.matchId)) return;
    const book = this.spot.core.book(p.matchId);
    const { changes, trades } = this.loadRates();
    if (++this.loadSteps % 10 === 0) {
      const quotes = this.quotesOf(p.matchId);
      for (const [id] of quotes.entries()) if (book.get(id) === null) quotes.delete(id);
    }
    for (let i = 0; i < trades; i++) {
      const side: Side = i % 2 === 0 ? 'buy' : 'sell';
      const best = side === 'buy' ? book.bestAsk() : book.bestBid();
      if (best !== null) await this.order(p, this.accounts.taker, side, 'ioc', best, 1n);
    }
    const fair = this.fair(p);
    if (fair === null) return;
    for (let i = 0; i < changes; i++) await this.changeLevel(p, fair);
    await this.trimDepth(p, 'buy');
    await this.trimDepth(p, 'sell');
  }

  /** Changes one random level of the focused book: a new size, a new level, or removal. */
  private async changeLevel(p: PairSpec, fair: bigint): Promise<void> {
    const quotes = this.quotesOf(p.matchId);
    const side: Side = this.rng.next() < 0.5 ? 'buy' : 'sell';
    const level = BigInt(Math.floor(this.rng.next() * this.loadLevels() * 1.15));
    const price = side === 'buy' ? fair - 1n - level : fair + 1n + level;
    if (price <= 0n) return;
    const id = quotes.at(side, price);
    let cancelled = false;
    if (id !== null) {
      quotes.delete(id);
      cancelled = await this.spot.simCancel(p.matchId, id);
    }
    // an existing level mostly changes size; sometimes it goes away
    if (!cancelled || this.rng.next() < 0.85) await this.place(p, side, price, this.size(p));
  }

  /** Keeps a side near its load depth by cancelling the farthest quotes. */
  private async trimDepth(p: PairSpec, side: Side): Promise<void> {
    const book = this.spot.core.book(p.matchId);
    await this.cancelFarthest(
      p,
      side,
      book.levelCount(side) - Math.round(this.loadLevels() * 1.05),
    );
  }

  /** At most `max` maker quotes a side (default mode). */
  private async trimQuotes(p: PairSpec, side: Side, max: number): Promise<void> {
    const count = this.quotesOf(p.matchId)
      .entries()
      .filter(([, q]) => q.side === side).length;
    await this.cancelFarthest(p, side, count - max);
  }

  /** Cancels the `n` quotes of `side` farthest from the top of the book. */
  private async cancelFarthest(p: PairSpec, side: Side, n: number): Promise<void> {
    let extra = n;
    if (extra <= 0) return;
    const quotes = this.quotesOf(p.matchId);
    const mine = quotes.entries().filter(([, q]) => q.side === side);
    const farFirst = (a: Quote, b: Quote) =>
      (a.price < b.price ? -1 : 1) * (side === 'buy' ? 1 : -1);
    mine.sort(([, a], [, b]) => farFirst(a, b));
    for (const [id] of mine) {
      if (extra-- <= 0) break;
      quotes.delete(id);
      await this.spot.simCancel(p.matchId, id);
    }
  }
}

function atto(d: Decimal): bigint {
  return BigInt(d.times(new Decimal(10).pow(18)).toFixed(0, Decimal.ROUND_DOWN));
}

/** The simulated makers' resting quotes of one pair, by id and by level. */
class Quotes {
  private readonly byId = new Map<number, Quote>();
  private readonly byLevel = new Map<string, Set<number>>();

  add(id: number, q: Quote): void {
    this.byId.set(id, q);
    const key = `${q.side}:${q.price}`;
    let set = this.byLevel.get(key);
    if (set === undefined) {
      set = new Set();
      this.byLevel.set(key, set);
    }
    set.add(id);
  }

  delete(id: number): void {
    const q = this.byId.get(id);
    if (q === undefined) return;
    this.byId.delete(id);
    const key = `${q.side}:${q.price}`;
    const set = this.byLevel.get(key);
    set?.delete(id);
    if (set?.size === 0) this.byLevel.delete(key);
  }

  /** One of our order ids at this level, or null. */
  at(side: Side, price: bigint): number | null {
    const set = this.byLevel.get(`${side}:${price}`);
    if (set === undefined) return null;
    for (const id of set) return id;
    return null;
  }

  entries(): Array<[number, Quote]> {
    return [...this.byId];
  }
}
