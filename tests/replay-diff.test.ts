// `npm run replay -- FILE --diff` (issue 47, ADR 0077) on a recorded session: a recording whose
// code had a changed reducer is replayed with the code at hand, and the command names the first
// event where a projection differs, with both values; the same recording written by the code at
// hand is reproduced; a format 1 file (no trace) is compared by its final hashes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropAsks, retraced } from '../src/engine/testing/planted-fold.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'spot-order.ndjson.gz');
const dir = mkdtempSync(join(tmpdir(), 'replay-diff-'));

function saved(bytes: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

function diff(file: string): { status: number | null; out: Record<string, unknown>; err: string } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/replay.ts', file, '--diff'],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  return { status: run.status, out: JSON.parse(run.stdout || '{}'), err: run.stderr };
}

describe('npm run replay -- FILE --diff', () => {
  it('names the first event where the recording differs from the code at hand', async () => {
    const planted = await retraced(readFileSync(FIXTURE), dropAsks);
    const expected = planted.firstDifference;
    expect(expected?.name).toMatch(/^book\./);
    const { status, out, err } = diff(saved(planted.bytes, 'planted.ndjson.gz'));
    expect(status).toBe(1);
    const found = out['firstDifference'] as {
      seq: number;
      name: string;
      projections: Record<
        string,
        { recorded: unknown; now: unknown; recordedHash: string; nowHash: string }
      >;
    };
    expect(found.seq).toBe(expected?.seq);
    expect(found.name).toBe(expected?.name);
    expect(Object.keys(found.projections)).toEqual(['spot.book']);
    const book = found.projections['spot.book'];
    expect(book?.recordedHash).not.toBe(book?.nowHash);
    expect(book?.recorded).not.toEqual(book?.now);
    expect(err).toContain(`first difference at event seq ${expected?.seq} (${expected?.name}`);
  }, 120_000);

  it('reproduces a recording written by the code at hand; compares an untraced file by its final hashes', async () => {
    const again = await retraced(readFileSync(FIXTURE));
    const same = diff(saved(again.bytes, 'same.ndjson.gz'));
    expect(same.status).toBe(0);
    expect(same.out).toMatchObject({
      traced: true,
      firstDifference: null,
      compared: again.events.length,
    });
    expect(same.err).toContain('the recording is reproduced');
    const old = diff(FIXTURE);
    expect(old.status).toBe(0);
    expect(old.out).toMatchObject({ traced: false, firstDifference: null, finalMismatches: [] });
    expect(old.err).toContain('no per-event trace');
  }, 120_000);
});
