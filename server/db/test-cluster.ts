// A throwaway PostgreSQL cluster for the tests (the vitest global setup starts one per run):
// initdb into a fresh temporary folder, the server on 127.0.0.1 only (a free port, its unix
// socket in that folder), durability off for speed, a random password. PostgreSQL refuses to
// run as root, so as root every PostgreSQL binary runs as the `postgres` system user.
// A watchdog (a detached `sh` reading a pipe from this process) stops the server and removes
// the folder when the pipe closes: at `stop()`, and also when this process dies in any way, so
// a crashed or killed test run leaves no server and no folder behind.
import type { ChildProcess } from 'node:child_process';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  /** Restarts the server (fast: every session ended, as an operator's restart does). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const NEEDED = ['initdb', 'pg_ctl', 'postgres'];

/** The folder holding initdb, pg_ctl and postgres, or null when none is installed. */
export function findPostgresBinaries(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates: string[] = [];
  if (env.PG_BINDIR !== undefined && env.PG_BINDIR !== '') candidates.push(env.PG_BINDIR);
  const fromPgConfig = pgConfigBindir();
  if (fromPgConfig !== null) candidates.push(fromPgConfig);
  candidates.push(...debianBindirs(), '/usr/local/pgsql/bin');
  return candidates.find((dir) => NEEDED.every((b) => existsSync(join(dir, b)))) ?? null;
}

/** Starts a cluster with the binaries of `bindir`; `stop()` removes every trace of it. */
export async function startCluster(bindir: string): Promise<TestCluster> {
  const owner = clusterOwner();
  const dir = mkdtempSync(join(tmpdir(), 'bourse-pg-'));
  if (owner !== null) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const as = owner === null ? [] : asPostgres();
  const watchdog = startWatchdog(dir, [...as, join(bindir, 'pg_ctl'), '-D', data]);
  try {
    const password = randomBytes(18).toString('hex');
    const pwfile = join(dir, 'pw');
    writeFileSync(pwfile, password, { mode: 0o600 });
    if (owner !== null) chownSync(pwfile, owner.uid, owner.gid);
    run(as, join(bindir, 'initdb'), [
      ...['-D', data, '-U', 'postgres', `--pwfile=${pwfile}`, '--auth=scram-sha-256'],
      ...['-E', 'UTF8', '--no-locale', '--no-sync'],
    ]);
    const port = await startServer(as, bindir, dir, data);
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
      restart: () =>
        runAsync(as, join(bindir, 'pg_ctl'), [
          ...['-D', data, '-l', join(dir, 'log'), '-m', 'fast', '-w', '-t', '60', 'restart'],
        ]),
      stop: () => stopWatchdog(watchdog),
    };
  } catch (err) {
    await stopWatchdog(watchdog);
    throw err;
  }
}

// ---- helpers --------------------------------------------------------------------------------

function pgConfigBindir(): string | null {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return null;
  }
}

/** /usr/lib/postgresql/<version>/bin, newest version first. */
function debianBindirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(root, v, 'bin'));
}

/** The postgres user's ids when we run as root (PostgreSQL will not), else null. */
function clusterOwner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      'Running as root, PostgreSQL needs a `postgres` system user to run as ' +
        "(Debian's postgresql package creates it: apt-get install postgresql).",
    );
  }
}

/** The command prefix that runs a program as the postgres user (we are root). */
function asPostgres(): string[] {
  if (existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser'))
    return ['runuser', '-u', 'postgres', '--'];
  return ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups', '--'];
}

function run(as: string[], program: string, args: string[]): void {
  const argv = [...as, program, ...args];
  const [cmd, ...rest] = argv;
  if (cmd === undefined) throw new Error('empty command');
  try {
    execFileSync(cmd, rest, { stdio: 'pipe', encoding: 'utf8' });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${argv.join(' ')} failed: ${e.stderr ?? ''}${e.stdout ?? ''}${e.message}`, {
      cause: err,
    });
  }
}

/** `run` without blocking the event loop (a restart in the middle of a test's requests). */
function runAsync(as: string[], program: string, args: string[]): Promise<void> {
  const [cmd, ...rest] = [...as, program, ...args];
  if (cmd === undefined) return Promise.reject(new Error('empty command'));
  return new Promise((resolve, reject) => {
    execFile(cmd, rest, { encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err === null) resolve();
      else
        reject(
          new Error(`${program} ${args.join(' ')} failed: ${stderr}${stdout}`, { cause: err }),
        );
    });
  });
}

/** Picks a free loopback port and starts the server on it (a few tries: the port may go). */
async function startServer(
  as: string[],
  bindir: string,
  dir: string,
  data: string,
): Promise<number> {
  let last: unknown = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    // Later lines win: a retry appends a new port over the old one.
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        '',
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        `unix_socket_directories = '${dir.replace(/'/g, "''")}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 500', // a pool of up to 20 per test worker
        'shared_buffers = 64MB',
        "log_min_messages = 'warning'",
        '',
      ].join('\n'),
    );
    try {
      run(as, join(bindir, 'pg_ctl'), [
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        '-t',
        '60',
        'start',
      ]);
      return port;
    } catch (err) {
      last = err;
    }
  }
  throw last instanceof Error ? last : new Error('PostgreSQL did not start');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A detached shell that waits for its stdin to close (our end closes at `stop()` or when this
 * process dies), then stops the server (`pg_ctl … -m immediate stop`, a no-op when it never
 * started) and removes the folder. Detached and deaf to INT/TERM/HUP, so a Ctrl-C of the test
 * run cannot kill it before it cleaned up.
 */
function startWatchdog(dir: string, pgCtl: string[]): ChildProcess {
  const script =
    'trap "" INT TERM HUP; cat >/dev/null; dir=$1; shift; ' +
    '"$@" -m immediate -w stop >/dev/null 2>&1; rm -rf "$dir"';
  const child = spawn('sh', ['-c', script, 'sh', dir, ...pgCtl], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Do not keep the test process alive for it; a dead test process closes the pipe anyway.
  child.unref();
  child.stdin?.on('error', () => undefined);
  (child.stdin as { unref?: () => void } | null)?.unref?.();
  return child;
}

function stopWatchdog(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.ref();
    child.once('exit', () => resolve());
    child.stdin?.end();
  });
}
