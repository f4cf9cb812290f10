import { describe, expect, it } from 'vitest';
import {
  formatAxisPrice,
  formatAxisVolume,
  formatBarTime,
  formatTimeTick,
  TIME_LABEL_PX,
  timeTicks,
} from './ticks.ts';

const MIN = 60_000;
const DAY = 86_400_000;

function times(start: number, step: number, count: number): Float64Array {
  return Float64Array.from({ length: count }, (_, i) => start + i * step);
}

describe('timeTicks', () => {
  it('puts one-minute labels on round quarter hours at 8 px per bar', () => {
    const t = times(Date.UTC(2024, 2, 5, 10, 0), MIN, 120);
    const ticks = timeTicks(t, 0, 120, 60, 8, 0);
    // 80 px / 8 px = 10 bars → 15-minute buckets.
    expect(ticks.map((k) => k.index)).toEqual([15, 30, 45, 60, 75, 90, 105]);
    expect(ticks.every((k) => k.level === 'time')).toBe(true);
  });

  it('labels a new day with the date', () => {
    const t = times(Date.UTC(2024, 2, 5, 23, 0), 15 * MIN, 16);
    const ticks = timeTicks(t, 0, 16, 900, 40, 0);
    const day = ticks.find((k) => k.level === 'day');
    expect(day?.index).toBe(4);
  });

  it('applies the viewer offset', () => {
    const t = times(Date.UTC(2024, 2, 5, 22, 0), 15 * MIN, 16);
    expect(timeTicks(t, 0, 16, 900, 40, 0).find((k) => k.level === 'day')?.index).toBe(8);
    const ticks = timeTicks(t, 0, 16, 900, 40, 3_600_000);
    expect(ticks.find((k) => k.level === 'day')?.index).toBe(4);
  });

  it('keeps labels apart at any zoom', () => {
    for (const spacing of [1, 2, 3, 5, 8, 13, 30]) {
      const t = times(Date.UTC(2020, 0, 1), DAY, 2000);
      const ticks = timeTicks(t, 0, 2000, 86400, spacing, 0);
      expect(ticks.length).toBeGreaterThan(0);
      for (let i = 1; i < ticks.length; i++) {
        const gap = ((ticks[i]?.index ?? 0) - (ticks[i - 1]?.index ?? 0)) * spacing;
        expect(gap).toBeGreaterThanOrEqual(TIME_LABEL_PX * 0.6);
      }
    }
  });

  it('uses months and years for monthly bars', () => {
    const t = Float64Array.from({ length: 36 }, (_, i) => Date.UTC(2021, i, 1));
    const ticks = timeTicks(t, 0, 36, 2_592_000, 30, 0);
    expect(ticks.find((k) => k.index === 12)?.level).toBe('year');
    expect(ticks.some((k) => k.level === 'month')).toBe(true);
  });
});

describe('labels', () => {
  it('formats ticks per level', () => {
    const t = Date.UTC(2024, 2, 5, 14, 30);
    expect(formatTimeTick(t, 'time', 'en-US', 0)).toBe('14:30');
    expect(formatTimeTick(t, 'day', 'en-US', 0)).toBe('Mar 5');
    expect(formatTimeTick(t, 'month', 'en-US', 0)).toBe('Mar');
    expect(formatTimeTick(t, 'year', 'en-US', 0)).toBe('2024');
    expect(formatTimeTick(t, 'time', 'en-US', 3_600_000)).toBe('15:30');
  });

  it('formats bar times as precisely as the period', () => {
    const t = Date.UTC(2024, 2, 5, 14, 30);
    expect(formatBarTime(t, 60, 'en-US', 0)).toBe('03/05/2024, 14:30');
    expect(formatBarTime(t, 86400, 'en-US', 0)).toBe('Mar 5, 2024');
    expect(formatBarTime(t, 2_592_000, 'en-US', 0)).toBe('Mar 2024');
  });

  it('formats axis numbers', () => {
    expect(formatAxisPrice(27123.456, 2, 'en-US')).toBe('27,123.46');
    expect(formatAxisPrice(1, 0, 'en-US')).toBe('1');
    // the reader's separators (issue 20: the axis said 70600.00 in German and Russian)
    expect(formatAxisPrice(70600, 2, 'de-DE')).toBe('70.600,00');
    expect(formatAxisPrice(70600, 2, 'ru-RU')).toBe('70\u00a0600,00');
    expect(formatAxisPrice('70600.5', 2, 'de-DE')).toBe('70.600,50');
    expect(formatAxisVolume(1234, 'en-US')).toBe('1.23K');
  });
});
