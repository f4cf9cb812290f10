// An exception in the engine's own code (issue 22): a defect, not the network. It is logged with
// its cause and answered `internal` when nothing was sent, and `unknown` when a request that
// may have changed something already went out: a placement whose reply could not be read must
// never read as "not placed". The defects are injected where the code can throw: the shared
// validation rules (before anything is sent) and the reading of a reply (after).
import { describe, expect, it, vi } from 'vitest';
import type * as SpotRules from '../../shared/spot.ts';
import type * as Ingest from '../ingest/ingest.ts';
import type { EngineHandle } from '../engine.ts';
import { startOnFaultWorld } from '../testing/fault-world.ts';
import { ok } from '../testing/fakes.ts';
import type { Route, TestServices } from '../testing/fakes.ts';

const faults = vi.hoisted(() => ({ validate: false, readReply: false }));

vi.mock('../../shared/spot.ts', async (original) => {
  const real = await original<typeof SpotRules>();
  return {
    ...real,
    validateSpotOrder: (...args: Parameters<typeof real.validateSpotOrder>) => {
      if (faults.validate)
        throw new TypeError("Cannot read properties of undefined (reading 'dp')");
      return real.validateSpotOrder(...args);
    },
  };
});

vi.mock('../ingest/ingest.ts', async (original) => {
  const real = await original<typeof Ingest>();
  return {
    ...real,
    parseEdge: (...args: Parameters<typeof real.parseEdge>) => {
      if (faults.readReply && args[2] === 'reply:spot-place') throw new RangeError('bad index 7');
      return real.parseEdge(...args);
    },
  };
});

const ORDER = { side: 'buy' as const, mode: 2 as const, price: '95', number: '0.5' };
async function started(): Promise<{ t: TestServices; engine: EngineHandle; placed: () => number }> {
  let placed = 0;
  const place: Route = () => {
    placed += 1;
    return Promise.resolve(ok('order placed'));
  };
  const { t, engine } = await startOnFaultWorld('defects', { '/api/transaction/in': place });
  return { t, engine, placed: () => placed };
}

async function results(engine: EngineHandle): Promise<unknown[]> {
  const events = await engine.log.read(0, 100_000);
  return events.filter((e) => e.name === 'command.result').map((e) => e.body);
}

describe('an exception in the engine is an internal error, logged with its cause', () => {
  it('before anything is sent: internal, nothing placed, the cause in the log and the console', async () => {
    const { t, engine, placed } = await started();
    faults.validate = true;
    try {
      const result = await engine.placeSpotOrder(ORDER);
      expect(result).toMatchObject({ ok: false, code: 'internal' });
      expect(result.ok === false && 'message' in result ? result.message : '').toContain(
        'TypeError: Cannot read properties of undefined',
      );
      expect(placed()).toBe(0);
      expect(await results(engine)).toContainEqual({
        command: 'spot-place',
        ok: false,
        type: 'internal',
        message: expect.stringContaining('TypeError') as unknown,
      });
      expect(t.warnings).toContainEqual(['spot-place failed', expect.any(TypeError)]);
    } finally {
      faults.validate = false;
    }
    // the engine goes on: the next placement is placed
    expect(await engine.placeSpotOrder(ORDER)).toMatchObject({ ok: true });
    expect(placed()).toBe(1);
    await engine.close();
  });

  it('after the request went out: the outcome is unknown, never "not placed"', async () => {
    const { engine, placed } = await started();
    faults.readReply = true;
    try {
      const result = await engine.placeSpotOrder(ORDER);
      expect(result).toMatchObject({ ok: false, code: 'unknown', internal: true });
      expect(placed()).toBe(1);
      expect(await results(engine)).toContainEqual({
        command: 'spot-place',
        ok: false,
        type: 'unknown',
        message: expect.stringContaining('RangeError: bad index 7') as unknown,
      });
    } finally {
      faults.readReply = false;
    }
    await engine.close();
  });
});
