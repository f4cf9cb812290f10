import { describe, expect, it } from 'vitest';
import { createSocketTransport, STALE_PUSH_MS, WATCHDOG_TICK_MS } from './socket.ts';
import type { NetworkWatch } from '../services.ts';
import { backoffDelay, BACKOFF_CAP_MS } from './backoff.ts';
import { testServices } from '../testing/fakes.ts';
import type { ConnectionState } from '../api.ts';

describe('socket transport', () => {
  it('connects with the contract path and websocket only, logs in with the token on every connect', () => {
    const t = testServices();
    let token: string | null = 'tok';
    const socket = createSocketTransport({
      services: t.services,
      url: 'http://x',
      token: () => token,
    });
    const states: ConnectionState[] = [];
    let resyncs = 0;
    socket.state$.subscribe((s) => states.push(s));
    socket.resync$.subscribe(() => (resyncs += 1));
    socket.connect();
    const fake = t.sockets[0];
    if (fake === undefined) throw new Error('no socket');
    expect(fake.options).toMatchObject({
      path: '/wss/socket.io/',
      transports: ['websocket'],
      reconnection: false,
    });
    fake.open();
    expect(fake.emitted).toEqual([{ event: 'login', args: [{ token: 'tok' }] }]);
    fake.drop();
    expect(states.at(-1)).toBe('reconnecting');
    token = null;
    socket.login();
    expect(fake.emitted).toHaveLength(1); // nothing sent while offline
    t.timers.advance(BACKOFF_CAP_MS);
    expect(fake.connects).toBe(2);
    fake.open();
    expect(states).toEqual(['idle', 'connecting', 'online', 'reconnecting', 'online']);
    expect(resyncs).toBe(1);
    socket.close();
  });

  it('resyncs on a first connect that came after a failed attempt, not on a plain first one (issue 23)', () => {
    const plain = testServices();
    const first = createSocketTransport({
      services: plain.services,
      url: 'http://x',
      token: () => null,
    });
    let plainResyncs = 0;
    first.resync$.subscribe(() => (plainResyncs += 1));
    first.connect();
    plain.sockets[0]?.open();
    expect(plainResyncs).toBe(0);
    first.close();

    // a page opened without the server: its start-up requests failed, the socket's too
    const t = testServices();
    const socket = createSocketTransport({
      services: t.services,
      url: 'http://x',
      token: () => 'tok',
    });
    let resyncs = 0;
    socket.resync$.subscribe(() => (resyncs += 1));
    socket.connect();
    const fake = t.sockets[0];
    if (fake === undefined) throw new Error('no socket');
    fake.fire('connect_error', new Error('refused'));
    t.timers.advance(BACKOFF_CAP_MS);
    fake.open();
    expect(resyncs).toBe(1);
    socket.close();
  });

  it('backs off exponentially with jitter, capped at 30 s', () => {
    expect(backoffDelay(0, 0)).toBe(250);
    expect(backoffDelay(0, 1)).toBe(500);
    expect(backoffDelay(3, 0.5)).toBe(3000);
    expect(backoffDelay(20, 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(20, 0)).toBe(BACKOFF_CAP_MS / 2);
  });

  it('says a silent socket is dead within 5 s of the last market push, and replaces it (issue 20)', () => {
    const t = testServices();
    const socket = createSocketTransport({
      services: t.services,
      url: 'http://x',
      token: () => null,
    });
    const states: ConnectionState[] = [];
    socket.state$.subscribe((s) => states.push(s));
    socket.connect();
    const fake = t.sockets[0];
    if (fake === undefined) throw new Error('no socket');
    fake.open();
    // Nothing streamed yet: a quiet server is not taken for a dead one.
    t.timers.advance(60_000);
    expect(states.at(-1)).toBe('online');
    for (let i = 0; i < 10; i += 1) {
      fake.fire('daymarket', { symbol: 'BTC/USDT' });
      t.timers.advance(1000);
    }
    expect(states.at(-1)).toBe('online');
    // The pushes stop (a network that dropped without closing the socket).
    t.timers.advance(STALE_PUSH_MS + WATCHDOG_TICK_MS);
    expect(STALE_PUSH_MS + WATCHDOG_TICK_MS).toBeLessThanOrEqual(5000);
    expect(states.at(-1)).toBe('reconnecting');
    expect(fake.connected).toBe(false);
    t.timers.advance(1000);
    expect(fake.connects).toBe(2);
    fake.open();
    expect(states.at(-1)).toBe('online');
    // Non-market pushes are not heartbeats: the watchdog stays disarmed on the new connection.
    fake.fire('update_balance', {});
    t.timers.advance(60_000);
    expect(states.at(-1)).toBe('online');
    socket.close();
  });

  it("goes offline on the browser's offline event and reconnects at once on online (issue 20)", () => {
    const t = testServices();
    let listener: ((online: boolean) => void) | null = null;
    let online = true;
    const network: NetworkWatch = {
      online: () => online,
      subscribe(fn) {
        listener = fn;
        return () => {
          listener = null;
        };
      },
    };
    const socket = createSocketTransport({
      services: { ...t.services, network },
      url: 'http://x',
      token: () => null,
    });
    const states: ConnectionState[] = [];
    socket.state$.subscribe((s) => states.push(s));
    socket.connect();
    const fake = t.sockets[0];
    if (fake === undefined || listener === null) throw new Error('not wired');
    const say = (value: boolean): void => {
      online = value;
      (listener as ((online: boolean) => void) | null)?.(value);
    };
    fake.open();
    say(false);
    expect(states.at(-1)).toBe('offline');
    expect(fake.connected).toBe(false);
    t.timers.advance(120_000);
    expect(fake.connects).toBe(1); // no retries while the browser says there is no network
    say(true);
    expect(states.at(-1)).toBe('reconnecting');
    expect(fake.connects).toBe(2);
    fake.open();
    expect(states.at(-1)).toBe('online');
    socket.close();
    expect(listener).toBeNull();
  });
});
