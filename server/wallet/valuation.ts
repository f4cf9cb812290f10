// A user's total assets in USDT at the simulator's last prices (user/center `total_assets`).
import { Decimal } from '../../src/shared/decimal.ts';
import type { AppContext } from '../context.ts';
import { price } from '../market/wire-format.ts';
import { BALANCE_FIELDS } from './ledger.ts';

export async function totalAssetsUsdt(ctx: AppContext, userId: number): Promise<string> {
  const sum = BALANCE_FIELDS.join(' + ');
  const rows = await ctx.db.query<{ currency_id: number; name: string; total: string }>(
    `SELECT w.currency_id, c.name, (${sum}) AS total
     FROM users_wallet w JOIN currencies c ON c.id = w.currency_id WHERE w.user_id = $1`,
    [userId],
  );
  let total = new Decimal(0);
  for (const r of rows) {
    const qty = new Decimal(r.total);
    if (r.name === 'USDT') {
      total = total.plus(qty);
      continue;
    }
    const pair = ctx.market
      .pairs()
      .find((p) => p.currencyId === r.currency_id && p.legalName === 'USDT');
    const last = pair === undefined ? null : ctx.market.lastPrice(pair.matchId);
    if (pair !== undefined && last !== null) total = total.plus(qty.times(price(pair, last)));
  }
  return total.toFixed(2, Decimal.ROUND_DOWN);
}
