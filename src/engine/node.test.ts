// The Node engine against a real HTTP + socket.io server in this process (a stand-in for the
// reference server, which tests/ will use): real fetch, real socket.io-client, fake-indexeddb.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startNodeEngine } from './node.ts';
import type { EngineHandle } from './engine.ts';

const quotation = [
  {
    id: 1,
    name: 'USDT',
    logo: '',
    is_legal: 1,
    is_display: 1,
    quotation: [
      {
        id: 11,
        legal_id: 1,
        currency_id: 2,
        legal_name: 'USDT',
        currency_name: 'BTC',
        logo: '',
        now_price: '27000.5',
        change: '+1.2',
        high: '27100',
        low: '26900',
        volume: '5',
        is_display: 1,
        sort: 1,
      },
    ],
  },
];

function reply(path: string): unknown {
  if (path === '/api/server/time') return { type: 'ok', message: Date.now() };
  if (path === '/api/currency/quotation_new') return { type: 'ok', message: quotation };
  if (path === '/api/currency/new_timeshar')
    return {
      code: 1,
      msg: 'success',
      data: [{ id: Math.floor(Date.now() / 1000), close: '27000' }],
    };
  return { type: 'error', message: 'unknown' };
}

async function startServer() {
  const http = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(reply(path)));
  });
  const io = new Server(http, { path: '/wss/socket.io/' });
  const logins: unknown[] = [];
  io.on('connection', (socket) => socket.on('login', (payload: unknown) => logins.push(payload)));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return { io, http, logins, baseUrl: `http://127.0.0.1:${port}` };
}

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('node engine over real HTTP and socket.io', () => {
  it('starts, goes online, folds pushes and reconnects after the server drops it', async () => {
    const server = await startServer();
    const { engine, snapshot, frames } = await startNodeEngine({
      baseUrl: server.baseUrl,
      logDbName: 'node-log',
      sessionDbName: 'node-session',
    });
    cleanup = async (e: EngineHandle = engine) => {
      await e.close();
      await server.io.close();
    };
    expect(snapshot.tickers['BTC/USDT']?.price).toBe('27000.5');
    // The socket connects early in the start (B10): online arrives in the start snapshot or
    // in a frame after it.
    const online = (): boolean =>
      snapshot.connection.state === 'online' ||
      frames.some((f) => f.connection?.state === 'online');
    await vi.waitFor(() => expect(online()).toBe(true), { timeout: 5000 });
    server.io.emit('daymarket', {
      type: 'daymarket',
      symbol: 'BTC/USDT',
      now_price: '27001',
      change: '+1.3',
      high: 27100,
      low: 26900,
      volume: 6,
      seq: 1,
    });
    await vi.waitFor(
      () => expect(frames.some((f) => f.tickers?.['BTC/USDT']?.price === '27001')).toBe(true),
      { timeout: 5000 },
    );
    server.io.disconnectSockets(true);
    await vi.waitFor(
      () => expect(frames.some((f) => f.connection?.state === 'reconnecting')).toBe(true),
      { timeout: 5000 },
    );
    const lost = frames.findIndex((f) => f.connection?.state === 'reconnecting');
    await vi.waitFor(
      () => expect(frames.slice(lost + 1).some((f) => f.connection?.state === 'online')).toBe(true),
      { timeout: 5000 },
    );
    expect(frames.slice(lost).find((f) => f.connection !== undefined)?.connection?.reconnects).toBe(
      1,
    );
    const events = await engine.log.read(0, 10_000);
    const quotations = events.filter((e) => e.name === 'market.quotation');
    await vi.waitFor(async () =>
      expect(
        (await engine.log.read(0, 10_000)).filter((e) => e.name === 'market.quotation').length,
      ).toBeGreaterThan(1),
    );
    expect(quotations.length).toBeGreaterThanOrEqual(1);
  });
});
