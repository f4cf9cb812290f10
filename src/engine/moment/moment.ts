// "At this moment" (issue 47, ADR 0079): the engine folds its own log around a moment — from the
// checkpoint before it to two minutes after it — with the projections it runs live, and answers
// the watched pair's book, tape, chart and the user's orders at any event of that window. Only
// the current login's part of the log is read (ADR 0042): a moment of an earlier login is
// refused, and a window never reaches past a logout. Nothing is asked of the server.
import type { LogEvent } from '../../shared/log-event.ts';
import type { LeverListView, LeverPositionView } from '../api/lever.ts';
import type { MomentRequest, MomentResult, MomentView } from '../api/moment.ts';
import { MOMENT_REACH_MS } from '../api/moment.ts';
import { checkedEvent } from '../events.ts';
import { createSpotReader } from '../frames/spot-reader.ts';
import { beginsLoginPartition, lastBoundary } from '../log/checkpoints.ts';
import type { EventLog } from '../log/event-log.ts';
import { projectionValue } from '../replay/codec.ts';
import { hashValue } from '../replay/hash.ts';
import { baseState, exportBase, ExportError } from '../replay/recorder.ts';
import { cmpDec } from '../projections/book/sorted-side.ts';
import { foldEngine } from '../store.ts';
import type { EngineState } from '../store.ts';

/** Events read from the log per page. */
const READ_PAGE = 5_000;
/** A state is kept every this many events of the window (any other is a short fold away). */
const KEEP_EVERY = 64;
const BOOK_ROWS = 12;
const TRADE_ROWS = 20;
const BAR_COUNT = 60;

/** One moment's window: its events, a state every KEEP_EVERY of them, where it opened. */
export interface MomentWindow {
  at: number;
  events: LogEvent[];
  /** kept[k] is the state after events[k × KEEP_EVERY]. */
  kept: EngineState[];
  home: number;
  focus: MomentRequest['focus'] | null;
}

/** The moment open on the page (one at a time), and the views read from it. */
export class MomentKeeper {
  private window: MomentWindow | null = null;
  private readonly reader = createSpotReader();

  constructor(private readonly log: EventLog) {
    this.reader.window = { bidStart: 0, bidCount: BOOK_ROWS, askStart: 0, askCount: BOOK_ROWS };
  }

  async open(request: MomentRequest): Promise<MomentResult> {
    this.window = null;
    const built = await buildWindow(this.log, request);
    if (!('events' in built)) return built;
    this.window = built;
    return { ok: true, view: await this.view(built.home) };
  }

  async seek(index: number): Promise<MomentResult> {
    const w = this.window;
    if (w === null) return { ok: false, reason: 'not-held' };
    const i = Math.max(0, Math.min(w.events.length - 1, Math.trunc(index)));
    return { ok: true, view: await this.view(i) };
  }

  close(): void {
    this.window = null;
  }

  private async view(index: number): Promise<MomentView> {
    const w = this.window;
    if (w === null) throw new Error('no moment open');
    const state = stateAt(w, index);
    const event = w.events[index];
    if (event === undefined) throw new RangeError(`moment event ${index}`);
    return momentView(state, this.reader.book(state), {
      at: w.at,
      index,
      count: w.events.length,
      home: w.home,
      seq: event.seq,
      time: event.at,
      event: event.name,
      from: w.events[0]?.at ?? event.at,
      to: w.events.at(-1)?.at ?? event.at,
      focus: w.focus,
      bookHash: await hashValue(projectionValue(state, 'spot.book')),
    });
  }
}

type ViewHead = Pick<
  MomentView,
  'at' | 'index' | 'count' | 'home' | 'seq' | 'time' | 'event' | 'from' | 'to' | 'bookHash'
> & { focus: MomentWindow['focus'] };

/** What the panel shows of `state` (the book already read with the panel's window). */
export function momentView(
  state: EngineState,
  book: MomentView['book'],
  head: ViewHead,
): MomentView {
  const spot = state.spot;
  const symbol = spot.book.symbol ?? spot.chart.symbol;
  const orders = spot.orders.view;
  const open = orders.openHeld ? [] : orders.open.filter((o) => o.symbol === symbol);
  const { focus, ...rest } = head;
  return {
    ...rest,
    symbol,
    pricePrecision: spot.view.view?.pricePrecision ?? 0,
    amountPrecision: spot.view.view?.amountPrecision ?? 0,
    book,
    trades: spot.trades.symbol === symbol ? spot.trades.list.slice(0, TRADE_ROWS) : [],
    bars: spot.chart.symbol === symbol ? spot.chart.bars.slice(-BAR_COUNT) : [],
    period: spot.chart.period,
    open,
    contracts: {
      holding: onPair(state.lever.view.holding, symbol),
      entrusts: onPair(state.lever.view.entrusts, symbol),
    },
    focus:
      focus === null || focus === undefined ? null : { ...focus, resting: rests(state, focus) },
  };
}

