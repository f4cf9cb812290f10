// Storage faults (issue 10): a full quota (as a request's error and as the inner error of an
// aborted commit), an upgrade blocked by an older tab, a newer schema opened in another tab
// (versionchange), no IndexedDB at all. In each the log keeps every event from the fault on in
// memory, says why (`issue`), and the engine keeps folding; a property mixes faults and moments.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StorageIssue } from '../api.ts';
import { createEngine } from '../engine.ts';
import type { EngineHandle } from '../engine.ts';
import { installIdbFaults } from '../testing/idb-faults.ts';
import type { IdbFault, IdbFaults } from '../testing/idb-faults.ts';
import { ok, testServices } from '../testing/fakes.ts';
import type { TestServices } from '../testing/fakes.ts';
import type { Services } from '../services.ts';
import { CHUNK_TABLE } from './chunk-store.ts';
import { createEventLog, FLUSH_MS } from './event-log.ts';
import type { EventLog } from './event-log.ts';
import { createSessionStore } from './session-store.ts';
import { storageIssueOf } from './storage-issue.ts';
import { btcUsdtQuotation } from '../testing/quotation.ts';

/** Property runs (the count docs/reliability.md reports). */
const STORAGE_RUNS = 40;

const event = (i: number) => ({ at: i, kind: 'system' as const, name: 'test.event', body: { i } });

let faults: IdbFaults;
beforeEach(() => {
  faults = installIdbFaults(CHUNK_TABLE);
});
afterEach(() => faults.restore());

let names = 0;
const unique = (prefix: string): string => `${prefix}-${(names += 1)}`;

function openLog(t: TestServices, dbName: string) {
  const statuses: [string, StorageIssue | null][] = [];
  const log = createEventLog({
    services: t.services,
    dbName,
    onStatus: (status, issue) => statuses.push([status, issue]),
  });
  return { log, statuses };
}

async function appendAndFlush(log: EventLog, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i += 1) log.append(event(i));
  await log.flush();
}

const seqsOf = async (log: EventLog): Promise<number[]> =>
  (await log.read(0, 1_000_000)).map((e) => e.seq);

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A raw connection of "another tab" (no Dexie): optionally ignoring versionchange. */
/** An IndexedDB version past the log's own (Dexie's version 4 is IndexedDB's 40). */
const NEWER_SCHEMA = 50;

function rawOpen(
  t: TestServices,
  name: string,
  version: number,
  closeOnVersionChange: boolean,
): Promise<{ db: IDBDatabase; blocked: boolean }> {
  const deps = t.services.indexedDb();
  if (deps === null) throw new Error('no fake IndexedDB');
  return new Promise((resolve, reject) => {
    let blocked = false;
    const req = deps.indexedDB.open(name, version);
    req.onblocked = () => (blocked = true);
    req.onerror = () => reject(req.error ?? new Error('open failed'));
    req.onsuccess = () => {
      const db = req.result;
      if (closeOnVersionChange) db.onversionchange = () => db.close();
      resolve({ db, blocked });
    };
  });
}

