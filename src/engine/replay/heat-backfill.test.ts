// The depth heatmap after a reload (issue 47): an engine in Node on fake services samples a
// climbing book live, closes, and a new engine on the same stored log (the session restored, as
// a page reload restores it) is asked for the pair's heatmap: the history before the reload is
// folded from the log again and equals what the first page session sampled live (B1); a history
// of another login is never filled in.
import { describe, expect, it, vi } from 'vitest';
import { createEngine } from '../engine.ts';
import type { EngineHandle } from '../engine.ts';
import { HEAT_SAMPLE_MS } from '../api/heat.ts';
import type { HeatSlice } from '../api/heat.ts';
import { ok, testServices } from '../testing/fakes.ts';
import type { TestServices } from '../testing/fakes.ts';
import { depth, routes, started } from '../testing/spot-engine.ts';

const SYMBOL = 'BTC/USDT';

/** Services whose server clock is the test's clock (the heatmap's times are the exchange's). */
function services(): TestServices {
  let now = (): number => 0;
  const t = testServices(routes({ '/api/server/time': () => ok(now()) }));
  now = () => t.services.clock.now();
  return t;
}

/** A delta a second for `seconds` seconds: the best bid climbs by one from `from`. */
function climb(t: TestServices, fire: (push: unknown) => void, from: number, seconds: number) {
  for (let s = 1; s <= seconds; s += 1) {
    t.timers.advance(1000);
    fire(depth('delta', from + s, from + s - 1, [[String(90 + from + s), '1']], []));
  }
}

/** The same page's engine again (same databases), its session restored, watching the pair. */
async function reopened(t: TestServices, name: string): Promise<EngineHandle> {
  const engine = createEngine(t.services, { logDbName: `${name}-log`, sessionDbName: `${name}-s` });
  await engine.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);
  const socket = t.sockets.at(-1);
  if (socket === undefined) throw new Error('no socket');
  socket.open();
  await engine.watchSpot(SYMBOL);
  socket.fire('market_depth', depth('snapshot', 500, null, [['150', '1']], [['200', '1']]));
  climb(t, (p) => socket.fire('market_depth', p), 500, 3);
  return engine;
}

/** The engine's heatmap of the pair once it holds samples before `before`. */
async function heatWith(engine: EngineHandle, before: number): Promise<HeatSlice> {
  let slice: HeatSlice | null = null;
  await vi.waitFor(
    async () => {
      slice = await engine.depthHeat(SYMBOL, -Infinity);
      expect(slice?.samples.some((s) => s.t < before)).toBe(true);
    },
    { timeout: 5_000 },
  );
  if (slice === null) throw new Error('no heat');
  return slice;
}

function oneHistory(slice: HeatSlice): void {
  // D1 across the join: ascending, a sample period apart at least
  for (let i = 1; i < slice.samples.length; i += 1)
    expect((slice.samples[i]?.t ?? 0) - (slice.samples[i - 1]?.t ?? 0)).toBeGreaterThanOrEqual(
      HEAT_SAMPLE_MS,
    );
}

describe('the depth heatmap after a reload', () => {
  it('B1: the history before the reload is folded from the log, as the page before sampled it', async () => {
    const t = services();
    const first = await started(t, 'heat-reload');
    await first.engine.watchSpot(SYMBOL);
    first.socket.fire('market_depth', depth('snapshot', 1, null, [['90', '1']], [['200', '1']]));
    climb(t, (p) => first.socket.fire('market_depth', p), 1, 30);
    const live = await first.engine.depthHeat(SYMBOL, -Infinity);
    expect(live?.samples.length).toBeGreaterThan(25);
    await first.engine.close();
    t.timers.advance(5_000);
    const reload = t.services.clock.now();

    const engine = await reopened(t, 'heat-reload');
    const fresh = await engine.depthHeat(SYMBOL, -Infinity);
    const after = await heatWith(engine, reload);
    expect(after.epoch).not.toBe(fresh?.epoch);
    expect(after.samples.filter((s) => s.t < reload)).toEqual(live?.samples);
    // after it, the new page's own book (one level a side), not the state restored at its start
    const now = after.samples.filter((s) => s.t >= reload);
    expect(now[0]?.bids).toHaveLength(2);
    expect(now[0]?.asks).toHaveLength(2);
    oneHistory(after);
    // asked again: no second backfill, the same history
    expect((await engine.depthHeat(SYMBOL, -Infinity))?.epoch).toBe(after.epoch);
    await engine.close();
  });

  it('shows nothing from before this login', async () => {
    const t = services();
    const first = await started(t, 'heat-login');
    await first.engine.watchSpot(SYMBOL);
    first.socket.fire('market_depth', depth('snapshot', 1, null, [['90', '1']], [['200', '1']]));
    climb(t, (p) => first.socket.fire('market_depth', p), 1, 20);
    await first.engine.logout();
    await first.engine.login({ account: 'c@d.co', password: 'secret12', areaCodeId: null });
    const login = t.services.clock.now();
    t.timers.advance(2_000);
    await first.engine.close();

    const engine = await reopened(t, 'heat-login');
    await engine.depthHeat(SYMBOL, -Infinity);
    // give the backfill its time; it must add nothing from before the login
    await new Promise((resolve) => setTimeout(resolve, 300));
    const slice = await engine.depthHeat(SYMBOL, -Infinity);
    expect(slice?.samples.every((s) => s.t >= login)).toBe(true);
    await engine.close();
  });
});
