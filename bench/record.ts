// Records the reference server's socket pushes under a load profile, as the engine would
// receive them, into an NDJSON fixture: a header line, then one line per push holding the
// socket.io payload text `["<event>",{…}]` exactly as the server encodes it (JSON.stringify of
// the event and its argument). The engine-fold benchmark replays these lines.
//
//   npx tsx bench/record.ts [--profile=F-busy] [--seconds=30] [--out=bench/fixtures/f-busy.ndjson]
//
// The recording starts at the focused pair's first full snapshot after the load driver has
// seeded its deep book (the engine's own `depth_subscribe`), so a replay starts from a whole
// book and every later delta chains onto it by `prev_seq`.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';

export interface RecordOptions {
  profile: 'F-busy' | 'F-burst' | 'F-deep';
  seconds: number;
  out: string;
  /** The server's port; a free one is picked when absent. */
  port?: number;
}

export interface FixtureHeader {
  recordedAt: string;
  profile: string;
  seconds: number;
  /** The load profile's focused pair (the one with the deep delta book). */
  focus: string;
  messages: number;
  /** The `/api/currency/quotation_new` reply at the start (the engine's tickers). */
  quotation: unknown;
}

export interface Fixture {
  header: FixtureHeader;
  /** Socket.io payload texts, `["event",{…}]`, in arrival order. */
  lines: string[];
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES_DIR = join(root, 'bench', 'fixtures');

/** The fixture at `file`, recorded first when it is missing. */
export async function loadOrRecord(options: RecordOptions): Promise<Fixture> {
  if (!existsSync(options.out)) await recordServer(options);
  return readFixture(options.out);
}

export function readFixture(file: string): Fixture {
  const [first, ...rest] = readFileSync(file, 'utf8').split('\n');
  const header = JSON.parse(first ?? '{}') as FixtureHeader;
  return { header, lines: rest.filter((l) => l !== '') };
}

/** Starts the reference server under `profile`, records `seconds` of pushes, stops it. */
export async function recordServer(options: RecordOptions): Promise<FixtureHeader> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bourse-record-'));
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', `--load=${options.profile}`],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    await listening(server);
    const url = `http://127.0.0.1:${port}`;
    const quotation: unknown = await (await fetch(`${url}/api/currency/quotation_new`)).json();
    const lines: string[] = [];
    const focus = await capture(url, options.seconds, lines);
    const header: FixtureHeader = {
      recordedAt: new Date().toISOString(),
      profile: options.profile,
      seconds: options.seconds,
      focus,
      messages: lines.length,
      quotation,
    };
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, `${[JSON.stringify(header), ...lines].join('\n')}\n`);
    return header;
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A port nothing listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function listening(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 60 s:\n${output}`)),
      60_000,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      resolve();
    }, 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

interface DepthLike {
  symbol?: unknown;
  mode?: unknown;
  bids?: unknown;
}

/**
 * Waits until the load driver moves the focused pair (a non-empty delta), subscribes like the
 * engine, then records from the next snapshot of that pair for `seconds`. Returns the symbol.
 */
function capture(url: string, seconds: number, lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = io(url, { path: '/wss/socket.io/', transports: ['websocket'] });
    let focus: string | null = null;
    let recording = false;
    const finish = (err: Error | null): void => {
      clearTimeout(deadline);
      socket.disconnect();
      if (err === null && focus !== null) resolve(focus);
      else reject(err ?? new Error('no focused pair'));
    };
    const deadline = setTimeout(
      () => finish(new Error('no load-profile delta within 90 s')),
      90_000,
    );
    socket.onAny((event: string, payload: unknown) => {
      const depth = (event === 'market_depth' ? payload : null) as DepthLike | null;
      if (recording) {
        lines.push(JSON.stringify([event, payload]));
        return;
      }
      if (depth === null || typeof depth.symbol !== 'string') return;
      if (focus === null && depth.mode === 'delta' && Array.isArray(depth.bids)) {
        if (depth.bids.length === 0) return;
        focus = depth.symbol;
        socket.emit('depth_subscribe', { symbol: focus, mode: 'delta' });
      } else if (focus === depth.symbol && depth.mode === 'snapshot') {
        recording = true;
        lines.push(JSON.stringify([event, payload]));
        setTimeout(() => finish(null), seconds * 1000);
      }
    });
    socket.on('connect_error', (err: Error) => finish(err));
  });
}

function argOf(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const profile = (argOf('profile') ?? 'F-busy') as RecordOptions['profile'];
  const out = argOf('out') ?? join(FIXTURES_DIR, `${profile.toLowerCase()}.ndjson`);
  recordServer({ profile, seconds: Number(argOf('seconds') ?? 30), out }).then(
    (h) => {
      console.log(`recorded ${h.messages} pushes (${h.focus}, ${h.profile}) into ${out}`);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
