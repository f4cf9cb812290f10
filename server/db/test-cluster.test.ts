// The throwaway PostgreSQL of the test runs (test-cluster.ts): loopback only, a password, no
// durability, and nothing left behind — neither after stop() nor when its process is killed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findPostgresBinaries, startCluster } from './test-cluster.ts';

const bindir = process.env.BOURSE_SKIP_POSTGRES === '1' ? null : findPostgresBinaries();

async function query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The postmaster's pid (first line of postmaster.pid). */
const postmasterPid = (dataDir: string): number =>
  Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Running (a zombie waiting for its parent to reap it does not count). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  return !existsSync(stat) || !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe.skipIf(bindir === null)('throwaway PostgreSQL cluster', () => {
  it('listens on 127.0.0.1 with a password, without fsync, and leaves nothing after stop()', async () => {
    const cluster = await startCluster(bindir ?? '');
    const url = new URL(cluster.url);
    expect(url.hostname).toBe('127.0.0.1');
    const [settings] = await query<{ listen: string; fsync: string; dir: string }>(
      cluster.url,
      `SELECT current_setting('listen_addresses') AS listen, current_setting('fsync') AS fsync,
              current_setting('data_directory') AS dir`,
    );
    expect(settings?.listen).toBe('127.0.0.1');
    expect(settings?.fsync).toBe('off');
    const dir = settings?.dir ?? '';
    const pid = postmasterPid(dir);
    url.password = 'wrong';
    await expect(query(url.toString(), 'SELECT 1')).rejects.toThrow(/password/);
    await cluster.stop();
    expect(await until(() => !alive(pid), 5_000)).toBe(true);
    expect(existsSync(join(dir, '..'))).toBe(false);
  }, 60_000);

  it('is stopped and removed when the process that started it is killed', async () => {
    const script = `const m = await import(${JSON.stringify(new URL('./test-cluster.ts', import.meta.url).href)});
      const c = await m.startCluster(${JSON.stringify(bindir)});
      console.log(c.url);
      setInterval(() => undefined, 1000);`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const clusterUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (b: Buffer) => resolve(b.toString().trim()));
      child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
    });
    const [row] = await query<{ dir: string }>(
      clusterUrl,
      "SELECT current_setting('data_directory') AS dir",
    );
    const dir = row?.dir ?? '';
    const pid = postmasterPid(dir);
    child.kill('SIGKILL');
    expect(await until(() => !alive(pid) && !existsSync(join(dir, '..')), 20_000)).toBe(true);
  }, 60_000);
});
