// npm run load -- [--clients=50,100,200,400] [--seconds=15] [--orders=5] [--profile=F-busy]
//                  [--workers=2]
//
// The load generator of issue 45 ("measured, not hoped"): how many socket clients one server
// process holds under a load profile with pushes still on time. It starts a reference server of
// its own (`tests/server-process.ts`: the same `server/main.ts` as `npm start`, a fresh database,
// 127.0.0.1, a free port, LOAD_PROFILE and no per-address socket cap), lets the market warm up,
// then for each client count in turn:
//   - opens that many socket.io clients (websocket transport, the public room, every one
//     subscribed to the focused pair's depth deltas, as a trading screen is);
//   - for `seconds`, times every push that carries `server_time` from publish to receipt (one
//     machine, one clock), counts the pushes delivered, and places `orders` a second from the demo
//     account (limit buys of 0.001 BTC at 1,000 USDT, far under the market: the whole order path,
//     written and its funds frozen; the database is the run's own and goes with it), timing each
//     reply;
//   - closes the clients.
// It stops stepping up once push p99 passes 250 ms, and prints a table (markdown) with the
// largest count that kept it. Bounded on purpose: loopback only (no --url), at most 2,000
// clients, 60 s a step and 50 orders a second; it stops the server and itself at the end.
//
// With --workers=N (2 to 8) the server is N processes on one port (`WORKERS=N`, ADR 0072) over a
// PostgreSQL of the run's own (server/db/test-cluster.ts: initdb in a temporary folder, removed
// at the end): the clients spread over the processes, and the focused pair's pushes reach the
// processes that do not own it through the socket adapter (NOTIFY).
//
// The clients run in this process, on the same machine as the server: on a 2-core machine they
// take CPU the server would otherwise have, so the counts are a floor for the server alone.
import { io, type Socket } from 'socket.io-client';
import { findPostgresBinaries, startCluster, type TestCluster } from '../server/db/test-cluster.ts';
import { startServerProcess, type ServerProcess } from '../tests/server-process.ts';

const SOCKET_PATH = '/wss/socket.io/';
const MAX_CLIENTS = 2000;
const MAX_SECONDS = 60;
const MAX_ORDERS = 50;
const WARMUP_MS = 8_000;
const P99_BUDGET_MS = 250;
const DEMO = { user: 'demo@bourse.local', password: 'demo1234' };
const FOCUS = 'BTC/USDT';
const BTC = { legal_id: '3', currency_id: '1' };

interface Options {
  clients: number[];
  seconds: number;
  orders: number;
  profile: string;
  workers: number;
}

interface Step {
  clients: number;
  connected: number;
  pushesPerSecond: number;
  p50: number;
  p99: number;
  orders: number;
  ordersPerSecond: number;
  orderP50: number;
  orderP99: number;
  failedOrders: number;
}

function options(argv: readonly string[]): Options {
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const clients = (arg('clients') ?? '50,100,200,400')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .map((n) => Math.min(n, MAX_CLIENTS));
  return {
    clients: clients.length > 0 ? clients : [50],
    seconds: Math.min(Math.max(Number(arg('seconds') ?? 15) || 15, 5), MAX_SECONDS),
    orders: Math.min(Math.max(Number(arg('orders') ?? 5) || 0, 0), MAX_ORDERS),
    profile: arg('profile') ?? 'F-busy',
    workers: Math.min(Math.max(Math.trunc(Number(arg('workers') ?? 1)) || 1, 1), 8),
  };
}

const pct = (sorted: Float64Array, p: number): number =>
  sorted.length === 0
    ? NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN);

function sortedOf(values: number[]): Float64Array {
  return Float64Array.from(values).sort();
}

/** Opens `n` clients; resolves with those connected within 20 s. */
async function openClients(
  url: string,
  n: number,
  onPush: (ms: number) => void,
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const connected = await Promise.all(
    Array.from({ length: n }, async () => {
      const s = io(url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false });
      sockets.push(s);
      const time = (payload: unknown) => {
        const t = (payload as { server_time?: unknown } | null)?.server_time;
        if (typeof t === 'number') onPush(Date.now() - t);
      };
      for (const event of ['market_depth', 'market_detail', 'daymarket', 'transaction'])
        s.on(event, time);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 20_000);
        s.once('connect', () => {
          clearTimeout(timer);
          s.emit('depth_subscribe', { symbol: FOCUS, mode: 'delta' });
          resolve(true);
        });
        s.once('connect_error', () => resolve(false));
      });
    }),
  );
  return sockets.filter((_, i) => connected[i] === true);
}

async function login(url: string): Promise<string> {
  const body = new URLSearchParams({ user_string: DEMO.user, password: DEMO.password, type: '1' });
  const r = await fetch(`${url}/api/user/login`, { method: 'POST', body });
  const reply = (await r.json()) as { type: string; message: unknown };
  if (reply.type !== 'ok') throw new Error(`demo login refused: ${JSON.stringify(reply.message)}`);
  return String(reply.message);
}

