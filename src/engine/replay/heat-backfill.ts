// The depth heatmap before this page session (issue 47, ADR 0081): the live sampler starts
// empty when the page starts, but the stored log holds the last hour of this login. When the
// page first asks for a pair's heatmap, the engine folds that hour of its log again — from the
// checkpoint before it, never before the login partition's start (ADR 0042) — with a sampler of
// that pair alone, and puts what it sampled before the live history (DepthHeat.backfill). Once
// per history of a pair; in pages of the log, so live events go on between them.
//
// Invariant (heat-backfill.test.ts):
//   B1 as-if-live: after a reload, the samples before it equal those the page session before
//      sampled live, and the history is one (D1 holds across the join).
import type { Logger } from '../services.ts';
import type { HeatSlice } from '../api/heat.ts';
import { HEAT_REACH_MS } from '../api/heat.ts';
import type { EventLog } from '../log/event-log.ts';
import { baseState, exportBase, ExportError, foldStored } from './recorder.ts';
import { DepthHeat } from '../heat/depth-heat.ts';

/** Events read from the log per page (a few milliseconds of folding). */
const READ_PAGE = 1_000;

/** `symbol`'s heatmap history over the log's last HEAT_REACH_MS before `now`; null: none held. */
export async function foldHeat(
  log: EventLog,
  symbol: string,
  now: number,
): Promise<HeatSlice | null> {
  const release = log.hold();
  try {
    await log.flush();
    const endSeq = log.lastSeq();
    let base;
    try {
      base = exportBase(log.checkpoints(), endSeq, now - HEAT_REACH_MS);
    } catch (error) {
      if (error instanceof ExportError) return null;
      throw error;
    }
    const heat = new DepthHeat(symbol);
    await foldStored(log, base.seq, await baseState(log, base.seq), {
      toSeq: endSeq,
      page: READ_PAGE,
      each: (event, state) => heat.add(event.at, state),
    });
    return heat.since(symbol, -Infinity);
  } finally {
    release();
  }
}

/** Runs one backfill per history of a pair the page asks for. */
export class HeatBackfill {
  private doneFor: { symbol: string | null; no: number } | null = null;

  constructor(
    private readonly log: EventLog,
    private readonly heat: DepthHeat,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  /** The page asks for `symbol`'s heatmap: fill its history from the log, once. */
  ask(symbol: string): void {
    const history = this.heat.history;
    if (history.symbol !== symbol) return;
    const done = this.doneFor;
    if (done !== null && done.symbol === symbol && done.no === history.no) return;
    this.doneFor = history;
    foldHeat(this.log, symbol, this.now())
      .then((older) => {
        const still = this.heat.history;
        if (older !== null && still.symbol === symbol && still.no === history.no)
          this.heat.backfill(older);
      })
      .catch((error: unknown) => this.logger.warn('heatmap backfill failed', error));
  }
}
