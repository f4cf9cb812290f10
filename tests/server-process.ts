// Start the reference server as a real child process (the same `tsx server/main.ts` that
// `npm start` runs) on a free port with a fresh embedded database, for integration tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerProcess {
  url: string;
  port: number;
  /** The server's own process id (node runs server/main.ts itself: its RSS is the server's). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  /** SIGKILL, as a crash: the data directory stays, so the server can be started on it again. */
  kill: () => Promise<void>;
}

export interface ServerProcessOptions {
  /** Reuse a port (a restart after `kill`); a free one otherwise. */
  port?: number;
  /** Reuse a data directory (a restart after `kill`); a fresh one otherwise. */
  dataDir?: string;
  /** How long the server may take to answer (60 s). */
  startupMs?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, deadlineMs: number): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/server/time`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start in time');
}

export async function startServerProcess(
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bourse-it-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // the tests read codes from the development outbox and hold the market still
      DEV_ROUTES: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url, child, options.startupMs ?? 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${log}`, { cause: error });
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output: () => log,
    kill: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `probe` every 50 ms until it gives a truthy value (or throws after `ms`). */
export async function until<T>(probe: () => T | undefined | null | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
