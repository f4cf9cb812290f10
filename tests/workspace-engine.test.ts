// The workspace through the engine against a real server process (issue 24): quick changes are
// logged each and saved once, the latest; another "browser" (a fresh log and session store) of the
// same user reads it after its login; a logout forgets it in the engine; a visitor's change is
// logged but never sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeEngine } from '../src/engine/node.ts';
import type { EngineHandle } from '../src/engine/engine.ts';
import { DEFAULT_WORKSPACE, toggleFavourite, type Workspace } from '../src/shared/workspace.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';

let server: ServerProcess;
const engines: EngineHandle[] = [];

async function browser(name: string): Promise<EngineHandle> {
  const { engine } = await startNodeEngine({
    baseUrl: server.url,
    lang: 'en',
    logDbName: `ws-${name}-log-${Date.now()}`,
    sessionDbName: `ws-${name}-session-${Date.now()}`,
  });
  engines.push(engine);
  return engine;
}

async function loggedIn(engine: EngineHandle): Promise<void> {
  const r = await engine.login({
    account: 'demo@bourse.local',
    password: 'demo1234',
    areaCodeId: null,
  });
  expect(r.ok).toBe(true);
}

const logged = async (engine: EngineHandle, name: string) =>
  (await engine.log.read(0, 100_000)).filter((e) => e.name === name);

beforeAll(async () => {
  server = await startServerProcess({ SIM_OFF: '1' });
}, 90_000);

afterAll(async () => {
  for (const e of engines) await e.close();
  await server?.stop();
});

describe('the workspace through the engine', () => {
  it('a visitor’s change is logged and kept in the engine, and never sent', async () => {
    const engine = await browser('visitor');
    const mine = toggleFavourite(DEFAULT_WORKSPACE, 'ETH/USDT');
    await engine.setWorkspace(mine);
    expect(engine.state().workspace.view.workspace).toEqual(mine);
    expect(await logged(engine, 'workspace.changed')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 800));
    expect(await logged(engine, 'workspace.saved')).toHaveLength(0);
  });

  it('follows the user to another browser, the latest of quick changes saved once', async () => {
    const first = await browser('first');
    await loggedIn(first);
    await until(() => first.state().workspace.view.loaded);
    let w: Workspace = DEFAULT_WORKSPACE;
    for (const symbol of ['BTC/USDT', 'ETH/USDT', 'LTC/USDT']) {
      w = toggleFavourite(w, symbol);
      await first.setWorkspace(w);
    }
    w = { ...w, chart: { period: '1day', indicators: ['volume'], pane: 'depth' } };
    await first.setWorkspace(w);
    expect(await logged(first, 'workspace.changed')).toHaveLength(4);
    // one save, after the changes settled: the server's copy is the last change
    await until(() => first.state().workspace.view.stored);
    expect(await logged(first, 'workspace.saved')).toHaveLength(1);
    expect(first.state().workspace.view.workspace).toEqual(w);

    const second = await browser('second');
    expect(second.state().workspace.view.workspace).toBeNull();
    await loggedIn(second);
    await until(() => second.state().workspace.view.loaded);
    expect(second.state().workspace.view).toMatchObject({ stored: true, workspace: w, copy: w });

    // a logout forgets it in the engine (the page keeps a visitor's copy of its own)
    await second.logout();
    expect(second.state().workspace.view.workspace).toBeNull();
  });

  it('drops what a sloppy page sends, and keeps the rest', async () => {
    const engine = await browser('sloppy');
    await loggedIn(engine);
    await until(() => engine.state().workspace.view.loaded);
    await engine.setWorkspace({
      ...DEFAULT_WORKSPACE,
      favourites: ['BTC/USDT', '<script>', 'BTC/USDT'],
      book: { layout: 'x', grouping: 7, rate: 5, reducedMotion: 'no' },
    } as unknown as Workspace);
    const kept = engine.state().workspace.view.workspace;
    expect(kept?.favourites).toEqual(['BTC/USDT']);
    expect(kept?.book).toEqual(DEFAULT_WORKSPACE.book);
  });
});
