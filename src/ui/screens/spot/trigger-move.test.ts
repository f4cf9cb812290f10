import { describe, expect, it } from 'vitest';
import type { SpotTriggerView } from '../../../engine/api.ts';
import { triggerMove } from './trigger-move.ts';
import { stepTicks } from '../../trading/chart/chart-line-input.ts';

const order = (over: Partial<Record<keyof SpotTriggerView, unknown>>): SpotTriggerView =>
  ({
    id: 7,
    side: 'sell',
    kind: 'stop_limit',
    symbol: 'BTC/USDT',
    trigger: '100.00',
    price: '99.50',
    number: '0.5',
    status: 'waiting',
    orderId: null,
    orderStatus: null,
    filled: null,
    reason: null,
    ocoOrderId: null,
    ocoPrice: null,
    createdAt: 0,
    updatedAt: 0,
    ...over,
  }) as SpotTriggerView;

describe('a conditional order moved on the chart', () => {
  it('a limit kind keeps its limit’s distance from the trigger, exactly', () => {
    expect(triggerMove(order({}), '103.10')).toEqual({
      id: 7,
      side: 'sell',
      limit: true,
      trigger: '103.10',
      price: '102.6',
      number: '',
    });
    expect(triggerMove(order({ trigger: '0.3', price: '0.1' }), '0.4').price).toBe('0.2');
  });

  it('a market kind moves its trigger only', () => {
    expect(triggerMove(order({ kind: 'stop_market', price: null }), '98')).toMatchObject({
      limit: false,
      trigger: '98',
      price: '',
    });
  });
});

describe('stepTicks', () => {
  it('moves by ticks of the pair, exactly, never below one tick', () => {
    expect(stepTicks('0.1', 2, 1)).toBe('0.3');
    expect(stepTicks('70000.00', -10, 2)).toBe('69999.90');
    expect(stepTicks('0.02', -5, 2)).toBe('0.01');
  });
});