/** A contract list's rows on `symbol`; none of a list held from an earlier page session. */
const onPair = (list: LeverListView, symbol: string | null): LeverPositionView[] =>
  list.held ? [] : list.rows.filter((r) => r.symbol === symbol);

/**
 * The order pointed out rests in the book at `state`: it is among the open orders (not of a list
 * held from an earlier page session, as of its time) and its price is a level of its side. The
 * book's push can take the level away before the order's update says it filled: then it no
 * longer rests, and the book would mark it on another level.
 */
export function rests(state: EngineState, focus: NonNullable<MomentRequest['focus']>): boolean {
  const { orders, book } = state.spot;
  const view = orders.view;
  if (view.openHeld || !view.open.some((o) => o.id === focus.orderId)) return false;
  const side = focus.side === 'buy' ? book.bids : book.asks;
  for (const chunk of side.chunks)
    for (const level of chunk.levels) if (cmpDec(level.price, focus.price) === 0) return true;
  return false;
}

/** The state after window event `index`: the kept state before it and a short fold. */
export function stateAt(w: MomentWindow, index: number): EngineState {
  const k = Math.floor(index / KEEP_EVERY);
  let state = w.kept[k];
  if (state === undefined) throw new RangeError(`moment state ${index}`);
  for (let i = k * KEEP_EVERY + 1; i <= index; i += 1) {
    const event = w.events[i];
    if (event !== undefined) state = foldEngine(state, checkedEvent(event));
  }
  return state;
}

/** Reads and folds the log around `request.at`; a failure when it does not hold the moment. */
async function buildWindow(
  log: EventLog,
  request: MomentRequest,
): Promise<MomentWindow | Extract<MomentResult, { ok: false }>> {
  const release = log.hold();
  try {
    await log.flush();
    const endSeq = log.lastSeq();
    const held = log.checkpoints();
    const boundary = lastBoundary(held, endSeq);
    if (boundary !== null && request.at < boundary.at) return { ok: false, reason: 'other-login' };
    const oldest = held[0];
    if (oldest === undefined || request.at < oldest.at) return { ok: false, reason: 'not-held' };
    let base;
    try {
      base = exportBase(held, endSeq, request.at - MOMENT_REACH_MS);
    } catch (error) {
      if (error instanceof ExportError) return { ok: false, reason: 'not-held' };
      throw error;
    }
    if (request.at < base.at) return { ok: false, reason: 'not-held' };
    const w = await foldWindow(log, base.seq, endSeq, await baseState(log, base.seq), request);
    return w.events.length === 0 ? { ok: false, reason: 'not-held' } : w;
  } finally {
    release();
  }
}

/** Folds from `start` (the state after `baseSeq`) through the window, keeping its states. */
async function foldWindow(
  log: EventLog,
  baseSeq: number,
  endSeq: number,
  start: EngineState,
  request: MomentRequest,
): Promise<MomentWindow> {
  const folder = new WindowFolder(start, request);
  for (let seq = baseSeq + 1; seq <= endSeq;) {
    const page = await log.read(seq, READ_PAGE);
    for (const event of page) if (event.seq > endSeq || !folder.add(event)) return folder.done();
    const last = page.at(-1);
    if (last === undefined || page.length < READ_PAGE) break;
    seq = last.seq + 1;
  }
  return folder.done();
}

/** The window's events folded one by one; where the order pointed out last rested. */
class WindowFolder {
  private readonly w: MomentWindow;
  private readonly from: number;
  private readonly until: number;
  private lastResting = -1;
  private lastView: unknown = null;
  private lastBook: unknown = null;
  private resting = false;
  private atOrBefore = 0;

  constructor(
    private state: EngineState,
    private readonly request: MomentRequest,
  ) {
    this.w = { at: request.at, events: [], kept: [], home: 0, focus: request.focus };
    this.from = request.at - MOMENT_REACH_MS;
    this.until = request.at + MOMENT_REACH_MS;
  }

  /** Folds `event`; false when the window ends before it (past its reach, or a new login). */
  add(event: LogEvent): boolean {
    if (event.at > this.until || beginsLoginPartition(event)) return false;
    this.state = foldEngine(this.state, checkedEvent(event));
    if (event.at < this.from) return true;
    const w = this.w;
    const i = w.events.length;
    w.events.push(event);
    if (i % KEEP_EVERY === 0) w.kept.push(this.state);
    if (event.at <= this.request.at) this.atOrBefore = i;
    const { orders, book } = this.state.spot;
    if (orders.view !== this.lastView || book !== this.lastBook) {
      this.lastView = orders.view;
      this.lastBook = book;
      const focus = this.request.focus;
      this.resting = focus !== undefined && rests(this.state, focus);
    }
    if (this.resting) this.lastResting = i;
    return true;
  }

  done(): MomentWindow {
    // the instant it filled, as this page knew it: the last event the order still rested after
    this.w.home = this.lastResting >= 0 ? this.lastResting : this.atOrBefore;
    return this.w;
  }
}
