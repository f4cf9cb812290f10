import { expect, it } from 'vitest';
import { scaled, timeScale } from '../scripts/time-scale.ts';

it('the runners’ time-outs grow with the machine: as told, else from its load, 1 to 4 times', () => {
  expect(timeScale({ BOURSE_TIME_SCALE: '2.5' })).toBe(2.5);
  const fromLoad = timeScale({});
  expect(fromLoad).toBeGreaterThanOrEqual(1);
  expect(fromLoad).toBeLessThanOrEqual(4);
  expect(timeScale({ BOURSE_TIME_SCALE: 'x' })).toBe(fromLoad);
  expect(scaled(60_000, 1.5)).toBe(90_000);
  expect(scaled(10_000, 1)).toBe(10_000);
});
