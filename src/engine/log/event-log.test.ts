import { describe, expect, it } from 'vitest';
import { createEventLog, FLUSH_AT, FLUSH_MS } from './event-log.ts';
import { testServices } from '../testing/fakes.ts';
import type { Services } from '../services.ts';

const event = (i: number) => ({ at: i, kind: 'system' as const, name: 'test.event', body: { i } });

describe('event log', () => {
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

  it('keeps only the newest `retain` events, pruning inside the flush transaction', async () => {
    const t = testServices();
    const log = createEventLog({ services: t.services, dbName: 'retain', retain: 50 });
    await log.open();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 40; i += 1) log.append(event(i));
      await log.flush();
    }
    const kept = await log.read(0, 1000);
    expect(kept).toHaveLength(50);
    expect(kept[0]?.seq).toBe(71);
    expect(log.stats().transactions).toBe(3);
    await log.close();
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

  it('uses memory when there is no IndexedDB at all', async () => {
    const t = testServices({}, 'memory');
    const log = createEventLog({ services: t.services, memoryCapacity: 3 });
    expect(await log.open()).toBe('memory');
    for (let i = 0; i < 5; i += 1) log.append(event(i));
    expect((await log.read(0, 10)).map((e) => e.seq)).toEqual([3, 4, 5]);
  });
});
