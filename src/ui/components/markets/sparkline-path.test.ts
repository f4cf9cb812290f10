import { describe, expect, it } from 'vitest';
import { sparklinePath } from './sparkline-path.ts';

describe('sparklinePath', () => {
  it('needs two points', () => {
    expect(sparklinePath([], 100, 30)).toBeNull();
    expect(sparklinePath(['1'], 100, 30)).toBeNull();
  });
  it('spans the box and gives the direction', () => {
    const s = sparklinePath(['1', '3', '2'], 100, 30);
    expect(s?.path.startsWith('M2,28')).toBe(true);
    expect(s?.path.endsWith('98,15')).toBe(true);
    expect(s?.direction).toBe('up');
    expect(sparklinePath(['3', '1'], 100, 30)?.direction).toBe('down');
  });
  it('draws a flat series in the middle', () => {
    expect(sparklinePath(['5', '5'], 100, 30)?.path).toBe('M2,15L98,15');
  });
});
