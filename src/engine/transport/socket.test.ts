import { describe, expect, it } from 'vitest';
import { createSocketTransport } from './socket.ts';
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

  it('backs off exponentially with jitter, capped at 30 s', () => {
    expect(backoffDelay(0, 0)).toBe(250);
    expect(backoffDelay(0, 1)).toBe(500);
    expect(backoffDelay(3, 0.5)).toBe(3000);
    expect(backoffDelay(20, 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(20, 0)).toBe(BACKOFF_CAP_MS / 2);
  });
});
