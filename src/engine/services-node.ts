// Services for running the engine under Node (tests, integration, replay): global fetch,
// socket.io-client, timers without animation frames (16 ms ticks), and fake-indexeddb so the
// Dexie log behaves as in the browser. Pass `storage: 'memory'` to skip IndexedDB entirely.
import { IDBKeyRange as FakeKeyRange, indexedDB as fakeIndexedDb } from 'fake-indexeddb';
import {
  consoleLogger,
  globalTimers,
  socketIoFactory,
  systemClock,
  systemRandom,
} from './services.ts';
import type { Services } from './services.ts';

export interface NodeServicesOptions {
  storage?: 'fake-indexeddb' | 'memory';
  overrides?: Partial<Services>;
}

export function createNodeServices(options: NodeServicesOptions = {}): Services {
  const storage = options.storage ?? 'fake-indexeddb';
  const base: Services = {
    clock: systemClock,
    timers: globalTimers(),
    random: systemRandom,
    fetch: (url, init) => fetch(url, init),
    socket: socketIoFactory,
    exclusiveLock: () => Promise.resolve(() => undefined),
    indexedDb: () =>
      storage === 'memory' ? null : { indexedDB: fakeIndexedDb, IDBKeyRange: FakeKeyRange },
    logger: consoleLogger,
    origin: 'http://127.0.0.1',
  };
  return { ...base, ...options.overrides };
}
