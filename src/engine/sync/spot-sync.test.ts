import { describe, expect, it, vi } from 'vitest';
import { createEngine } from '../engine.ts';
import { ok, testServices } from '../testing/fakes.ts';
import { depth, entrust, routes, started } from '../testing/spot-engine.ts';

describe('spot sync', () => {
  it('subscribes, seeds, applies deltas, resyncs on a gap and after a reconnect', async () => {
    const t = testServices(routes());
    const { engine, frames, socket } = await started(t, 'spot-sync');
    await engine.watchSpot('BTC/USDT');
    expect(socket.emitted.filter((e) => e.event === 'depth_subscribe')).toEqual([
      { event: 'depth_subscribe', args: [{ symbol: 'BTC/USDT', mode: 'delta' }] },
    ]);
    t.timers.frame();
    const first = frames.at(-1);
    expect(first?.book).toMatchObject({
      source: 'rest',
      bestBid: '99',
      bestAsk: '101',
      spread: '2',
    });
    expect(first?.spot).toMatchObject({
      userLegal: '500.5',
      lastPrice: '100',
      loaded: true,
      pricePrecision: 2,
    });
    expect(first?.trades?.map((x) => x.id)).toEqual([7]);
    expect(first?.chart).toMatchObject({ reset: true, period: '1min' });
    expect(first?.chart?.bars).toHaveLength(2);
    expect(first?.orders?.open.map((o) => o.id)).toEqual([5]);

    socket.fire(
      'market_depth',
      depth(
        'snapshot',
        10,
        null,
        [
          ['99.5', '1'],
          ['98', '1'],
        ],
        [['100.5', '1']],
      ),
    );
    socket.fire(
      'market_depth',
      depth(
        'delta',
        11,
        10,
        [
          ['99.5', '0'],
          ['99.7', '3'],
        ],
        [],
      ),
    );
    t.timers.frame();
    expect(frames.at(-1)?.book).toMatchObject({
      source: 'delta',
      bids: [
        { price: '99.7', amount: '3', own: null },
        { price: '98', own: { amount: '1', ids: [expect.any(Number)] } },
      ],
    });
    socket.fire('market_depth', depth('delta', 13, 12, [['97', '1']], []));
    expect(socket.emitted.filter((e) => e.event === 'depth_snapshot')).toEqual([
      { event: 'depth_snapshot', args: [{ symbol: 'BTC/USDT' }] },
    ]);
    t.timers.frame();
    expect(frames.at(-1)?.book).toMatchObject({ source: 'none', resyncs: 1, bids: [] });
    socket.fire('market_depth', depth('snapshot', 13, null, [['96', '2']], []));
    t.timers.frame();
    expect(frames.at(-1)?.book).toMatchObject({ source: 'delta', bids: [{ price: '96' }] });

    socket.drop();
    t.timers.advance(60_000);
    socket.open();
    expect(socket.emitted.filter((e) => e.event === 'depth_subscribe')).toHaveLength(2);
    t.timers.frame();
    expect(frames.at(-1)?.book).toMatchObject({ resyncs: 2, source: 'none' });
    const log = JSON.stringify(await engine.log.read(0, 10_000));
    expect(log).toContain('"reason":"gap"');
    expect(log).toContain('"reason":"reconnect"');

    await engine.watchSpot(null);
    expect(socket.emitted.at(-1)).toEqual({
      event: 'depth_unsubscribe',
      args: [{ symbol: 'BTC/USDT' }],
    });
    await engine.close();
  });

  it('places with validation, a client_id and busy refusal; cancels; refreshes on update_balance', async () => {
    let release: (v: unknown) => void = () => undefined;
    const t = testServices(
      routes({
        '/api/transaction/in': () =>
          new Promise((resolve) => {
            release = resolve;
          }),
        '/api/transaction_del': () => ok('order cancelled'),
      }),
    );
    const { engine, socket } = await started(t, 'spot-commands');
    await engine.watchSpot('BTC/USDT');
    const invalid = await engine.placeSpotOrder({ side: 'sell', mode: 2, price: '0', number: '' });
    expect(invalid).toEqual({
      ok: false,
      code: 'invalid',
      fields: {
        price: 'validation.spot.sellPriceRequired',
        number: 'validation.spot.sellNumberRequired',
      },
    });
    const order = { side: 'buy' as const, mode: 2 as const, price: '98.5', number: '0.1' };
    const first = engine.placeSpotOrder(order);
    await vi.waitFor(() =>
      expect(t.http.requests.some((r) => r.url.pathname === '/api/transaction/in')).toBe(true),
    );
    expect(await engine.placeSpotOrder(order)).toEqual({ ok: false, code: 'busy' });
    const before = t.http.requests.filter((r) => r.url.pathname === '/api/transaction/deal').length;
    release(ok('order placed'));
    expect(await first).toMatchObject({ ok: true, message: 'order placed' });
    const sent = t.http.requests.find((r) => r.url.pathname === '/api/transaction/in')?.body;
    expect(Object.fromEntries(sent ?? [])).toMatchObject({
      legal_id: '1',
      currency_id: '2',
      price: '98.5',
      num: '0.1',
      mode: '2',
    });
    expect(sent?.get('client_id')).toMatch(/^[a-z0-9]{8,48}$/);
    await vi.waitFor(() =>
      expect(t.http.requests.filter((r) => r.url.pathname === '/api/transaction/deal').length).toBe(
        before + 1,
      ),
    );

    const market = engine.placeSpotOrder({ side: 'buy', mode: 1, price: 'ignored', number: '1' });
    await vi.waitFor(() =>
      expect(t.http.requests.filter((r) => r.url.pathname === '/api/transaction/in')).toHaveLength(
        2,
      ),
    );
    release(ok('filled'));
    await market;
    const marketBody = t.http.requests.filter((r) => r.url.pathname === '/api/transaction/in')[1]
      ?.body;
    expect(marketBody?.has('price')).toBe(false);
    expect(marketBody?.get('client_id')).not.toBe(sent?.get('client_id'));

    expect(await engine.cancelSpotOrder({ id: 5, side: 'buy' })).toMatchObject({ ok: true });
    const del = t.http.requests.find((r) => r.url.pathname === '/api/transaction_del')?.body;
    expect(Object.fromEntries(del ?? [])).toEqual({ id: '5', type: 'in' });

    const deals = t.http.requests.filter((r) => r.url.pathname === '/api/transaction/deal').length;
    socket.fire('update_balance', { type: 'update_balance_42' });
    await vi.waitFor(() =>
      expect(
        t.http.requests.filter((r) => r.url.pathname === '/api/transaction/deal').length,
      ).toBeGreaterThan(deals),
    );
    const log = JSON.stringify(await engine.log.read(0, 10_000));
    expect(log).toContain('"command":"spot-place"');
    expect(log).toContain('"name":"spot.balance"');
    await engine.close();
  });

  it('every chart period asks for a range the server accepts: never a negative from (issue 20)', async () => {
    const t = testServices(routes());
    const { engine } = await started(t, 'spot-periods');
    await engine.watchSpot('BTC/USDT');
    for (const period of ['1min', '1day', '1week', '1mon'] as const) {
      await engine.setChartPeriod(period);
      await vi.waitFor(() =>
        expect(
          t.http.requests.some(
            (r) =>
              r.url.pathname === '/api/currency/new_timeshar' &&
              r.url.searchParams.get('period') === period,
          ),
        ).toBe(true),
      );
    }
    const asked = t.http.requests.filter((r) => r.url.pathname === '/api/currency/new_timeshar');
    for (const r of asked) {
      const from = Number(r.url.searchParams.get('from'));
      const to = Number(r.url.searchParams.get('to'));
      expect(Number.isInteger(from) && from >= 0 && from <= to).toBe(true);
    }
    await engine.close();
  });
  it('polls the order history every 5 s while watching, visible and logged in', async () => {
    const t = testServices(routes());
    const { engine } = await started(t, 'spot-poll');
    await engine.watchSpot('BTC/USDT');
    const count = () =>
      t.http.requests.filter((r) => r.url.pathname === '/api/transaction_history').length;
    const start = count();
    t.timers.advance(5_000);
    await vi.waitFor(() => expect(count()).toBe(start + 1));
    await engine.setVisible(false);
    t.timers.advance(20_000);
    expect(count()).toBe(start + 1);
    await engine.close();
  });
  it('the order history is the finished orders, with how each ended (issue 20)', async () => {
    const finished = (id: number, extra: Record<string, unknown>) => ({
      id,
      way: 2,
      type: 'in',
      legal_id: 1,
      currency_id: 2,
      legal_name: 'USDT',
      currency_name: 'BTC',
      fee: '0',
      create_time: '2024-01-01 00:00:00',
      update_time: '2024-01-01 00:00:01',
      ...extra,
    });
    const t = testServices(
      routes({
        '/api/transaction_history': () =>
          ok({
            list: [
              // a market buy whose rest the band dropped: 0.01 of 0.03 at 69,400
              finished(9, {
                mode: 1,
                status: 2,
                total_number: '0.0300',
                complete_number: '0.0100',
                avg_price: '69400.00',
              }),
              // a limit buy that filled whole below its limit
              finished(8, {
                mode: 2,
                status: 1,
                total_number: '0.0300',
                complete_number: '0.0300',
                avg_price: '69211.00',
                limit_price: '72000.00',
                fee: '0.0003',
              }),
              // cancelled before anything filled
              finished(7, {
                mode: 2,
                status: 2,
                total_number: '0.0100',
                complete_number: '0.0000',
                limit_price: '60000.00',
              }),
            ],
            page: 1,
            pages: 1,
            total: 3,
          }),
      }),
    );
    const { engine } = await started(t, 'spot-finished');
    await engine.watchSpot('BTC/USDT');
    await vi.waitFor(() => expect(engine.state().spot.orders.view.history).toHaveLength(3));
    const sent = t.http.requests.find((r) => r.url.pathname === '/api/transaction_history');
    expect(Object.fromEntries(sent?.body ?? [])).toMatchObject({ currency_id: '2', legal_id: '1' });
    expect(engine.state().spot.orders.view.history).toEqual([
      {
        id: 9,
        side: 'buy',
        symbol: 'BTC/USDT',
        price: '69400',
        number: '0.01',
        fee: '0',
        time: '2024-01-01 00:00:00',
        outcome: 'part-cancelled',
        total: '0.03',
        mode: 1,
      },
      {
        id: 8,
        side: 'buy',
        symbol: 'BTC/USDT',
        price: '69211',
        number: '0.03',
        fee: '0.0003',
        time: '2024-01-01 00:00:00',
        outcome: 'filled',
        total: '0.03',
        limitPrice: '72000',
        mode: 2,
      },
      {
        id: 7,
        side: 'buy',
        symbol: 'BTC/USDT',
        price: '0',
        number: '0',
        fee: '0',
        time: '2024-01-01 00:00:00',
        outcome: 'cancelled',
        total: '0.01',
        limitPrice: '60000',
        mode: 2,
      },
    ]);
    await engine.close();
  });

  it('a server without transaction_history (404) gives its fills as the history', async () => {
    const t = testServices(
      routes({
        '/api/transaction_history': () => new Response('not found', { status: 404 }),
        '/api/transaction_complete': () =>
          ok({
            list: [
              {
                id: 3,
                way: 1,
                type: 'out',
                legal_id: 1,
                currency_id: 2,
                legal_name: 'USDT',
                currency_name: 'BTC',
                price: '100.50',
                number: '0.2000',
                in_fee: '0',
                out_fee: '0.01',
                time: '2024-01-01 00:00:00',
                create_time: 1_704_067_200,
              },
            ],
            page: 1,
            pages: 1,
            total: 1,
          }),
      }),
    );
    const { engine } = await started(t, 'spot-legacy-history');
    await engine.watchSpot('BTC/USDT');
    await vi.waitFor(() => expect(engine.state().spot.orders.view.history).toHaveLength(1));
    // a fill: none of the order fields (recorded sessions keep their hashes)
    expect(engine.state().spot.orders.view.history[0]).toEqual({
      id: 3,
      side: 'sell',
      symbol: 'BTC/USDT',
      price: '100.5',
      number: '0.2',
      fee: '0.01',
      time: '2024-01-01 00:00:00',
    });
    await engine.close();
  });

  it('a page reopened without the server shows the orders of the same login and pair, held as of their time, until the server answers (issue 25)', async () => {
    // a second page on the server: the held list says there is more
    const t = testServices(
      routes({
        '/api/transaction_in': () =>
          ok({ list: [entrust(5, 'in', '98.00')], page: 1, pages: 2, total: 2 }),
      }),
    );
    const first = await started(t, 'held-orders');
    await first.engine.watchSpot('BTC/USDT');
    await vi.waitFor(() => expect(first.engine.state().spot.orders.view.openLoaded).toBe(true));
    const at = first.engine.state().spot.orders.view.openAt;
    // the page moved on to another screen before it closed: the orders are still the login's
    await first.engine.watchSpot(null);
    await first.engine.close();

    // the server is gone: the page opens from its log, with the stored login
    const online = new Map(t.http.routes);
    t.http.routes.clear();
    t.timers.advance(60_000);
    const second = createEngine(t.services, {
      logDbName: 'held-orders-log',
      sessionDbName: 'held-orders-s',
    });
    await second.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);
    await second.watchSpot('BTC/USDT');
    await vi.waitFor(() =>
      expect(second.state().spot.orders.view).toMatchObject({
        openLoading: false,
        historyLoading: false,
      }),
    );
    const held = second.state().spot.orders.view;
    expect(held).toMatchObject({
      openHeld: true,
      openLoaded: false,
      openAt: at,
      openHasMore: true,
    });
    expect(held.open.map((o) => o.id)).toEqual([5]);
    // their next page would not continue them: nothing is asked
    const asked = () => t.http.requests.filter((r) => r.url.pathname === '/api/transaction_in');
    const before = asked().length;
    await second.loadMoreSpotOrders('open');
    expect(asked()).toHaveLength(before);

    // the server is back: the first connect resynchronises, and the orders load
    for (const [path, route] of online) t.http.routes.set(path, route);
    t.http.routes.set('/api/transaction_in', () =>
      ok({ list: [entrust(6, 'in', '97.00')], page: 1, pages: 1, total: 1 }),
    );
    const socket = t.sockets.at(-1);
    socket?.fire('connect_error', new Error('refused'));
    t.timers.advance(30_000);
    socket?.open();
    await vi.waitFor(() => expect(second.state().spot.orders.view.openLoaded).toBe(true));
    expect(second.state().spot.orders.view).toMatchObject({ openHeld: false });
    expect(second.state().spot.orders.view.open.map((o) => o.id)).toEqual([6]);
    await second.close();
  });
});
