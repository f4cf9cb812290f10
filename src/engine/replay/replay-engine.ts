// The replay engine (issue 5): what the page talks to while it shows a recorded session. It has
// no transport at all: the state comes from a loaded file (replay-session.ts), the frames from
// the same scheduler and readers as the live engine, so every screen renders replayed state
// as it renders live state. Commands are refused ('replay'); content calls fail as offline.
// The cursor moves by seeking, stepping, or playing (ReplaySpeed), on the injected timers.
import type {
  EngineSnapshot,
  FrameDiff,
  LogEventView,
  ProjectionName,
  ReplayApi,
  ReplayRow,
  ReplaySpeed,
  ReplayStatus,
} from '../api.ts';
import { createFrameScheduler } from '../frames/frame-scheduler.ts';
import { createSpotReader, stateFrameSource } from '../frames/spot-reader.ts';
import type { Services, TimerId } from '../services.ts';
import { createStatsMeter } from '../stats.ts';
import { markChanges } from '../frames/marks.ts';
import { snapshotOf } from '../store.ts';
import type { EngineState } from '../store.ts';
import { projectionValue } from './codec.ts';
import { ReplayFileError } from './format.ts';
import { hashValue } from './hash.ts';
import { lastAtMost, loadReplay } from './replay-session.ts';
import type { ReplaySession } from './replay-session.ts';

/** Play ticks this often; `max` folds for at most MAX_SLICE_MS per tick. */
const TICK_MS = 50;
const MAX_SLICE_MS = 30;
/** At 1× and 10×, a recorded pause longer than this plays as this long. */
const GAP_CAP_MS = 1000;
const SPEED_FACTOR: Record<Exclude<ReplaySpeed, 'max'>, number> = {
  '1x': 1,
  '10x': 10,
  original: 1,
};

const REFUSED = { ok: false, code: 'replay' } as const;
const OFFLINE = { ok: false, code: 'network', message: '' } as const;

