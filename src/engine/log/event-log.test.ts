import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { CHUNK_EVENTS, CHUNK_TABLE } from './chunk-store.ts';
import type { LogChunk } from './chunk-store.ts';
import {
  createEventLog,
  FLUSH_AT,
  FLUSH_MS,
  MAX_BATCH,
  MIN_TX_GAP_MS,
  PROMPT_MS,
} from './event-log.ts';
import { testServices } from '../testing/fakes.ts';
import type { TestServices } from '../testing/fakes.ts';
import type { Services } from '../services.ts';
import { exportBase } from '../replay/recorder.ts';
import type { StateDoc } from '../api.ts';

const event = (i: number) => ({ at: i, kind: 'system' as const, name: 'test.event', body: { i } });

describe('event log', () => {
  it('compacted up to a login that was its last event, it goes on after that checkpoint when opened again', async () => {
    const t = testServices();
    const first = createEventLog({ services: t.services, dbName: 'pruned-to-login' });
    await first.open();
    for (let i = 1; i <= 9; i += 1) first.append(event(i));
    const login = first.append({
      at: 10,
      kind: 'reply',
      name: 'session.login',
      body: { restored: false },
    });
    const state = { session: { who: 'B' } } as unknown as StateDoc;
    first.checkpoint({ seq: login.seq, at: login.at, boundary: true, app: 'test', state });
    await first.flush();
    await first.close();
    // what came before the login went, and with it every stored event
    expect(await rawChunks(t, 'pruned-to-login')).toEqual([]);

    const again = createEventLog({ services: t.services, dbName: 'pruned-to-login' });
    expect(await again.open()).toBe('indexeddb');
    expect(again.lastSeq()).toBe(10);
    expect(again.checkpoints()).toEqual([{ seq: 10, at: 10, boundary: true }]);
    expect(again.append(event(11)).seq).toBe(11);
    // an export starts from the login's checkpoint, the state the engine restored
    expect(exportBase(again.checkpoints(), again.lastSeq(), 0).seq).toBe(10);
    expect((await again.loadCheckpoint(10))?.state).toEqual(state);
    await again.close();
  });

  it('writes N appends in one transaction per flush and assigns increasing seq', async () => {
    const t = testServices();
    const log = createEventLog({ services: t.services, dbName: 'batch' });
    expect(await log.open()).toBe('indexeddb');
    const seqs = Array.from({ length: 100 }, (_, i) => log.append(event(i)).seq);
    expect(seqs).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(log.stats().transactions).toBe(0);
    t.timers.advance(FLUSH_MS);
    await log.flush();
    expect(log.stats()).toMatchObject({ appended: 100, flushes: 1, transactions: 1, pending: 0 });
    expect((await log.read(1, 1000)).map((e) => e.seq)).toEqual(seqs);
    await log.close();
  });

  it('writes pushes after FLUSH_MS, and anything else (a reply) within PROMPT_MS, with what waits', async () => {
    const t = testServices();
    const log = createEventLog({ services: t.services, dbName: 'prompt' });
    await log.open();
    const push = (i: number) => ({ at: i, kind: 'push' as const, name: 'test.push', body: { i } });
    const reply = (i: number) => ({
      at: i,
      kind: 'reply' as const,
      name: 'test.reply',
      body: { i },
    });
    log.append(push(1));
    log.append(push(2));
    t.timers.advance(FLUSH_MS - 1);
    expect(log.stats()).toMatchObject({ flushes: 0, pending: 2 });
    t.timers.advance(1);
    expect(log.stats()).toMatchObject({ flushes: 1, pending: 0 });
    await log.flush();
    // a push's deadline is brought forward by a reply: both go in its write
    t.timers.advance(MIN_TX_GAP_MS);
    log.append(push(3));
    t.timers.advance(10);
    log.append(reply(4));
    t.timers.advance(PROMPT_MS - 1);
    expect(log.stats()).toMatchObject({ flushes: 1, pending: 2 });
    t.timers.advance(1);
    expect(log.stats()).toMatchObject({ flushes: 2, pending: 0 });
    // and a push after a reply does not put the reply's deadline back
    await log.flush();
    t.timers.advance(MIN_TX_GAP_MS);
    log.append(reply(5));
    log.append(push(6));
    t.timers.advance(PROMPT_MS);
    expect(log.stats()).toMatchObject({ flushes: 3, pending: 0 });
    await log.flush();
    expect((await log.read(1, 10)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    await log.close();
  });

  it('flushes at once when FLUSH_AT events are queued', async () => {
    const t = testServices();
    const log = createEventLog({ services: t.services, dbName: 'burst' });
    await log.open();
    for (let i = 0; i < FLUSH_AT; i += 1) log.append(event(i));
    expect(log.stats()).toMatchObject({ flushes: 1, pending: 0 });
    await log.flush();
    expect(log.stats().transactions).toBe(1);
    await log.close();
  });

  it('continues seq after a reopen', async () => {
    const t = testServices();
    const first = createEventLog({ services: t.services, dbName: 'reopen' });
    await first.open();
    first.append(event(1));
    first.append(event(2));
    await first.close();
    const second = createEventLog({ services: t.services, dbName: 'reopen' });
    await second.open();
    expect(second.append(event(3)).seq).toBe(3);
    await second.close();
  });

  it('falls back to memory when IndexedDB cannot open, and says so', async () => {
    const t = testServices();
    const broken: Services = {
      ...t.services,
      indexedDb: () => ({
        indexedDB: {
          open: () => {
            throw new Error('QuotaExceededError');
          },
        } as unknown as IDBFactory,
        IDBKeyRange: t.services.indexedDb()?.IDBKeyRange ?? IDBKeyRange,
      }),
    };
    const statuses: string[] = [];
    const log = createEventLog({
      services: broken,
      dbName: 'broken',
      onStatus: (s) => statuses.push(s),
    });
    expect(await log.open()).toBe('memory');
    expect(statuses).toEqual(['memory']);
    log.append(event(1));
    log.append(event(2));
    expect((await log.read(0, 10)).map((e) => e.seq)).toEqual([1, 2]);
  });

  it('keeps to memory while another tab holds the stored log, and releases it on close', async () => {
    const t = testServices();
    const held = new Set<string>();
    const lock = (name: string): Promise<(() => void) | 'taken'> => {
      if (held.has(name)) return Promise.resolve('taken');
      held.add(name);
      return Promise.resolve(() => held.delete(name));
    };
    const services: Services = { ...t.services, exclusiveLock: lock };
    const first = createEventLog({ services, dbName: 'tabs' });
    const second = createEventLog({ services, dbName: 'tabs' });
    expect(await first.open()).toBe('indexeddb');
    expect(await second.open()).toBe('memory');
    await first.close();
    const third = createEventLog({ services, dbName: 'tabs' });
    expect(await third.open()).toBe('indexeddb');
    await third.close();
  });

  it('uses memory when there is no IndexedDB at all', async () => {
    const t = testServices({}, 'memory');
    const log = createEventLog({ services: t.services, memoryCapacity: 3 });
    expect(await log.open()).toBe('memory');
    for (let i = 0; i < 5; i += 1) log.append(event(i));
    expect((await log.read(0, 10)).map((e) => e.seq)).toEqual([3, 4, 5]);
  });

  it('starts automatic flushes at least MIN_TX_GAP_MS apart and batches what waits meanwhile', async () => {
    const t = testServices();
    const log = createEventLog({ services: t.services, dbName: 'gap' });
    await log.open();
    for (let i = 0; i < FLUSH_AT; i += 1) log.append(event(i));
    await log.flush();
    expect(log.stats()).toMatchObject({ flushes: 1, transactions: 1 });
    for (let i = 0; i < 3 * FLUSH_AT; i += 1) log.append(event(i));
    t.timers.advance(MIN_TX_GAP_MS - 1);
    expect(log.stats()).toMatchObject({ flushes: 1, pending: 3 * FLUSH_AT });
    t.timers.advance(1);
    expect(log.stats()).toMatchObject({ flushes: 2, pending: 0 });
    await log.flush();
    expect(log.stats().transactions).toBe(2);
    expect(await log.read(0, 10 * FLUSH_AT)).toHaveLength(4 * FLUSH_AT);
    await log.close();
  });

  it('writes a long queue in transactions of at most MAX_BATCH events, all readable', async () => {
    const t = testServices();
    const log = createEventLog({ services: t.services, dbName: 'long' });
    await log.open();
    const total = FLUSH_AT + 2 * MAX_BATCH + 7;
    for (let i = 0; i < total; i += 1) log.append(event(i));
    await log.flush();
    expect(log.stats().transactions).toBe(1 + 3);
    const seqs = (await log.read(0, 2 * total)).map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    const middle = (await log.read(CHUNK_EVENTS + 5, 3 * CHUNK_EVENTS)).map((e) => e.seq);
    expect(middle).toEqual(
      Array.from({ length: 3 * CHUNK_EVENTS }, (_, i) => CHUNK_EVENTS + 5 + i),
    );
    await log.close();
  });

  it('compacts only behind a checkpoint outside the window, a few chunks per transaction', async () => {
    const t = testServices();
    const retention = { events: 3 * CHUNK_EVENTS, ageMs: 1e12 };
    const log = createEventLog({ services: t.services, dbName: 'compact', retention });
    await log.open();
    // no checkpoint yet: nothing may go, however long the log
    for (let i = 0; i < 10 * CHUNK_EVENTS; i += 1) log.append(event(i));
    await log.flush();
    expect(await log.read(0, 1e6)).toHaveLength(10 * CHUNK_EVENTS);
    expect(log.checkpoints()).toEqual([{ seq: 0, at: 0 }]);
    // a checkpoint at 5 chunks: the window (last 3 chunks) starts after it, so the log may be
    // compacted up to it, PRUNE_RECORDS chunks per transaction
    log.checkpoint({ seq: 5 * CHUNK_EVENTS, at: 1, app: 'test', state: {} as never });
    for (let round = 0; round < 6; round += 1) {
      log.append(event(round));
      await log.flush();
    }
    const seqs = (await log.read(0, 1e6)).map((e) => e.seq);
    expect(seqs[0]).toBe(5 * CHUNK_EVENTS + 1);
    expect(seqs.at(-1)).toBe(10 * CHUNK_EVENTS + 6);
    expect(log.checkpoints()).toEqual([{ seq: 5 * CHUNK_EVENTS, at: 1 }]);
    expect((await log.loadCheckpoint(5 * CHUNK_EVENTS))?.app).toBe('test');
    expect(await log.loadCheckpoint(0)).toBeNull();
    await log.close();
    const stored = await rawChunks(t, 'compact');
    expect(stored[0]?.seq).toBe(5 * CHUNK_EVENTS + 1);
  });

  it('compacts by age as well as by count, and not while held', async () => {
    const t = testServices();
    const log = createEventLog({ services: t.services, dbName: 'age' });
    log.setRetention({ events: 1e9, ageMs: 1000 });
    await log.open();
    for (let i = 1; i <= 100; i += 1) log.append({ ...event(i), at: i });
    log.checkpoint({ seq: 50, at: 50, app: 'test', state: {} as never });
    await log.flush();
    const release = log.hold();
    log.append({ ...event(0), at: 5000 });
    await log.flush();
    expect((await log.read(0, 1e6))[0]?.seq).toBe(1);
    release();
    log.append({ ...event(0), at: 5001 });
    await log.flush();
    expect((await log.read(0, 1e6))[0]?.seq).toBe(1 + CHUNK_EVENTS * Math.floor(50 / CHUNK_EVENTS));
    // the chunk holding 1…64 also holds 51…64, so it stays (S2), and with it the empty state
    expect(log.checkpoints().map((c) => c.seq)).toEqual([0, 50]);
    await log.close();
  });

  it('keeps checkpoints in memory, valid while the ring holds what follows them', async () => {
    const t = testServices({}, 'memory');
    const log = createEventLog({ services: t.services, memoryCapacity: 10 });
    await log.open();
    for (let i = 1; i <= 5; i += 1) log.append(event(i));
    log.checkpoint({ seq: 5, at: 5, app: 'test', state: {} as never });
    expect(log.checkpoints().map((c) => c.seq)).toEqual([0, 5]);
    for (let i = 6; i <= 14; i += 1) log.append(event(i));
    await log.flush();
    expect(log.checkpoints().map((c) => c.seq)).toEqual([5]);
    for (let i = 15; i <= 20; i += 1) log.append(event(i));
    await log.flush();
    expect(log.checkpoints()).toEqual([]);
  });

  it('clear forgets events and checkpoints and continues seq', async () => {
    const t = testServices();
    const log = createEventLog({ services: t.services, dbName: 'clear' });
    await log.open();
    for (let i = 1; i <= 5; i += 1) log.append(event(i));
    log.checkpoint({ seq: 5, at: 5, app: 'test', state: {} as never });
    await log.clear();
    expect(await log.read(0, 100)).toEqual([]);
    expect(log.checkpoints()).toEqual([]);
    expect(log.append(event(6)).seq).toBe(6);
    await log.close();
  });

  it('drops a version-1 log (one row per event) when it upgrades', async () => {
    const t = testServices();
    const deps = t.services.indexedDb();
    if (deps === null) throw new Error('no fake IndexedDB');
    const old = new Dexie('upgrade', deps);
    old.version(1).stores({ events: 'seq' });
    await old.table('events').bulkAdd([
      { ...event(1), seq: 1 },
      { ...event(2), seq: 2 },
    ]);
    old.close();
    const log = createEventLog({ services: t.services, dbName: 'upgrade' });
    expect(await log.open()).toBe('indexeddb');
    expect(await log.read(0, 10)).toEqual([]);
    expect(log.append(event(3)).seq).toBe(1);
    await log.close();
  });

  it("lists a version-3 log's checkpoints after it upgrades (their metas are copied apart)", async () => {
    const t = testServices();
    const deps = t.services.indexedDb();
    if (deps === null) throw new Error('no fake IndexedDB');
    const old = new Dexie('upgrade-v3', deps);
    old.version(3).stores({ [CHUNK_TABLE]: 'seq', checkpoints: 'seq' });
    await old
      .table(CHUNK_TABLE)
      .bulkAdd([{ seq: 1, last: 3, events: [1, 2, 3].map((i) => ({ ...event(i), seq: i })) }]);
    const state = {} as StateDoc;
    await old.table('checkpoints').bulkAdd([
      { seq: 2, at: 2, app: 'test', state },
      { seq: 3, at: 3, boundary: true, app: 'test', state },
    ]);
    old.close();
    const log = createEventLog({ services: t.services, dbName: 'upgrade-v3' });
    expect(await log.open()).toBe('indexeddb');
    expect(log.checkpoints()).toEqual([
      { seq: 0, at: 0 },
      { seq: 2, at: 2 },
      { seq: 3, at: 3, boundary: true },
    ]);
    expect((await log.loadCheckpoint(3))?.app).toBe('test');
    expect(log.append(event(4)).seq).toBe(4);
    await log.close();
  });

  it("opens without reading a checkpoint's state: the metas are listed from their own table", async () => {
    const t = testServices();
    const first = createEventLog({ services: t.services, dbName: 'metas-apart' });
    await first.open();
    for (let i = 1; i <= 3; i += 1) first.append(event(i));
    first.checkpoint({ seq: 3, at: 3, app: 'test', state: {} as StateDoc });
    await first.close();
    // the state documents gone behind the log's back: the list does not depend on them
    const deps = t.services.indexedDb();
    if (deps === null) throw new Error('no fake IndexedDB');
    const raw = new Dexie('metas-apart', deps);
    await raw.open();
    await raw.table('checkpoints').clear();
    raw.close();
    const again = createEventLog({ services: t.services, dbName: 'metas-apart' });
    await again.open();
    expect(again.checkpoints()).toEqual([
      { seq: 0, at: 0 },
      { seq: 3, at: 3 },
    ]);
    expect(await again.loadCheckpoint(3)).toBeNull();
    await again.close();
  });
});

async function rawChunks(t: TestServices, name: string): Promise<LogChunk[]> {
  const deps = t.services.indexedDb();
  if (deps === null) throw new Error('no fake IndexedDB');
  const db = new Dexie(name, deps);
  await db.open();
  const chunks = await db.table<LogChunk, number>(CHUNK_TABLE).toArray();
  db.close();
  return chunks;
}
