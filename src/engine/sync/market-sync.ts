// Market data that comes by request: the quotation snapshot, 1-minute sparkline history (all
// pairs in one call where the server has it, else pair by pair), the server clock, and the
// home-table poll that runs only while the socket is not online and the
// page is visible (a push, when present, replaces the poll).
import {
  HOME_MARKET_REFRESH_MS,
  SPARKLINE_POINTS,
  SPARKLINE_WINDOW_SECONDS,
} from '../../shared/constants.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { EngineContext } from '../context.ts';
import { malformed, parseEdge } from '../ingest/ingest.ts';
import {
  klineEnvelope,
  quotationReply,
  serverTimeReply,
  sparklinesReply,
} from '../ingest/schemas.ts';
import type { TimerId } from '../services.ts';
import { klineHistory, quotation, serverTime, sparklines } from '../../shared/wire/market.ts';

/**
 * Without the sparklines call (a legacy server), histories are fetched one pair at a time
 * (issue 20 saw the home table take 8 s to fill this way): each asks for 7 days of 1-minute
 * bars (spec) and the server answers up to 1,500 bars (≈ 340 KB, ≈ 90 ms of server time under
 * F-busy). Four at once held a busy server's event loop for about a second at start and
 * delayed the watched pair's book behind them (bench B10); in sequence they leave room.
 */
export const HISTORY_CONCURRENCY = 1;
const KLINE_PATH = klineHistory.path;
/** The extension that answers every displayed pair's last closes at once (one small reply). */
const SPARKLINES_PATH = sparklines.path;

export async function fetchQuotation(ctx: EngineContext): Promise<void> {
  const reply = await ctx.rest.get(quotation.path);
  const at = ctx.services.clock.now();
  if (!reply.ok) {
    ctx.store.dispatch({
      at,
      kind: 'reply',
      name: 'market.quotation-failed',
      body: { message: reply.message },
    });
    return;
  }
  const parsed = parseEdge(quotationReply, reply.message, `reply:${quotation.path}`, at);
  ctx.store.dispatch(
    parsed.ok
      ? { at, kind: 'reply', name: 'market.quotation', body: { groups: parsed.value } }
      : parsed.event,
  );
}

/**
 * Sparkline history of every displayed pair: one sparklines call, then new_timeshar for the
 * pairs it did not answer (all of them when the server lacks the call), a few at a time.
 */
export async function fetchSparklines(ctx: EngineContext): Promise<void> {
  const answered = await fetchAllSparklines(ctx);
  const symbols = Object.values(ctx.store.state().market.tickers)
    .filter((t) => t.isDisplay && !answered.has(t.symbol))
    .map((t) => t.symbol);
  const queue = [...symbols];
  const worker = async (): Promise<void> => {
    for (let symbol = queue.shift(); symbol !== undefined; symbol = queue.shift())
      await fetchHistory(ctx, symbol);
  };
  await Promise.all(Array.from({ length: Math.min(HISTORY_CONCURRENCY, queue.length) }, worker));
}

/** The sparklines call; the symbols it answered (none when the server lacks it or it failed). */
async function fetchAllSparklines(ctx: EngineContext): Promise<Set<string>> {
  const answered = new Set<string>();
  const reply = await ctx.rest.get(SPARKLINES_PATH);
  const at = ctx.services.clock.now();
  if (!reply.ok) return answered;
  const parsed = parseEdge(sparklinesReply, reply.message, `reply:${SPARKLINES_PATH}`, at);
  if (!parsed.ok) {
    ctx.store.dispatch(parsed.event);
    return answered;
  }
  for (const line of parsed.value) {
    dispatchHistory(ctx, line.symbol, line.data, at);
    answered.add(line.symbol);
  }
  return answered;
}

export async function fetchHistory(ctx: EngineContext, symbol: string): Promise<void> {
  const to = Math.floor(ctx.services.clock.now() / 1000);
  const reply = await ctx.rest.kline(KLINE_PATH, {
    symbol,
    period: '1min',
    from: to - SPARKLINE_WINDOW_SECONDS,
    to,
  });
  const at = ctx.services.clock.now();
  if (!reply.ok) return;
  const source = `reply:${KLINE_PATH}`;
  const parsed = parseEdge(klineEnvelope, reply.json, source, at);
  if (!parsed.ok) return void ctx.store.dispatch(parsed.event);
  if (parsed.value.code !== 1)
    return void ctx.store.dispatch(
      malformed(source, `code ${parsed.value.code}: ${parsed.value.msg ?? ''}`, at),
    );
  dispatchHistory(ctx, symbol, parsed.value.data ?? [], at);
}

/** A pair's 1-minute closes (any order) as one `market.history` of the last SPARKLINE_POINTS. */
function dispatchHistory(
  ctx: EngineContext,
  symbol: string,
  data: readonly { id: number; close: DecStr }[],
  at: number,
): void {
  const bars = [...data].sort((a, b) => a.id - b.id).slice(-SPARKLINE_POINTS);
  ctx.store.dispatch({
    at,
    kind: 'reply',
    name: 'market.history',
    body: {
      symbol,
      period: '1min',
      bars: bars.map((b) => ({ time: b.id * 1000, close: b.close })),
    },
  });
}

/** /api/server/time (extension): offset = server − midpoint of the request. */
export async function syncClock(ctx: EngineContext): Promise<void> {
  const sentAt = ctx.services.clock.now();
  const reply = await ctx.rest.get(serverTime.path);
  const receivedAt = ctx.services.clock.now();
  if (!reply.ok) return;
  const parsed = parseEdge(serverTimeReply, reply.message, `reply:${serverTime.path}`, receivedAt);
  ctx.store.dispatch(
    parsed.ok
      ? {
          at: receivedAt,
          kind: 'reply',
          name: 'clock.sync',
          body: { serverMs: parsed.value, sentAt, receivedAt },
        }
      : parsed.event,
  );
}

export interface Poller {
  /** Re-evaluate whether the poll should run (call on visibility and socket changes). */
  update(visible: boolean): void;
  stop(): void;
}

/** Home market table: quotation_new every 5 s while the socket is not online and the page is visible. */
export function createQuotationPoller(ctx: EngineContext): Poller {
  let timer: TimerId | null = null;
  let busy = false;
  const tick = (): void => {
    if (busy) return;
    busy = true;
    void fetchQuotation(ctx).finally(() => {
      busy = false;
    });
  };
  const stop = (): void => {
    if (timer !== null) ctx.services.timers.clearInterval(timer);
    timer = null;
  };
  return {
    update(visible) {
      const wanted = visible && ctx.socket.state() !== 'online';
      if (wanted && timer === null)
        timer = ctx.services.timers.setInterval(tick, HOME_MARKET_REFRESH_MS);
      if (!wanted) stop();
    },
    stop,
  };
}
