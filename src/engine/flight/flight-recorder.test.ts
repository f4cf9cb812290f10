// The flight recorder (issue 47): an engine in Node on fake services breaks each invariant the
// way a live one would (a crossed book that stays crossed, a gap no snapshot heals, a
// checkpoint that does not read back, an uncaught error, what the page reports), and each
// break is logged once, offered, and kept as a report that ends at the break, replays to it and
// names the invariant and the event. A moment of a crossed book or of a gap is no break.
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'fflate';
import type { Incident } from '../api.ts';
import type { EngineHandle } from '../engine.ts';
import { loadReplay } from '../replay/replay-session.ts';
import { initialEngineState } from '../store.ts';
import type { EngineState } from '../store.ts';
import { testServices } from '../testing/fakes.ts';
import type { TestServices } from '../testing/fakes.ts';
import { depth, routes, started } from '../testing/spot-engine.ts';
import { encodeState } from '../replay/codec.ts';
import { checkpointDisagrees } from './checkpoint-check.ts';
import { CROSSED_MS, GAP_MS, StateWatch } from './invariants.ts';
import { scrub } from './flight-recorder.ts';

const breaks = async (engine: EngineHandle): Promise<Incident[]> =>
  (await engine.log.read(0, 100_000))
    .filter((e) => e.name === 'flight.break')
    .map((e) => e.body as Incident);

const offered = (engine: EngineHandle) => engine.state().session.connection.incident ?? null;

async function watching(t: TestServices, name: string) {
  const run = await started(t, name);
  await run.engine.watchSpot('BTC/USDT');
  let seq = 100;
  /** `ms` pass, the market's ticker pushed each second as a live server's is. */
  const pass = (ms: number): void => {
    for (let left = ms; left > 0; left -= 1000) {
      t.timers.advance(Math.min(1000, left));
      run.socket.fire('daymarket', { type: 'daymarket', symbol: 'BTC/USDT', close: '100', seq });
      seq += 1;
    }
  };
  return { ...run, pass };
}

/** The report's lines: header, events (trace lines left out). */
async function reportOf(engine: EngineHandle) {
  const file = await engine.flightReport();
  const lines = new TextDecoder()
    .decode(gunzipSync(file.bytes))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { file, header: lines[0] ?? {}, events: lines.slice(1).filter((l) => !('trace' in l)) };
}

