import { describe, expect, it } from 'vitest';
import { ACK_TIMEOUT_MS, createFrameScheduler, DEPTH_MS } from './frame-scheduler.ts';
import type { FrameSource } from './frame-scheduler.ts';
import type { WholePart, WholeValue } from '../projections/whole-parts.ts';
import { manualTimers } from '../testing/fakes.ts';
import { INITIAL_VIEWS, NO_SPOT_ORDERS } from '../api.ts';
import type { BookView, FrameDiff, Ticker } from '../api.ts';
import type { DecStr } from '../../shared/decimal.ts';
import { initialSessionState } from '../projections/session.ts';

function setup(visible = true) {
  const timers = manualTimers();
  const book = { n: 0 };
  const prices: Record<string, string> = {};
  const wholes: { [K in WholePart]: WholeValue<K> } = {
    session: initialSessionState.session,
    connection: initialSessionState.connection,
    market: { groups: [], loaded: true, error: null },
    spot: null,
    trades: [],
    orders: NO_SPOT_ORDERS,
    ...INITIAL_VIEWS,
  };
  const source: FrameSource = {
    whole: <K extends WholePart>(part: K) => wholes[part] as WholeValue<K>,
    ticker: (symbol) =>
      symbol in prices ? ({ symbol, price: prices[symbol] } as unknown as Ticker) : undefined,
    sparkline: () => ['1' as DecStr],
    book: () => ({ symbol: 'BTC/USDT', version: book.n }) as unknown as BookView,
    depth: () => ({ symbol: 'BTC/USDT', grouping: 1, bids: [], asks: [], at: book.n }),
    chart: () => null,
  };
  const diffs: FrameDiff[] = [];
  const frames = createFrameScheduler(timers, source, visible, { now: () => timers.now() });
  frames.setSink((d) => diffs.push(d));
  return { timers, frames, diffs, prices, book };
}

