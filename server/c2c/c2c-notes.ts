// The notifications of fiat deals (issue 25), written in the transaction of the step they tell
// of, to the party who did not take it: `c2c.taken` to the ad's publisher, `c2c.paid` to the
// seller side, `c2c.released` to the buyer side, `c2c.cancelled` to the party who did not cancel,
// `c2c.expired` to both when the exchange cancels an unpaid deal. Acceptor deals (the acceptor is
// the other party) use the same kinds (server/acceptors/acceptors.ts). A deal is told as its
// coin and amount and the fiat total (CNY, paid outside the exchange).
import { Decimal } from '../../src/shared/decimal.ts';
import type { Queryable } from '../db/database.ts';
import { addNotification } from '../notify/notifications.ts';
import { noteDec } from '../notify/note-values.ts';

/** The fiat currency deals are paid in, outside the exchange. */
const DEAL_FIAT = 'CNY';

export type DealKind = 'c2c.taken' | 'c2c.paid' | 'c2c.released' | 'c2c.cancelled' | 'c2c.expired';

export interface DealFacts {
  dealId: number;
  /** The coin's name, e.g. "USDT". */
  coin: string;
  amount: Decimal.Value;
  /** What the buyer pays, in DEAL_FIAT. */
  total: Decimal.Value;
}

export async function writeDealNote(
  tx: Queryable,
  kind: DealKind,
  userId: number,
  d: DealFacts,
  nowMs: number,
): Promise<void> {
  const params = {
    deal_id: String(d.dealId),
    coin: d.coin,
    amount: noteDec(d.amount),
    currency: DEAL_FIAT,
    total: noteDec(d.total),
  };
  await addNotification(tx, userId, kind, params, nowMs);
}

/** A c2c deal's facts: its coin, its number and number × price. */
export async function c2cDealFacts(tx: Queryable, dealId: number): Promise<DealFacts> {
  const rows = await tx.query<{ number: string; price: string; coin: string }>(
    `SELECT d.number, d.price, c.name AS coin FROM c2c_deals d
     JOIN c2c_ads a ON a.id = d.ad_id JOIN currencies c ON c.id = a.currency_id WHERE d.id = $1`,
    [dealId],
  );
  const r = rows[0];
  if (r === undefined) throw new Error(`c2c deal ${dealId} vanished`);
  return { dealId, coin: r.coin, amount: r.number, total: new Decimal(r.number).times(r.price) };
}
