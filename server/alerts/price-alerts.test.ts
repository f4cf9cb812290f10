// Price alerts (issue 25) through the real server, on PGlite and on PostgreSQL: add, list and
// remove; every refusal, hostile input included, with its localized message; the limit of
// waiting alerts; the job fires an alert once, at the crossing and not before, with the
// notification's exact parameters; a removed alert never fires. The test owns the last price
// by replacing `s.alerts.lastOf` (the default reads the spot ticker's last trade).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import type { PriceAlertRow } from '../../src/shared/wire/alerts.ts';
import { backends } from '../db/test-databases.ts';
import { localDecimal, t, type MessageValues } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import { symbolOf } from '../market/wire-format.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer, testUser } from '../testing/helpers.ts';
import { fromUnits } from '../trading/units.ts';

interface Lists {
  waiting: PriceAlertRow[];
  fired: PriceAlertRow[];
  limit: number;
}
type User = { id: number; token: string };

const BTC = 'BTC/USDT';
const ETH = 'ETH/USDT';

describe.each(backends())('price alerts on %s', (backend) => {
  let s: TestServer;
  let alice: User;
  let bob: User;
  /** The last price of each pair as the job and the add call see it. */
  const last = new Map<string, Decimal>();
  let spotLast: (pair: PairSpec) => Decimal | null;
  let serial = 0;

  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
    alice = await testUser(s, 'pa-alice@bourse.test');
    bob = await testUser(s, 'pa-bob@bourse.test');
    spotLast = s.alerts.lastOf;
    s.alerts.lastOf = (p) => last.get(symbolOf(p)) ?? null;
    last.set(BTC, new Decimal('60000'));
    last.set(ETH, new Decimal('3000'));
    await s.notes.pump(); // the pump's floor: rows before this run are not pushed
  }, 60_000);
  afterAll(async () => {
    await s.close();
  });

  const auth = (u: User, lang = 'en') => ({ authorization: u.token, lang });
  const newUser = () => testUser(s, `pa-${(serial += 1)}@bourse.test`);
  const add = (u: User, body: Record<string, string>, lang = 'en') =>
    post(s, '/api/user/price_alert_add', body, auth(u, lang));
  const added = async (u: User, symbol: string, direction: string, price: string) => {
    const r = await add(u, { symbol, direction, price });
    expect(r, JSON.stringify(r.message)).toMatchObject({ type: 'ok' });
    return (r.message as { alert: PriceAlertRow }).alert;
  };
  const remove = (u: User, id: string) => post(s, '/api/user/price_alert_remove', { id }, auth(u));
  const list = async (u: User) => {
    const r = await get(s, '/api/user/price_alerts', auth(u));
    expect(r.type).toBe('ok');
    return r.message as Lists;
  };
  const alertNotes = async (u: User) => {
    const r = await get(s, '/api/user/notifications?group=alert', auth(u));
    return (r.message as { list: { kind: string; params: Record<string, string> }[] }).list;
  };
  const refusal = (id: string, values: MessageValues = {}, lang: 'en' | 'de' | 'ru' = 'en') => ({
    type: 'error',
    message: t(lang, id, values),
  });

  it('needs a login', async () => {
    expect((await get(s, '/api/user/price_alerts')).type).toBe('999');
    const body = { symbol: BTC, direction: 'above', price: '70000' };
    expect((await post(s, '/api/user/price_alert_add', body)).type).toBe('999');
    expect((await post(s, '/api/user/price_alert_remove', { id: '1' })).type).toBe('999');
  });

  it('reads the spot ticker’s last trade by default', () => {
    const pair = s.alerts.pairOf(BTC);
    if (pair === null) throw new Error('no BTC/USDT');
    const ticks = s.spot.lastPrice(pair.matchId);
    if (ticks === null) throw new Error('no last price');
    expect(spotLast(pair)?.toFixed(2)).toBe(fromUnits(ticks, 2));
  });

  it('adds, lists (newest first, all pairs) and removes', async () => {
    const above = await added(alice, BTC, 'above', '61000');
    expect(above).toEqual({
      id: above.id,
      symbol: BTC,
      direction: 'above',
      price: '61000.00',
      created_at: s.clock.now,
      fired_at: null,
      fired_price: null,
    });
    const below = await added(alice, 'btc/usdt', 'below', '59000.5');
    expect(below.symbol).toBe(BTC);
    expect(below.price).toBe('59000.50');
    const eth = await added(alice, ETH, 'above', '3100.25');
    const mine = await list(alice);
    expect(mine.waiting.map((a) => a.id)).toEqual([eth.id, below.id, above.id]);
    expect(mine.fired).toEqual([]);
    expect(mine.limit).toBe(20);
    expect((await list(bob)).waiting).toEqual([]);

    const r = await remove(alice, String(below.id));
    expect(r).toEqual({ type: 'ok', message: { id: below.id, waiting: 2 } });
    expect((await list(alice)).waiting.map((a) => a.id)).toEqual([eth.id, above.id]);
    // the same id again: no longer waiting
    expect(await remove(alice, String(below.id))).toEqual(refusal('alert.notFound'));
  });

  it('refuses a pair that is not listed, another direction, and says so', async () => {
    const u = await newUser();
    for (const symbol of ['NOPE/USDT', '', 'USDT/BTC', 'DOT/USDT', "BTC/USDT' OR 1=1"])
      expect(await add(u, { symbol, direction: 'above', price: '70000' }), symbol).toEqual(
        refusal('alert.pairUnknown'),
      );
    for (const direction of ['sideways', '', 'ABOVE', 'x'.repeat(150)])
      expect(await add(u, { symbol: BTC, direction, price: '70000' })).toEqual(
        refusal('alert.directionInvalid'),
      );
    expect(await add(u, { symbol: 'X'.repeat(41), direction: 'above', price: '1' })).toEqual(
      refusal('error.fieldInvalid', { field: 'symbol' }),
    );
    expect((await list(u)).waiting).toEqual([]);
  });

  it('refuses a price that is not a price of the pair, in the reader’s language', async () => {
    const u = await newUser();
    const cases: [string | undefined, string, MessageValues?][] = [
      [undefined, 'alert.priceRequired'],
      ['', 'alert.priceRequired'],
      ['  ', 'alert.priceRequired'],
      ['0', 'alert.priceRequired'],
      ['0.00', 'alert.priceRequired'],
      ['1e3', 'validation.amountFormat'],
      ['1E5', 'validation.amountFormat'],
      ['abc', 'validation.amountFormat'],
      ['-70000', 'validation.amountFormat'],
      ['70,000', 'validation.amountFormat'],
      ['0x10', 'validation.amountFormat'],
      ['Infinity', 'validation.amountFormat'],
      ['NaN', 'validation.amountFormat'],
      ['9'.repeat(41), 'validation.amountFormat'],
      ['70000.001', 'alert.pricePrecision', { dp: 2, pair: BTC }],
      ['70000.000000000000000000001', 'alert.pricePrecision', { dp: 2, pair: BTC }],
      ['10000000000000', 'validation.amountTooLarge', { dp: 2, max: 1e12 }],
    ];
    for (const [price, id, values] of cases) {
      const body: Record<string, string> = { symbol: BTC, direction: 'above' };
      if (price !== undefined) body.price = price;
      expect(await add(u, body), String(price)).toEqual(refusal(id, values));
    }
    expect(await add(u, { symbol: BTC, direction: 'above', price: '1e3' }, 'ru')).toEqual(
      refusal('validation.amountFormat', {}, 'ru'),
    );
    expect(await add(u, { symbol: BTC, direction: 'above', price: '1.001' }, 'de')).toEqual(
      refusal('alert.pricePrecision', { dp: 2, pair: BTC }, 'de'),
    );
    expect((await list(u)).waiting).toEqual([]);
    expect(s.ctx.metrics.internalErrors).toBe(0);
  });

  it('refuses a level the last price has already reached (it would fire at once)', async () => {
    const u = await newUser();
    const said = (id: string, price: string, lang: 'en' | 'ru' = 'en') =>
      refusal(
        id,
        { pair: BTC, last: localDecimal('60000', 2), price: localDecimal(price, 2) },
        lang,
      );
    expect(await add(u, { symbol: BTC, direction: 'above', price: '59999.99' })).toEqual(
      said('alert.alreadyAbove', '59999.99'),
    );
    expect(await add(u, { symbol: BTC, direction: 'above', price: '60000' })).toEqual(
      said('alert.alreadyAbove', '60000'),
    );
    expect(await add(u, { symbol: BTC, direction: 'below', price: '60000.00' }, 'ru')).toEqual(
      said('alert.alreadyBelow', '60000', 'ru'),
    );
    expect((await list(u)).waiting).toEqual([]);
    // a pair with no price yet takes any level
    last.delete(ETH);
    await added(u, ETH, 'below', '1');
    last.set(ETH, new Decimal('3000'));
  });

  it('keeps at most 20 waiting alerts per user', async () => {
    const u = await newUser();
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1)
      ids.push(Number((await added(u, BTC, 'above', `${70000 + i}`)).id));
    expect(await add(u, { symbol: ETH, direction: 'below', price: '100' })).toEqual(
      refusal('alert.limit', { limit: 20 }),
    );
    expect((await list(u)).waiting).toHaveLength(20);
    expect((await remove(u, String(ids[0]))).type).toBe('ok');
    await added(u, ETH, 'below', '100');
    // another user is not limited by this one's alerts
    await added(await newUser(), BTC, 'above', '70000');
  });

  it('refuses hostile remove input and another user’s alert', async () => {
    const owner = await newUser();
    const mine = await added(owner, BTC, 'below', '50000');
    for (const id of ['', 'abc', '1e3', '-1', '0', '1.5', ' 1', '99999999999', '2147483648'])
      expect((await remove(bob, id)).type, id).toBe('error');
    expect(await remove(bob, String(mine.id))).toEqual(refusal('alert.notFound'));
    expect(await remove(bob, '2147483647')).toEqual(refusal('alert.notFound'));
    expect((await list(owner)).waiting.map((a) => a.id)).toEqual([mine.id]);
    expect(s.ctx.metrics.internalErrors).toBe(0);
  });

  it('fires once at the crossing, not before, with the notification’s exact parameters', async () => {
    const u = await newUser();
    const up = await added(u, BTC, 'above', '61000');
    const down = await added(u, BTC, 'below', '59000.5');
    const eth = await added(u, ETH, 'above', '3100');
    last.set(BTC, new Decimal('60999.99'));
    await s.alerts.check();
    expect((await list(u)).waiting).toHaveLength(3);
    expect(await alertNotes(u)).toEqual([]);

    const push = vi.spyOn(s.ctx.notify, 'push');
    s.clock.now += 1000;
    last.set(BTC, new Decimal('61000'));
    const fired = await s.alerts.check();
    expect(fired.filter((f) => f.userId === u.id).map((f) => f.id)).toEqual([up.id]);
    expect(await s.alerts.check()).toEqual([]);
    const after = await list(u);
    expect(after.waiting.map((a) => a.id)).toEqual([eth.id, down.id]);
    expect(after.fired).toEqual([{ ...up, fired_at: s.clock.now, fired_price: '61000.00' }]);
    const notes = await alertNotes(u);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'alert.price',
      params: { symbol: BTC, direction: 'above', price: '61000', last: '61000' },
    });
    // the pump delivers it to the owner's room
    await s.notes.pump();
    expect(push).toHaveBeenCalledWith(u.id, 'notification', {
      type: 'notification',
      notification: expect.objectContaining({ kind: 'alert.price' }) as unknown,
    });
    push.mockRestore();

    last.set(BTC, new Decimal('59000.49'));
    last.set(ETH, new Decimal('3100.01'));
    const next = await s.alerts.check();
    expect(next.filter((f) => f.userId === u.id).map((f) => f.id)).toEqual([down.id, eth.id]);
    const all = await alertNotes(u);
    expect(all.map((n) => n.params)).toEqual([
      { symbol: ETH, direction: 'above', price: '3100', last: '3100.01' },
      { symbol: BTC, direction: 'below', price: '59000.5', last: '59000.49' },
      { symbol: BTC, direction: 'above', price: '61000', last: '61000' },
    ]);
    expect((await list(u)).waiting).toEqual([]);
    last.set(BTC, new Decimal('60000'));
    last.set(ETH, new Decimal('3000'));
  });

  it('never fires a removed alert; skips pairs no longer listed', async () => {
    const u = await newUser();
    const gone = await added(u, BTC, 'above', '62000');
    expect((await remove(u, String(gone.id))).type).toBe('ok');
    await s.ctx.db.query(
      `INSERT INTO price_alert (user_id, symbol, direction, price, created_at)
       VALUES ($1, 'GONE/USDT', 'above', 1, $2)`,
      [u.id, new Date(s.clock.now)],
    );
    last.set(BTC, new Decimal('70000'));
    const fired = await s.alerts.check();
    expect(fired.filter((f) => f.userId === u.id)).toEqual([]);
    expect(await alertNotes(u)).toEqual([]);
    expect((await list(u)).fired).toEqual([]);
    last.set(BTC, new Decimal('60000'));
  });

  it('keeps the newest 20 fired alerts', async () => {
    const u = await newUser();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < (round === 0 ? 20 : 3); i += 1)
        await added(u, BTC, 'above', `${60001 + round * 100 + i}`);
      s.clock.now += 1000;
      last.set(BTC, new Decimal('61000'));
      await s.alerts.check();
      last.set(BTC, new Decimal('60000'));
    }
    const fired = (await list(u)).fired;
    expect(fired).toHaveLength(20);
    // the three of the second round come first
    expect(fired.slice(0, 3).map((a) => a.price)).toEqual(['60103.00', '60102.00', '60101.00']);
    const stored = await s.ctx.db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM price_alert WHERE user_id = $1',
      [u.id],
    );
    expect(stored[0]?.n).toBe(20);
    expect((await alertNotes(u)).length).toBe(23);
  });
});
