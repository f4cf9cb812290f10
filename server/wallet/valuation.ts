// Prices of currencies in USDT at the simulator's last prices (user/center `total_assets`,
// wallet list `usdt_price` / `cny_price`), and the indicative USDT → CNY rate setting.
import { Decimal } from '../../src/shared/decimal.ts';
import type { AppContext } from '../context.ts';
import { price } from '../market/wire-format.ts';
import { BALANCE_FIELDS } from './ledger.ts';

/** currency id → price in USDT (USDT itself is 1); a currency without a USDT pair is absent. */
export function usdtPrices(ctx: AppContext): Map<number, Decimal> {
  const out = new Map<number, Decimal>();
  for (const pair of ctx.market.pairs()) {
    if (pair.legalName !== 'USDT') continue;
    out.set(pair.legalId, new Decimal(1));
    const last = ctx.market.lastPrice(pair.matchId);
    if (last !== null) out.set(pair.currencyId, new Decimal(price(pair, last)));
  }
  return out;
}

/** The USDT → CNY rate (setting `ex_rate`). */
export async function cnyRate(ctx: AppContext): Promise<Decimal> {
  const rows = await ctx.db.query<{ value: string }>(
    "SELECT value FROM settings WHERE key = 'ex_rate'",
  );
  return new Decimal(rows[0]?.value ?? '7.2');
}

export async function totalAssetsUsdt(ctx: AppContext, userId: number): Promise<string> {
  const sum = BALANCE_FIELDS.join(' + ');
  const rows = await ctx.db.query<{ currency_id: number; total: string }>(
    `SELECT currency_id, (${sum}) AS total FROM users_wallet WHERE user_id = $1`,
    [userId],
  );
  const prices = usdtPrices(ctx);
  let total = new Decimal(0);
  for (const r of rows) {
    const p = prices.get(r.currency_id);
    if (p !== undefined) total = total.plus(new Decimal(r.total).times(p));
  }
  return total.toFixed(2, Decimal.ROUND_DOWN);
}
