// Frames to the page from a replay (issue 5): the same scheduler and spot reader as the live
// engine, reading the state at the cursor, so every screen renders replayed state as it renders
// live state. Here too are the page's calls about what it is sent: its start (a snapshot, then
// frames), shown or hidden, and the book's settings (grouping, window, rate, owner, depth); and
// the conditional orders' list, answered from the state at the cursor (issue 44).
import type { EngineSnapshot, FrameDiff, ReplayApi } from '../api.ts';
import { createFrameScheduler } from '../frames/frame-scheduler.ts';
import type { FrameScheduler } from '../frames/frame-scheduler.ts';
import { createSpotReader, stateFrameSource } from '../frames/spot-reader.ts';
import type { SpotReader } from '../frames/spot-reader.ts';
import type { Clock, Timers } from '../services.ts';
import { createStatsMeter } from '../stats.ts';
import { snapshotOf } from '../store.ts';
import type { EngineState } from '../store.ts';
import type { ReplayCursor } from './replay-cursor.ts';
import { listedPage } from '../projections/triggers.ts';

export interface ReplayFrames {
  /** How the page asked to see the book (its grouping, window, owner, depth). */
  readonly reader: SpotReader;
  readonly scheduler: FrameScheduler;
}

export type ReplayPageCalls = Pick<
  ReplayApi,
  | 'start'
  | 'setVisible'
  | 'setBookGrouping'
  | 'setBookWindow'
  | 'setBookRate'
  | 'setBookOwner'
  | 'watchDepth'
  | 'spotTriggers'
  | 'depthHeat'
>;

/** Frames read from `current()`, the state at the cursor. */
export function createReplayFrames(
  services: { timers: Timers; clock: Clock },
  current: () => EngineState,
): ReplayFrames {
  const reader = createSpotReader();
  const scheduler = createFrameScheduler(
    services.timers,
    stateFrameSource(current, reader),
    true,
    services.clock,
    createStatsMeter(),
  );
  return { reader, scheduler };
}

export function replayPageCalls(frames: ReplayFrames, cursor: ReplayCursor): ReplayPageCalls {
  const { reader, scheduler } = frames;
  // only once a recording is loaded: before, a frame would read a state there is not
  const markBook = (): void => {
    if (cursor.loaded) scheduler.markBook(true);
  };
  return {
    async start(config, onFrame: (diff: FrameDiff) => unknown): Promise<EngineSnapshot> {
      await Promise.resolve();
      scheduler.setVisible(config.visible);
      scheduler.reset();
      scheduler.setSink(onFrame);
      return snapshotOf(cursor.current(), {
        book: (s) => reader.book(s),
        depth: (s) => reader.depth(s),
        chart: (s) => reader.chart(s, true, new Set()),
      });
    },
    async setVisible(visible) {
      await Promise.resolve();
      scheduler.setVisible(visible);
    },
    async setBookGrouping(grouping) {
      reader.grouping = grouping;
      markBook();
      await Promise.resolve();
    },
    async setBookWindow(window) {
      reader.window = { ...window };
      markBook();
      await Promise.resolve();
    },
    async setBookRate(rate) {
      scheduler.setBookRate(rate);
      await Promise.resolve();
    },
    async setBookOwner(owner) {
      reader.owner = owner === 'lever' ? 'lever' : 'spot';
      markBook();
      await Promise.resolve();
    },
    async watchDepth(on) {
      reader.depthOn = on === true;
      scheduler.setDepth(reader.depthOn);
      await Promise.resolve();
    },
    // the conditional orders as the recorded session last listed them (a list it never asked
    // for is refused like every call a replay cannot make)
    async spotTriggers(status, page) {
      await Promise.resolve();
      const listed = cursor.loaded ? listedPage(cursor.current().triggers, status, page) : null;
      return listed === null
        ? { ok: false, code: 'replay' }
        : { ok: true, message: '', data: listed };
    },
    // the heatmap as the recorded session had it, up to the cursor
    async depthHeat(symbol, since) {
      await Promise.resolve();
      if (!cursor.loaded) return null;
      const session = cursor.session();
      const at = cursor.index >= 0 ? session.at(cursor.index) : -Infinity;
      const until = at + cursor.current().session.connection.clockOffsetMs;
      return session.heat.since(symbol, since, until);
    },
  };
}
