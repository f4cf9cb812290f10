// parseWorkspace is total, idempotent and bounded: whatever it is given (any JSON, a document of
// an older or newer version, a hostile one), it answers a workspace that parses to itself and
// whose JSON fits what the server keeps.
import fc from 'fast-check';
import { DEFAULT_STUDY_PARAMS, MULT_MAX, MULT_MIN, PERIOD_MAX, PERIOD_MIN } from './studies.ts';
import { describe, expect, it } from 'vitest';
import {
  withHeatmap,
  DEFAULT_HOTKEYS,
  DEFAULT_WORKSPACE,
  TEMPLATES_MAX,
  FAVOURITES_MAX,
  isGrouping,
  isWorkspace,
  parseWorkspace,
  toggleFavourite,
  WORKSPACE_MAX_BYTES,
} from './workspace.ts';

const symbol = fc.constantFrom('BTC/USDT', 'ETH/USDT', 'LTC/BTC', 'btc/usdt', 'BTC-USDT', '');
const near = fc.record(
  {
    chart: fc.record(
      {
        period: fc.constantFrom('1min', '1day', 'realtime', '2min', 7, null),
        indicators: fc.array(fc.constantFrom('volume', 'ma', 'cross', 'rsi', 1)),
      },
      { requiredKeys: [] },
    ),
    book: fc.record(
      {
        layout: fc.constantFrom('both', 'bids', 'asks', 'x'),
        grouping: fc.constantFrom(1, 5, 10, 50, 3, -10, 1.5, 1e12, '10'),
        rate: fc.constantFrom('frame', 250, 1000, 500, '250'),
        reducedMotion: fc.constantFrom(true, false, null, 'yes'),
      },
      { requiredKeys: [] },
    ),
    favourites: fc.array(symbol, { maxLength: 300 }),
    marketSort: fc.record(
      {
        key: fc.constantFrom('pair', 'price', 'change', 'volume', 'turnover', 'x'),
        dir: fc.constantFrom('asc', 'desc', 'up'),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);
const anything = fc.oneof(fc.jsonValue(), near);

describe('parseWorkspace', () => {
  it('is total, idempotent and bounded', () => {
    fc.assert(
      fc.property(anything, (raw) => {
        const once = parseWorkspace(raw);
        expect(parseWorkspace(JSON.parse(JSON.stringify(once)))).toEqual(once);
        expect(JSON.stringify(once).length).toBeLessThanOrEqual(WORKSPACE_MAX_BYTES);
        expect(once.favourites.length).toBeLessThanOrEqual(FAVOURITES_MAX);
        expect(new Set(once.favourites).size).toBe(once.favourites.length);
        expect(isGrouping(once.book.grouping)).toBe(true);
      }),
    );
  });

  it('gives the defaults for nothing, and keeps a whole document as it is', () => {
    expect(parseWorkspace(undefined)).toEqual(DEFAULT_WORKSPACE);
    expect(parseWorkspace('{}')).toEqual(DEFAULT_WORKSPACE);
    expect(parseWorkspace(DEFAULT_WORKSPACE)).toEqual(DEFAULT_WORKSPACE);
    // an older document without indicators keeps them all on; an empty list keeps none
    expect(parseWorkspace({ chart: { period: '5min' } }).chart).toEqual({
      period: '5min',
      indicators: ['volume', 'ma', 'cross'],
      pane: 'candles',
    });
    expect(parseWorkspace({ chart: { indicators: [] } }).chart.indicators).toEqual([]);
  });

  it('keeps hotkeys off by default, and only valid, distinct keys and templates', () => {
    expect(parseWorkspace({}).hotkeys).toEqual(DEFAULT_HOTKEYS);
    expect(DEFAULT_HOTKEYS.enabled).toBe(false);
    const h = parseWorkspace({
      hotkeys: {
        enabled: true,
        confirm: false,
        keys: { focusBuy: 'b', focusSell: 'b', cancelLast: 'Meta+x', cancelAll: 'Shift+x' },
        templates: [
          {
            key: 'Alt+1',
            side: 'buy',
            price: { from: 'ask', ticks: 1 },
            size: { kind: 'percent', value: '25' },
          },
          // taken by an action, a price too far, a percent over 100, dust of 9 decimals
          {
            key: 'Shift+x',
            side: 'buy',
            price: { from: 'ask', ticks: 1 },
            size: { kind: 'amount', value: '1' },
          },
          {
            key: 'Alt+2',
            side: 'sell',
            price: { from: 'bid', ticks: 10_001 },
            size: { kind: 'amount', value: '1' },
          },
          {
            key: 'Alt+3',
            side: 'sell',
            price: { from: 'bid', ticks: 0 },
            size: { kind: 'percent', value: '101' },
          },
          {
            key: 'Alt+4',
            side: 'sell',
            price: { from: 'bid', ticks: 0 },
            size: { kind: 'amount', value: '0.000000001' },
          },
          {
            key: 'Alt+5',
            side: 'sell',
            price: { from: 'last', ticks: -3 },
            size: { kind: 'amount', value: '1e3' },
          },
          {
            key: 'Alt+6',
            side: 'sell',
            price: { from: 'mid', ticks: -3 },
            size: { kind: 'amount', value: '0.01' },
          },
        ],
      },
    }).hotkeys;
    expect(h.enabled).toBe(true);
    expect(h.confirm).toBe(false);
    expect(h.keys).toMatchObject({
      focusBuy: 'b',
      focusSell: '',
      cancelLast: '',
      cancelAll: 'Shift+x',
    });
    expect(h.templates.map((t) => t.key)).toEqual(['Alt+1', 'Alt+6']);
    const many = parseWorkspace({
      hotkeys: {
        templates: Array.from({ length: 20 }, (_, i) => ({
          key: `F${(i % 12) + 1}`,
          side: 'buy',
          price: { from: 'bid', ticks: -i },
          size: { kind: 'amount', value: '1' },
        })),
      },
    }).hotkeys.templates;
    expect(many).toHaveLength(TEMPLATES_MAX);
    expect(new Set(many.map((t) => t.key)).size).toBe(many.length);
  });

  it("keeps a template's time in force and post-only; an older template places a plain limit order", () => {
    const base = {
      side: 'buy',
      price: { from: 'ask', ticks: 1 },
      size: { kind: 'amount', value: '1' },
    };
    const h = parseWorkspace({
      hotkeys: {
        templates: [
          { ...base, key: 'Alt+1' },
          { ...base, key: 'Alt+2', tif: 'ioc' },
          { ...base, key: 'Alt+3', tif: 'fok', postOnly: true },
          { ...base, key: 'Alt+4', postOnly: true },
          { ...base, key: 'Alt+5', tif: 'gtd', postOnly: 'yes' },
        ],
      },
    }).hotkeys.templates;
    expect(h.map((t) => [t.key, t.tif, t.postOnly])).toEqual([
      ['Alt+1', 'gtc', false],
      ['Alt+2', 'ioc', false],
      // post-only goes with good till cancelled only
      ['Alt+3', 'fok', false],
      ['Alt+4', 'gtc', true],
      ['Alt+5', 'gtc', false],
    ]);
  });

  it('keeps what a template places; an older one a limit order; an unknown or hostile one is dropped', () => {
    const base = {
      side: 'buy',
      price: { from: 'bid', ticks: 0 },
      size: { kind: 'amount', value: '1' },
    };
    const scale = (over: object) => ({ count: 5, spanTicks: -10, skew: '1', ...over });
    const h = parseWorkspace({
      hotkeys: {
        templates: [
          { ...base, key: 'Alt+1' },
          { ...base, key: 'Alt+2', order: 'trigger-limit', limitTicks: -3 },
          { ...base, key: 'Alt+3', order: 'scale', scale: scale({ count: 50, skew: '0.5' }) },
          { ...base, key: 'Alt+4', order: 'oco' },
          { ...base, key: 'Alt+5', order: 'scale', scale: scale({ count: 51 }) },
          { ...base, key: 'Alt+6', order: 'scale', scale: scale({ spanTicks: 0 }) },
          { ...base, key: 'Alt+7', order: 'scale', scale: scale({ skew: '1e1' }) },
          { ...base, key: 'Alt+8', order: 'scale', scale: scale({ skew: '10.5' }) },
          { ...base, key: 'Alt+9', order: 'trigger-limit', limitTicks: 1.5 },
        ],
      },
    }).hotkeys.templates;
    expect(h.map((t) => [t.key, t.order, t.limitTicks, t.scale.count])).toEqual([
      ['Alt+1', 'limit', 0, 5],
      ['Alt+2', 'trigger-limit', -3, 5],
      ['Alt+3', 'scale', 0, 50],
    ]);
  });

  it('toggles a favourite in and out, never past the limit or with a bad name', () => {
    const one = toggleFavourite(DEFAULT_WORKSPACE, 'BTC/USDT');
    expect(one.favourites).toEqual(['BTC/USDT']);
    expect(toggleFavourite(one, 'BTC/USDT').favourites).toEqual([]);
    expect(toggleFavourite(one, '<b>/USDT')).toBe(one);
    const full = parseWorkspace({
      favourites: Array.from({ length: FAVOURITES_MAX }, (_, i) => `C${i}/USDT`),
    });
    expect(toggleFavourite(full, 'BTC/USDT')).toBe(full);
    expect(toggleFavourite(full, 'C0/USDT').favourites).toHaveLength(FAVOURITES_MAX - 1);
  });

  it('keeps the studies’ parameters checked one by one, absent while they are the defaults', () => {
    expect(parseWorkspace({ chart: { params: DEFAULT_STUDY_PARAMS } }).chart).not.toHaveProperty(
      'params',
    );
    const mine = parseWorkspace({
      chart: {
        indicators: ['rsi', 'ema', 'nonsense'],
        params: { ema: { period: 50 }, boll: { period: 30, mult: 2.5 }, rsi: { period: 7 } },
      },
    }).chart;
    expect(mine.indicators).toEqual(['ema', 'rsi']);
    expect(mine.params).toEqual({
      ...DEFAULT_STUDY_PARAMS,
      ema: { period: 50 },
      boll: { period: 30, mult: 2.5 },
      rsi: { period: 7 },
    });
    // hostile or sloppy values fall back to each one's default, never past the bounds
    const hostile = parseWorkspace({
      chart: {
        params: {
          ema: { period: 1e9 },
          boll: { period: 1, mult: 2.55 },
          rsi: { period: '14' },
          macd: { fast: 30, slow: 10, signal: -1 },
          volma: { period: Number.NaN },
        },
      },
    }).chart;
    expect(hostile).not.toHaveProperty('params');
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const p = parseWorkspace({ chart: { params: raw } }).chart.params ?? DEFAULT_STUDY_PARAMS;
        for (const n of [
          p.ema.period,
          p.boll.period,
          p.rsi.period,
          p.macd.fast,
          p.macd.slow,
          p.macd.signal,
          p.volma.period,
        ])
          expect(n >= PERIOD_MIN && n <= PERIOD_MAX && Number.isInteger(n)).toBe(true);
        expect(p.macd.fast).toBeLessThan(p.macd.slow);
        expect(p.boll.mult >= MULT_MIN && p.boll.mult <= MULT_MAX).toBe(true);
        expect(isWorkspace(parseWorkspace({ chart: { params: raw } }))).toBe(true);
      }),
    );
  });
});

describe('the depth heatmap per pair (issue 47)', () => {
  it('is switched per pair, kept only while some pair has it, and read back the same', () => {
    const on = withHeatmap(DEFAULT_WORKSPACE, 'BTC/USDT', true);
    expect(on.chart.heatmap).toEqual(['BTC/USDT']);
    expect(withHeatmap(on, 'BTC/USDT', true)).toBe(on);
    const two = withHeatmap(on, 'ETH/USDT', true);
    expect(parseWorkspace(JSON.parse(JSON.stringify(two)))).toEqual(two);
    const off = withHeatmap(withHeatmap(two, 'BTC/USDT', false), 'ETH/USDT', false);
    expect('heatmap' in off.chart).toBe(false);
    expect(off).toEqual(DEFAULT_WORKSPACE);
    expect(withHeatmap(DEFAULT_WORKSPACE, '<script>', true)).toBe(DEFAULT_WORKSPACE);
    const hostile = parseWorkspace({
      chart: { heatmap: ['BTC/USDT', 7, 'BTC/USDT', 'x'.repeat(99)] },
    });
    expect(hostile.chart.heatmap).toEqual(['BTC/USDT']);
    expect(isWorkspace(hostile)).toBe(true);
  });
});
