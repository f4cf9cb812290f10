import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { NewEvent } from '../events.ts';
import { ingestDaymarket, ingestKline } from './fast-market.ts';
import { daymarketPush, klinePush } from './schemas.ts';

const T = 1_700_000_000_000;

const decimalArb = fc.oneof(
  fc
    .tuple(fc.stringMatching(/^\d{1,8}$/), fc.option(fc.stringMatching(/^\d{1,6}$/)))
    .map(([i, f]) => (f === null ? i : `${i}.${f}`)),
  fc.constantFrom('-1.50', '+0.5', '0.000', '1e3', '.5', '1.', '', ' 1', '-0', '0.005', '-0.005'),
  fc.double(),
  fc.integer(),
  fc.constantFrom(null, undefined, true, 2 ** 60),
  fc.string(),
);
const intArb = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.stringMatching(/^-?\d{1,20}$/),
  fc.constantFrom(null, undefined, 2 ** 60, '1.5', '', 'x'),
);
const symbolArb = fc.oneof(
  fc.constantFrom('BTC/USDT', 'ETH/USDT', 'BTCUSDT', 'A/B/C', ' A/B'),
  fc.string(),
  fc.integer(),
);
const fields = {
  symbol: symbolArb,
  period: fc.oneof(fc.constantFrom('1min', '1day'), fc.string(), fc.integer()),
  time: intArb,
  open: decimalArb,
  high: decimalArb,
  low: decimalArb,
  close: decimalArb,
  volume: decimalArb,
  now_price: decimalArb,
  change: decimalArb,
  mark_price: decimalArb,
  turnover: decimalArb,
  seq: intArb,
  server_time: intArb,
};
const payloadArb = fc.oneof(
  { weight: 8, arbitrary: fc.record(fields, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.anything() },
);
/** Mostly valid pushes, one field changed: the interesting boundary. */
const nearlyValidArb = fc
  .tuple(
    fc.record({
      symbol: fc.constant('BTC/USDT'),
      period: fc.constant('1min'),
      time: fc.integer({ min: 0 }),
      open: fc.constant('1.10'),
      high: fc.constant('2'),
      low: fc.constant('0.5'),
      close: fc.constant('1.25'),
      volume: fc.constant('3.000'),
      now_price: fc.constant('1.25'),
      change: fc.constant('-0.46'),
      mark_price: fc.constant('1.24'),
      turnover: fc.constant('3.75'),
      seq: fc.nat(),
      server_time: fc.nat(),
    }),
    fc.constantFrom(...Object.keys(fields)),
    fc.oneof(decimalArb, intArb, symbolArb),
  )
  .map(([valid, key, value]) => ({ ...valid, [key]: value }));

function viaZod(schema: z.ZodType, name: string, payload: unknown): unknown {
  const r = schema.safeParse(payload);
  return r.success ? { name, body: r.data } : 'malformed';
}

function viaFast(event: NewEvent): unknown {
  return event.name === 'system.malformed' ? 'malformed' : { name: event.name, body: event.body };
}

describe('hand-rolled market validators', () => {
  it('kline: accepts and produces exactly what klinePush does', () => {
    fc.assert(
      fc.property(fc.oneof(payloadArb, nearlyValidArb), (p) => {
        expect(viaFast(ingestKline(p, T))).toEqual(viaZod(klinePush, 'market.kline', p));
      }),
      { numRuns: 2000 },
    );
  });

  it('daymarket: accepts and produces exactly what daymarketPush does', () => {
    fc.assert(
      fc.property(fc.oneof(payloadArb, nearlyValidArb), (p) => {
        expect(viaFast(ingestDaymarket(p, T))).toEqual(
          viaZod(daymarketPush, 'market.daymarket', p),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('a recorded-shape push', () => {
    const push = {
      type: 'kline',
      period: '5min',
      symbol: 'BTC/USDT',
      open: '70276.51',
      close: '70232.07',
      high: '70341.18',
      low: '70232.07',
      volume: '15.6967',
      time: 1795397100000,
      seq: 1,
      server_time: 1795397378146,
    };
    expect(ingestKline(push, T)).toEqual({
      at: T,
      kind: 'push',
      name: 'market.kline',
      body: {
        symbol: 'BTC/USDT',
        period: '5min',
        time: 1795397100000,
        open: '70276.51',
        high: '70341.18',
        low: '70232.07',
        close: '70232.07',
        volume: '15.6967',
        seq: 1,
        serverTime: 1795397378146,
      },
    });
  });
});
