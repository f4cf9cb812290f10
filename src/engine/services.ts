// The injected services (CONVENTIONS 7): everything the engine needs from the outside world
// (clock, timers, frames, randomness, network, storage, logging) arrives through this object,
// so tests and replay can substitute each part. Engine logic never touches the globals.
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';

export type TimerId = number | ReturnType<typeof setTimeout>;

export interface Clock {
  /** Milliseconds since the epoch, local clock. */
  now(): number;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  setInterval(fn: () => void, ms: number): TimerId;
  clearInterval(id: TimerId): void;
  /** Run `fn` at the next animation frame (or a 16 ms tick where there are no frames). */
  requestFrame(fn: () => void): TimerId;
  cancelFrame(id: TimerId): void;
}

export interface Random {
  /** A number in [0, 1). Used for backoff jitter only. */
  next(): number;
}

export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A multipart POST that reports upload progress (XMLHttpRequest in the browser, where fetch
 * cannot). Resolves with the status and body text; rejects on a network failure.
 */
export type UploadFn = (
  url: string,
  headers: Record<string, string>,
  body: FormData,
  onProgress: (sent: number, total: number) => void,
) => Promise<{ status: number; text: string }>;

export interface SocketOptions {
  path: string;
  transports: string[];
  autoConnect: boolean;
  reconnection: boolean;
}

