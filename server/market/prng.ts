// A small seeded PRNG (mulberry32) with a normal draw (Box–Muller). Deterministic for a seed.
// Floats are fine here: they drive the simulation only; prices leave as integer ticks.
// `secureNormal` draws the same normal from the operating system's CSPRNG instead: the live
// walk of the index that contracts settle on uses it, since a seeded (and 32-bit) generator can
// be cloned from the public seed or recovered from the public history, and its future read off
// in advance (ADR 0040).
import { randomFillSync } from 'node:crypto';
export class Prng {
  private state: number;
  private spare: number | null = null;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let x = this.state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  }

  /** Standard normal. */
  normal(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}

const POOL = new Uint32Array(256);
let poolAt = POOL.length;
let spareSecure: number | null = null;

/** Uniform in (0, 1) from the operating system's CSPRNG (53 random bits, never 0). */
function secureUniform(): number {
  if (poolAt + 2 > POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  const hi = (POOL[poolAt++] ?? 0) >>> 5; // 27 bits
  const lo = (POOL[poolAt++] ?? 0) >>> 6; // 26 bits
  return (hi * 67108864 + lo + 0.5) / 9007199254740992;
}

/** A standard normal from the CSPRNG (Box–Muller): unpredictable, not reproducible. */
export function secureNormal(): number {
  if (spareSecure !== null) {
    const s = spareSecure;
    spareSecure = null;
    return s;
  }
  const r = Math.sqrt(-2 * Math.log(secureUniform()));
  const a = 2 * Math.PI * secureUniform();
  spareSecure = r * Math.sin(a);
  return r * Math.cos(a);
}
