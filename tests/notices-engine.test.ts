// The user's notifications through the engine against a real server process (issue 25): an
// operator's decision reaches both "tabs" of one browser (engines sharing the session database)
// and exactly one shows it; while both are cut off, a decision is caught up after the connection
// comes back and shown once, as "while you were away"; after both pages were closed, a page
// opened again (its own log and the shared session database) shows what came meanwhile once,
// and nothing it had already seen; marking all read reaches the other tab.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineHandle } from '../src/engine/engine.ts';
import { startNodeEngine } from '../src/engine/node.ts';
import { projectionValue } from '../src/engine/replay/codec.ts';
import { maskForExport } from '../src/engine/replay/export-mask.ts';
import { canonicalJson } from '../src/engine/replay/hash.ts';
import { loadReplay } from '../src/engine/replay/replay-session.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';

const ADMIN = 'notices-engine-admin-token-0123456789';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1a6b20000000049454e44ae426082',
  'hex',
);
const USDT = 3;
const stamp = Date.now();
const SESSION_DB = `nt-session-${stamp}`;

let server: ServerProcess;
const engines: EngineHandle[] = [];
/** Deposit requests waiting for the operator, oldest first. */
let deposits: number[] = [];

async function tab(log: string): Promise<EngineHandle> {
  const { engine } = await startNodeEngine({
    baseUrl: server.url,
    lang: 'en',
    logDbName: `nt-${log}-${stamp}`,
    sessionDbName: SESSION_DB,
  });
  engines.push(engine);
  return engine;
}

async function http(path: string, form: Record<string, string>, headers: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(form),
  });
  const body = (await res.json()) as { type: string; message: unknown };
  expect(body.type, `${path}: ${JSON.stringify(body.message)}`).toBe('ok');
  return body.message;
}

/** The operator confirms the next waiting deposit: one `wallet.deposit` notification. */
async function confirmNext(): Promise<void> {
  const id = deposits.shift();
  if (id === undefined) throw new Error('no deposit left');
  await http(
    '/api/admin/deposit',
    { id: String(id), action: 'confirm' },
    { 'x-admin-token': ADMIN },
  );
}

const toasts = async (engine: EngineHandle) =>
  (await engine.log.read(0, 1_000_000)).filter((e) => e.name === 'notices.toast');
const toastedIds = async (list: readonly EngineHandle[]) => {
  const ids: number[] = [];
  for (const e of list)
    for (const t of await toasts(e)) ids.push(...(t.body as { ids: number[] }).ids);
  return ids.sort((a, b) => a - b);
};
const settle = () => new Promise((r) => setTimeout(r, 2500));

beforeAll(async () => {
  server = await startServerProcess({ SIM_OFF: '1', ADMIN_TOKEN: ADMIN });
  // four deposit requests of the demo user, made before any engine logs in (a login over HTTP
  // ends the user's other sessions)
  const login = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    body: new URLSearchParams({
      user_string: 'demo@bourse.local',
      password: 'demo1234',
      type: '1',
    }),
  });
  const token = String(((await login.json()) as { message: string }).message);
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
  const up = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const pic = String(((await up.json()) as { message: string }).message);
  for (const amount of ['10', '20.5', '30.25', '40.125'])
    await http(
      '/api/wallet/charge_req',
      { currency: String(USDT), amount, pic, type: 'erc20' },
      { authorization: token },
    );
  const queue = await fetch(`${server.url}/api/admin/queue`, {
    headers: { 'x-admin-token': ADMIN },
  });
  const q = ((await queue.json()) as { message: { deposits: { id: number }[] } }).message;
  deposits = q.deposits.map((d) => d.id).sort((a, b) => a - b);
  expect(deposits).toHaveLength(4);
}, 90_000);

afterAll(async () => {
  for (const e of engines) await e.close().catch(() => undefined);
  await server?.stop();
});

