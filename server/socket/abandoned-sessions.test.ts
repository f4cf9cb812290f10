// Abandoned Engine.IO sessions (issue 41, ADR 0043). A 2.x (Engine.IO 3) polling handshake
// that never comes back receives no broadcast; sessions per address are capped for both
// protocols; an idle polling session is dropped within the idle limit; and the clients that do
// come back (socket.io-client 2.x polling or upgrading, 4.x over WebSocket) still get every
// public push, past the idle limit too.
//
// The server runs with a cap of 12 and an idle limit of 2 s, so the whole file takes seconds.
import ioV2 from 'socket.io-client-v2';
import type { LegacySocket } from 'socket.io-client-v2';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/helpers.ts';
import { startTestServer } from '../testing/helpers.ts';
import { SOCKET_PATH } from './hub.ts';

const CAP = 12;
const IDLE_MS = 2000;
const MARKET_EVENTS = /"(daymarket|kline|market_depth|market_detail)"/;

let s: TestServer;
const clients: { close: () => void }[] = [];

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false, sockets: { perAddress: CAP, idleMs: IDLE_MS } });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await s.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pollUrl = (eio: 3 | 4, sid?: string) =>
  `${s.url}${SOCKET_PATH}?EIO=${eio}&transport=polling${sid === undefined ? '' : `&sid=${sid}`}`;

/** A polling handshake, abandoned: its session id, or the refusal's status. */
async function handshake(eio: 3 | 4): Promise<{ status: number; sid: string | null }> {
  const res = await fetch(pollUrl(eio));
  const body = await res.text();
  return { status: res.status, sid: /"sid":"([^"]+)"/.exec(body)?.[1] ?? null };
}

/**
 * One poll of a session: what it had buffered (status 200), 400 once the server dropped it, or
 * "held" when the server kept the poll open (a live session with nothing to send).
 */
async function poll(eio: 3 | 4, sid: string): Promise<{ status: number | 'held'; body: string }> {
  try {
    const res = await fetch(pollUrl(eio, sid), { signal: AbortSignal.timeout(800) });
    return { status: res.status, body: await res.text() };
  } catch {
    return { status: 'held', body: '' };
  }
}

/** A burst of every public broadcast: five rounds of tickers, candles, depth and trades. */
function broadcastBurst(): void {
  for (let i = 0; i < 5; i += 1) {
    s.publisher.publish();
    s.spotPublisher.publish();
  }
}

async function drained(): Promise<void> {
  // every session of the tests before is past the idle limit and swept
  await sleep(IDLE_MS + 700);
}

describe('abandoned Engine.IO sessions', () => {
  it('feeds no broadcast to a 2.x polling handshake that never came back', async () => {
    const sids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const h = await handshake(3);
      expect(h.status).toBe(200);
      sids.push(h.sid ?? '');
    }
    broadcastBurst();
    // What each abandoned session holds: before the fix, every push of the burst (~40 KB each).
    // On a slow machine a session may already be dropped as idle (400): it holds nothing either.
    const held = await Promise.all(sids.map((sid) => poll(3, sid)));
    for (const h of held) {
      expect([200, 400]).toContain(h.status);
      const market = MARKET_EVENTS.exec(h.body)?.[1] ?? null;
      expect({ market, bytes: h.body.length < 100 ? 'few' : h.body.length }).toEqual({
        market: null,
        bytes: 'few',
      });
    }
  });

  it('feeds a 2.x polling session once it has polled', async () => {
    const { sid } = await handshake(3);
    expect((await poll(3, sid ?? '')).body).not.toMatch(MARKET_EVENTS);
    s.publisher.publish();
    expect((await poll(3, sid ?? '')).body).toMatch(/"daymarket"/);
  });

  it('drops a polling session with no request for the idle limit, over either protocol', async () => {
    await drained();
    const sessions: { eio: 3 | 4; sid: string }[] = [];
    for (const eio of [3, 4, 3, 4, 3, 4] as const) {
      const h = await handshake(eio);
      expect(h.status).toBe(200);
      sessions.push({ eio, sid: h.sid ?? '' });
    }
    await sleep(IDLE_MS + 700);
    const after = await Promise.all(sessions.map(({ eio, sid }) => poll(eio, sid)));
    // 400 "Session ID unknown": dropped. Before the fix: alive for the ~45 s ping timeout.
    expect(after.map((a) => a.status)).toEqual(sessions.map(() => 400));
  });

  it('caps the sessions one address holds at once, over either protocol', async () => {
    await drained();
    const opened = [];
    for (let i = 0; i < CAP; i += 1) opened.push(await handshake(i % 2 === 0 ? 3 : 4));
    expect(opened.map((o) => o.status)).toEqual(opened.map(() => 200));
    expect((await handshake(3)).status).toBe(403);
    expect((await handshake(4)).status).toBe(403);
    const refused = connect(s.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
    });
    clients.push(refused);
    await expect(
      new Promise((resolve, reject) => {
        refused.on('connect', () => resolve('connected'));
        refused.on('connect_error', reject);
      }),
    ).rejects.toThrow();
    // Once the abandoned ones are dropped, the address may open sessions again.
    await drained();
    expect((await handshake(3)).status).toBe(200);
  });

  it('keeps feeding the clients that came back, past the idle limit', async () => {
    await drained();
    const modern = connect(s.url, { path: SOCKET_PATH, transports: ['websocket'] });
    const upgrading = ioV2(s.url, { path: SOCKET_PATH, forceNew: true, reconnection: false });
    const polling = ioV2(s.url, {
      path: SOCKET_PATH,
      forceNew: true,
      reconnection: false,
      transports: ['polling'],
    });
    clients.push(modern, upgrading, polling);
    const all: (Socket | LegacySocket)[] = [modern, upgrading, polling];
    await Promise.all(all.map((c) => new Promise<void>((r) => c.on('connect', () => r()))));
    const counts = all.map(() => 0);
    all.forEach((c, i) =>
      c.on('daymarket', () => {
        counts[i] = (counts[i] ?? 0) + 1;
      }),
    );
    // no event emitted by any of them: polling (or the WebSocket) is what shows they are alive
    for (let round = 0; round < 2; round += 1) {
      await sleep(IDLE_MS * 0.6);
      const before = [...counts];
      s.publisher.publish();
      await expect.poll(() => counts.every((n, i) => n > (before[i] ?? 0))).toBe(true);
    }
    expect(all.map((c) => c.connected)).toEqual([true, true, true]);
  });
});
