import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DRAWINGS_MAX,
  DRAWINGS_PER_PAIR,
  isDrawingPrice,
  newDrawingId,
  parseDrawing,
  parseDrawings,
  putDrawing,
  removeDrawing,
  TIME_MAX,
  TIME_MIN,
  type Drawing,
} from './drawings.ts';
import { parseWorkspace, WORKSPACE_MAX_BYTES } from './workspace.ts';

const T = 1_764_000_000_000;
const trend = (id: string, p = '100.5'): Drawing => ({
  id,
  kind: 'trend',
  a: { t: T, p },
  b: { t: T + 60_000, p: '101' },
});

const hostilePrice = fc.constantFrom(
  '0',
  '0.0',
  '-1',
  '1e5',
  '1E-8',
  'NaN',
  'Infinity',
  ' 1',
  '1 ',
  '0x10',
  '1,5',
  '١٢',
  '1.12345678901',
  '1234567890123',
  '',
  12,
  null,
);
const anyPoint = fc.record(
  {
    t: fc.oneof(
      fc.integer({ min: TIME_MIN - 10, max: TIME_MAX + 10 }),
      fc.constantFrom(NaN, Infinity, 1.5, -1, '1764000000000'),
    ),
    p: fc.oneof(hostilePrice, fc.stringMatching(/^\d{1,13}(\.\d{1,11})?$/)),
  },
  { requiredKeys: [] },
);
const anyDrawing = fc.record(
  {
    id: fc.oneof(fc.stringMatching(/^[a-z0-9]{1,17}$/), fc.constantFrom('', 'A', '__proto__', 7)),
    kind: fc.constantFrom('hline', 'trend', 'ray', 'rect', 'fib', 'circle', 'HLINE'),
    a: anyPoint,
    b: anyPoint,
  },
  { requiredKeys: [] },
);
const anyPair = fc.oneof(
  fc.constantFrom('BTC/USDT', 'EOS/USDT', 'ETH/USDT', '__proto__', 'btc/usdt', 'BTC', 'A/B/C'),
  fc.stringMatching(/^[A-Z]{1,16}\/[A-Z]{1,4}$/),
);
const anyDrawings = fc.oneof(
  fc.dictionary(anyPair, fc.oneof(fc.array(anyDrawing, { maxLength: 60 }), fc.jsonValue())),
  fc.jsonValue(),
);

describe('drawings', () => {
  it('W1 bounded and idempotent, W2 exact, whatever is given', () => {
    fc.assert(
      fc.property(anyDrawings, (raw) => {
        const once = parseDrawings(raw);
        expect(parseDrawings(JSON.parse(JSON.stringify(once)))).toEqual(once);
        let total = 0;
        for (const [pair, list] of Object.entries(once)) {
          expect(pair).toMatch(/^[A-Z0-9]{1,15}\/[A-Z0-9]{1,15}$/);
          expect(list.length).toBeLessThanOrEqual(DRAWINGS_PER_PAIR);
          expect(new Set(list.map((d) => d.id)).size).toBe(list.length);
          total += list.length;
          for (const d of list) {
            for (const p of d.b === undefined ? [d.a] : [d.a, d.b]) {
              expect(isDrawingPrice(p.p)).toBe(true);
              expect(Number.isSafeInteger(p.t) && p.t >= TIME_MIN && p.t <= TIME_MAX).toBe(true);
            }
            expect(d.b === undefined).toBe(d.kind === 'hline');
          }
        }
        expect(total).toBeLessThanOrEqual(DRAWINGS_MAX);
      }),
    );
  });

  it('drops a drawing whole when one thing in it is wrong', () => {
    expect(parseDrawing(trend('abc'))).toEqual(trend('abc'));
    expect(parseDrawing({ ...trend('abc'), b: undefined })).toBeNull();
    expect(parseDrawing({ ...trend('abc'), kind: 'circle' })).toBeNull();
    for (const p of ['1e3', '-5', '0', 'abc', '1.00000000001', '99999999999999'])
      expect(parseDrawing(trend('abc', p)), p).toBeNull();
    // a horizontal line is a price only: a second point is not kept
    expect(
      parseDrawing({ id: 'h1', kind: 'hline', a: { t: T, p: '5' }, b: { t: T, p: '6' } }),
    ).toEqual({ id: 'h1', kind: 'hline', a: { t: T, p: '5' } });
  });

  it('refuses a hostile document: thousands of drawings, odd pairs, repeated ids', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => trend(`d${i}`));
    const doc = {
      'BTC/USDT': many,
      'ETH/USDT': many,
      __proto__: many,
      'EOS/USDT': [trend('same'), trend('same', '7')],
      'X/Y': 'not a list',
    };
    const out = parseDrawings(JSON.parse(JSON.stringify(doc)));
    expect(out['BTC/USDT']).toHaveLength(DRAWINGS_PER_PAIR);
    expect(out['EOS/USDT']).toEqual([trend('same')]);
    expect(Object.keys(out).sort()).toEqual(['BTC/USDT', 'ETH/USDT', 'EOS/USDT'].sort());
    expect(({} as Record<string, unknown>)['BTC/USDT']).toBeUndefined();
  });

  it('the most drawings a workspace keeps fit the server’s document', () => {
    const wide = (id: string): Drawing => ({
      id,
      kind: 'fib',
      a: { t: TIME_MAX, p: '999999999999.9999999999' },
      b: { t: TIME_MAX, p: '999999999999.9999999999' },
    });
    const raw: Record<string, Drawing[]> = {};
    for (let pair = 0; pair < 10; pair++)
      raw[`PAIRLONGNAME${pair}X/USDTLONGNAME12`] = Array.from(
        { length: DRAWINGS_PER_PAIR },
        (_, i) => wide(`${pair}x${i}`.padEnd(16, 'z')),
      );
    const favourites = Array.from({ length: 100 }, (_, i) => `FAV${i}AAAAAAAAAA/USDTAAAAAAAAAAA`);
    const w = parseWorkspace({ drawings: raw, favourites });
    expect(Object.values(w.drawings ?? {}).flat()).toHaveLength(DRAWINGS_MAX);
    expect(JSON.stringify(w).length).toBeLessThan(WORKSPACE_MAX_BYTES);
  });

  it('adds, replaces and removes, and stops at the bound', () => {
    let all = putDrawing({}, 'BTC/USDT', trend('a'));
    all = putDrawing(all, 'BTC/USDT', trend('a', '200'));
    expect(all['BTC/USDT']).toEqual([trend('a', '200')]);
    for (let i = 0; i < DRAWINGS_PER_PAIR + 5; i++)
      all = putDrawing(all, 'BTC/USDT', trend(`n${i}`));
    expect(all['BTC/USDT']).toHaveLength(DRAWINGS_PER_PAIR);
    expect(removeDrawing(removeDrawing({ 'X/Y': [trend('a')] }, 'X/Y', 'a'), 'X/Y', 'b')).toEqual(
      {},
    );
    const ids = new Set<string>();
    let list: Drawing[] = [];
    for (let i = 0; i < 50; i++) {
      const id = newDrawingId(list);
      expect(id).toMatch(/^[a-z0-9]{8}$/);
      ids.add(id);
      list = [...list, trend(id)];
    }
    expect(ids.size).toBe(50);
  });
});