describe('event log under storage faults', () => {
  it('quota as a request error (Dexie BulkError): memory, says quota, keeps the failed batch and what follows', async () => {
    const t = testServices();
    const { log, statuses } = openLog(t, unique('quota-request'));
    expect(await log.open()).toBe('indexeddb');
    await appendAndFlush(log, 1, 10);
    faults.set('quota-request');
    await appendAndFlush(log, 11, 10);
    expect(faults.hits()).toBeGreaterThan(0);
    expect([log.status(), log.issue()]).toEqual(['memory', 'quota']);
    expect(statuses).toEqual([
      ['indexeddb', null],
      ['memory', 'quota'],
    ]);
    await appendAndFlush(log, 21, 5);
    expect(await seqsOf(log)).toEqual(range(11, 25));
    await log.close();
  });

  it('quota as the inner error of an AbortError (a commit over quota): the same', async () => {
    const t = testServices();
    const { log } = openLog(t, unique('quota-commit'));
    await log.open();
    await appendAndFlush(log, 1, 3);
    faults.set('quota-commit');
    await appendAndFlush(log, 4, 3);
    expect([log.status(), log.issue()]).toEqual(['memory', 'quota']);
    await appendAndFlush(log, 7, 3);
    expect(await seqsOf(log)).toEqual(range(4, 9));
    await log.close();
  });

  it('any other write failure: memory, says failed', async () => {
    const t = testServices();
    const { log } = openLog(t, unique('failed'));
    await log.open();
    faults.set('failed');
    await appendAndFlush(log, 1, 3);
    expect([log.status(), log.issue()]).toEqual(['memory', 'failed']);
    expect(await seqsOf(log)).toEqual(range(1, 3));
  });

  it('an upgrade blocked by an older tab that does not close: memory at once (no open timeout), says blocked', async () => {
    const t = testServices();
    const name = unique('blocked');
    const older = await rawOpen(t, name, 20, false);
    const { log } = openLog(t, name);
    // no timer is advanced: the 5 s open timeout never fires, the 'blocked' event decides
    expect(await log.open()).toBe('memory');
    expect(log.issue()).toBe('blocked');
    await appendAndFlush(log, 1, 4);
    expect(await seqsOf(log)).toEqual(range(1, 4));
    older.db.close();
  });

  it('a newer schema in another tab (versionchange): closes at once (that tab is not blocked), memory, says newer-version', async () => {
    const t = testServices();
    const name = unique('versionchange');
    const { log, statuses } = openLog(t, name);
    await log.open();
    await appendAndFlush(log, 1, 5);
    const transactions = log.stats().transactions;
    const newer = await rawOpen(t, name, NEWER_SCHEMA, true);
    expect(newer.blocked).toBe(false);
    expect(newer.db.version).toBe(NEWER_SCHEMA);
    expect([log.status(), log.issue()]).toEqual(['memory', 'newer-version']);
    expect(statuses.at(-1)).toEqual(['memory', 'newer-version']);
    // events keep coming; no write reaches the database again (no reopen at the old version)
    await appendAndFlush(log, 6, 5);
    expect(await seqsOf(log)).toEqual(range(6, 10));
    expect(log.stats().transactions).toBe(transactions);
    // a later failure does not hide that a reload is needed
    log.detach('failed');
    expect(log.issue()).toBe('newer-version');
    newer.db.close();
  });

  it('no IndexedDB at all: memory, says unavailable; another tab writing: says other-tab', async () => {
    const none = testServices({}, 'memory');
    const { log } = openLog(none, unique('none'));
    expect(await log.open()).toBe('memory');
    expect(log.issue()).toBe('unavailable');
    const t = testServices();
    const services: Services = { ...t.services, exclusiveLock: () => Promise.resolve('taken') };
    const second = createEventLog({ services, dbName: unique('tab') });
    expect(await second.open()).toBe('memory');
    expect(second.issue()).toBe('other-tab');
  });

  it('reads the cause chain of an error', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    const cases: [unknown, 'open' | 'write', StorageIssue][] = [
      [quota, 'write', 'quota'],
      [Object.assign(new Error('abort'), { name: 'AbortError', inner: quota }), 'write', 'quota'],
      [
        Object.assign(new Error('bulk'), { name: 'BulkError', failures: [quota] }),
        'write',
        'quota',
      ],
      [
        Object.assign(new Error('bulk'), { failuresByPos: {}, failures: { 3: quota } }),
        'write',
        'quota',
      ],
      [Object.assign(new Error('legacy'), { code: 22 }), 'write', 'quota'],
      [new Error('wrapped', { cause: quota }), 'open', 'quota'],
      [new DOMException('v', 'VersionError'), 'open', 'newer-version'],
      [new DOMException('s', 'SecurityError'), 'open', 'unavailable'],
      [Object.assign(new Error('m'), { name: 'MissingAPIError' }), 'open', 'unavailable'],
      [new DOMException('i', 'InvalidStateError'), 'open', 'unavailable'],
      [new DOMException('i', 'InvalidStateError'), 'write', 'failed'],
      [new DOMException('u', 'UnknownError'), 'write', 'failed'],
      ['a string', 'write', 'failed'],
    ];
    for (const [error, phase, issue] of cases) expect(storageIssueOf(error, phase)).toBe(issue);
  });
});

// ---- the engine over a failing log -------------------------------------------------------

const quotation = btcUsdtQuotation('27000');

const routes = {
  '/api/server/time': () => ok(1_700_000_005_000),
  '/api/currency/quotation_new': () => ok(quotation),
  '/api/currency/new_timeshar': () => ({ code: 1, msg: 'success', data: [] }),
};

async function startedEngine(t: TestServices, prefix: string) {
  const logDbName = unique(`${prefix}-log`);
  const sessionDbName = unique(`${prefix}-session`);
  const engine = createEngine(t.services, { logDbName, sessionDbName });
  const snapshot = await engine.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);
  await engine.firstReads();
  t.sockets[0]?.open();
  return { engine, snapshot, logDbName, sessionDbName };
}

/** `count` daymarket pushes moving BTC's price; returns the last price pushed. */
function push(t: TestServices, from: number, count: number): string {
  let price = '';
  for (let i = from; i < from + count; i += 1) {
    price = String(27000 + i);
    t.sockets[0]?.fire('daymarket', {
      symbol: 'BTC/USDT',
      now_price: price,
      change: '+1',
      high: 1,
      low: 1,
      volume: 1,
      seq: i,
    });
  }
  return price;
}

async function settleLog(t: TestServices, engine: EngineHandle): Promise<void> {
  t.timers.advance(FLUSH_MS);
  await engine.log.flush();
}

