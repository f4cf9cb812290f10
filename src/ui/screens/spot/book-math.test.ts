import { describe, expect, it } from 'vitest';
import {
  groupingDecimals,
  groupingStep,
  parseGrouping,
  parseRate,
  parseReducedMotion,
  sameWindow,
  spreadPercent,
} from './book-math.ts';

describe('grouping', () => {
  it('steps are multiples of the tick', () => {
    expect(groupingStep(2, 1)).toBe('0.01');
    expect(groupingStep(2, 10)).toBe('0.1');
    expect(groupingStep(2, 1000)).toBe('10');
    expect(groupingStep(5, 100)).toBe('0.001');
  });

  it('decimals drop with the grouping, never below 0', () => {
    expect(groupingDecimals(2, 1)).toBe(2);
    expect(groupingDecimals(2, 10)).toBe(1);
    expect(groupingDecimals(2, 1000)).toBe(0);
  });
});

describe('stored preferences', () => {
  it('fall back to defaults on anything unknown', () => {
    expect(parseGrouping('100')).toBe(100);
    expect(parseGrouping('7')).toBe(1);
    expect(parseGrouping(null)).toBe(1);
    expect(parseRate('250')).toBe(250);
    expect(parseRate('frame')).toBe('frame');
    expect(parseRate('x')).toBe('frame');
    expect(parseReducedMotion('1', false)).toBe(true);
    expect(parseReducedMotion('0', true)).toBe(false);
    expect(parseReducedMotion(null, true)).toBe(true);
  });
});

describe('spreadPercent', () => {
  it('is spread / best ask in percent', () => {
    expect(spreadPercent('1', '200')).toBe('0.50');
    expect(spreadPercent(null, '200')).toBeNull();
    expect(spreadPercent('1', '0')).toBeNull();
  });
});

describe('sameWindow', () => {
  it('compares windows by value', () => {
    const w = { bidStart: 0, bidCount: 1, askStart: 2, askCount: 3 };
    expect(sameWindow(w, { ...w })).toBe(true);
    expect(sameWindow(w, { ...w, askCount: 4 })).toBe(false);
  });
});
