// The engine's counters (stats.ts): what benchmarks read through EngineApi.stats.
import { describe, expect, it } from 'vitest';
import type { FrameDiff } from './api.ts';
import { createFrameScheduler } from './frames/frame-scheduler.ts';
import type { FrameSource } from './frames/frame-scheduler.ts';
import type { EngineEvent } from './events.ts';
import { initialSessionState } from './projections/session.ts';
import { createStatsMeter, FRAME_SIZE_SAMPLES } from './stats.ts';
import { manualTimers } from './testing/fakes.ts';

const LOG = { appended: 0, flushes: 0, transactions: 0, pending: 0 };

const delta = (levels: number): EngineEvent =>
  ({
    seq: 1,
    at: 0,
    kind: 'push',
    name: 'book.delta',
    body: {
      symbol: 'BTC/USDT',
      seq: 2,
      prevSeq: 1,
      bids: Array.from({ length: levels }, () => ['1', '1']),
      asks: [['2', '0']],
    },
  }) as unknown as EngineEvent;

const malformed = {
  seq: 2,
  at: 0,
  kind: 'system',
  name: 'system.malformed',
  body: { source: 'x', reason: 'y' },
} as EngineEvent;

function scheduler(meter: ReturnType<typeof createStatsMeter>) {
  const timers = manualTimers();
  // only the connection is ever marked here
  const source = {
    whole: () => initialSessionState.connection,
  } as unknown as FrameSource;
  const frames = createFrameScheduler(timers, source, true, { now: () => timers.now() }, meter);
  const diffs: FrameDiff[] = [];
  frames.setSink((d) => diffs.push(d));
  return { timers, frames, diffs };
}

describe('engine stats', () => {
  it('counts socket pushes by name, events, malformed input and delta level changes', () => {
    const meter = createStatsMeter();
    meter.socket('market_depth');
    meter.socket('market_depth');
    meter.socket('kline');
    meter.event(delta(3));
    meter.event(malformed);
    const s = meter.snapshot(LOG, false);
    expect(s.socketMessages).toBe(3);
    expect(s.socketByEvent).toEqual({ market_depth: 2, kline: 1 });
    expect(s.events).toBe(2);
    expect(s.malformed).toBe(1);
    expect(s.levelChanges).toBe(4);
  });

  it('counts posted frames; sizes only in bench mode, bounded, emptied on reset', () => {
    const meter = createStatsMeter();
    const { timers, frames } = scheduler(meter);
    frames.mark('connection');
    timers.frame();
    expect(meter.snapshot(LOG, false)).toMatchObject({ frames: 1, frameBytes: 0, frameSizes: [] });
    meter.setBench(true);
    frames.mark('connection');
    timers.frame();
    const s = meter.snapshot(LOG, true);
    expect(s.frames).toBe(2);
    expect(s.frameSizes).toHaveLength(1);
    expect(s.frameBytes).toBe(s.frameSizes[0]);
    expect(meter.snapshot(LOG, false).frameSizes).toEqual([]);
    for (let i = 0; i < FRAME_SIZE_SAMPLES + 5; i++) meter.frame({ frame: i });
    expect(meter.snapshot(LOG, false).frameSizes).toHaveLength(FRAME_SIZE_SAMPLES);
  });

  it('counts changes held back while hidden, and posts none of them until visible', () => {
    const meter = createStatsMeter();
    const { timers, frames, diffs } = scheduler(meter);
    frames.setVisible(false);
    frames.mark('connection');
    frames.mark('connection');
    timers.frame();
    expect(diffs).toHaveLength(0);
    expect(meter.snapshot(LOG, false)).toMatchObject({ heldWhileHidden: 2, frames: 0 });
    frames.setVisible(true);
    timers.frame();
    expect(diffs).toHaveLength(1);
    expect(meter.snapshot(LOG, false).frames).toBe(1);
  });
});