export function createReplayEngine(services: Services): ReplayApi {
  const reader = createSpotReader();
  let session: ReplaySession | null = null;
  let state: EngineState | null = null;
  let index = -1;
  let speed: ReplaySpeed = '1x';
  let timer: TimerId | null = null;
  /** The replay clock while playing (recorded ms) and the wall time it was last advanced. */
  let clock = 0;
  let wall = 0;
  let onStatus: ((status: ReplayStatus) => void) | null = null;
  let filtered: Int32Array | null = null;

  const requireSession = (): ReplaySession => {
    if (session === null) throw new Error('no replay loaded');
    return session;
  };
  const current = (): EngineState => {
    if (state === null) throw new Error('no replay loaded');
    return state;
  };
  const frames = createFrameScheduler(
    services.timers,
    stateFrameSource(current, reader),
    true,
    services.clock,
    createStatsMeter(),
  );

  const status = (): ReplayStatus => {
    const s = requireSession();
    return {
      index,
      seq: index < 0 ? s.header.start.seq : s.seq(index),
      at: index < 0 ? s.header.start.at : s.at(index),
      playing: timer !== null,
      speed,
    };
  };
  const report = (): void => onStatus?.(status());

  const moveTo = (target: number): void => {
    const s = requireSession();
    const next = Math.max(-1, Math.min(s.count - 1, Math.trunc(target)));
    const previous = current();
    index = next;
    state = s.stateAfter(next);
    if (state !== previous) markChanges(frames, previous, state);
  };

  const stop = (): void => {
    if (timer !== null) services.timers.clearInterval(timer);
    timer = null;
  };

  const tick = (): void => {
    const s = requireSession();
    if (index >= s.count - 1) {
      stop();
      report();
      return;
    }
    if (speed === 'max') {
      const until = services.clock.now() + MAX_SLICE_MS;
      let next = index;
      while (next < s.count - 1 && services.clock.now() < until) {
        next = Math.min(s.count - 1, next + 256);
        s.stateAfter(next);
      }
      moveTo(next);
    } else {
      const now = services.clock.now();
      clock += (now - wall) * SPEED_FACTOR[speed];
      wall = now;
      const nextAt = s.at(index + 1);
      if (speed !== 'original' && nextAt - clock > GAP_CAP_MS) clock = nextAt - GAP_CAP_MS;
      moveTo(Math.max(index, s.indexAtTime(clock)));
    }
    report();
  };

  const api: ReplayApi = {
    async start(config, onFrame: (diff: FrameDiff) => unknown): Promise<EngineSnapshot> {
      await Promise.resolve();
      frames.setVisible(config.visible);
      frames.reset();
      frames.setSink(onFrame);
      return snapshotOf(current(), {
        book: (s) => reader.book(s),
        depth: (s) => reader.depth(s),
        chart: (s) => reader.chart(s, true, new Set()),
      });
    },
    async replayLoad(bytes, onProgress) {
      stop();
      try {
        const loaded = await loadReplay(bytes, {
          onProgress,
          pause: () => new Promise((resolve) => services.timers.setTimeout(resolve, 0)),
        });
        session = loaded;
        filtered = null;
        index = loaded.count - 1;
        state = loaded.stateAfter(index);
        frames.reset();
        const h = loaded.header;
        return {
          ok: true,
          info: {
            app: h.app,
            events: loaded.count,
            from: h.from,
            to: h.to,
            firstSeq: h.firstSeq,
            lastSeq: h.lastSeq,
            exportedAt: h.exportedAt,
            names: [...loaded.names],
            mismatches: [...loaded.mismatches],
            finalHashes: loaded.finalHashes,
          },
        };
      } catch (error) {
        if (error instanceof ReplayFileError)
          return { ok: false, code: error.code, params: error.params };
        services.logger.warn('replay: load failed', error);
        return { ok: false, code: 'corrupt', params: {} };
      }
    },
    async replayWatch(listener) {
      onStatus = listener;
      await Promise.resolve();
      report();
    },
    async replaySeek(target) {
      await Promise.resolve();
      moveTo(target);
      if (timer !== null) {
        clock = status().at;
        wall = services.clock.now();
      }
      report();
    },
    async replayFind(target) {
      await Promise.resolve();
      const s = requireSession();
      return 'seq' in target ? s.indexOfSeq(target.seq) : s.indexAtTime(target.at);
    },
    async replayPlay(next) {
      await Promise.resolve();
      const s = requireSession();
      speed = next;
      if (index >= s.count - 1) moveTo(-1);
      clock = status().at;
      wall = services.clock.now();
      if (timer === null) timer = services.timers.setInterval(tick, TICK_MS);
      report();
    },
    async replaySetSpeed(next) {
      await Promise.resolve();
      speed = next;
      clock = status().at;
      wall = services.clock.now();
      report();
    },
    async replayPause() {
      await Promise.resolve();
      stop();
      report();
    },
    async replayFilter(text) {
      await Promise.resolve();
      const s = requireSession();
      const needle = text.trim().toLowerCase();
      if (needle === '') {
        filtered = null;
        return s.count;
      }
      const ids = new Set(
        s.names.flatMap((name, id) => (name.toLowerCase().includes(needle) ? [id] : [])),
      );
      filtered = s.filter(ids);
      return filtered.length;
    },
    async replayRows(start, count) {
      await Promise.resolve();
      const s = requireSession();
      const total = filtered === null ? s.count : filtered.length;
      const rows: ReplayRow[] = [];
      for (let row = Math.max(0, start); row < Math.min(total, start + count); row += 1) {
        const i = filtered === null ? row : (filtered[row] ?? 0);
        rows.push({
          index: i,
          seq: s.seq(i),
          at: s.at(i),
          kind: s.kind(i),
          name: s.names[s.nameId(i)] ?? '',
        });
      }
      return rows;
    },
    async replayRowOf(target) {
      await Promise.resolve();
      return filtered === null ? target : lastAtMost(filtered, target);
    },
    async replayEvent(target): Promise<LogEventView> {
      await Promise.resolve();
      const e = requireSession().event(target);
      return { seq: e.seq, at: e.at, kind: e.kind, name: e.name, body: e.body };
    },
    async replayProjection(name: ProjectionName) {
      const value = projectionValue(current(), name);
      return { state: value, hash: await hashValue(value) };
    },
    async setVisible(visible) {
      await Promise.resolve();
      frames.setVisible(visible);
    },
    setOnline: () => Promise.resolve(),
    setWorkspace: () => Promise.resolve(),
    loadMoreNotices: () => Promise.resolve(),
    readNotices: () => Promise.resolve(REFUSED),
    saveNoticePrefs: () => Promise.resolve(REFUSED),
    setLang: () => Promise.resolve(),
    sendCode: () => Promise.resolve(REFUSED),
    checkCode: () => Promise.resolve(REFUSED),
    register: () => Promise.resolve(REFUSED),
    login: () => Promise.resolve(REFUSED),
    forget: () => Promise.resolve(REFUSED),
    bindEmail: () => Promise.resolve(REFUSED),
    logout: () => Promise.resolve(),
    ackExpired: () => Promise.resolve(),
    countries: () => Promise.resolve(OFFLINE),
    newsList: () => Promise.resolve(OFFLINE),
    newsDetail: () => Promise.resolve(OFFLINE),
    customerService: () => Promise.resolve(OFFLINE),
    appQrCode: () => Promise.resolve(OFFLINE),
    selectPair: () => Promise.resolve(),
    // the recorded session decides what is watched
    watchSpot: () => Promise.resolve(),
    async setBookGrouping(grouping) {
      reader.grouping = grouping;
      if (state !== null) frames.markBook(true);
      await Promise.resolve();
    },
    async setBookWindow(window) {
      reader.window = { ...window };
      if (state !== null) frames.markBook(true);
      await Promise.resolve();
    },
    async setBookRate(rate) {
      frames.setBookRate(rate);
      await Promise.resolve();
    },
    async setBookOwner(owner) {
      reader.owner = owner === 'lever' ? 'lever' : 'spot';
      if (state !== null) frames.markBook(true);
      await Promise.resolve();
    },
    async watchDepth(on) {
      reader.depthOn = on === true;
      frames.setDepth(reader.depthOn);
      await Promise.resolve();
    },
    setChartPeriod: () => Promise.resolve(),
    placeSpotOrder: () => Promise.resolve(REFUSED),
    cancelSpotOrder: () => Promise.resolve(REFUSED),
    loadMoreSpotOrders: () => Promise.resolve(),
    watchWallet: () => Promise.resolve(),
    // lists and details are not in the recording: the screens show what the projections hold
    accountQuery: () => Promise.resolve(REFUSED),
    accountCommand: () => Promise.resolve(REFUSED),
    earnQuery: () => Promise.resolve(REFUSED),
    earnCommand: () => Promise.resolve(REFUSED),
    uploadImage: () => Promise.resolve(REFUSED),
    watchLever: () => Promise.resolve(),
    leverCommand: () => Promise.resolve(REFUSED),
    loadMoreLever: () => Promise.resolve(),
    watchMicro: () => Promise.resolve(),
    submitMicro: () => Promise.resolve(REFUSED),
    loadMoreMicro: () => Promise.resolve(),
    watchC2c: () => Promise.resolve(),
    c2cCommand: () => Promise.resolve(REFUSED),
    priceAlerts: () => Promise.resolve(REFUSED),
    addPriceAlert: () => Promise.resolve(REFUSED),
    removePriceAlert: () => Promise.resolve(REFUSED),
    loadMoreC2c: () => Promise.resolve(),
    exportLog: () => Promise.reject(new Error('a replay exports nothing')),
    stats: () => Promise.reject(new Error('a replay has no engine statistics')),
    benchFillLog: () => Promise.reject(new Error('a replay has no log')),
    async close() {
      stop();
      frames.dispose();
      await Promise.resolve();
    },
  };
  return api;
}
