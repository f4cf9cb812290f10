// The lever terms of every listed pair (currency_matches, api-contract §5.1) over the
// simulator's pair specs.
import type { Queryable } from '../db/database.ts';
import type { PairSpec } from '../market/simulator.ts';

/** A listed pair with its lever terms. */
export interface LeverPair extends PairSpec {
  openLever: boolean;
  shareNum: string;
  spreadPct: string;
  feePct: string;
  overnightPct: string;
  minShare: number;
  maxShare: number;
}

interface Row {
  id: number;
  open_lever: number;
  lever_share_num: string;
  spread: string;
  lever_trade_fee: string;
  overnight: string;
  lever_min_share: string;
  lever_max_share: string;
}

export async function loadLeverPairs(
  db: Queryable,
  pairs: readonly PairSpec[],
): Promise<LeverPair[]> {
  const rows = await db.query<Row & Record<string, unknown>>(
    `SELECT id, open_lever, lever_share_num, spread, lever_trade_fee, overnight, lever_min_share,
            lever_max_share FROM currency_matches WHERE is_display = 1`,
  );
  const out: LeverPair[] = [];
  for (const r of rows) {
    const spec = pairs.find((p) => p.matchId === r.id);
    if (spec === undefined) continue;
    out.push({
      ...spec,
      openLever: r.open_lever === 1,
      shareNum: r.lever_share_num,
      spreadPct: r.spread,
      feePct: r.lever_trade_fee,
      overnightPct: r.overnight,
      // hand counts are small whole numbers
      minShare: Math.trunc(Number(r.lever_min_share)),
      maxShare: Math.trunc(Number(r.lever_max_share)),
    });
  }
  return out;
}
