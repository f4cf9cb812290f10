import { describe, expect, it } from 'vitest';
import { secureNormal } from './prng.ts';

describe('secureNormal', () => {
  it('draws standard normals (mean 0, variance 1, symmetric tails)', () => {
    const n = 40_000;
    let sum = 0;
    let sq = 0;
    let beyond2 = 0;
    for (let i = 0; i < n; i++) {
      const z = secureNormal();
      expect(Number.isFinite(z)).toBe(true);
      sum += z;
      sq += z * z;
      if (Math.abs(z) > 2) beyond2++;
    }
    const mean = sum / n;
    const variance = sq / n - mean * mean;
    // 6 standard errors: a wrong transform fails, chance alone does not (p < 1e-8)
    expect(Math.abs(mean)).toBeLessThan(6 / Math.sqrt(n));
    expect(Math.abs(variance - 1)).toBeLessThan(6 * Math.sqrt(2 / n));
    expect(Math.abs(beyond2 / n - 0.0455)).toBeLessThan(6 * Math.sqrt((0.0455 * 0.9545) / n));
  });
});
