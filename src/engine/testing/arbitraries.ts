// fast-check arbitraries of valid engine events, for the projection properties.
import fc from 'fast-check';
import type { DecStr } from '../../shared/decimal.ts';
import type { ConnectionState, LogStatus, StorageIssue } from '../api.ts';
import type {
  BookLevel,
  EngineEvent,
  NewEvent,
  QuotationGroupBody,
  TickerSeed,
} from '../events.ts';
import { fromScaled } from '../projections/book/book-view.ts';
import { watchEvent } from './spot-fixtures.ts';

export const SYMBOLS = ['BTC/USDT', 'ETH/USDT', 'LTC/USDT', 'ETH/BTC', 'DOGE/USDT'] as const;
const T0 = 1_700_000_000_000;

export const decArb: fc.Arbitrary<DecStr> = fc
  .tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 9999 }))
  .map(
    ([i, f]) =>
      (f === 0 ? String(i) : `${i}.${String(f).padStart(4, '0')}`.replace(/0+$/, '')) as DecStr,
  );
const changeArb = fc
  .integer({ min: -9999, max: 9999 })
  .map((n) => (n === 0 ? '0.00' : (n / 100).toFixed(2)) as DecStr);
const atArb = fc.integer({ min: T0, max: T0 + 3_600_000 });
const seqArb = fc.option(fc.integer({ min: 0, max: 50 }), { nil: null });

const seedArb = (symbol: string): fc.Arbitrary<TickerSeed> => {
  const [currencyName = 'X', legalName = 'Y'] = symbol.split('/');
  return fc.record({
    matchId: fc.nat(100),
    symbol: fc.constant(symbol),
    legalId: fc.nat(5),
    currencyId: fc.nat(50),
    legalName: fc.constant(legalName),
    currencyName: fc.constant(currencyName),
    logo: fc.constant(''),
    price: decArb,
    change: changeArb,
    high: decArb,
    low: decArb,
    volume: decArb,
    isDisplay: fc.boolean(),
    sort: fc.nat(10),
    pricePrecision: fc.integer({ min: 0, max: 8 }),
    amountPrecision: fc.integer({ min: 0, max: 8 }),
  });
};

const groupsArb: fc.Arbitrary<QuotationGroupBody[]> = fc.subarray([...SYMBOLS]).chain((symbols) =>
  fc.tuple(...symbols.map(seedArb)).chain((pairs) =>
    fc.constantFrom(1, 2).map((n) =>
      Array.from({ length: n }, (_, g) => ({
        legalId: g + 1,
        name: `G${g}`,
        pairs: pairs.filter((_, i) => i % n === g),
      })),
    ),
  ),
);

const symbolArb = fc.constantFrom(...SYMBOLS, 'NEW/USDT');

export const marketEventArb: fc.Arbitrary<NewEvent> = fc.oneof(
  fc.record({ at: atArb, groups: groupsArb }).map(({ at, groups }): NewEvent => ({
    at,
    kind: 'reply',
    name: 'market.quotation',
    body: { groups },
  })),
  fc
    .record({
      at: atArb,
      symbol: symbolArb,
      price: decArb,
      change: changeArb,
      high: decArb,
      low: decArb,
      volume: decArb,
      seq: seqArb,
      markPrice: fc.option(decArb, { nil: undefined }),
      turnover: fc.option(decArb, { nil: undefined }),
    })
    .map(({ at, markPrice, turnover, ...b }): NewEvent => ({
      at,
      kind: 'push',
      name: 'market.daymarket',
      body: {
        ...b,
        serverTime: null,
        ...(markPrice === undefined ? {} : { markPrice }),
        ...(turnover === undefined ? {} : { turnover }),
      },
    })),
  fc
    .record({
      at: atArb,
      symbol: symbolArb,
      minute: fc.integer({ min: 0, max: 90 }),
      close: decArb,
      period: fc.constantFrom('1min', '5min'),
    })
    .map(({ at, symbol, minute, close, period }): NewEvent => ({
      at,
      kind: 'push',
      name: 'market.kline',
      body: {
        symbol,
        period,
        time: T0 + minute * 60_000,
        open: close,
        high: close,
        low: close,
        close,
        volume: '1' as DecStr,
        seq: null,
        serverTime: null,
      },
    })),
  fc
    .record({
      at: atArb,
      symbol: symbolArb,
      bars: fc.array(fc.record({ minute: fc.integer({ min: 0, max: 90 }), close: decArb }), {
        maxLength: 80,
      }),
    })
    .map(({ at, symbol, bars }): NewEvent => ({
      at,
      kind: 'reply',
      name: 'market.history',
      body: {
        symbol,
        period: '1min',
        bars: bars.map((b) => ({ time: T0 + b.minute * 60_000, close: b.close })),
      },
    })),
  fc.record({ at: atArb, message: fc.string() }).map(({ at, message }): NewEvent => ({
    at,
    kind: 'reply',
    name: 'market.quotation-failed',
    body: { message },
  })),
  connectionEventArb(),
);