describe('the engine under storage faults', () => {
  it('no IndexedDB at all: keeps folding pushes, the log holds them in memory, the status says unavailable', async () => {
    const t = testServices(routes, 'memory');
    const { engine, snapshot } = await startedEngine(t, 'no-idb');
    expect(snapshot.connection).toMatchObject({ log: 'memory', storage: 'unavailable' });
    const last = push(t, 1, 50);
    await settleLog(t, engine);
    expect(engine.state().market.tickers['BTC/USDT']?.price).toBe(last);
    const names = (await engine.log.read(0, 1e6)).map((e) => e.name);
    expect(names.filter((n) => n === 'market.daymarket')).toHaveLength(50);
    await engine.close();
  });

  it('quota mid-session: folding goes on, the status turns to quota, nothing after the fault is lost', async () => {
    const t = testServices(routes);
    const { engine, snapshot } = await startedEngine(t, 'quota');
    expect(snapshot.connection).toMatchObject({ log: 'indexeddb' });
    expect(snapshot.connection.storage ?? null).toBeNull();
    push(t, 1, 20);
    await settleLog(t, engine);
    const before = engine.log.lastSeq();
    faults.set('quota-commit');
    push(t, 21, 20);
    await settleLog(t, engine);
    const last = push(t, 41, 20);
    await settleLog(t, engine);
    expect(engine.state().session.connection).toMatchObject({ log: 'memory', storage: 'quota' });
    expect(engine.state().market.tickers['BTC/USDT']?.price).toBe(last);
    const seqs = (await engine.log.read(0, 1e6)).map((e) => e.seq);
    expect(seqs[0]).toBeLessThanOrEqual(before + 1);
    expect(seqs).toEqual(range(seqs[0] ?? 0, engine.log.lastSeq()));
    // the stored checkpoints went with the database: one is taken in memory
    expect(engine.log.checkpoints().length).toBeGreaterThan(0);
    await engine.close();
  });

  it('a newer schema of the session database in another tab: the log steps aside, the status asks for a reload', async () => {
    const t = testServices(routes);
    const { engine, sessionDbName } = await startedEngine(t, 'newer');
    const newer = await rawOpen(t, sessionDbName, 20, true);
    expect(newer.blocked).toBe(false);
    expect(engine.state().session.connection).toMatchObject({
      log: 'memory',
      storage: 'newer-version',
    });
    const last = push(t, 1, 5);
    await settleLog(t, engine);
    expect(engine.state().market.tickers['BTC/USDT']?.price).toBe(last);
    newer.db.close();
    await engine.close();
  });

  it(`property: any fault at any moment keeps every event from the fault on, and says why (${STORAGE_RUNS} runs)`, async () => {
    const expected: Record<Exclude<IdbFault, 'none'>, StorageIssue> = {
      'quota-request': 'quota',
      'quota-commit': 'quota',
      failed: 'failed',
    };
    const scenario = fc.record({
      fault: fc.constantFrom<Exclude<IdbFault, 'none'> | 'versionchange'>(
        'quota-request',
        'quota-commit',
        'failed',
        'versionchange',
      ),
      batches: fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 2, maxLength: 6 }),
      at: fc.nat(),
    });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ fault, batches, at }) => {
        runs += 1;
        faults.set('none');
        const t = testServices();
        const name = unique('prop');
        const { log } = openLog(t, name);
        await log.open();
        const faultAt = at % batches.length;
        let next = 1;
        let firstAfterFault = 0;
        let newer: IDBDatabase | null = null;
        for (const [i, size] of batches.entries()) {
          if (i === faultAt) {
            firstAfterFault = next;
            if (fault === 'versionchange') newer = (await rawOpen(t, name, NEWER_SCHEMA, true)).db;
            else faults.set(fault);
          }
          await appendAndFlush(log, next, size);
          next += size;
        }
        const seqs = await seqsOf(log);
        newer?.close();
        expect(log.status()).toBe('memory');
        expect(log.issue()).toBe(fault === 'versionchange' ? 'newer-version' : expected[fault]);
        // everything from the fault on is held, in order, without a gap
        expect(seqs[0]).toBeLessThanOrEqual(firstAfterFault);
        expect(seqs).toEqual(range(seqs[0] ?? 0, next - 1));
      }),
      { numRuns: STORAGE_RUNS, seed: 1011 },
    );
    expect(runs).toBe(STORAGE_RUNS);
  }, 120_000);
});

describe('session store under storage faults', () => {
  it('a newer schema in another tab: closes, keeps the token in memory, reports it', async () => {
    const t = testServices();
    const name = unique('session');
    let reported = 0;
    const store = createSessionStore(t.services, name, () => (reported += 1));
    await store.saveToken('t1');
    const newer = await rawOpen(t, name, 20, true);
    expect(newer.blocked).toBe(false);
    expect(reported).toBe(1);
    await store.saveToken('t2');
    expect(await store.loadToken()).toBe('t2');
    newer.db.close();
  });
});
