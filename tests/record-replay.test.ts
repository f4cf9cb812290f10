// Recording and replay end to end under Node: a real engine against a real reference server
// logs a session (login, the BTC/USDT book, an order), is closed and started again on the same
// log (the state is restored from a checkpoint and the tail), and the export of both sessions
// replays into exactly the state the live engine had, hash for hash, personal data masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeEngine } from '../src/engine/node.ts';
import { PROJECTIONS, projectionValue } from '../src/engine/replay/codec.ts';
import { maskForExport } from '../src/engine/replay/export-mask.ts';
import { canonicalJson } from '../src/engine/replay/hash.ts';
import { loadReplay } from '../src/engine/replay/replay-session.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';

let server: ServerProcess;
const names = { logDbName: `rr-log-${Date.now()}`, sessionDbName: `rr-session-${Date.now()}` };

beforeAll(async () => {
  server = await startServerProcess();
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

describe('record, restore, export, replay', () => {
  it('replays two page sessions into the live state, masked, hash for hash', async () => {
    const first = await startNodeEngine({ baseUrl: server.url, lang: 'en', ...names });
    const a = first.engine;
    const login = await a.login({
      account: 'demo@bourse.local',
      password: 'demo1234',
      areaCodeId: null,
    });
    expect(login.ok).toBe(true);
    await a.watchSpot('BTC/USDT');
    await until(() => first.frames.some((f) => (f.book?.bids.length ?? 0) > 5));
    await a.close();

    const second = await startNodeEngine({ baseUrl: server.url, lang: 'en', ...names });
    const b = second.engine;
    await b.watchSpot('BTC/USDT');
    await until(() => second.frames.some((f) => (f.book?.bids.length ?? 0) > 5));
    await until(
      () =>
        second.frames.some((f) => f.session?.loggedIn === true) || second.snapshot.session.loggedIn,
    );

    // the export takes the state when called (before any await); so does this line
    const exporting = b.exportLog(3_600_000);
    const live = b.state();
    const file = await exporting;
    await b.close();
    const replay = await loadReplay(file.bytes);
    expect(replay.mismatches).toEqual([]);
    expect(replay.count).toBe(file.events);
    // both sessions are in the file, the first from its login on (a fresh login begins a login
    // partition: the visitor's boot before it is not this login's, ADR 0042): the second boot
    const boot = replay.names.indexOf('engine.boot');
    expect(replay.filter(new Set([boot])).length).toBe(1);
    const loginName = replay.names.indexOf('session.login');
    expect(replay.filter(new Set([loginName])).length).toBeGreaterThanOrEqual(1);
    const end = replay.stateAfter(replay.count - 1);
    const differing = PROJECTIONS.filter(
      (name) =>
        canonicalJson(projectionValue(end, name)) !==
        canonicalJson(maskForExport(projectionValue(live, name))),
    );
    expect(differing).toEqual([]);
    // secrets never leave, personal identifiers are masked
    const text = new TextDecoder().decode((await import('fflate')).gunzipSync(file.bytes));
    expect(text).not.toContain('demo1234');
    expect(text).not.toContain('demo@bourse.local');
    expect(text).toContain('de***@bourse.local');
    expect(end.session.session.loggedIn).toBe(true);
    expect(end.spot.book.bids.size).toBeGreaterThan(5);
  }, 60_000);
});