function connectionEventArb(): fc.Arbitrary<NewEvent> {
  const states: ConnectionState[] = ['idle', 'connecting', 'online', 'reconnecting', 'offline'];
  return fc
    .record({ at: atArb, state: fc.constantFrom(...states) })
    .map(({ at, state }): NewEvent => ({
      at,
      kind: 'system',
      name: 'socket.state',
      body: { state },
    }));
}

const accountArb = fc.oneof(fc.emailAddress(), fc.stringMatching(/^\d{5,15}$/), fc.constant(''));

export const sessionEventArb: fc.Arbitrary<NewEvent> = fc.oneof(
  fc
    .record({
      at: atArb,
      restored: fc.boolean(),
      // two logins' tags, and recordings older than issue 23 with none
      tag: fc.option(fc.constantFrom('t1', 't2'), { nil: undefined }),
    })
    .map(({ at, restored, tag }): NewEvent => ({
      at,
      kind: 'reply',
      name: 'session.login',
      body: tag === undefined ? { restored } : { restored, tag },
    })),
  fc
    .record({
      at: atArb,
      id: fc.nat(),
      account: accountArb,
      email: fc.option(fc.emailAddress(), { nil: null }),
      phone: fc.option(fc.stringMatching(/^\d{8,12}$/), { nil: null }),
      extensionCode: fc.string({ maxLength: 8 }),
      isSeller: fc.boolean(),
      reviewStatus: fc.nat(3),
    })
    .map(({ at, ...body }): NewEvent => ({ at, kind: 'reply', name: 'session.info', body })),
  atArb.map((at): NewEvent => ({ at, kind: 'reply', name: 'session.expired', body: {} })),
  atArb.map((at): NewEvent => ({ at, kind: 'command', name: 'session.logout', body: {} })),
  atArb.map((at): NewEvent => ({
    at,
    kind: 'system',
    name: 'engine.boot',
    body: { app: '0.1.0' },
  })),
  atArb.map((at): NewEvent => ({ at, kind: 'command', name: 'session.expired-ack', body: {} })),
  fc
    .record({ at: atArb, serverMs: atArb, sentAt: atArb, rtt: fc.nat(2000) })
    .map(({ at, serverMs, sentAt, rtt }): NewEvent => ({
      at,
      kind: 'reply',
      name: 'clock.sync',
      body: { serverMs, sentAt, receivedAt: sentAt + rtt },
    })),
  fc
    .record({
      at: atArb,
      status: fc.constantFrom<LogStatus>('indexeddb', 'memory', 'opening'),
      reason: fc.option(
        fc.constantFrom<StorageIssue>(
          'unavailable',
          'quota',
          'blocked',
          'other-tab',
          'failed',
          'newer-version',
        ),
      ),
    })
    .map(({ at, status, reason }): NewEvent => ({
      at,
      kind: 'system',
      name: 'log.status',
      body: reason === null ? { status } : { status, reason },
    })),
  connectionEventArb(),
  fc.record({ at: atArb, symbol: symbolArb }).map(({ at, symbol }): NewEvent => ({
    at,
    kind: 'command',
    name: 'ui.select-pair',
    body: { symbol },
  })),
);

