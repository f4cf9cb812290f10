// A session that expires mid-use (issue 10): the server starts answering 999 to every call of
// the user's token while several syncs and commands are in flight, and calls keep coming after
// it (pushes, the lever poll, the page's queries). The engine must give ONE `session.expired`,
// clear the token (memory and session store), and send no authorized call afterwards.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from './engine.ts';
import type { EngineHandle } from './engine.ts';
import { LEVER_DEAL_POLL_MS } from './sync/lever-sync.ts';
import { createSessionStore } from './log/session-store.ts';
import { ok, testServices } from './testing/fakes.ts';
import type { RecordedRequest, Route, TestServices } from './testing/fakes.ts';
import { btcUsdtQuotation } from './testing/quotation.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';
const PASSWORD = 'secret12pw';
/** Property runs (the count docs/reliability.md reports). */
const EXPIRY_RUNS = 60;

/** Calls the reference server answers 999 without a valid token (server/**: requireUser). */
const AUTHORIZED = [
  '/api/user/info',
  '/api/wallet/list',
  '/api/lever/my_trade',
  '/api/c2c_user_deal',
  '/api/c2c/seller_trade',
  '/api/currency/list',
  '/api/c2c/limits',
  '/api/microtrade/lists',
  '/api/wallet/hzhistory',
  '/api/account/list',
] as const;

const quotation = btcUsdtQuotation('27000.5');

const user = {
  id: 42,
  account: 'alice@example.com',
  account_number: 'alice@example.com',
  phone: null,
  email: 'alice@example.com',
  extension_code: 'INV1',
  is_seller: 0,
  review_status: 0,
};

/** The server side of the test: which token is valid, and 999 replies held until released. */
class Server {
  valid: string | null = TOKEN;
  hold = false;
  readonly held: (() => void)[] = [];
  /** Requests answered 999, in order. */
  readonly expired: RecordedRequest[] = [];

  routes(): Record<string, Route> {
    const authorized = Object.fromEntries(
      AUTHORIZED.map((path): [string, Route] => [path, (r) => this.answer(r)]),
    );
    return {
      '/api/server/time': () => ok(1_700_000_005_000),
      '/api/currency/quotation_new': () => ok(quotation),
      '/api/currency/new_timeshar': () => ({ code: 1, msg: 'success', data: [] }),
      '/api/user/login': () => ok(TOKEN),
      // as on the reference server: no login needed (a visitor's panel)
      '/api/lever/deal': () => ok({}),
      '/api/c2c_deal_platform': () => ok({ data: [], current_page: 1, last_page: 1 }),
      '/api/microtrade/payable_currencies': () => ok([]),
      '/api/microtrade/seconds': () => ok([]),
      ...authorized,
    };
  }

  private answer(r: RecordedRequest): unknown {
    if (r.headers.Authorization !== undefined && r.headers.Authorization === this.valid)
      return ok(r.url.pathname === '/api/user/info' ? user : { data: [] });
    const reply = { type: '999', message: 'Please login again' };
    this.expired.push(r);
    if (!this.hold) return reply;
    return new Promise((resolve) => this.held.push(() => resolve(reply)));
  }
}

/** Lets promises, fake-indexeddb and the fake fetch settle. */
async function settle(rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

let dbCount = 0;

async function loggedInWorld(storage: 'fake-indexeddb' | 'memory') {
  const server = new Server();
  const t = testServices(server.routes(), storage);
  dbCount += 1;
  const names = { logDbName: `expiry-${dbCount}-log`, sessionDbName: `expiry-${dbCount}-session` };
  const engine = createEngine(t.services, names);
  await engine.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);
  t.sockets[0]?.open();
  const login = await engine.login({
    account: 'alice@example.com',
    password: PASSWORD,
    areaCodeId: null,
  });
  expect(login.ok).toBe(true);
  // the screens a user may have open: wallet, lever, c2c and second contracts
  await engine.watchWallet(true);
  await engine.watchLever('BTC/USDT');
  await engine.watchC2c({ type: 'buy', currencyId: null });
  await engine.watchMicro(true);
  await settle();
  return { server, t, engine, names };
}

type World = Awaited<ReturnType<typeof loggedInWorld>>;

/** Things that make the engine call the server (syncs, pushes, the page's queries, the poll). */
const TRIGGERS = {
  balancePush: (w: World) =>
    void w.t.sockets.at(-1)?.fire('update_balance', { type: 'update_balance_42' }),
  userPush: (w: World) => void w.t.sockets.at(-1)?.fire('update_user', { type: 'update_user_42' }),
  transferLog: (w: World) => void w.engine.accountQuery('transfer-log', { page: 1 }),
  accountLog: (w: World) => void w.engine.accountQuery('account-log', { page: 1 }),
  walletScreen: (w: World) => void w.engine.watchWallet(true),
  leverScreen: (w: World) => void w.engine.watchLever('BTC/USDT'),
  c2cScreen: (w: World) => void w.engine.watchC2c({ type: 'sell', currencyId: null }),
  leverPoll: (w: World) => w.t.timers.advance(LEVER_DEAL_POLL_MS),
} as const;
type Trigger = keyof typeof TRIGGERS;
const TRIGGER_NAMES = Object.keys(TRIGGERS) as Trigger[];

async function expiredEvents(engine: EngineHandle): Promise<number> {
  const events = await engine.log.read(0, 1_000_000);
  return events.filter((e) => e.name === 'session.expired').length;
}

