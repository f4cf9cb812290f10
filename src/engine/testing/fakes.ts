// Test doubles for the injected services: a manual clock, manual timers and frames, a routed
// fake fetch that records every request, and a fake socket. Used by tests only.
import { IDBKeyRange as FakeKeyRange, IDBFactory as FakeFactory } from 'fake-indexeddb';
import type { Services, SocketLike, SocketOptions, TimerId, Timers } from '../services.ts';

export interface ManualTimers extends Timers {
  /** Advance the clock, running due timers in order. */
  advance(ms: number): void;
  /** Run the pending frame callbacks (one animation frame). */
  frame(): number;
  pendingFrames(): number;
  now(): number;
}

export function manualTimers(start = 1_700_000_000_000): ManualTimers {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void; every: number | null }>();
  let frames = new Map<number, () => void>();
  const add = (fn: () => void, ms: number, every: number | null): number => {
    const id = nextId++;
    timers.set(id, { at: now + Math.max(0, ms), fn, every });
    return id;
  };
  return {
    now: () => now,
    setTimeout: (fn, ms) => add(fn, ms, null),
    clearTimeout: (id: TimerId) => void timers.delete(id as number),
    setInterval: (fn, ms) => add(fn, ms, ms),
    clearInterval: (id: TimerId) => void timers.delete(id as number),
    requestFrame: (fn) => {
      const id = nextId++;
      frames.set(id, fn);
      return id;
    },
    cancelFrame: (id: TimerId) => void frames.delete(id as number),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        const [id, t] = due;
        now = Math.max(now, t.at);
        if (t.every === null) timers.delete(id);
        else t.at += t.every;
        t.fn();
      }
      now = end;
    },
    frame() {
      const run = frames;
      frames = new Map();
      run.forEach((fn) => fn());
      return run.size;
    },
    pendingFrames: () => frames.size,
  };
}

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: URLSearchParams | null;
}

export type Route = (request: RecordedRequest) => unknown;

export interface FakeFetch {
  fetch: Services['fetch'];
  requests: RecordedRequest[];
  routes: Map<string, Route>;
}

/** Replies with JSON from `routes` keyed by path; unknown paths fail like a network error. */
export function fakeFetch(routes: Record<string, Route> = {}): FakeFetch {
  const requests: RecordedRequest[] = [];
  const table = new Map(Object.entries(routes));
  return {
    requests,
    routes: table,
    fetch: async (url, init) => {
      const parsed = new URL(url, 'http://test.local');
      const headers = { ...(init.headers as Record<string, string>) };
      const body = typeof init.body === 'string' ? new URLSearchParams(init.body) : null;
      const request: RecordedRequest = { url: parsed, method: init.method ?? 'GET', headers, body };
      requests.push(request);
      const route = table.get(parsed.pathname);
      if (route === undefined) throw new TypeError('fetch failed');
      const reply = await route(request);
      if (reply instanceof Response) return reply;
      return new Response(JSON.stringify(reply), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  };
}

export const ok = (message: unknown): { type: string; message: unknown } => ({
  type: 'ok',
  message,
});

export class FakeSocket implements SocketLike {
  connected = false;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  connects = 0;
  private readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();

  constructor(
    readonly url: string,
    readonly options: SocketOptions,
  ) {}

  on(event: string, listener: (...args: unknown[]) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  off(event: string): this {
    this.listeners.delete(event);
    return this;
  }
  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }
  connect(): this {
    this.connects += 1;
    return this;
  }
  disconnect(): this {
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }
  /** Test side: the server accepted the connection. */
  open(): void {
    this.connected = true;
    this.fire('connect');
  }
  /** Test side: the connection dropped. */
  drop(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }
  fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

export interface TestServices {
  services: Services;
  timers: ManualTimers;
  http: FakeFetch;
  sockets: FakeSocket[];
  warnings: unknown[];
}

export function testServices(
  routes: Record<string, Route> = {},
  storage: 'fake-indexeddb' | 'memory' = 'fake-indexeddb',
): TestServices {
  const timers = manualTimers();
  const http = fakeFetch(routes);
  const sockets: FakeSocket[] = [];
  const warnings: unknown[] = [];
  const factory = new FakeFactory();
  const services: Services = {
    clock: { now: () => timers.now() },
    timers,
    random: { next: () => 0.5 },
    fetch: http.fetch,
    socket: (url, options) => {
      const socket = new FakeSocket(url, options);
      sockets.push(socket);
      return socket;
    },
    exclusiveLock: () => Promise.resolve(() => undefined),
    indexedDb: () =>
      storage === 'memory' ? null : { indexedDB: factory, IDBKeyRange: FakeKeyRange },
    logger: {
      warn: (m, d) => void warnings.push([m, d]),
      error: (m, d) => void warnings.push([m, d]),
    },
    origin: 'http://test.local',
  };
  return { services, timers, http, sockets, warnings };
}
