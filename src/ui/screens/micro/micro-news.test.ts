import { describe, expect, it } from 'vitest';
import type { MicroOrderView } from '../../../engine/api.ts';
import { microNews, type MicroPhase } from './micro-news.ts';

const order = (id: number, over: Partial<MicroOrderView> = {}): MicroOrderView =>
  ({
    id,
    showId: id + 10000,
    status: 1,
    deadline: 1000,
    removeAt: null,
    ...over,
  }) as MicroOrderView;

describe('microNews', () => {
  it('an order seen counting says its time is up once, then how it settled once', () => {
    const seen = new Map<number, MicroPhase>();
    expect(microNews(seen, [order(1)], 0)).toEqual([]);
    expect(microNews(seen, [order(1)], 999)).toEqual([]);
    expect(microNews(seen, [order(1)], 1000).map((n) => n.kind)).toEqual(['timeUp']);
    expect(microNews(seen, [order(1)], 1200)).toEqual([]);
    const settled = order(1, { status: 3 });
    expect(microNews(seen, [settled], 1300)).toEqual([{ kind: 'settled', order: settled }]);
    expect(microNews(seen, [settled], 1400)).toEqual([]);
    expect(seen.size).toBe(0);
  });

  it('a settlement pushed before the countdown reached zero is still said', () => {
    const seen = new Map<number, MicroPhase>();
    microNews(seen, [order(2)], 0);
    expect(microNews(seen, [order(2, { status: 3 })], 900).map((n) => n.kind)).toEqual(['settled']);
  });

  it('orders first seen expired or settled are old news', () => {
    const seen = new Map<number, MicroPhase>();
    expect(microNews(seen, [order(3), order(4, { status: 3 })], 5000)).toEqual([]);
    expect(microNews(seen, [order(3, { status: 3 })], 5100)).toEqual([]);
  });
});
