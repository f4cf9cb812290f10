// The mark price (api-contract decision 10, ADRs 0021 and 0040): the one price every contract
// money decision takes — opening and closing, P&L, stop levels, limit activation, the risk rate
// and liquidation, the overnight fee, and second-contract opening and settlement. The last
// trade stays what screens show as "last price".
//
// The mark IS the index, read at the moment the money moves: the reference price source that
// no order, trade or resting quote on this exchange feeds (the simulator's fair value, whose
// live steps come from the operating system's CSPRNG). ADR 0021 added a premium taken from this
// exchange's own spot book (a clamped median over a minute); a held bid flipped that median at a
// moment the holder chose, and a fixed-payout contract wins on a step of any size, so the book no
// longer enters the mark at all (ADR 0040). Without an index (SIM_OFF) there is no mark: the
// contracts and second contracts are closed, and say so, rather than settle on a price that a
// dust trade between two accounts of one person sets in advance.
import { Decimal } from '../../src/shared/decimal.ts';
import type { MarketSimulator, PairSpec } from './simulator.ts';

export interface MarkSources {
  /**
   * The index of a pair in ticks, or null while it has none. Absent: no pair has an index (the
   * simulator is off) and no pair has a mark.
   */
  index?: (matchId: number) => bigint | null;
}

/** The running server's source: the simulator's fair value as the index (none with SIM_OFF). */
export function serverMarkSources(market: MarketSimulator, simOff: boolean): MarkSources {
  if (simOff) return {};
  return {
    index: (matchId: number): bigint | null => {
      const fair = market.fairPrice(matchId);
      return fair === null ? null : BigInt(fair);
    },
  };
}

export class MarkPrices {
  private readonly specs = new Map<number, PairSpec>();
  /** Mark prices as decimals in each pair's precision (what lever and micro take). */
  readonly priceOf = (matchId: number): Decimal | null => this.mark(matchId);

  constructor(
    pairs: readonly PairSpec[],
    private readonly sources: MarkSources,
  ) {
    for (const spec of pairs) this.specs.set(spec.matchId, spec);
  }

  /** Whether the marks follow an index at all (false with SIM_OFF: the contracts are closed). */
  get indexed(): boolean {
    return this.sources.index !== undefined;
  }

  /** The mark of a pair in ticks, now, or null (no index). */
  markTicks(matchId: number): bigint | null {
    if (!this.specs.has(matchId)) return null;
    const index = this.sources.index?.(matchId) ?? null;
    return index === null || index <= 0n ? null : index;
  }

  /** The mark of a pair in its price precision, now, or null. */
  mark(matchId: number): Decimal | null {
    const spec = this.specs.get(matchId);
    const ticks = this.markTicks(matchId);
    return spec === undefined || ticks === null ? null : ticksToPrice(spec, ticks);
  }

  /** The index a pair's mark follows (the mark itself), or null. */
  index(matchId: number): Decimal | null {
    return this.mark(matchId);
  }
}

function ticksToPrice(p: PairSpec, ticks: bigint): Decimal {
  return new Decimal(ticks.toString())
    .dividedBy(new Decimal(10).pow(p.pricePrecision))
    .toDecimalPlaces(p.pricePrecision);
}