const authorizedAfter = (t: TestServices, from: number): RecordedRequest[] =>
  t.http.requests.slice(from).filter((r) => r.headers.Authorization !== undefined);

describe('session expiry (999) mid-session', () => {
  it('several syncs and commands get 999 at once, calls keep coming: one expiry, token gone, no authorized call after it', async () => {
    const w = await loggedInWorld('fake-indexeddb');
    const { server, t, engine } = w;
    server.valid = null;
    server.hold = true;
    for (const name of ['balancePush', 'userPush', 'transferLog', 'accountLog'] as const)
      TRIGGERS[name](w);
    await settle();
    // wallet, user/info, lever lists, c2c lists, micro lists, two queries: all waiting for a 999
    expect(server.held.length).toBeGreaterThanOrEqual(8);
    const sentBefore = t.http.requests.length;
    server.hold = false;
    // the replies arrive a few ms apart, in the order they were sent
    for (const release of server.held.splice(0)) {
      t.timers.advance(3);
      release();
      await settle(2);
    }
    await settle();
    expect(await expiredEvents(engine)).toBe(1);
    expect(engine.state().session.session).toMatchObject({ loggedIn: false });
    expect(engine.state().session.session.expiredAt).not.toBeNull();

    // calls keep coming while the page shows the notice
    for (const name of TRIGGER_NAMES) TRIGGERS[name](w);
    t.timers.advance(3 * LEVER_DEAL_POLL_MS);
    await settle();
    expect(await expiredEvents(engine)).toBe(1);
    expect(authorizedAfter(t, sentBefore)).toEqual([]);

    // the page acknowledges; replies to requests sent before that still change nothing
    server.hold = true;
    TRIGGERS.transferLog(w);
    await settle();
    await engine.ackExpired();
    server.hold = false;
    for (const release of server.held.splice(0)) release();
    await settle();
    expect(await expiredEvents(engine)).toBe(1);
    expect(engine.state().session.session.expiredAt).toBeNull();

    // the token is gone from the session store as well
    await engine.close();
    const store = createSessionStore(t.services, w.names.sessionDbName);
    expect(await store.loadToken()).toBeNull();
  });

  it('a visitor whose call needs a login gets the notice once per acknowledged notice', async () => {
    const w = await loggedInWorld('memory');
    const { server, engine } = w;
    server.valid = null;
    TRIGGERS.transferLog(w);
    TRIGGERS.accountLog(w);
    await settle();
    expect(await expiredEvents(engine)).toBe(1);
    await engine.ackExpired();
    // after the page acknowledged it, the visitor opens a screen that needs a login again
    TRIGGERS.transferLog(w);
    TRIGGERS.accountLog(w);
    await settle();
    expect(await expiredEvents(engine)).toBe(2);
    await engine.close();
  });

  it(`property: any mix and order of 999 replies and later calls gives one expiry (${EXPIRY_RUNS} runs)`, async () => {
    const scenario = fc.record({
      during: fc.uniqueArray(fc.constantFrom(...TRIGGER_NAMES), { minLength: 1, maxLength: 6 }),
      order: fc.array(fc.nat(), { minLength: 24, maxLength: 24 }),
      gaps: fc.array(fc.nat(40), { minLength: 24, maxLength: 24 }),
      after: fc.array(fc.constantFrom(...TRIGGER_NAMES), { maxLength: 10 }),
    });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ during, order, gaps, after }) => {
        runs += 1;
        const w = await loggedInWorld('memory');
        const { server, t, engine } = w;
        server.valid = null;
        server.hold = true;
        for (const name of during) TRIGGERS[name](w);
        await settle();
        server.hold = false;
        // release the held 999s in a random order, a random few ms apart
        const held = server.held.splice(0);
        /** Requests sent before the token was cleared (null: not cleared yet). */
        let mark: number | null = null;
        const look = (): void => {
          if (mark === null && !engine.state().session.session.loggedIn)
            mark = t.http.requests.length;
        };
        for (let i = 0; held.length > 0; i += 1) {
          const [release] = held.splice((order[i % order.length] ?? 0) % held.length, 1);
          t.timers.advance(gaps[i % gaps.length] ?? 0);
          release?.();
          await settle(1);
          look();
        }
        await settle();
        look();
        // later calls (the server still refuses the token: they may be the first 999s)
        let queriesAfterMark = 0;
        for (const name of after) {
          if (mark !== null && (name === 'transferLog' || name === 'accountLog'))
            queriesAfterMark += 1;
          TRIGGERS[name](w);
          await settle(2);
          look();
        }
        await settle();
        const expired = server.expired.length > 0;
        const count = await expiredEvents(engine);
        await engine.close();
        expect(count).toBe(expired ? 1 : 0);
        expect(engine.state().session.session.loggedIn).toBe(!expired);
        if (mark === null) return;
        expect(authorizedAfter(t, mark)).toEqual([]);
        // what still gets a 999 afterwards: only the page's own queries, sent without a token
        const sentAfter = new Set(t.http.requests.slice(mark));
        expect(server.expired.filter((r) => sentAfter.has(r)).length).toBeLessThanOrEqual(
          queriesAfterMark,
        );
      }),
      { numRuns: EXPIRY_RUNS, seed: 1010 },
    );
    expect(runs).toBe(EXPIRY_RUNS);
  }, 120_000);
});
