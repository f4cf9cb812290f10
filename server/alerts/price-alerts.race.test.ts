// Price alerts under parallel requests and jobs (issue 25), on PGlite and on PostgreSQL (where
// the calls really run at once):
//  PA1 alertLimit: 45 parallel adds of one user store exactly PRICE_ALERT_LIMIT (20) alerts;
//      the rest are refused with the limit's message.
//  PA2 firedOnce: two alert jobs (two services, as two server processes would be) and a burst
//      of direct fires over the same crossed alerts fire each alert once and write exactly one
//      notification per alert.
//  PA3 removeOrFire: removes racing the job: each alert ends either removed (no notification)
//      or fired (one notification), never both, never neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { PRICE_ALERT_LIMIT } from '../../src/shared/price-alerts.ts';
import type { PriceAlertRow } from '../../src/shared/wire/alerts.ts';
import { backends } from '../db/test-databases.ts';
import { symbolOf } from '../market/wire-format.ts';
import { burst, mixed, times } from '../testing/races.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer, testUser } from '../testing/helpers.ts';
import { PriceAlertService } from './price-alert-service.ts';
import { fireAlert } from './price-alerts.ts';

const BTC = 'BTC/USDT';

describe.each(backends())('price alerts under parallel calls on %s', (backend) => {
  let s: TestServer;
  let second: PriceAlertService;
  let last = new Decimal('60000');
  let serial = 0;

  beforeAll(async () => {
    s = await startTestServer({ backend, marketTimer: false });
    second = new PriceAlertService(s.ctx, s.spot);
    for (const job of [s.alerts, second]) job.lastOf = (p) => (symbolOf(p) === BTC ? last : null);
  }, 60_000);
  afterAll(async () => {
    await s.close();
  });

  const newUser = () => testUser(s, `pa-race-${(serial += 1)}@bourse.test`);
  const addAs = async (u: { token: string }, price: string) => {
    const r = await post(
      s,
      '/api/user/price_alert_add',
      { symbol: BTC, direction: 'above', price },
      { authorization: u.token },
    );
    if (r.type !== 'ok') throw new Error(String(r.message));
    return (r.message as { alert: PriceAlertRow }).alert;
  };
  const count = async (sql: string, userId: number) =>
    (await s.ctx.db.query<{ n: number }>(sql, [userId]))[0]?.n ?? 0;
  const waiting = (userId: number) =>
    count(
      'SELECT COUNT(*)::int AS n FROM price_alert WHERE user_id = $1 AND fired_at IS NULL',
      userId,
    );
  const notes = (userId: number) =>
    count(
      `SELECT COUNT(*)::int AS n FROM user_notification WHERE user_id = $1 AND kind = 'alert.price'`,
      userId,
    );

  it('PA1 alertLimit: 45 adds at once store 20', async () => {
    const u = await newUser();
    const errorsBefore = s.ctx.metrics.internalErrors;
    const replies = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        post(
          s,
          '/api/user/price_alert_add',
          { symbol: BTC, direction: 'above', price: String(70000 + i) },
          { authorization: u.token, lang: 'en' },
        ),
      ),
    );
    const accepted = replies.filter((r) => r.type === 'ok').length;
    const refused = replies.filter((r) => r.type === 'error').map((r) => r.message);
    console.log(`${backend} PA1 price alerts: ${accepted} accepted of 45`);
    expect(accepted).toBe(PRICE_ALERT_LIMIT);
    expect(await waiting(u.id)).toBe(PRICE_ALERT_LIMIT);
    expect(new Set(refused)).toEqual(
      new Set([
        'You already have 20 waiting price alerts, the most allowed. Remove one to set another.',
      ]),
    );
    // the waiting counts the replies gave are 1…20, each once
    const counts = replies
      .filter((r) => r.type === 'ok')
      .map((r) => (r.message as { waiting: number }).waiting)
      .sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(s.ctx.metrics.internalErrors).toBe(errorsBefore);
  });

  it('PA2 firedOnce: two jobs and direct fires fire each alert once', async () => {
    const u = await newUser();
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(Number((await addAs(u, String(60001 + i))).id));
    last = new Decimal('61000');
    const fires = times(20, (i) =>
      fireAlert(s.ctx.db, ids[i % ids.length] ?? 0, last, s.clock.now),
    );
    const jobs = [() => s.alerts.check(), () => second.check()];
    const out = await burst<unknown>(mixed<unknown>(jobs, fires));
    last = new Decimal('60000');
    expect(out.failed).toEqual([]);
    expect(await waiting(u.id)).toBe(0);
    expect(await notes(u.id)).toBe(10);
    const per = await s.ctx.db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM user_notification WHERE user_id = $1
       GROUP BY params ORDER BY n DESC`,
      [u.id],
    );
    expect(per.map((r) => r.n)).toEqual(Array.from({ length: 10 }, () => 1));
  });

  it('PA3 removeOrFire: each alert is removed or fired, never both', async () => {
    const u = await newUser();
    const alerts: PriceAlertRow[] = [];
    for (let i = 0; i < 12; i += 1) alerts.push(await addAs(u, String(60001 + i)));
    last = new Decimal('61000');
    const removes = alerts.map((a) =>
      post(s, '/api/user/price_alert_remove', { id: String(a.id) }, { authorization: u.token }),
    );
    const [, ...replies] = await Promise.all([s.alerts.check(), ...removes]);
    last = new Decimal('60000');
    const removed = replies
      .filter((r) => r.type === 'ok')
      .map((r) => (r.message as { id: number }).id);
    const list = (await get(s, '/api/user/price_alerts', { authorization: u.token })).message as {
      waiting: PriceAlertRow[];
      fired: PriceAlertRow[];
    };
    expect(list.waiting).toEqual([]);
    const fired = list.fired.map((a) => a.id);
    expect(fired.filter((id) => removed.includes(Number(id)))).toEqual([]);
    expect(fired.length + removed.length).toBe(alerts.length);
    expect(await notes(u.id)).toBe(fired.length);
  });
});
