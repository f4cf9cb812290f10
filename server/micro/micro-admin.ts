// The operator's second-contract settings (ADR 0040): each duration's profit ratio and whether it
// is offered, and each payable currency's fee. A change that would give a bettor who guesses at
// random a positive expectation, fee included, is refused with the numbers that show why, and
// nothing is written (the check runs inside the change's transaction).
import { Decimal } from '../../src/shared/decimal.ts';
import type { ReplyOut } from '../../src/shared/wire/call.ts';
import type { operatorMicro } from '../../src/shared/wire/operator.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import type { UnfairPayout } from './micro-rules.ts';
import { fairRatioMax, payableCurrencies, unfairPayouts } from './micro-rules.ts';

/** The operator's view of them: the reply of src/shared/wire/operator.ts's micro calls. */
type MicroSettings = ReplyOut<typeof operatorMicro>;

/** Every duration (offered or not) and every payable currency's fee with its fair ratio cap. */
export async function microSettings(q: Queryable): Promise<MicroSettings> {
  const rows = await q.query<{ seconds: number; profit_ratio: string; status: number }>(
    'SELECT seconds, profit_ratio, status FROM micro_seconds ORDER BY seconds',
  );
  const currencies = await payableCurrencies(q);
  return {
    durations: rows.map((r) => ({
      seconds: r.seconds,
      profit_ratio: new Decimal(r.profit_ratio).toFixed(),
      status: r.status,
    })),
    currencies: currencies.map((c) => ({
      name: c.name,
      micro_trade_fee: new Decimal(c.micro_trade_fee).toFixed(),
      fair_ratio_max: fairRatioMax(c.micro_trade_fee).toFixed(),
    })),
  };
}

async function refuseUnfair(q: Queryable): Promise<void> {
  const unfair = await unfairPayouts(q);
  const worst = unfair.reduce<UnfairPayout | null>(
    (w, u) => (w === null || new Decimal(u.edgePct).greaterThan(w.edgePct) ? u : w),
    null,
  );
  if (worst !== null)
    throw new ApiError('admin.microUnfair', {
      seconds: worst.seconds,
      ratio: worst.ratio,
      currency: worst.currency,
      fee: worst.fee,
      edge: worst.edgePct,
      max: fairRatioMax(worst.fee).toFixed(),
    });
}

/** Sets a duration's profit ratio (percent, 0 < ratio ≤ 1000) and whether it is offered. */
export async function setMicroDuration(
  db: Database,
  seconds: number,
  ratio: Decimal,
  enabled: boolean,
): Promise<void> {
  if (!ratio.isFinite() || ratio.lessThanOrEqualTo(0) || ratio.greaterThan(1000))
    throw new ApiError('error.fieldInvalid', { field: 'profit_ratio' });
  await db.transaction(async (tx) => {
    const rows = await tx.query(
      'UPDATE micro_seconds SET profit_ratio = $2, status = $3 WHERE seconds = $1 RETURNING id',
      [seconds, ratio.toFixed(), enabled ? 1 : 0],
    );
    if (rows.length === 0) throw new ApiError('error.fieldInvalid', { field: 'seconds' });
    await refuseUnfair(tx);
  });
}

/** Sets a payable currency's second-contract fee (percent of the stake, 0 ≤ fee < 100). */
export async function setMicroFee(db: Database, currency: string, fee: Decimal): Promise<void> {
  if (!fee.isFinite() || fee.isNegative() || fee.greaterThanOrEqualTo(100))
    throw new ApiError('error.fieldInvalid', { field: 'fee' });
  await db.transaction(async (tx) => {
    const payable = await payableCurrencies(tx);
    const c = payable.find((x) => x.name.toUpperCase() === currency.toUpperCase());
    if (c === undefined) throw new ApiError('error.fieldInvalid', { field: 'currency' });
    await tx.query('UPDATE currencies SET micro_trade_fee = $2 WHERE id = $1', [
      c.id,
      fee.toFixed(),
    ]);
    await refuseUnfair(tx);
  });
}

/** One line per unfair duration and currency, for the start-up warning (empty when fair). */
export async function unfairPayoutWarnings(q: Queryable): Promise<string[]> {
  return (await unfairPayouts(q)).map(
    (u) =>
      `UNFAIR SECOND-CONTRACT PAYOUT: ${u.seconds} s pays ${u.ratio} % with a ${u.fee} % ${u.currency} fee, ` +
      `so a bettor who guesses at random gains ${u.edgePct} % of every stake; ` +
      `set a ratio of at most ${fairRatioMax(u.fee).toFixed()} (npm run admin -- micro-payout ${u.seconds} RATIO).`,
  );
}