describe('flight recorder', () => {
  it('a book crossed for a moment is no break; crossed for 3 s it is, once, and offered', async () => {
    const t = testServices(routes());
    const { engine, socket, pass } = await watching(t, 'flight-crossed');
    socket.fire('market_depth', depth('snapshot', 10, null, [['101', '1']], [['100', '1']]));
    pass(CROSSED_MS - 1000);
    // healed by the next delta: the best bid leaves
    socket.fire('market_depth', depth('delta', 11, 10, [['101', '0']], []));
    pass(CROSSED_MS);
    socket.fire('market_depth', depth('delta', 12, 11, [['99', '1']], []));
    expect(await breaks(engine)).toEqual([]);

    socket.fire('market_depth', depth('delta', 13, 12, [['100.5', '2']], []));
    pass(CROSSED_MS + 1000);
    const found = await breaks(engine);
    expect(found).toHaveLength(1);
    expect(found[0]?.invariant).toBe('book-crossed');
    expect(found[0]?.detail).toContain('best bid 100.5 ≥ best ask 100');
    expect(offered(engine)).toEqual(found[0]);
    // the event named is one of the book's or after: the break's seq is in the log
    const seq = found[0]?.seq ?? -1;
    expect((await engine.log.read(seq, 1))[0]?.seq).toBe(seq);
    await engine.close();
  });

  it('a gap healed by its snapshot is no break; one that waits 15 s online is', async () => {
    const t = testServices(routes());
    const { engine, socket, pass } = await watching(t, 'flight-gap');
    socket.fire('market_depth', depth('snapshot', 10, null, [['99', '1']], [['101', '1']]));
    socket.fire('market_depth', depth('delta', 13, 12, [['98', '1']], []));
    pass(GAP_MS - 2000);
    socket.fire('market_depth', depth('snapshot', 14, null, [['99', '1']], [['101', '1']]));
    pass(GAP_MS);
    socket.fire('market_depth', depth('delta', 15, 14, [['98', '1']], []));
    expect(await breaks(engine)).toEqual([]);

    socket.fire('market_depth', depth('delta', 18, 17, [['97', '1']], []));
    // the snapshots asked for never come
    pass(GAP_MS + 2000);
    const found = await breaks(engine);
    expect(found.map((b) => b.invariant)).toEqual(['seq-gap']);
    expect(found[0]?.detail).toContain('BTC/USDT');
    await engine.close();
  });

  it('the report ends at the break, names it, and replays to the state the engine had there', async () => {
    const t = testServices(routes());
    const { engine, socket } = await watching(t, 'flight-report');
    socket.fire('market_depth', depth('snapshot', 10, null, [['99', '1']], [['101', '1']]));
    await engine.flightBreak({ invariant: 'page-error', detail: 'TypeError: x is undefined' });
    const incident = offered(engine);
    expect(incident).toMatchObject({
      invariant: 'page-error',
      detail: 'TypeError: x is undefined',
    });
    const breakSeq = engine.log.lastSeq();
    // the engine goes on: later events are not in the report
    socket.fire('market_depth', depth('delta', 11, 10, [['98', '3']], []));
    await engine.flightBreak({ invariant: 'page-error', detail: 'again' });
    await engine.flightBreak({ invariant: 'long-frame', detail: 'a frame of 700 ms' });
    expect((await breaks(engine)).map((b) => b.invariant)).toEqual(['page-error']);

    const { file, header, events } = await reportOf(engine);
    expect(header['incident']).toEqual(incident);
    const last = events.at(-1);
    expect(last).toMatchObject({ seq: breakSeq, name: 'flight.break', body: incident });
    expect(incident?.seq).toBe(breakSeq - 1);
    const replay = await loadReplay(file.bytes);
    expect(replay.mismatches).toEqual([]);
    expect(replay.header.incident).toEqual(incident);

    await engine.flightDismiss();
    expect(offered(engine)).toBeNull();
    await expect(engine.flightReport()).rejects.toThrow('no report');
    await engine.close();
  });

  it('a new login partition withdraws the offer and drops the report', async () => {
    const t = testServices(routes());
    const { engine } = await watching(t, 'flight-logout');
    await engine.flightBreak({ invariant: 'long-frame', detail: 'a frame of 900 ms' });
    expect(offered(engine)?.invariant).toBe('long-frame');
    await engine.logout();
    expect(offered(engine)).toBeNull();
    await expect(engine.flightReport()).rejects.toThrow('no report');
    await engine.close();
  });

  it('an uncaught error in the engine is a break named by its message, personal data masked', async () => {
    const t = testServices(routes());
    const { engine } = await watching(t, 'flight-error');
    engine.engineError(new RangeError('bad amount for someone@example.com, card 4111111111111111'));
    const found = await breaks(engine);
    expect(found).toHaveLength(1);
    expect(found[0]?.invariant).toBe('engine-error');
    expect(found[0]?.detail).toBe('RangeError: bad amount for …@…, card 41…');
    await engine.close();
  });
});

describe('invariants', () => {
  it('checkpointDisagrees: a state the codec reads back agrees; a value it cannot carry does not', () => {
    const doc = encodeState(initialEngineState);
    expect(checkpointDisagrees(doc)).toBeNull();
    // a store that changes a value of the session's document
    const changing = (d: typeof doc) => {
      const c = structuredClone(d);
      const session = c.session as { connection: { reconnects: number } };
      session.connection.reconnects = 7;
      return c;
    };
    expect(checkpointDisagrees(doc, changing)).toBe('read back, session differ from the fold');
    const unstorable = { ...doc, workspace: { fn: () => 1 } };
    expect(checkpointDisagrees(unstorable)).toContain('does not read back');
  });

  it('StateWatch follows event time, not calls', () => {
    const watch = new StateWatch();
    const state: EngineState = initialEngineState;
    for (let i = 0; i < 100; i++) expect(watch.step(1000, state)).toBeNull();
  });

  it('scrub cuts a long detail', () => {
    expect(scrub('x'.repeat(1000))).toHaveLength(300);
  });
});
