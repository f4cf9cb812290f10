// Recorded sessions as regression fixtures (issue 5): replaying each file in tests/fixtures/
// must give the projection hashes recorded in fixtures.json. A change to a fold that changes
// what a recorded session produces fails here, naming the projection (tests/fixtures/README.md).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProjectionHashes } from '../src/engine/replay/hash.ts';
import { loadReplay } from '../src/engine/replay/replay-session.ts';
import type { ReplaySession } from '../src/engine/replay/replay-session.ts';

const DIR = join(import.meta.dirname, 'fixtures');
const index = JSON.parse(readFileSync(join(DIR, 'fixtures.json'), 'utf8')) as Record<
  string,
  { file: string; events: number; hashes: ProjectionHashes }
>;

const load = (name: string): Promise<ReplaySession> =>
  loadReplay(readFileSync(join(DIR, index[name]?.file ?? '')));

const names = (session: ReplaySession): string[] =>
  Array.from({ length: session.count }, (_, i) => session.names[session.nameId(i)] ?? '');

describe('recorded sessions replay to their recorded hashes', () => {
  it('has fixtures', () => {
    expect(Object.keys(index).length).toBeGreaterThanOrEqual(2);
  });

  for (const [name, fixture] of Object.entries(index)) {
    it(name, async () => {
      const session = await load(name);
      expect(session.count).toBe(fixture.events);
      expect(session.finalHashes).toEqual(fixture.hashes);
      expect(session.mismatches).toEqual([]);
    });
  }

  it('spot-order holds the order placed and cancelled, from its login on', async () => {
    const session = await load('spot-order');
    const commands = names(session)
      .map((n, i) => (n === 'command.issued' ? session.event(i).body : null))
      .filter((b) => b !== null) as { command: string }[];
    expect(commands.map((c) => c.command)).toEqual(
      expect.arrayContaining(['spot-place', 'spot-cancel']),
    );
    // an export begins no earlier than the login's partition (ADR 0042): logged in from the start
    expect(session.stateAfter(0).session.session.loggedIn).toBe(true);
  });

  it('reconnect holds the outage and the resynchronised book', async () => {
    const session = await load('reconnect');
    const states = names(session)
      .map((n, i) =>
        n === 'socket.state' ? (session.event(i).body as { state: string }).state : null,
      )
      .filter((s) => s !== null);
    expect(states).toEqual(expect.arrayContaining(['online', 'reconnecting']));
    expect(names(session)).toContain('book.snapshot');
    const end = session.stateAfter(session.count - 1);
    expect(end.session.connection.reconnects).toBe(1);
    expect(end.spot.book.source).toBe('delta');
  });
});

describe('npm run replay', () => {
  const cli = (...args: string[]) =>
    spawnSync('npx', ['tsx', join(import.meta.dirname, '..', 'scripts', 'replay.ts'), ...args], {
      encoding: 'utf8',
    });

  it('prints the hashes of the replayed state and a projection', () => {
    const run = cli(join(DIR, index['spot-order']?.file ?? ''), '--print', 'spot.orders');
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout) as {
      hashes: ProjectionHashes;
      recordedHashesMatch: boolean;
      projection: { name: string; state: { view: { open: unknown[] } } };
    };
    expect(out.hashes).toEqual(index['spot-order']?.hashes);
    expect(out.recordedHashesMatch).toBe(true);
    expect(out.projection.name).toBe('spot.orders');
    expect(Array.isArray(out.projection.state.view.open)).toBe(true);
  });

  it('stops at --to and says clearly what is wrong with a bad file', () => {
    const to = cli(join(DIR, index.reconnect?.file ?? ''), '--to', '10');
    expect(to.status).toBe(0);
    expect((JSON.parse(to.stdout) as { at: { seq: number } }).at.seq).toBe(10);
    const cut = join(tmpdir(), `cut-${process.pid}.ndjson.gz`);
    const bytes = readFileSync(join(DIR, index.reconnect?.file ?? ''));
    writeFileSync(cut, bytes.subarray(0, bytes.length >> 1));
    const bad = cli(cut);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('the file is truncated');
    const unknown = cli(cut, '--print', 'nope');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown projection');
  });
});
