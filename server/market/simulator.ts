// The market simulator: for every pair a mean-reverting geometric random walk (log price pulled
// gently toward the pair's reference price, so prices stay positive and plausible). Its history
// is seeded and deterministic: it backfills two years of hourly bars and seven days of minute
// bars from the seed. Its live walk, once per `tick` or `advance` (normally each second), draws
// from the operating system's CSPRNG unless a test hands it a source (`liveNormal`): the fair
// value is the index that contracts settle on, and a walk anyone can replay from the public seed
// would tell its future (ADR 0040). Candles of every period are aggregated from
// the minute series (periods under an hour) or the hour series.
import type { AggBar, TickBar, PairSpec, ServerPeriod } from '../kernel/market-types.ts';
import { aggregate, bucketStart, mergeInto, usesHours } from './candles.ts';
import { Prng, secureNormal } from './prng.ts';

export type { PairSpec };

export interface SimulatorOptions {
  seed: number;
  /** Volatility multiplier (SIM_SPEED). */
  speed: number;
  /** Clock at construction, ms: history ends here. */
  nowMs: number;
  minuteHistoryDays?: number;
  hourHistoryDays?: number;
  /**
   * The standard normal draws of the live walk. Default: the CSPRNG (`secureNormal`), so no one
   * can tell the index's next step. Tests that need a reproducible walk pass a seeded one.
   */
  liveNormal?: () => number;
}

const MINUTES_PER_DAY = 1440;
/** Mean reversion per minute: a deviation halves in about two days. */
const THETA_PER_MINUTE = Math.LN2 / (2 * MINUTES_PER_DAY);

interface PairState {
  spec: PairSpec;
  rng: Prng;
  logPrice: number;
  logRef: number;
  sigmaPerMinute: number;
  priceScale: number;
  amountScale: number;
  minutes: TickBar[];
  hours: TickBar[];
  lastTickMs: number;
}

export class MarketSimulator {
  private readonly states = new Map<number, PairState>();
  private readonly speed: number;
  private readonly minuteDays: number;
  private readonly liveNormal: () => number;

  constructor(pairs: readonly PairSpec[], opts: SimulatorOptions) {
    this.speed = opts.speed;
    this.liveNormal = opts.liveNormal ?? secureNormal;
    this.minuteDays = opts.minuteHistoryDays ?? 7;
    for (const spec of pairs) {
      const state = initState(spec, opts.seed);
      backfill(state, opts.nowMs, this.minuteDays, opts.hourHistoryDays ?? 730, this.speed);
      this.states.set(spec.matchId, state);
    }
  }

  pairs(): PairSpec[] {
    return [...this.states.values()].map((s) => s.spec);
  }

  pair(matchId: number): PairSpec | null {
    return this.states.get(matchId)?.spec ?? null;
  }

  /** Moves every pair to `nowMs` (one step per call; the timer calls it once per second). */
  tick(nowMs: number): void {
    for (const s of this.states.values()) {
      const dtMinutes = Math.max(0, (nowMs - s.lastTickMs) / 60000);
      if (dtMinutes === 0) continue;
      step(s, dtMinutes, this.speed, this.liveNormal());
      const price = priceTicks(s);
      const lots = Math.round(s.spec.minuteVolume * dtMinutes * activity(s.rng) * s.amountScale);
      const tick = { o: price, h: price, l: price, c: price, v: lots, q: price * lots };
      const t = Math.floor(nowMs / 1000);
      mergeInto(s.minutes, bucketStart('1min', t), tick);
      mergeInto(s.hours, bucketStart('60min', t), tick);
      s.lastTickMs = nowMs;
      trimMinutes(s, this.minuteDays);
    }
  }

  /**
   * Moves only the fair value of every pair to `nowMs` (spot trading on: candles then come
   * from real trades through `recordTrade`, market makers quote around `fairPrice`).
   */
  advance(nowMs: number, walks: (matchId: number) => boolean = () => true): void {
    for (const s of this.states.values()) {
      if (!walks(s.spec.matchId)) continue;
      const dtMinutes = Math.max(0, (nowMs - s.lastTickMs) / 60000);
      if (dtMinutes === 0) continue;
      step(s, dtMinutes, this.speed, this.liveNormal());
      s.lastTickMs = nowMs;
    }
  }

  /**
   * Where a pair's live walk stands (its log price, and when it got there): what the owner of the
   * market sends the other processes of the cluster (ADR 0071), which `follow` it.
   */
  walkOf(matchId: number): { lp: number; at: number } | null {
    const s = this.states.get(matchId);
    return s === undefined ? null : { lp: s.logPrice, at: s.lastTickMs };
  }

  /** Puts a pair's walk where its owner says it stands (a later owner goes on from there). */
  follow(matchId: number, walk: { lp: number; at: number }): void {
    const s = this.states.get(matchId);
    if (s === undefined || !Number.isFinite(walk.lp) || !Number.isFinite(walk.at)) return;
    s.logPrice = walk.lp;
    s.lastTickMs = Math.max(s.lastTickMs, walk.at);
  }

  /** The simulated fair value in ticks (what the market makers quote around). */
  fairPrice(matchId: number): number | null {
    const s = this.states.get(matchId);
    return s === undefined ? null : priceTicks(s);
  }