describe('frame scheduler', () => {
  it('coalesces N changes in one frame into one diff carrying the latest values', () => {
    const { timers, frames, diffs, prices } = setup();
    for (let i = 0; i < 100; i += 1) {
      prices['BTC/USDT'] = String(i);
      frames.markKey('tickers', 'BTC/USDT');
      frames.mark('connection');
    }
    expect(timers.pendingFrames()).toBe(1);
    timers.frame();
    expect(diffs).toHaveLength(1);
    expect(diffs[0]).toMatchObject({
      frame: 1,
      tickers: { 'BTC/USDT': { price: '99' } },
      connection: initialSessionState.connection,
    });
    expect(diffs[0]?.session).toBeUndefined();
    timers.frame();
    expect(diffs).toHaveLength(1); // nothing changed: no empty diff
  });

  it('every mark is cleared once posted: the next frame carries only what changed since', () => {
    // regression: micro and c2c stayed marked after their first change, so every frame from
    // then on posted a diff carrying both views (bench B4/B5 long tasks)
    const { timers, frames, diffs } = setup();
    frames.mark('session');
    frames.mark('connection');
    frames.mark('market');
    frames.mark('spot');
    frames.mark('trades');
    frames.mark('orders');
    frames.mark('wallet');
    frames.mark('lever');
    frames.mark('micro');
    frames.mark('c2c');
    timers.frame();
    expect(Object.keys(diffs[0] ?? {}).sort()).toEqual(
      [
        'c2c',
        'connection',
        'frame',
        'lever',
        'market',
        'micro',
        'orders',
        'session',
        'spot',
        'trades',
        'wallet',
      ].sort(),
    );
    timers.frame();
    expect(diffs).toHaveLength(1); // nothing is left marked: no diff at all
    frames.mark('connection');
    timers.frame();
    expect(Object.keys(diffs[1] ?? {}).sort()).toEqual(['connection', 'frame']);
  });

  it('posts nothing while hidden and one diff with everything on return', () => {
    const { timers, frames, diffs, prices } = setup();
    frames.setVisible(false);
    prices['A/B'] = '1';
    prices['C/D'] = '2';
    frames.markKey('tickers', 'A/B');
    frames.markKey('tickers', 'C/D');
    frames.markKey('sparklines', 'A/B');
    frames.mark('session');
    for (let i = 0; i < 10; i += 1) timers.frame();
    expect(diffs).toHaveLength(0);
    frames.setVisible(true);
    timers.frame();
    timers.frame();
    expect(diffs).toHaveLength(1);
    expect(Object.keys(diffs[0]?.tickers ?? {}).sort()).toEqual(['A/B', 'C/D']);
    expect(diffs[0]?.sparklines).toEqual({ 'A/B': ['1'] });
    expect(diffs[0]?.session).toBeDefined();
  });

  it('a frame already requested when the page hides does not post', () => {
    const { timers, frames, diffs } = setup();
    frames.mark('market');
    frames.setVisible(false);
    timers.frame();
    expect(diffs).toHaveLength(0);
  });

  it('the book honours its rate: at most one book per interval, a view change goes at once', () => {
    const { timers, frames, diffs, book } = setup();
    frames.setBookRate(250);
    const books = (): number[] =>
      diffs.flatMap((d) => (d.book ? [(d.book as unknown as { version: number }).version] : []));
    for (let i = 1; i <= 10; i += 1) {
      book.n = i;
      frames.markBook();
      timers.frame();
      timers.advance(16);
    }
    expect(books()).toEqual([1]);
    timers.advance(250);
    timers.frame();
    expect(books()).toEqual([1, 10]);
    book.n = 11;
    frames.markBook(true);
    timers.frame();
    expect(books()).toEqual([1, 10, 11]);
    frames.setBookRate('frame');
    book.n = 12;
    frames.markBook();
    timers.frame();
    expect(books()).toEqual([1, 10, 11, 12]);
    expect(diffs.every((d) => Object.keys(d).length > 1)).toBe(true);
  });

  it('the depth goes with the book only while shown, at most every DEPTH_MS, the last change last', () => {
    const { timers, frames, diffs, book } = setup();
    const depths = (): number[] => diffs.flatMap((d) => (d.depth ? [d.depth.at] : []));
    book.n = 1;
    frames.markBook();
    timers.frame();
    expect(depths()).toEqual([]);
    frames.setDepth(true);
    timers.frame();
    expect(depths()).toEqual([1]);
    for (let i = 2; i <= 10; i += 1) {
      book.n = i;
      frames.markBook();
      timers.frame();
      timers.advance(16);
    }
    // the books every frame, the depth once in DEPTH_MS, then the newest
    expect(diffs.filter((d) => d.book !== undefined).length).toBeGreaterThanOrEqual(10);
    expect(depths()).toEqual([1]);
    timers.advance(DEPTH_MS);
    timers.frame();
    expect(depths()).toEqual([1, 10]);
    frames.setDepth(false);
    book.n = 11;
    frames.markBook();
    timers.advance(DEPTH_MS);
    timers.frame();
    expect(depths()).toEqual([1, 10]);
  });

  it('back-pressure: while the page has not acknowledged a diff, the next one waits and coalesces', async () => {
    const { timers, frames, prices } = setup();
    const diffs: FrameDiff[] = [];
    let ack = (): void => undefined;
    frames.setSink((d) => {
      diffs.push(d);
      return new Promise<void>((resolve) => (ack = resolve)) as unknown as void;
    });
    prices['BTC/USDT'] = '1';
    frames.markKey('tickers', 'BTC/USDT');
    timers.frame();
    expect(diffs).toHaveLength(1);
    for (let i = 2; i <= 4; i += 1) {
      prices['BTC/USDT'] = String(i);
      frames.markKey('tickers', 'BTC/USDT');
      timers.frame();
    }
    expect(diffs).toHaveLength(1); // the page is busy: nothing more is posted
    ack();
    await Promise.resolve();
    timers.frame();
    expect(diffs).toHaveLength(2);
    expect(diffs[1]?.tickers?.['BTC/USDT']?.price).toBe('4'); // one diff with the latest value
  });

  it('back-pressure gives up after ACK_TIMEOUT_MS (a page that went away)', () => {
    const { timers, frames } = setup();
    const diffs: FrameDiff[] = [];
    frames.setSink((d) => {
      diffs.push(d);
      return new Promise<void>(() => undefined) as unknown as void;
    });
    frames.mark('connection');
    timers.frame();
    frames.mark('connection');
    timers.frame();
    expect(diffs).toHaveLength(1);
    timers.advance(ACK_TIMEOUT_MS);
    timers.frame();
    expect(diffs).toHaveLength(2);
  });
});