describe('notifications through the engine', () => {
  let a: EngineHandle;
  let b: EngineHandle;

  it('a live notification reaches both tabs and is shown by exactly one', async () => {
    a = await tab('a');
    const r = await a.login({
      account: 'demo@bourse.local',
      password: 'demo1234',
      areaCodeId: null,
    });
    expect(r.ok).toBe(true);
    b = await tab('b'); // the same browser: it takes the stored login
    await until(() => a.state().notices.view.loaded && b.state().notices.view.loaded);
    await settle();
    await confirmNext();
    await until(
      () => a.state().notices.view.items.length === 1 && b.state().notices.view.items.length === 1,
    );
    await settle();
    const row = a.state().notices.view.items[0];
    expect(row).toMatchObject({
      kind: 'wallet.deposit',
      params: { currency: 'USDT', amount: '10', result: 'approved' },
      read: false,
    });
    expect(a.state().notices.view.unread).toBe(1);
    expect(await toastedIds([a, b])).toEqual([row?.id]);
  }, 60_000);

  it('while both are cut off, a decision is caught up and shown once as "while you were away"', async () => {
    await a.setOnline(false);
    await b.setOnline(false);
    await new Promise((r) => setTimeout(r, 500));
    await confirmNext();
    await new Promise((r) => setTimeout(r, 1000));
    expect(a.state().notices.view.items).toHaveLength(1);
    await a.setOnline(true);
    await b.setOnline(true);
    await until(
      () => a.state().notices.view.items.length === 2 && b.state().notices.view.items.length === 2,
      30_000,
    );
    await settle();
    const all = [...(await toasts(a)), ...(await toasts(b))];
    const away = all.filter((t) => (t.body as { away: boolean }).away);
    expect(away).toHaveLength(1);
    expect((away[0]?.body as { ids: number[] }).ids).toEqual([a.state().notices.view.items[0]?.id]);
    expect(a.state().notices.view.unread).toBe(2);
  }, 60_000);

  it('a page opened again after both were closed shows what came meanwhile, once', async () => {
    const seen = a.state().notices.view.items.map((n) => n.id);
    const before = (await toasts(a)).length;
    await a.close();
    await b.close();
    await confirmNext();
    await new Promise((r) => setTimeout(r, 800));
    const again = await tab('a'); // tab a's own log, the browser's session database
    await until(
      () => again.state().notices.view.loaded && again.state().notices.view.items.length === 3,
      30_000,
    );
    await settle();
    const latest = (await toasts(again)).slice(before);
    const newest = again.state().notices.view.items[0]?.id;
    expect(seen).not.toContain(newest);
    expect(latest.map((t) => t.body)).toEqual([{ ids: [newest], away: true }]);

    // marking all read: the server's count and the other tab follow
    const other = await tab('c');
    await until(
      () =>
        other.state().notices.view.loaded && other.state().session.connection.state === 'online',
    );
    const r = await again.readNotices('all');
    expect(r.ok).toBe(true);
    expect(again.state().notices.view.unread).toBe(0);
    // a replay of this page session shows the same notifications and the same toasts, at the
    // same moments
    const exporting = again.exportLog(3_600_000);
    const live = again.state();
    const file = await exporting;
    const replay = await loadReplay(file.bytes);
    expect(replay.mismatches).toEqual([]);
    const end = replay.stateAfter(replay.count - 1);
    expect(canonicalJson(projectionValue(end, 'notices'))).toBe(
      canonicalJson(maskForExport(projectionValue(live, 'notices'))),
    );
    const toastName = replay.names.indexOf('notices.toast');
    const replayed = [...replay.filter(new Set([toastName]))].map((i) => {
      const view = replay.stateAfter(i).notices.view;
      return { at: view.toast?.at, ids: view.toast?.ids };
    });
    const logged = (await toasts(again)).filter((e) => e.at >= (file.from ?? 0));
    expect(replayed).toEqual(
      logged.map((e) => ({ at: e.at, ids: (e.body as { ids: number[] }).ids })),
    );
    expect(replayed.length).toBeGreaterThan(0);

    await until(
      () =>
        other.state().notices.view.unread === 0 &&
        other.state().notices.view.items.every((n) => n.read),
    );
  }, 90_000);

  it('with the server stopped, a page opened again shows the last known notifications, held', async () => {
    const before =
      engines
        .at(-2)
        ?.state()
        .notices.view.items.map((n) => n.id) ?? [];
    expect(before.length).toBe(3);
    for (const e of engines.splice(0)) await e.close().catch(() => undefined);
    await server.kill();
    const offline = await tab('a');
    await until(() => offline.state().notices.view.held);
    const view = offline.state().notices.view;
    expect(view.loaded).toBe(false);
    expect(view.items.map((n) => n.id)).toEqual(before);
    expect(view.at).toBeGreaterThan(0);
    // nothing is shown again: the page knew them all
    await settle();
    expect(offline.state().notices.view.toast).toBeNull();
  }, 60_000);
});
