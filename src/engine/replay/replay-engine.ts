// The replay engine (issue 5): what the page talks to while it shows a recorded session. It has
// no transport at all: the state comes from a loaded file (replay-session.ts), the frames from
// the same scheduler and readers as the live engine, so every screen renders replayed state
// as it renders live state. Commands are refused ('replay'); content calls fail as offline.
// The cursor moves by seeking, stepping, or playing (ReplaySpeed), on the injected timers.
// This file composes the parts: the cursor (replay-cursor.ts), play and status
// (replay-player.ts), the event list (replay-event-list.ts), loading (replay-load.ts), frames
// and the page's calls about them (replay-frames.ts), and the calls refused (refused-calls.ts).
import type { EngineApi, ReplayApi } from '../api.ts';
import { markChanges } from '../frames/marks.ts';
import type { Services } from '../services.ts';
import { refusedCalls } from './refused-calls.ts';
import { ReplayCursor } from './replay-cursor.ts';
import { ReplayEventList } from './replay-event-list.ts';
import { createReplayFrames, replayPageCalls } from './replay-frames.ts';
import type { ReplayFrames } from './replay-frames.ts';
import { loadFailure, readRecording, recordingInfo } from './replay-load.ts';
import { ReplayPlayer } from './replay-player.ts';
import { replayDifference } from './replay-difference.ts';

/** The calls only a replay has: load, watch, seek, play, the event list, projections. */
type ReplayControls = Pick<ReplayApi, Exclude<keyof ReplayApi, keyof EngineApi>>;

interface ReplayParts {
  services: Services;
  cursor: ReplayCursor;
  frames: ReplayFrames;
  player: ReplayPlayer;
  list: ReplayEventList;
}

export function createReplayEngine(services: Services): ReplayApi {
  const cursor = new ReplayCursor((previous, next) =>
    markChanges(frames.scheduler, previous, next),
  );
  const frames = createReplayFrames(services, () => cursor.current());
  const player = new ReplayPlayer(services, cursor);
  const list = new ReplayEventList(() => cursor.session());
  return {
    ...refusedCalls,
    ...replayPageCalls(frames, cursor),
    ...replayControls({ services, cursor, frames, player, list }),
    async close() {
      player.stop();
      frames.scheduler.dispose();
      await Promise.resolve();
    },
  };
}

function replayControls({ services, cursor, frames, player, list }: ReplayParts): ReplayControls {
  const settled = (): Promise<void> => Promise.resolve();
  /** The file loaded (the first difference reads it again). */
  let file: Uint8Array | null = null;
  return {
    async replayLoad(bytes, onProgress) {
      player.stop();
      try {
        const loaded = await readRecording(bytes, onProgress, services.timers);
        file = bytes;
        list.clear();
        cursor.load(loaded);
        frames.scheduler.reset();
        return { ok: true, info: recordingInfo(loaded) };
      } catch (error) {
        return loadFailure(error, services.logger);
      }
    },
    async replayWatch(listener) {
      player.watch(listener);
      await settled();
      player.report();
    },
    async replaySeek(target) {
      await settled();
      cursor.moveTo(target);
      player.sought();
      player.report();
    },
    async replayFind(target) {
      await settled();
      const s = cursor.session();
      return 'seq' in target ? s.indexOfSeq(target.seq) : s.indexAtTime(target.at);
    },
    async replayPlay(speed) {
      await settled();
      player.play(speed);
      player.report();
    },
    async replaySetSpeed(speed) {
      await settled();
      player.setSpeed(speed);
      player.report();
    },
    async replayPause() {
      await settled();
      player.stop();
      player.report();
    },
    async replayFilter(text) {
      await settled();
      return list.filter(text);
    },
    async replayRows(start, count) {
      await settled();
      return list.rows(start, count);
    },
    async replayRowOf(index) {
      await settled();
      return list.rowOf(index);
    },
    async replayEvent(index) {
      await settled();
      return list.event(index);
    },
    replayProjection: (name) => cursor.projection(name),
    async replayFirstDifference(onProgress) {
      if (file === null) throw new Error('no recording loaded');
      return replayDifference(file, onProgress, services.timers);
    },
  };
}
