// Malformed pushes (issue 10): for every push event the engine listens to, fast-check sends
// random JSON and near-valid payloads (one field of a valid push given a value of the wrong
// type, unicode digits, a huge number or exponent, an overlong text; or a required field left
// out: testing/hostile-pushes.ts) to a running engine, then one valid push. Each hostile
// payload must be dropped with a logged reason (one `system.malformed` event naming the push
// and why), the state must stay the very same object, nothing may be fetched because of it,
// and the valid push after it must still be applied.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './engine.ts';
import { eventIssue } from './events.ts';
import type { EngineHandle } from './engine.ts';
import { ingestPush } from './ingest/ingest.ts';
import { PUSH_EVENTS } from './transport/socket.ts';
import { FaultWorld, WATCHED } from './testing/fault-world.ts';
import { testServices } from './testing/fakes.ts';
import type { FakeSocket, TestServices } from './testing/fakes.ts';
import { ABSENT, PUSH_SPECS, hostileValue, withField } from './testing/hostile-pushes.ts';
import type { PushSpec } from './testing/hostile-pushes.ts';

/** Property runs per push event (PUSH_FUZZ_RUNS=1000 for a longer search). */
const RUNS = Number(process.env.PUSH_FUZZ_RUNS ?? 60);

type Case = { kind: 'random'; payload: unknown } | { kind: 'field'; path: string; value: unknown };

interface Fuzzed {
  t: TestServices;
  engine: EngineHandle;
  socket: FakeSocket;
  /** Unique numbers for valid payloads. */
  n: number;
}

let fuzzed: Fuzzed;
/** Hostile payloads sent per event (for the report in docs/reliability.md). */
const sent = new Map<string, number>();

beforeAll(async () => {
  fuzzed = await startFuzzed();
});

afterAll(async () => {
  await fuzzed.engine.close();
  console.info(`hostile pushes sent: ${JSON.stringify(Object.fromEntries(sent))}`);
});

describe('malformed pushes are dropped, logged and change nothing', () => {
  it('covers every push event the socket listens to', () => {
    expect(PUSH_SPECS.map((s) => s.event).sort()).toEqual([...PUSH_EVENTS].sort());
  });

  it.each(PUSH_SPECS.map((spec) => [spec.event, spec] as const))(
    '%s',
    async (_event, spec) => {
      await fc.assert(
        fc.asyncProperty(fc.array(caseArb(spec), { minLength: 1, maxLength: 3 }), async (cases) => {
          for (const c of cases) await expectDropped(spec, payloadOf(spec, c));
          await expectApplied(spec);
        }),
        { numRuns: RUNS },
      );
    },
    60_000,
  );

  it('every event logged, valid or dropped, is what its name says (events.ts)', async () => {
    const logged = await fuzzed.engine.log.read(1, Number.MAX_SAFE_INTEGER);
    expect(logged.length).toBeGreaterThan(PUSH_SPECS.length);
    expect(logged.flatMap((e) => eventIssue(e) ?? [])).toEqual([]);
  });
});

function caseArb(spec: PushSpec): fc.Arbitrary<Case> {
  const field = fc
    .constantFrom(...spec.fields)
    .chain((f) =>
      (f.required
        ? fc.oneof(hostileValue(f.kind, true), fc.constant(ABSENT))
        : hostileValue(f.kind, false)
      ).map((value): Case => ({ kind: 'field', path: f.path, value })),
    );
  const random = fc
    .oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 }))
    .map((payload): Case => ({ kind: 'random', payload }));
  return fc.oneof({ weight: 4, arbitrary: field }, { weight: 1, arbitrary: random });
}

function payloadOf(spec: PushSpec, c: Case): unknown {
  if (c.kind === 'random') return c.payload;
  return withField(spec.valid(next(), fuzzed.engine.state()), c.path, c.value);
}

async function expectDropped(spec: PushSpec, payload: unknown): Promise<void> {
  const { engine, socket, t } = fuzzed;
  sent.set(spec.event, (sent.get(spec.event) ?? 0) + 1);
  // the edge itself refuses it (else the case is not hostile, and the spec is wrong)
  expect(ingestPush(spec.event, payload, 0).name, shown(payload)).toBe('system.malformed');
  const before = engine.state();
  const seq = engine.log.lastSeq();
  const requests = t.http.requests.length;
  socket.fire(spec.event, payload);
  await settle();
  expect(engine.state()).toBe(before);
  expect(t.http.requests.length).toBe(requests);
  const logged = await engine.log.read(seq + 1, 10);
  expect(logged.map((e) => e.name)).toEqual(['system.malformed']);
  const body = logged[0]?.body as { source: string; reason: string };
  expect(body.source).toBe(`push:${spec.event}`);
  expect(body.reason.length).toBeGreaterThan(0);
}

async function expectApplied(spec: PushSpec): Promise<void> {
  const { engine, socket, t } = fuzzed;
  const before = engine.state();
  const payload = spec.valid(next(), before);
  const seq = engine.log.lastSeq();
  const requests = t.http.requests.length;
  socket.fire(spec.event, payload);
  if (spec.effect === 'state') expect(engine.state()).not.toBe(before);
  await settle();
  if (spec.effect === 'fetch') expect(t.http.requests.length).toBeGreaterThan(requests);
  const [first] = await engine.log.read(seq + 1, 1);
  expect(first?.name).toBe(spec.name);
}

function next(): number {
  fuzzed.n += 1;
  return fuzzed.n;
}

function shown(payload: unknown): string {
  return JSON.stringify(payload, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}…` : v,
  );
}

/** Lets every reply already answered reach the engine (fetch, JSON, dispatch). */
async function settle(): Promise<void> {
  for (let i = 0; i < 12; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A logged-in engine watching the spot and lever pair, its book seeded by a snapshot. */
async function startFuzzed(): Promise<Fuzzed> {
  const t = testServices({}, 'memory');
  const world = new FaultWorld(() => t.timers.now());
  for (const [path, route] of Object.entries(world.routes())) t.http.routes.set(path, route);
  const engine = createEngine(t.services, { logDbName: 'fuzz-log', sessionDbName: 'fuzz-session' });
  await engine.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);
  const socket = t.sockets[0];
  if (socket === undefined) throw new Error('no socket');
  socket.open();
  const login = await engine.login({ account: 'a@b.co', password: 'secret12', areaCodeId: null });
  if (!login.ok) throw new Error('login failed');
  await engine.watchSpot(WATCHED);
  await engine.watchLever(WATCHED);
  const snapshot = world.snapshot();
  socket.fire(snapshot.event, snapshot.payload);
  await settle();
  if (engine.state().spot.book.needSnapshot) throw new Error('book not seeded');
  return { t, engine, socket, n: 0 };
}
