// The real engine under Node for the fold benchmarks: `createEngine` with the test services
// (manual clock and timers, a fake socket, fake REST replies, the event log in its memory
// backend), started, online and watching the recording's focused pair. Pushes are delivered
// through the fake socket exactly as socket.io-client delivers them (event name, decoded
// payload), so they take the engine's own path: transport → ingest → spot sync → store (log
// append, fold, frame marks). Frames are never run (they are B3/B4's business).
//
// The log runs in its memory backend with a ring of one flush batch (FLUSH_AT events): it
// stands in for IndexedDB, which takes each batch and lets it go once written, so the engine
// holds what it would hold in the worker (the cost of the IndexedDB write itself is B7). The
// manual clock moves with the recording (`advance`), so the log's flush timers fire as they
// would at the recorded pace.
import { createEngine } from '../src/engine/engine.ts';
import type { EngineHandle } from '../src/engine/engine.ts';
import { testServices } from '../src/engine/testing/fakes.ts';
import type { FakeSocket } from '../src/engine/testing/fakes.ts';
import { FLUSH_AT } from '../src/engine/log/event-log.ts';
import type { FixtureHeader } from './record.ts';

export interface EngineHarness {
  engine: EngineHandle;
  /** Delivers one decoded push as the socket would. */
  deliver(event: string, payload: unknown): void;
  /** Moves the manual clock by `ms`, running the timers that fall due (log flushes). */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** `ring`: events the log's memory backend keeps (more to read them back afterwards). */
export async function engineHarness(
  header: FixtureHeader,
  ring: number = FLUSH_AT,
): Promise<EngineHarness> {
  const t = testServices(
    {
      '/api/server/time': () => ({ type: 'ok', message: t.timers.now() }),
      '/api/currency/quotation_new': () => header.quotation,
    },
    'memory',
  );
  // The engine warns once that REST calls the fakes do not answer failed; that is expected.
  t.services.logger = { warn: () => undefined, error: () => undefined };
  const engine = createEngine(t.services, { log: { memoryCapacity: ring } });
  await engine.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);
  const socket = t.sockets[0] as FakeSocket | undefined;
  if (socket === undefined) throw new Error('the engine opened no socket');
  socket.open();
  await engine.watchSpot(header.focus);
  return {
    engine,
    deliver: (event, payload) => socket.fire(event, payload),
    advance: (ms) => t.timers.advance(ms),
    close: () => engine.close(),
  };
}
