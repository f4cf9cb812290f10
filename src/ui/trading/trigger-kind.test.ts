// The kind a conditional ticket means, from its trigger and the last price (trigger-kind.ts).
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import type { SpotTriggerView } from '../../engine/api.ts';
import { stateOf, triggerKind } from './trigger-kind.ts';

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

describe('stateOf', () => {
  const row = (over: Partial<SpotTriggerView>): SpotTriggerView => ({
    id: 1,
    side: 'buy',
    kind: 'stop_limit',
    symbol: 'BTC/USDT',
    trigger: '101' as DecStr,
    price: '102' as DecStr,
    number: '0.5' as DecStr,
    status: 'triggered',
    orderId: 9,
    orderStatus: 'open',
    filled: '0.0000' as DecStr,
    reason: null,
    ocoOrderId: null,
    ocoPrice: null,
    createdAt: 0,
    updatedAt: 0,
    ...over,
  });

  it('says what became of a triggered order from the order it placed', () => {
    expect(stateOf(row({}))).toBe('open');
    expect(stateOf(row({ filled: '0.1000' as DecStr }))).toBe('partial');
    expect(stateOf(row({ orderStatus: 'filled', filled: '0.5000' as DecStr }))).toBe('filled');
    expect(stateOf(row({ orderStatus: 'cancelled', filled: '0.2' as DecStr }))).toBe('partial');
    expect(stateOf(row({ orderStatus: 'cancelled' }))).toBe('unfilled');
    expect(stateOf(row({ orderStatus: null, filled: null }))).toBe('open');
  });

  it('keeps waiting, cancelled and refused as they are', () => {
    for (const status of ['waiting', 'cancelled', 'refused'] as const)
      expect(stateOf(row({ status, orderId: null, orderStatus: null, filled: null }))).toBe(status);
  });
});
