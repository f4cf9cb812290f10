// The real engine (under Node) against a real reference server process, over real HTTP and
// socket.io: live market data, a full account lifecycle, session expiry and logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeEngine } from '../src/engine/node.ts';
import type { EngineHandle } from '../src/engine/engine.ts';
import type { EngineSnapshot, FrameDiff } from '../src/engine/api.ts';
import { Decimal } from '../src/shared/decimal.ts';
import { printedCode } from './newcomer.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';

let server: ServerProcess;
let engine: EngineHandle;
let snapshot: EngineSnapshot;
let frames: FrameDiff[];

/** The latest value of a spot part of the frames (or of the start snapshot). */
function latest<K extends 'spot' | 'book' | 'orders' | 'trades' | 'chart'>(
  key: K,
): FrameDiff[K] | EngineSnapshot[K] {
  for (let i = frames.length - 1; i >= 0; i -= 1) {
    const f = frames[i];
    if (f !== undefined && f[key] !== undefined) return f[key];
  }
  return snapshot[key];
}

beforeAll(async () => {
  server = await startServerProcess();
  ({ engine, snapshot, frames } = await startNodeEngine({ baseUrl: server.url, lang: 'en' }));
}, 90_000);

afterAll(async () => {
  await engine?.close();
  await server?.stop();
});