/** The part of a socket.io client socket the engine uses. */
export interface SocketLike {
  readonly connected: boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener?: (...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type SocketFactory = (url: string, options: SocketOptions) => SocketLike;

/** What Dexie needs to reach IndexedDB; null when there is none (then the log lives in memory). */
export interface IndexedDbDeps {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

export interface Logger {
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/** The browser's idea of the network (navigator.onLine and the online/offline events). */
export interface NetworkWatch {
  online(): boolean;
  /** Calls `fn` on every change; returns the unsubscribe function. */
  subscribe(fn: (online: boolean) => void): () => void;
}

/** A NetworkWatch that the page can also tell of changes (`EngineApi.setOnline`). */
export interface RelayedNetwork extends NetworkWatch {
  set(online: boolean): void;
}

/**
 * The engine's network watch: the platform's (absent under Node) and what the page says. A
 * dedicated worker in Chromium sees `navigator.onLine` change but gets no online/offline
 * events, so without the page a worker that started offline would wait for an event that never
 * comes (issue 23). Listeners hear each change once, whichever side saw it first.
 */
export function relayedNetwork(platform: NetworkWatch | undefined): RelayedNetwork {
  /** What the engine was last told (from the first question on: the platform's word then). */
  let told: boolean | null = null;
  const listeners = new Set<(online: boolean) => void>();
  let unsubscribePlatform: (() => void) | null = null;
  const online = (): boolean => (told ??= platform?.online() ?? true);
  const tell = (next: boolean): void => {
    if (next === online()) return;
    told = next;
    for (const listener of [...listeners]) listener(next);
  };
  return {
    online,
    set: tell,
    subscribe(fn) {
      online();
      listeners.add(fn);
      unsubscribePlatform ??= platform?.subscribe(tell) ?? null;
      return () => {
        listeners.delete(fn);
        if (listeners.size > 0) return;
        unsubscribePlatform?.();
        unsubscribePlatform = null;
      };
    },
  };
}

export interface Services {
  clock: Clock;
  timers: Timers;
  random: Random;
  fetch: FetchFn;
  /** Uploads with progress; without it, uploads go through `fetch` (progress only at the end). */
  upload?: UploadFn;
  socket: SocketFactory;
  indexedDb: () => IndexedDbDeps | null;
  /**
   * An exclusive lock across the browser's tabs (Web Locks), held until released: the event
   * log takes one, so two tabs never write one log. 'taken': another tab holds it.
   */
  exclusiveLock: (name: string) => Promise<(() => void) | 'taken'>;
  logger: Logger;
  /** The origin used when the engine's baseUrl is '' (same origin). */
  origin: string;
  /** Where the platform reports network changes (browsers, workers); absent under Node. */
  network?: NetworkWatch;
}

export const FRAME_FALLBACK_MS = 16;

export const systemClock: Clock = { now: () => Date.now() };
export const systemRandom: Random = { next: () => Math.random() };
export const consoleLogger: Logger = {
  warn: (message, detail) => console.warn(`[engine] ${message}`, detail ?? ''),
  error: (message, detail) => console.error(`[engine] ${message}`, detail ?? ''),
};

export const socketIoFactory: SocketFactory = (url, options) => io(url, options) as Socket;

interface FrameGlobals {
  requestAnimationFrame?: (fn: () => void) => number;
  cancelAnimationFrame?: (id: number) => void;
}

/** Timers from the global scope; frames from requestAnimationFrame when present, else 16 ms. */
export function globalTimers(): Timers {
  const g = globalThis as unknown as FrameGlobals;
  const raf = g.requestAnimationFrame;
  const caf = g.cancelAnimationFrame;
  const hasFrames = typeof raf === 'function' && typeof caf === 'function';
  return {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    requestFrame: (fn) =>
      hasFrames ? raf.call(globalThis, fn) : setTimeout(fn, FRAME_FALLBACK_MS),
    cancelFrame: (id) => {
      if (hasFrames && typeof id === 'number') caf.call(globalThis, id);
      else clearTimeout(id as ReturnType<typeof setTimeout>);
    },
  };
}

function globalIndexedDb(): IndexedDbDeps | null {
  const g = globalThis as { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange };
  if (g.indexedDB === undefined || g.IDBKeyRange === undefined) return null;
  return { indexedDB: g.indexedDB, IDBKeyRange: g.IDBKeyRange };
}

interface LockManagerLike {
  request(
    name: string,
    options: { signal: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

/**
 * How long a start waits for the lock: a reload's new worker may start while the old page's
 * worker is still being torn down (its lock goes with it); another open tab keeps it.
 */
export const LOCK_WAIT_MS = 1500;

/** Web Locks where the platform has them; elsewhere (Node, tests) nothing to share, a no-op. */
export function webLock(name: string): Promise<(() => void) | 'taken'> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks === undefined) return Promise.resolve(() => undefined);
  return new Promise((resolve) => {
    locks
      .request(
        name,
        { signal: AbortSignal.timeout(LOCK_WAIT_MS) },
        () => new Promise<void>((release) => resolve(() => release())),
      )
      .catch(() => resolve('taken'));
  });
}

/** XMLHttpRequest upload (available in dedicated workers) with progress events. */
export const xhrUpload: UploadFn = (url, headers, body, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : e.loaded);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new Error('network error'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    xhr.timeout = 120_000;
    xhr.send(body);
  });

/** Services of the dedicated worker (or any browser context). */
export function createBrowserServices(): Services {
  const location = (globalThis as { location?: { origin: string } }).location;
  const network = globalNetwork();
  return {
    clock: systemClock,
    timers: globalTimers(),
    random: systemRandom,
    fetch: (url, init) => fetch(url, init),
    upload: xhrUpload,
    socket: socketIoFactory,
    indexedDb: globalIndexedDb,
    exclusiveLock: webLock,
    logger: consoleLogger,
    origin: location?.origin ?? '',
    ...(network === undefined ? {} : { network }),
  };
}

interface NetworkGlobals {
  navigator?: { onLine?: boolean };
  addEventListener?: (type: string, fn: () => void) => void;
  removeEventListener?: (type: string, fn: () => void) => void;
}

/** The online/offline events of the page or the worker's global scope. */
function globalNetwork(): NetworkWatch | undefined {
  const g = globalThis as unknown as NetworkGlobals;
  const add = g.addEventListener;
  const remove = g.removeEventListener;
  if (typeof add !== 'function' || typeof remove !== 'function') return undefined;
  return {
    online: () => g.navigator?.onLine !== false,
    subscribe(fn) {
      const on = (): void => fn(true);
      const off = (): void => fn(false);
      add.call(globalThis, 'online', on);
      add.call(globalThis, 'offline', off);
      return () => {
        remove.call(globalThis, 'online', on);
        remove.call(globalThis, 'offline', off);
      };
    },
  };
}
