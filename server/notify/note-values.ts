// The facts a notification carries, in the form its table wants (src/shared/notifications.ts):
// decimals as the canonical text of `toDecStr` (no exponent, no trailing zeros, never "-0"),
// names read in the action's own transaction. Each money flow writes its notification with
// `addNotification` in the transaction that moves the money (server/CONTEXT.md).
import { Decimal, toDecStr } from '../../src/shared/decimal.ts';
import type { Queryable } from '../db/database.ts';

/** The most fraction digits a notification's decimal has (NUMERIC(36,18)'s scale). */
const NOTE_SCALE = 18;

/**
 * A decimal as a notification's text: canonical, at most 18 decimals (stored values have no
 * more; a longer quotient is rounded half up), zero without a sign.
 */
export function noteDec(value: Decimal.Value): string {
  const d = new Decimal(value).toDecimalPlaces(NOTE_SCALE, Decimal.ROUND_HALF_UP);
  return toDecStr(d.isZero() ? new Decimal(0) : d);
}

/** A currency's name (what a notification calls it), e.g. "USDT". */
export async function currencyName(q: Queryable, currencyId: number): Promise<string> {
  const rows = await q.query<{ name: string }>('SELECT name FROM currencies WHERE id = $1', [
    currencyId,
  ]);
  const name = rows[0]?.name;
  if (name === undefined) throw new Error(`no currency ${currencyId}`);
  return name;
}

/** A pair's symbol as the wire writes it, "BTC/USDT" (base / quote). */
export async function pairSymbol(
  q: Queryable,
  currencyId: number,
  legalId: number,
): Promise<string> {
  return `${await currencyName(q, currencyId)}/${await currencyName(q, legalId)}`;
}
