// A browser forgets its last user (issue 41, ADR 0042): on one browser, A logs in, sees money,
// logs out; B logs in. B's "Report a problem" (the export of the last 15 minutes) and what a
// replay of it shows hold nothing of A: not A's user id, account, balance or the token's tag,
// neither in the events nor in the start state. The logout also ends A's token on the server.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createEngine } from './engine.ts';
import { beginsLoginPartition, compactionBase } from './log/checkpoints.ts';
import { exportBase } from './replay/recorder.ts';
import { sessionTag } from './session-actions.ts';
import { ok, testServices } from './testing/fakes.ts';
import type { Route } from './testing/fakes.ts';
import { walletListWire } from './testing/wallet-list.ts';

const A = {
  token: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1',
  id: 40417,
  account: 'alice.partition@example.com',
  usdt: '7319.25',
};
const B = {
  token: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2',
  id: 50628,
  account: 'bob.partition@example.com',
  usdt: '12.5',
};
const PASSWORD = 'secret12pw';

function routes(): Record<string, Route> {
  const who = (r: { headers: Record<string, string> }) =>
    [A, B].find((u) => u.token === r.headers.Authorization);
  return {
    '/api/server/time': () => ok(1_700_000_005_000),
    '/api/currency/quotation_new': () => ok([]),
    '/api/currency/sparklines': () => ok([]),
    '/api/user/login': (r) => ok(r.body?.get('user_string') === A.account ? A.token : B.token),
    '/api/user/logout': () => ok('Logged out.'),
    '/api/user/info': (r) => {
      const u = who(r);
      return u === undefined
        ? { type: '999', message: 'please login' }
        : ok({
            id: u.id,
            account: u.account,
            account_number: u.account,
            phone: null,
            email: u.account,
            extension_code: `INV${u.id}`,
            is_seller: 0,
            review_status: 0,
          });
    },
    '/api/wallet/list': (r) => {
      const u = who(r);
      return u === undefined
        ? { type: '999', message: 'please login' }
        : ok(walletListWire({ change_balance: u.usdt }, u.usdt));
    },
  };
}

/** The export's text: header (with the start state) and every event line. */
async function reportText(engine: ReturnType<typeof createEngine>): Promise<string> {
  const file = await engine.exportLog(15 * 60_000, () => undefined);
  return gunzipSync(file.bytes).toString('utf8');
}

describe('the log is partitioned by login', () => {
  it("B's report after A logged out holds nothing of A, and A's token ended on the server", async () => {
    const t = testServices(routes());
    const engine = createEngine(t.services, {
      logDbName: 'partition-log',
      sessionDbName: 'partition-session',
    });
    await engine.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);

    await engine.login({ account: A.account, password: PASSWORD, areaCodeId: null });
    await engine.watchWallet(true);
    await vi.waitFor(() =>
      expect(engine.state().wallet.view.accounts.change.rows[0]?.available).toBe(A.usdt),
    );
    await vi.waitFor(() => expect(engine.state().session.session.userId).toBe(A.id));
    // A's own report holds A (the test would prove nothing otherwise)
    const own = await reportText(engine);
    expect(own).toContain(A.usdt);
    expect(own).toContain(String(A.id));

    t.timers.advance(60_000);
    await engine.logout();
    const logout = t.http.requests.filter((r) => r.url.pathname === '/api/user/logout');
    expect(logout.map((r) => r.headers.Authorization)).toEqual([A.token]);

    t.timers.advance(60_000);
    await engine.login({ account: B.account, password: PASSWORD, areaCodeId: null });
    await vi.waitFor(() =>
      expect(engine.state().wallet.view.accounts.change.rows[0]?.available).toBe(B.usdt),
    );
    await vi.waitFor(() => expect(engine.state().session.session.userId).toBe(B.id));

    const report = await reportText(engine);
    expect(report).toContain(B.usdt);
    expect(report).toContain(String(B.id));
    for (const trace of [A.usdt, String(A.id), 'alice', `INV${A.id}`, sessionTag(A.token)])
      expect(report, trace).not.toContain(trace);
    // the stored log itself no longer holds A's events either (compacted to the partition)
    const stored = JSON.stringify(await engine.log.read(0, 100_000));
    expect(stored).not.toContain(A.usdt);
    await engine.close();
  });

  it('a session that expired begins a partition as well', async () => {
    const t = testServices(routes());
    const engine = createEngine(t.services, {
      logDbName: 'expiry-log',
      sessionDbName: 'expiry-session',
    });
    await engine.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);
    await engine.login({ account: A.account, password: PASSWORD, areaCodeId: null });
    await engine.watchWallet(true);
    await vi.waitFor(() =>
      expect(engine.state().wallet.view.accounts.change.rows[0]?.available).toBe(A.usdt),
    );
    // the server ends A's session (another device ended it): the next call answers 999
    t.http.routes.set('/api/user/info', () => ({ type: '999', message: 'please login' }));
    t.http.routes.set('/api/wallet/list', () => ({ type: '999', message: 'please login' }));
    await engine.watchWallet(false);
    await engine.watchWallet(true);
    await vi.waitFor(() => expect(engine.state().session.session.expiredAt).not.toBeNull());
    const report = await reportText(engine);
    expect(report).not.toContain(A.usdt);
    expect(report).not.toContain(String(A.id));
    await engine.close();
  });
});

describe('login partitions in the checkpoint rules', () => {
  it('a logout, an expiry and a fresh login begin one; a restored login does not', () => {
    expect(beginsLoginPartition({ name: 'session.logout', body: {} })).toBe(true);
    expect(beginsLoginPartition({ name: 'session.expired', body: {} })).toBe(true);
    expect(beginsLoginPartition({ name: 'session.login', body: { restored: false } })).toBe(true);
    expect(beginsLoginPartition({ name: 'session.login', body: { restored: true } })).toBe(false);
    expect(beginsLoginPartition({ name: 'session.info', body: {} })).toBe(false);
  });

  it('an export never starts before the last partition, the log is compacted up to it', () => {
    const metas = [
      { seq: 0, at: 0 },
      { seq: 100, at: 1_000 },
      { seq: 150, at: 1_500, boundary: true as const },
      { seq: 400, at: 4_000 },
    ];
    // a 15-minute window reaches back to seq 0; the partition at 150 cuts it
    expect(exportBase(metas, 500, 0)).toEqual(metas[2]);
    // a window that starts after the partition is not moved
    expect(exportBase(metas, 500, 4_100)).toEqual(metas[3]);
    // a partition later than the end exported does not count
    expect(exportBase(metas.slice(0, 2), 120, 0)).toEqual(metas[0]);
    const roomy = { events: 1_000_000, ageMs: 3_600_000 };
    expect(compactionBase(metas, { seq: 500, at: 5_000 }, roomy)).toEqual(metas[2]);
    expect(compactionBase(metas.slice(0, 2), { seq: 500, at: 5_000 }, roomy)).toBeNull();
  });
});
