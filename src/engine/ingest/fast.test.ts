import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decStr } from '../../shared/decimal.ts';
import { canonDec, ingestDepth, ingestDetail, wireDec } from './fast.ts';
import { ingestPush } from './ingest.ts';

const T = 1_700_000_000_000;

describe('hand-rolled validators', () => {
  it('canonDec equals decStr on every non-negative decimal, and refuses the rest', () => {
    const plain = fc
      .tuple(fc.stringMatching(/^\d{1,12}$/), fc.option(fc.stringMatching(/^\d{1,10}$/)))
      .map(([i, f]) => (f === null ? i : `${i}.${f}`));
    fc.assert(
      fc.property(
        fc.oneof(plain, fc.double({ min: 0, max: 1e9, noNaN: true }), fc.string()),
        (v) => {
          const expected = decStr(v);
          expect(canonDec(v)).toBe(expected === null || expected.startsWith('-') ? null : expected);
        },
      ),
    );
    // numbers of every magnitude (exponent forms such as 1e-7 and 1e+21 take the slow path)
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(wireDec(n)).toBe(decStr(n));
        const expected = decStr(n);
        expect(canonDec(n)).toBe(expected === null || expected.startsWith('-') ? null : expected);
      }),
    );
    expect(canonDec('00027000.500')).toBe('27000.5');
    expect(canonDec('0.000')).toBe('0');
    expect(canonDec('-1')).toBeNull();
    expect(canonDec(null)).toBeNull();
  });

  it('market_depth: legacy top-N (arrays or JSON text), snapshot and delta', () => {
    const header = { type: 'market_depth', symbol: 'BTC/USDT', currency_id: 2, legal_id: 1 };
    expect(
      ingestDepth({ ...header, bids: [['100.50', '1.0000']], asks: '[["101","2"]]', seq: 3 }, T),
    ).toEqual({
      at: T,
      kind: 'push',
      name: 'book.top',
      body: { symbol: 'BTC/USDT', seq: 3, bids: [['100.5', '1']], asks: [['101', '2']] },
    });
    expect(
      ingestDepth({ ...header, mode: 'snapshot', seq: 7, prev_seq: null, bids: [], asks: [] }, T),
    ).toMatchObject({ name: 'book.snapshot', body: { seq: 7 } });
    expect(
      ingestDepth(
        { ...header, mode: 'delta', seq: 8, prev_seq: 7, bids: [['1', '0']], asks: [] },
        T,
      ),
    ).toMatchObject({ name: 'book.delta', body: { seq: 8, prevSeq: 7, bids: [['1', '0']] } });
  });

  it('malformed depth and detail become system.malformed, never a throw', () => {
    const bad = [
      null,
      'x',
      { symbol: 'BTCUSDT', bids: [], asks: [] },
      { symbol: 'BTC/USDT', bids: [['1']], asks: [] },
      { symbol: 'BTC/USDT', bids: [['a', '1']], asks: [] },
      { symbol: 'BTC/USDT', bids: [['1', '-1']], asks: [] },
      { symbol: 'BTC/USDT', bids: '[[', asks: [] },
      { symbol: 'BTC/USDT', mode: 'delta', seq: 2, bids: [], asks: [] },
      { symbol: 'BTC/USDT', mode: 'other', seq: 2, bids: [], asks: [] },
    ];
    for (const p of bad) expect(ingestPush('market_depth', p, T).name).toBe('system.malformed');
    expect(ingestDetail({ symbol: 'BTC/USDT', data: [{ id: 1 }] }, T).name).toBe(
      'system.malformed',
    );
    fc.assert(
      fc.property(fc.anything(), (p) => {
        expect(() => ingestPush('market_depth', p, T)).not.toThrow();
        expect(() => ingestPush('market_detail', p, T)).not.toThrow();
        expect(() => ingestPush('transaction', p, T)).not.toThrow();
        expect(() => ingestPush('update_balance', p, T)).not.toThrow();
      }),
    );
  });

  it('market_detail keeps the newest 20 trades, deduplicated', () => {
    const data = Array.from({ length: 30 }, (_, i) => ({
      id: i,
      tradeId: i,
      price: '100.10',
      amount: '0.5000',
      ts: T + i * 1000,
      time: '00:00:00',
      direction: i % 2 === 0 ? 'buy' : 'sell',
    }));
    const e = ingestDetail({ symbol: 'BTC/USDT', data: [...data, data[29]], seq: 4 }, T);
    expect(e.name).toBe('trades.push');
    if (e.name !== 'trades.push') return;
    expect(e.body.trades).toHaveLength(20);
    expect(e.body.trades[0]).toEqual({
      id: 29,
      price: '100.1',
      amount: '0.5',
      direction: 'sell',
      time: T + 29_000,
    });
    expect(e.body.trades.map((t) => t.id)).toEqual(Array.from({ length: 20 }, (_, i) => 29 - i));
  });

  it('transaction and update_balance pushes', () => {
    const level = (price: string, number: string) => ({
      price,
      number,
      sum: number,
      currency: 2,
      legal: 1,
    });
    expect(
      ingestPush(
        'transaction',
        {
          type: 'transaction',
          in: JSON.stringify([level('99.00', '1')]),
          out: JSON.stringify([level('101', '2'), level('100', '1')]),
          last_price: '100.00',
          currency_id: '2',
          legal_id: '1',
          content: '',
        },
        T,
      ),
    ).toMatchObject({
      name: 'spot.transaction',
      body: {
        legalId: 1,
        currencyId: 2,
        lastPrice: '100',
        bids: [['99', '1']],
        asks: [
          ['101', '2'],
          ['100', '1'],
        ],
      },
    });
    expect(ingestPush('update_balance', { type: 'update_balance_42' }, T)).toMatchObject({
      name: 'spot.balance',
      body: { userId: 42 },
    });
  });
});
