// npm run fixture:record -- SCENARIO OUT.ndjson.gz
//
// Records a small real session for the regression fixtures (tests/fixtures/README.md): starts
// the reference server (fresh embedded database), runs the engine under Node against it
// through a scripted scenario, and writes the export of the whole session to OUT. Then
// `npm run replay -- OUT --fixture NAME` adds it to the fixtures.
//   spot-order  log in as the demo user, open BTC/USDT, place a limit buy under the market,
//               see it among the open orders, cancel it
//   reconnect   open ETH/USDT, let the server drop every socket, wait for the engine to be
//               back online with a fresh book
import { writeFileSync } from 'node:fs';
import type { EngineHandle } from '../src/engine/engine.ts';
import { startNodeEngine } from '../src/engine/node.ts';
import { Decimal } from '../src/shared/decimal.ts';
import { startServerProcess, until } from '../tests/server-process.ts';

const SCENARIOS: Record<string, (engine: EngineHandle, url: string) => Promise<void>> = {
  'spot-order': spotOrder,
  reconnect,
};

const settle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function spotOrder(engine: EngineHandle): Promise<void> {
  const login = await engine.login({
    account: 'demo@bourse.local',
    password: 'demo1234',
    areaCodeId: null,
  });
  if (!login.ok) throw new Error('demo login failed');
  await engine.watchSpot('BTC/USDT');
  await until(() => engine.state().spot.book.bids.size > 5);
  const best = engine.state().spot.book.bids.chunks[0]?.levels[0]?.price ?? '1';
  const price = new Decimal(best).mul('0.9').toDecimalPlaces(2).toFixed();
  const placed = await engine.placeSpotOrder({ side: 'buy', mode: 2, price, number: '0.01' });
  if (!placed.ok) throw new Error(`order refused: ${JSON.stringify(placed)}`);
  const order = await until(() =>
    engine.state().spot.orders.view.open.find((o) => o.price === price),
  );
  await settle(1000);
  const cancelled = await engine.cancelSpotOrder({ id: order.id, side: order.side });
  if (!cancelled.ok) throw new Error('cancel refused');
  await until(() => !engine.state().spot.orders.view.open.some((o) => o.id === order.id));
  await settle(1000);
}

async function reconnect(engine: EngineHandle, url: string): Promise<void> {
  await engine.watchSpot('ETH/USDT');
  await until(() => engine.state().spot.book.bids.size > 5);
  await settle(1000);
  const before = engine.state().session.connection.reconnects;
  await fetch(`${url}/api/dev/drop-sockets`, { method: 'POST' });
  await until(() => engine.state().session.connection.reconnects > before);
  await until(() => engine.state().session.connection.state === 'online', 20_000);
  await until(
    () => engine.state().spot.book.source === 'delta' && engine.state().spot.book.bids.size > 5,
  );
  await settle(1000);
}

async function main(): Promise<void> {
  const [scenario = '', out = ''] = process.argv.slice(2);
  const run = SCENARIOS[scenario];
  if (run === undefined || out === '') {
    console.error(
      `usage: npm run fixture:record -- (${Object.keys(SCENARIOS).join('|')}) OUT.ndjson.gz`,
    );
    process.exit(2);
  }
  // the reconnect scenario drops every socket through a development call
  const server = await startServerProcess({ DEV_ROUTES: '1' });
  try {
    const { engine } = await startNodeEngine({
      baseUrl: server.url,
      lang: 'en',
      storage: 'memory',
    });
    await until(() => engine.state().session.connection.state === 'online');
    await run(engine, server.url);
    const file = await engine.exportLog(24 * 3_600_000);
    await engine.close();
    writeFileSync(out, file.bytes);
    console.error(
      `record-fixture: ${file.events} events written to ${out} (${file.bytes.length} bytes)`,
    );
  } finally {
    await server.stop();
  }
}

void main();
