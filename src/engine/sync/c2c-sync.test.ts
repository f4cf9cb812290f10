// The c2c market follows the side and coin the screen chose last: a late reply for the side it
// left is dropped (before, it took the list's place and the screen waited on "Loading…" for its
// side forever: seen in e2e when the Buy page's reply came after the Sell page's).
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine.ts';
import { ok, testServices } from '../testing/fakes.ts';

const ad = (id: number, type: 'buy' | 'sell') => ({
  id,
  seller_name: 's***@example.com',
  currency_id: 3,
  currency_name: 'USDT',
  type,
  way: 'bank',
  way_name: 'Bank card',
  price: '7.15',
  total_number: '20',
  create_time: '2026-11-30 08:00:00',
});

async function settle(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('c2c market sync', () => {
  it('drops a late market page of the side the screen left', async () => {
    let releaseBuy: () => void = () => undefined;
    const buyAsked = new Promise<void>((resolve) => {
      releaseBuy = resolve;
    });
    const t = testServices({
      '/api/server/time': () => ok(1_700_000_000_000),
      '/api/c2c_deal_platform': async (r) => {
        const type = r.url.searchParams.get('type');
        if (type === 'buy') await buyAsked;
        return ok({ data: [type === 'buy' ? ad(1, 'buy') : ad(2, 'sell')], page: 1, pages: 1 });
      },
    });
    const engine = createEngine(t.services, {
      logDbName: 'c2c-late-log',
      sessionDbName: 'c2c-late-s',
    });
    await engine.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);
    const buy = engine.watchC2c({ type: 'buy', currencyId: null });
    await engine.watchC2c({ type: 'sell', currencyId: null });
    releaseBuy();
    await buy;
    await settle();
    const market = engine.state().c2c.view.market;
    expect(market.type).toBe('sell');
    expect(market.loaded).toBe(true);
    expect(market.rows.map((r) => r.id)).toEqual([2]);
    await engine.close();
  });
});
