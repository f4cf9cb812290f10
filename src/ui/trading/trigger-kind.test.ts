// The kind a conditional ticket means, from its trigger and the last price (trigger-kind.ts).
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import { triggerKind } from './trigger-kind.ts';

const LAST = '100.5' as DecStr;

describe('triggerKind', () => {
  it('a buy above the price is a stop, below it a take-profit', () => {
    expect(triggerKind('buy', '101', LAST, true)).toEqual({
      kind: 'stop_limit',
      direction: 'rises',
    });
    expect(triggerKind('buy', '99', LAST, false)).toEqual({
      kind: 'tp_market',
      direction: 'falls',
    });
  });

  it('a sell below the price is a stop, above it a take-profit', () => {
    expect(triggerKind('sell', '100.4', LAST, false)).toEqual({
      kind: 'stop_market',
      direction: 'falls',
    });
    expect(triggerKind('sell', '100.6', LAST, true)).toEqual({
      kind: 'tp_limit',
      direction: 'rises',
    });
  });

  it('a trigger at the price is reached already; nothing is known without a price or a trigger', () => {
    expect(triggerKind('buy', '100.50', LAST, true)).toBe('reached');
    expect(triggerKind('buy', '101', null, true)).toBeNull();
    for (const bad of ['', 'abc', '0', '-1'])
      expect(triggerKind('sell', bad, LAST, true)).toBeNull();
  });
});