/** Give generated events their log seq (1, 2, …). */
export function withSeq(events: readonly NewEvent[]): EngineEvent[] {
  return events.map((e, i) => ({ ...e, seq: i + 1 }) as EngineEvent);
}

/** Split a list at the given cut points (any chunking). */
export function chunk<T>(items: readonly T[], cuts: readonly number[]): T[][] {
  const points = [...new Set(cuts.map((c) => c % (items.length + 1)))].sort((a, b) => a - b);
  const out: T[][] = [];
  let start = 0;
  for (const p of [...points, items.length]) {
    out.push(items.slice(start, p));
    start = p;
  }
  return out;
}

// ---- Book events (book.test.ts, replay tests) ----------------------------------------------

export const BOOK_SYMBOL = 'BTC/USDT';
export const BOOK_T0 = 1_700_000_000_000;

const priceOf = (tick: number): DecStr => fromScaled(BigInt(tick), 2);
const amountArb: fc.Arbitrary<DecStr> = fc
  .integer({ min: 1, max: 50_000 })
  .map((n) => fromScaled(BigInt(n), 4));
/** A level change: a price on the side's grid, an amount or "0" (remove). */
const levelChangeArb = (lo: number, hi: number): fc.Arbitrary<BookLevel> =>
  fc.tuple(
    fc.integer({ min: lo, max: hi }).map(priceOf),
    fc.oneof(
      { weight: 1, arbitrary: fc.constant('0' as DecStr) },
      { weight: 3, arbitrary: amountArb },
    ),
  );
export const bidsArb = fc.array(levelChangeArb(1, 40), { maxLength: 25 });
export const asksArb = fc.array(levelChangeArb(41, 80), { maxLength: 25 });

export const watchBookEvent: NewEvent = watchEvent(BOOK_SYMBOL, '1min', false);

/** Any book event, with arbitrary seqs: for the structural invariants. */
export const anyBookEventArb: fc.Arbitrary<NewEvent> = fc.oneof(
  fc.constant(watchBookEvent),
  fc.record({ seq: fc.nat(20), bids: bidsArb, asks: asksArb }).map((b): NewEvent => ({
    at: BOOK_T0,
    kind: 'push',
    name: 'book.snapshot',
    body: { symbol: BOOK_SYMBOL, ...b },
  })),
  fc
    .record({ seq: fc.nat(20), prevSeq: fc.nat(20), bids: bidsArb, asks: asksArb })
    .map((b): NewEvent => ({
      at: BOOK_T0,
      kind: 'push',
      name: 'book.delta',
      body: { symbol: BOOK_SYMBOL, ...b },
    })),
  fc
    .record({ seq: fc.option(fc.nat(20), { nil: null }), bids: bidsArb, asks: asksArb })
    .map((b): NewEvent => ({
      at: BOOK_T0,
      kind: 'push',
      name: 'book.top',
      body: { symbol: BOOK_SYMBOL, ...b },
    })),
  fc.constantFrom<NewEvent>(
    {
      at: BOOK_T0,
      kind: 'system',
      name: 'book.resync',
      body: { symbol: BOOK_SYMBOL, reason: 'gap' },
    },
    {
      at: BOOK_T0,
      kind: 'system',
      name: 'book.resync',
      body: { symbol: BOOK_SYMBOL, reason: 'reconnect' },
    },
  ),
  fc.record({ bids: bidsArb, asks: asksArb }).map((b): NewEvent => ({
    at: BOOK_T0,
    kind: 'reply',
    name: 'spot.deal',
    body: {
      symbol: BOOK_SYMBOL,
      lastPrice: '1' as DecStr,
      cnyPrice: '7.2' as DecStr,
      userLegal: '0' as DecStr,
      userCurrency: '0' as DecStr,
      ...b,
    },
  })),
);
