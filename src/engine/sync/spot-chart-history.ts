// The watched pair's chart history by request (spot-sync.ts): CHART_HISTORY_BARS bars of the
// chart's period up to now, on a watch, a reconnect and a change of period. A reply is logged
// only while its watch is the current one and the chart still shows its period; a history that
// could not load is logged as `chart.history-failed` (the chart shows it), a malformed one also
// as `system.malformed`.
import { KLINE_PERIOD_SECONDS } from '../../shared/constants.ts';
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import { parseEdge } from '../ingest/ingest.ts';
import { klineEnvelope } from '../ingest/schemas.ts';
import { klineHistory } from '../../shared/wire/market.ts';
import type { SpotWatch, Watched } from './spot-watch.ts';

export const KLINE_PATH = klineHistory.path;
/** Bars asked for on a history load (the server caps at 1,500). */
export const CHART_HISTORY_BARS = 1000;

export class ChartHistory {
  constructor(
    private readonly ctx: EngineContext,
    private readonly watch: SpotWatch,
  ) {}

  /** The history in the chart's period; dropped if the period changed meanwhile. */
  async load(w: Watched): Promise<void> {
    const period = this.ctx.store.state().spot.chart.period;
    const to = Math.floor(this.now() / 1000);
    // 1,000 monthly bars reach back before 1970: ask from the epoch instead (issue 20, item 4).
    const from = Math.max(0, to - KLINE_PERIOD_SECONDS[period] * CHART_HISTORY_BARS);
    const r = await this.ctx.rest.kline(KLINE_PATH, { symbol: w.symbol, period, from, to });
    if (!this.watch.isCurrent(w) || this.ctx.store.state().spot.chart.period !== period) return;
    const at = this.now();
    const failed = (message: string): void =>
      this.dispatch({
        at,
        kind: 'reply',
        name: 'chart.history-failed',
        body: { symbol: w.symbol, period, message },
      });
    if (!r.ok) return failed(r.message);
    const p = parseEdge(klineEnvelope, r.json, `reply:${KLINE_PATH}`, at);
    if (!p.ok) {
      this.dispatch(p.event);
      return failed('malformed');
    }
    if (p.value.code !== 1) return failed(p.value.msg ?? `code ${p.value.code}`);
    const bars = (p.value.data ?? []).map(({ id: _id, ...bar }) => bar);
    this.dispatch({
      at,
      kind: 'reply',
      name: 'chart.history',
      body: { symbol: w.symbol, period, bars },
    });
  }

  private dispatch(event: NewEvent): void {
    void this.ctx.store.dispatch(event);
  }

  private now(): number {
    return this.ctx.services.clock.now();
  }
}
