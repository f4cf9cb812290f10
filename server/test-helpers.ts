// Helpers for the server tests: a server on port 0 with an in-memory database and a clock the
// test can move, and small form-encoded request helpers.
import { createServer } from './app.ts';
import type { RunningServer } from './app.ts';
import { testConfig } from './config.ts';
import type { ServerConfig } from './config.ts';

export interface TestServer extends RunningServer {
  clock: { now: number };
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const clock = { now: Date.now() };
  const server = await createServer(testConfig({ now: () => clock.now, ...overrides }));
  return Object.assign(server, { clock });
}

export interface Reply {
  type: string;
  message: unknown;
}

export async function post(
  s: RunningServer,
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await fetch(`${s.url}${path}?_timespan=${Date.now()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
  if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${path}`);
  return (await res.json()) as Reply;
}

export async function get(
  s: RunningServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const sep = path.includes('?') ? '&' : '?';
  const res = await fetch(`${s.url}${path}${sep}_timespan=${Date.now()}`, { headers });
  if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${path}`);
  return (await res.json()) as Reply;
}

/** The newest code the development sender delivered to `to`. */
export async function lastCode(s: RunningServer, to: string): Promise<string> {
  const r = await get(s, `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const list = r.message as Array<{ code: string }>;
  const code = list[0]?.code;
  if (code === undefined) throw new Error(`no code sent to ${to}`);
  return code;
}