describe('engine against the reference server', () => {
  it('loads the quotation groups, with only displayed pairs among the listed ones', () => {
    expect(snapshot.market.loaded).toBe(true);
    const usdt = snapshot.market.groups.find((g) => g.name === 'USDT');
    expect(usdt?.symbols).toEqual(
      expect.arrayContaining([
        'BTC/USDT',
        'ETH/USDT',
        'LTC/USDT',
        'XRP/USDT',
        'DOGE/USDT',
        'TRX/USDT',
      ]),
    );
    const btc = snapshot.tickers['BTC/USDT'];
    expect(btc?.isDisplay).toBe(true);
    expect(Number(btc?.price)).toBeGreaterThan(0);
  });

  it('goes online and folds live daymarket pushes into changed tickers', async () => {
    const before = snapshot.tickers['BTC/USDT']?.at ?? 0;
    await until(
      () =>
        frames.some((f) => f.connection?.state === 'online') ||
        snapshot.connection.state === 'online',
    );
    const live = await until(() =>
      frames.map((f) => f.tickers?.['BTC/USDT']).find((t) => t && t.at > before),
    );
    expect(live.symbol).toBe('BTC/USDT');
    expect(live.price).toMatch(/^\d+(\.\d+)?$/);
  });

  it('has 60 one-minute closes for the sparkline of each displayed pair', async () => {
    const spark = await until(() => {
      const latest =
        frames
          .map((f) => f.sparklines?.['BTC/USDT'])
          .filter(Boolean)
          .pop() ?? snapshot.sparklines['BTC/USDT'];
      return latest && latest.length === 60 ? latest : null;
    });
    expect(spark.length).toBe(60);
    for (const close of spark) expect(close).toMatch(/^\d+(\.\d+)?$/);
  });

  it('registers by e-mail with a code from the outbox, logs in, reads the user and logs out', async () => {
    const email = `it-${Date.now()}@example.com`;
    const invalid = await engine.sendCode({
      kind: 'email',
      account: 'not-an-email',
      areaCode: '',
      purpose: 'register',
    });
    expect(invalid).toMatchObject({ ok: false, code: 'invalid' });

    const sent = await engine.sendCode({
      kind: 'email',
      account: email,
      areaCode: '',
      purpose: 'register',
    });
    expect(sent.ok).toBe(true);
    // a default start has no outbox: the code is printed in the server's console
    const code = await printedCode(server, email);
    const wrong = await engine.register({
      kind: 'email',
      account: email,
      code: code === '000000' ? '111111' : '000000',
      password: 'abc12345',
      confirm: 'abc12345',
      agreement: true,
      extensionCode: '',
      areaCode: '',
      countryId: null,
    });
    expect(wrong).toMatchObject({ ok: false, code: 'server' });
    const registered = await engine.register({
      kind: 'email',
      account: email,
      code,
      password: 'abc12345',
      confirm: 'abc12345',
      agreement: true,
      extensionCode: '',
      areaCode: '',
      countryId: null,
    });
    expect(registered.ok).toBe(true);

    const badLogin = await engine.login({ account: email, password: 'wrong123', areaCodeId: null });
    expect(badLogin).toMatchObject({ ok: false, code: 'server' });
    const login = await engine.login({ account: email, password: 'abc12345', areaCodeId: null });
    expect(login.ok).toBe(true);
    // logged in at once; the account arrives with the user info that follows
    const session = await until(() =>
      frames
        .map((f) => f.session)
        .filter((s) => s?.loggedIn === true && s.account !== null)
        .pop(),
    );
    expect(session.account).toBe(email);
    expect(session.maskedAccount).toMatch(/\*\*\*@example\.com$/);
    expect(session.userId).toBeGreaterThan(0);

    await engine.logout();
    const out = await until(() => {
      const last = frames
        .map((f) => f.session)
        .filter(Boolean)
        .pop();
      return last && !last.loggedIn ? last : null;
    });
    expect(out.userId).toBeNull();
  });

  it('answers news in the chosen language', async () => {
    const en = await engine.newsList();
    await engine.setLang('de');
    const de = await engine.newsList();
    await engine.setLang('en');
    expect(en.ok && de.ok).toBe(true);
    if (en.ok && de.ok) {
      expect(en.data.length).toBeGreaterThan(0);
      expect(de.data.length).toBeGreaterThan(0);
      expect(de.data[0]?.title).not.toBe(en.data[0]?.title);
    }
  });

  it('spot: watches BTC/USDT, places, sees, cancels a limit buy, and fills a market buy', async () => {
    const login = await engine.login({
      account: 'demo@bourse.local',
      password: 'demo1234',
      areaCodeId: null,
    });
    expect(login.ok).toBe(true);
    await engine.setBookWindow({ bidStart: 0, bidCount: 200, askStart: 0, askCount: 200 });
    await engine.watchSpot('BTC/USDT');

    const book = await until(() => {
      const b = latest('book');
      return b && b.source === 'delta' && b.bids.length > 0 && b.asks.length > 0 ? b : null;
    });
    expect(book.symbol).toBe('BTC/USDT');
    expect(new Decimal(book.bids[0]?.price ?? '0').lt(book.asks[0]?.price ?? '0')).toBe(true);
    const spot = await until(() => {
      const v = latest('spot');
      return v?.loaded && v.userLegal !== '0' ? v : null;
    });
    expect(spot.pricePrecision).toBe(2);
    expect(spot.amountPrecision).toBe(4);
    const legalBefore = new Decimal(spot.userLegal);
    await until(() => (latest('chart')?.bars.length ?? 0) > 0);
    await until(() => (latest('trades')?.length ?? 0) > 0);

    const price = new Decimal(book.bids[0]?.price ?? '0').times(0.97).toFixed(2);
    const invalid = await engine.placeSpotOrder({ side: 'buy', mode: 2, price: '', number: '1' });
    expect(invalid).toMatchObject({
      ok: false,
      code: 'invalid',
      fields: { price: 'validation.spot.priceRequired' },
    });
    const placed = await engine.placeSpotOrder({
      side: 'buy',
      mode: 2,
      price,
      number: '0.01',
    });
    expect(placed.ok).toBe(true);
    const open = await until(() =>
      latest('orders')?.open.find((o) => o.price === price || new Decimal(o.price).eq(price)),
    );
    expect(open.side).toBe('buy');
    await until(() => latest('book')?.bids.find((r) => r.own && new Decimal(r.price).eq(price)));
    await until(() => {
      const v = latest('spot');
      return v && new Decimal(v.userLegal).eq(legalBefore.minus(new Decimal(price).times('0.01')));
    });

    const cancelled = await engine.cancelSpotOrder({ id: open.id, side: 'buy' });
    expect(cancelled.ok).toBe(true);
    await until(() => latest('orders')?.open.every((o) => o.id !== open.id));
    await until(() => {
      const v = latest('spot');
      return v && new Decimal(v.userLegal).eq(legalBefore);
    });
    expect(latest('book')?.bids.some((r) => r.own)).toBe(false);

    // issue 20: the cancelled order stays in the history, marked so, nothing filled
    const gone = await until(() => latest('orders')?.history.find((o) => o.id === open.id));
    expect(gone).toMatchObject({ outcome: 'cancelled', number: '0', total: '0.01', mode: 2 });
    const market = await engine.placeSpotOrder({
      side: 'buy',
      mode: 1,
      price: '',
      number: '0.001',
    });
    expect(market.ok).toBe(true);
    // its row: a market order, filled, at the price it traded at (never the band's bound)
    const filled = await until(() =>
      latest('orders')?.history.find((o) => o.id > open.id && o.mode === 1),
    );
    expect(filled).toMatchObject({ outcome: 'filled', number: '0.001', total: '0.001' });
    await until(() => latest('trades')?.some((tr) => new Decimal(tr.price).eq(filled.price)));
    await until(() => {
      const v = latest('spot');
      return v && new Decimal(v.userCurrency).gt(spot.userCurrency);
    });
    await engine.watchSpot(null);
    // read before the logout: a logout begins a new login partition, and the stored log forgets
    // what came before it at its next write (ADR 0042)
    const logged = await engine.log.read(0, 1_000_000);
    expect(logged.filter((e) => e.name === 'system.malformed')).toEqual([]);
    expect(logged.some((e) => e.name === 'book.delta')).toBe(true);
    await engine.logout();
  }, 60_000);
});