/** Places `perSecond` limit buys far under the market for `ms`; the replies' times. */
async function placeOrders(url: string, token: string, perSecond: number, ms: number) {
  const times: number[] = [];
  let failed = 0;
  if (perSecond === 0) return { times, failed };
  const end = Date.now() + ms;
  const gap = 1000 / perSecond;
  const inFlight: Promise<void>[] = [];
  for (let next = Date.now(); next < end; next += gap) {
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    const body = new URLSearchParams({
      ...BTC,
      mode: '2',
      price: '1000',
      num: '0.001',
    });
    const from = performance.now();
    inFlight.push(
      fetch(`${url}/api/transaction/in`, {
        method: 'POST',
        body,
        headers: { authorization: token },
      })
        .then(async (r) => {
          const reply = (await r.json()) as { type: string; message: unknown };
          times.push(performance.now() - from);
          // a limit buy far under the market rests: the order written, its funds frozen
          if (reply.type !== 'ok') {
            failed += 1;
            if (failed === 1) console.error('order refused:', JSON.stringify(reply.message));
          }
        })
        .catch(() => {
          failed += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  return { times, failed };
}

async function step(server: ServerProcess, token: string, n: number, o: Options): Promise<Step> {
  const latencies: number[] = [];
  let measuring = false;
  const sockets = await openClients(server.url, n, (ms) => {
    if (measuring) latencies.push(ms);
  });
  // the clients settle (snapshots) before the window opens
  await new Promise((r) => setTimeout(r, 2000));
  // the window is `seconds` long whatever the orders' replies take; late replies still count
  const ms = o.seconds * 1000;
  measuring = true;
  const window = new Promise<void>((r) =>
    setTimeout(() => {
      measuring = false;
      r();
    }, ms),
  );
  const orders = await placeOrders(server.url, token, o.orders, ms);
  await window;
  for (const s of sockets) s.close();
  const pushes = sortedOf(latencies);
  const replies = sortedOf(orders.times);
  return {
    clients: n,
    connected: sockets.length,
    pushesPerSecond: Math.round(latencies.length / o.seconds),
    p50: pct(pushes, 0.5),
    p99: pct(pushes, 0.99),
    orders: orders.times.length,
    ordersPerSecond: Math.round((orders.times.length / o.seconds) * 10) / 10,
    orderP50: pct(replies, 0.5),
    orderP99: pct(replies, 0.99),
    failedOrders: orders.failed,
  };
}

function table(steps: readonly Step[], o: Options): string {
  const f = (v: number) => (Number.isNaN(v) ? '—' : String(Math.round(v)));
  const rows = steps.map(
    (s) =>
      `| ${s.clients} | ${s.connected} | ${s.pushesPerSecond} | ${f(s.p50)} | ${f(s.p99)} | ${s.ordersPerSecond} | ${f(s.orderP50)} | ${f(s.orderP99)} | ${s.failedOrders} |`,
  );
  const kept = steps.filter((s) => s.connected === s.clients && s.p99 <= P99_BUDGET_MS);
  const best = kept.length === 0 ? 'none' : String(Math.max(...kept.map((s) => s.clients)));
  return [
    `${o.workers === 1 ? 'One server process' : `${o.workers} server processes (WORKERS=${o.workers}, PostgreSQL)`}, ${o.profile}, ${o.seconds} s a step, ${o.orders} orders/s:`,
    '',
    '| clients | connected | pushes/s delivered | push p50 ms | push p99 ms | orders/s | order p50 ms | order p99 ms | failed |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Clients held with push p99 ≤ ${P99_BUDGET_MS} ms: ${best}.`,
  ].join('\n');
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  const database = o.workers === 1 ? null : await ownPostgres();
  const server = await startServerProcess({
    LOAD_PROFILE: o.profile,
    SOCKETS_PER_ADDRESS: '0',
    SIM_SPEED: '1',
    ...(database === null ? {} : { WORKERS: String(o.workers), DATABASE_URL: database.url }),
  }).catch(async (err: unknown) => {
    await database?.stop();
    throw err;
  });
  try {
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    const token = await login(server.url);
    const steps: Step[] = [];
    for (const n of o.clients) {
      const s = await step(server, token, n, o);
      steps.push(s);
      console.log(
        `${n} clients: ${s.connected} connected, ${s.pushesPerSecond} pushes/s, p50 ${s.p50.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms; orders ${s.ordersPerSecond}/s, p99 ${s.orderP99.toFixed(0)} ms`,
      );
      if (s.p99 > P99_BUDGET_MS || s.connected < n) break;
    }
    console.log(`\n${table(steps, o)}`);
  } finally {
    await server.stop();
    await database?.stop();
  }
}

/** A PostgreSQL of the run's own, for several processes (PGlite serves one). */
async function ownPostgres(): Promise<TestCluster> {
  const bindir = findPostgresBinaries();
  if (bindir === null)
    throw new Error('--workers needs PostgreSQL binaries (apt-get install postgresql)');
  return startCluster(bindir);
}

await main();
