import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import type { Bar } from '../api.ts';
import type { NewEvent } from '../events.ts';
import { chunk, withSeq } from '../testing/arbitraries.ts';
import { foldChart, initialChartState, isChartEvent, MAX_BARS } from './chart.ts';
import type { ChartState } from './chart.ts';
import { SYMBOL, T0, watchEvent } from '../testing/spot-fixtures.ts';

const M = 60_000;
const dec = fc.constantFrom('1', '2.5', '3', '10') as fc.Arbitrary<DecStr>;
const kline = (symbol: string, period: string, minute: number, close: DecStr): NewEvent => ({
  at: T0,
  kind: 'push',
  name: 'market.kline',
  body: {
    symbol,
    period,
    time: T0 + minute * M,
    open: close,
    high: close,
    low: close,
    close,
    volume: '1' as DecStr,
    seq: null,
    serverTime: null,
  },
});
const bar = (minute: number, close: DecStr): Bar => ({
  time: T0 + minute * M,
  open: close,
  high: close,
  low: close,
  close,
  volume: '1' as DecStr,
});
const eventArb: fc.Arbitrary<NewEvent> = fc.oneof(
  fc
    .record({
      symbol: fc.constantFrom(SYMBOL, 'ETH/USDT'),
      period: fc.constantFrom('1min', '5min'),
      minute: fc.nat(40),
      close: dec,
    })
    .map(({ symbol, period, minute, close }) => kline(symbol, period, minute, close)),
  fc
    .record({ minutes: fc.array(fc.nat(40), { maxLength: 30 }), close: dec })
    .map(({ minutes, close }): NewEvent => ({
      at: T0,
      kind: 'reply',
      name: 'chart.history',
      body: { symbol: SYMBOL, period: '1min', bars: minutes.map((m) => bar(m, close)) },
    })),
  fc.constantFrom<NewEvent>(
    { at: T0, kind: 'command', name: 'ui.chart-period', body: { period: '5min' } },
    { at: T0, kind: 'command', name: 'ui.chart-period', body: { period: '1min' } },
    {
      at: T0,
      kind: 'reply',
      name: 'chart.history-failed',
      body: { symbol: SYMBOL, period: '1min', message: 'x' },
    },
  ),
);
const fold = (s: ChartState, events: readonly NewEvent[]): ChartState =>
  withSeq(events).reduce((acc, e) => (isChartEvent(e) ? foldChart(acc, e) : acc), s);

describe('chart projection', () => {
  it('C1 barsStrictlyIncreasing, C2 bounded', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        const s = fold(initialChartState, [watchEvent(), ...events]);
        expect(s.bars.length).toBeLessThanOrEqual(MAX_BARS);
        s.bars.forEach(
          (b, i) => i > 0 && expect(b.time).toBeGreaterThan((s.bars[i - 1] as Bar).time),
        );
      }),
    );
  });

  it('C3 chunkedFoldEqualsWholeFold', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (events, cuts) => {
          const all = [watchEvent(), ...events];
          expect(chunk(all, cuts).reduce(fold, initialChartState)).toEqual(
            fold(initialChartState, all),
          );
        },
      ),
    );
  });

  it('C4 otherStreamsIgnored, upsert by time, C5 historyKeepsNewerPushes', () => {
    let s = fold(initialChartState, [watchEvent()]);
    expect(s.loading).toBe(true);
    const epoch = s.epoch;
    s = fold(s, [
      kline(SYMBOL, '1min', 5, '3' as DecStr),
      kline(SYMBOL, '5min', 6, '9' as DecStr),
      kline('ETH/USDT', '1min', 7, '9' as DecStr),
    ]);
    expect(s.bars.map((b) => b.close)).toEqual(['3']);
    expect(s.changed).toBe(T0 + 5 * M);
    s = fold(s, [
      {
        at: T0,
        kind: 'reply',
        name: 'chart.history',
        body: {
          symbol: SYMBOL,
          period: '1min',
          bars: [bar(4, '1' as DecStr), bar(2, '1' as DecStr)],
        },
      },
    ]);
    expect(s.bars.map((b) => b.time)).toEqual([T0 + 2 * M, T0 + 4 * M, T0 + 5 * M]);
    expect(s.loading).toBe(false);
    expect(s.epoch).toBe(epoch + 1);
    s = fold(s, [
      kline(SYMBOL, '1min', 4, '2.5' as DecStr),
      kline(SYMBOL, '1min', 3, '2' as DecStr),
    ]);
    expect(s.bars.map((b) => b.close)).toEqual(['1', '2', '2.5', '3']);
    expect(s.epoch).toBe(epoch + 1);
    s = fold(s, [{ at: T0, kind: 'command', name: 'ui.chart-period', body: { period: '1day' } }]);
    expect(s).toMatchObject({ period: '1day', bars: [], loading: true, epoch: epoch + 2 });
  });
});
