// The trader's workspace over HTTP against a real server, on PGlite and on PostgreSQL: null
// until saved, a save keeps the normalized document and answers it, each user sees only their
// own, and hostile or sloppy documents (not JSON, too big, unknown fields, a prototype key,
// thousands of favourites) are refused or cut down, never stored as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WORKSPACE,
  FAVOURITES_MAX,
  WORKSPACE_MAX_BYTES,
  type Workspace,
} from '../../src/shared/workspace.ts';
import { DRAWINGS_PER_PAIR } from '../../src/shared/drawings.ts';
import { backends } from '../db/test-databases.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer, testUser } from '../testing/helpers.ts';

describe.each(backends())('the workspace on %s', (backend) => {
  let s: TestServer;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
    alice = { authorization: (await testUser(s, 'ws-alice@bourse.test')).token };
    bob = { authorization: (await testUser(s, 'ws-bob@bourse.test')).token };
  }, 60_000);
  afterAll(async () => {
    await s.close();
  });

  const read = async (headers: Record<string, string>) => {
    const r = await get(s, '/api/user/workspace', headers);
    expect(r.type).toBe('ok');
    return r.message as { workspace: Workspace | null; updated_at: number | null };
  };
  const save = (workspace: string, headers = alice) =>
    post(s, '/api/user/workspace_save', { workspace }, headers);

  it('needs a login', async () => {
    expect((await get(s, '/api/user/workspace')).type).toBe('999');
    expect((await save('{}', {})).type).toBe('999');
  });

  it('is null before the first save, then what was saved, for its user only', async () => {
    expect(await read(alice)).toEqual({ workspace: null, updated_at: null });
    const mine: Workspace = {
      ...DEFAULT_WORKSPACE,
      chart: { period: '15min', indicators: ['ma'], pane: 'depth' },
      book: { layout: 'asks', grouping: 50, rate: 250, reducedMotion: true },
      favourites: ['ETH/USDT', 'BTC/USDT'],
      marketSort: { key: 'volume', dir: 'desc' },
    };
    const r = await save(JSON.stringify(mine));
    expect(r.type).toBe('ok');
    expect((r.message as { workspace: Workspace }).workspace).toEqual(mine);
    expect(await read(alice)).toEqual({ workspace: mine, updated_at: s.clock.now });
    expect((await read(bob)).workspace).toBeNull();
    // a second save replaces the first
    const next = { ...mine, favourites: [] };
    expect((await save(JSON.stringify(next))).type).toBe('ok');
    expect((await read(alice)).workspace).toEqual(next);
  });

  it('refuses what is not JSON or too big, and keeps the document it had', async () => {
    const before = (await read(alice)).workspace;
    for (const bad of ['', 'not json', '{"chart":', `"${'x'.repeat(WORKSPACE_MAX_BYTES + 10)}"`]) {
      const r = await save(bad);
      expect(r.type, bad.slice(0, 20)).toBe('error');
      expect(typeof r.message).toBe('string');
    }
    expect((await read(alice)).workspace).toEqual(before);
  });

  it('keeps only what it knows of a sloppy or hostile document', async () => {
    const hostile = JSON.stringify({
      __proto__: { polluted: true },
      constructor: { prototype: { polluted: true } },
      chart: { period: '2min', indicators: ['ma', 'stoch', 'ma', 7] },
      book: { layout: 'sideways', grouping: 3, rate: 0, reducedMotion: 'yes' },
      favourites: [
        'BTC/USDT',
        'BTC/USDT',
        'btc/usdt',
        '<img src=x onerror=alert(1)>/USDT',
        42,
        ...Array.from({ length: 500 }, (_, i) => `C${i}/USDT`),
      ],
      marketSort: { key: 'price; DROP TABLE users', dir: 'up' },
      extra: 'x'.repeat(1000),
    });
    const r = await save(hostile, bob);
    expect(r.type).toBe('ok');
    const kept = (await read(bob)).workspace;
    expect(kept).toEqual({
      chart: { period: DEFAULT_WORKSPACE.chart.period, indicators: ['ma'], pane: 'candles' },
      book: { layout: 'both', grouping: 1, rate: 'frame', reducedMotion: null },
      favourites: [
        'BTC/USDT',
        ...Array.from({ length: FAVOURITES_MAX - 1 }, (_, i) => `C${i}/USDT`),
      ],
      marketSort: null,
      hotkeys: DEFAULT_WORKSPACE.hotkeys,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // the stored text is the normalized document, not what was sent
    const rows = await s.ctx.db.query<{ doc: string }>(
      "SELECT doc FROM user_workspace w JOIN users u ON u.id = w.user_id WHERE u.account = 'ws-bob@bourse.test'",
    );
    expect(rows[0]?.doc).not.toContain('extra');
    expect(rows[0]?.doc).not.toContain('polluted');
  });

  it('keeps the chart drawings it can read, bounded, and drops the rest (issue 46)', async () => {
    const t = Date.UTC(2026, 10, 1);
    const good = {
      id: 'abc12345',
      kind: 'trend',
      a: { t, p: '100.5' },
      b: { t: t + 60_000, p: '101' },
    };
    const doc = {
      ...DEFAULT_WORKSPACE,
      drawings: {
        'BTC/USDT': [
          good,
          { ...good, id: 'e1', a: { t, p: '1e5' } },
          { ...good, id: 'e2', a: { t, p: '-3' } },
          { ...good, id: 'e3', a: { t: 1.5, p: '1' } },
          { ...good, id: 'e4', kind: 'circle' },
          { ...good, id: '<script>' },
          { id: 'e5', kind: 'trend', a: { t, p: '1' } },
          good,
          ...Array.from({ length: DRAWINGS_PER_PAIR + 5 }, (_, i) => ({ ...good, id: `n${i}` })),
        ],
        'not a pair': [good],
        'ETH/USDT': 'lots',
      },
    };
    const r = await save(JSON.stringify(doc), bob);
    expect(r.type).toBe('ok');
    const kept = (await read(bob)).workspace?.drawings?.['BTC/USDT'] ?? [];
    expect(kept).toHaveLength(DRAWINGS_PER_PAIR);
    expect(kept[0]).toEqual(good);
    expect(kept.map((d) => d.id).slice(1, 3)).toEqual(['n0', 'n1']);
    expect(Object.keys((await read(bob)).workspace?.drawings ?? {})).toEqual(['BTC/USDT']);
    // none left: the field is gone
    expect((await save(JSON.stringify({ ...doc, drawings: {} }), bob)).type).toBe('ok');
    expect((await read(bob)).workspace).not.toHaveProperty('drawings');
  });
});