  /**
   * Sets the fair value of `matchId` to `priceTicks` (the development price control, ADR 0053):
   * the walk goes on from there, pulled as ever toward the reference price. False for an unknown
   * pair or a price under one tick.
   */
  steer(matchId: number, priceTicks: number): boolean {
    const s = this.states.get(matchId);
    if (s === undefined || !(priceTicks >= 1)) return false;
    s.logPrice = Math.log(priceTicks / s.priceScale);
    return true;
  }

  /** Folds a real trade (price in ticks, amount in lots) into the candles. */
  recordTrade(matchId: number, priceTicks: number, lots: number, nowMs: number): void {
    const s = this.states.get(matchId);
    if (s === undefined) return;
    const tick = {
      o: priceTicks,
      h: priceTicks,
      l: priceTicks,
      c: priceTicks,
      v: lots,
      q: priceTicks * lots,
    };
    const t = Math.floor(nowMs / 1000);
    mergeInto(s.minutes, bucketStart('1min', t), tick);
    mergeInto(s.hours, bucketStart('60min', t), tick);
    trimMinutes(s, this.minuteDays);
  }

  /** Bars of `period` with open time in [from, to] (unix s), oldest first. */
  history(matchId: number, period: ServerPeriod, from: number, to: number): AggBar[] {
    const s = this.states.get(matchId);
    if (s === undefined) return [];
    const base = usesHours(period) ? s.hours : s.minutes;
    return aggregate(base, period, bucketStart(period, from), to);
  }

  /** The bar of `period` that holds `nowMs`, or null before any data. */
  current(matchId: number, period: ServerPeriod, nowMs: number): AggBar | null {
    const t = Math.floor(nowMs / 1000);
    const bars = this.history(matchId, period, t, t);
    const bar = bars[bars.length - 1];
    if (bar !== undefined) return bar;
    // A quiet bucket (no trade yet, spot trading on): a flat bar at the last price, no volume,
    // as exchanges show it, so every period keeps streaming.
    const last = this.lastPrice(matchId);
    if (last === null) return null;
    return { t: bucketStart(period, t), o: last, h: last, l: last, c: last, v: 0, q: 0n };
  }

  /** Last price in ticks. */
  lastPrice(matchId: number): number | null {
    const s = this.states.get(matchId);
    return s === undefined ? null : (s.minutes[s.minutes.length - 1]?.c ?? null);
  }
}

function initState(spec: PairSpec, seed: number): PairState {
  const rng = new Prng((Math.imul(seed, 2654435761) ^ Math.imul(spec.matchId, 40503)) >>> 0);
  const logRef = Math.log(spec.refPrice);
  return {
    spec,
    rng,
    logPrice: logRef,
    logRef,
    sigmaPerMinute: spec.dailyVolatility / Math.sqrt(MINUTES_PER_DAY),
    priceScale: 10 ** spec.pricePrecision,
    amountScale: 10 ** spec.amountPrecision,
    minutes: [],
    hours: [],
    lastTickMs: 0,
  };
}

/** One step of the walk; `z` is its standard normal draw (seeded history, or the live source). */
function step(s: PairState, dtMinutes: number, speed: number, z: number): void {
  const pull = THETA_PER_MINUTE * dtMinutes * (s.logRef - s.logPrice);
  s.logPrice += pull + s.sigmaPerMinute * speed * Math.sqrt(dtMinutes) * z;
}

function priceTicks(s: PairState): number {
  return Math.max(1, Math.round(Math.exp(s.logPrice) * s.priceScale));
}

/** Trading activity factor around 1 (log-normal), so volumes vary bar to bar. */
function activity(rng: Prng): number {
  return Math.exp(0.6 * rng.normal() - 0.18);
}

/** A bar of `substeps` walk steps spanning `minutes` minutes. */
function walkBar(
  s: PairState,
  t: number,
  minutes: number,
  substeps: number,
  speed: number,
): TickBar {
  const o = priceTicks(s);
  let h = o;
  let l = o;
  for (let i = 0; i < substeps; i++) {
    step(s, minutes / substeps, speed, s.rng.normal());
    const p = priceTicks(s);
    h = Math.max(h, p);
    l = Math.min(l, p);
  }
  const c = priceTicks(s);
  const v = Math.round(s.spec.minuteVolume * minutes * activity(s.rng) * s.amountScale);
  return { t, o, h, l, c, v, q: Math.round(((o + c) / 2) * v) };
}

function backfill(
  s: PairState,
  nowMs: number,
  minuteDays: number,
  hourDays: number,
  speed: number,
): void {
  const now = Math.floor(nowMs / 1000);
  const minuteStart = bucketStart('60min', now - minuteDays * 86400);
  const hourStart = minuteStart - hourDays * 86400;
  // Start the long walk a little off the reference, as markets rarely sit on it.
  s.logPrice = s.logRef + 0.1 * s.rng.normal();
  for (let t = hourStart; t < minuteStart; t += 3600) s.hours.push(walkBar(s, t, 60, 6, speed));
  const lastMinute = bucketStart('1min', now);
  for (let t = minuteStart; t <= lastMinute; t += 60) {
    const bar = walkBar(s, t, 1, 4, speed);
    s.minutes.push(bar);
    const { t: _t, ...rest } = bar;
    mergeInto(s.hours, bucketStart('60min', t), rest);
  }
  s.lastTickMs = nowMs;
}

function trimMinutes(s: PairState, days: number): void {
  const keep = (days + 1) * MINUTES_PER_DAY;
  if (s.minutes.length > keep + 60) s.minutes.splice(0, s.minutes.length - keep);
}
