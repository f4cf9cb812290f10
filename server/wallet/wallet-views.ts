// The wallet as the API answers it: the four accounts' lists, one currency's detail, pages of
// the ledger and the currency lists (the queries behind wallet-routes.ts).
import { Decimal } from '../../src/shared/decimal.ts';
import type { AccountName } from '../../src/shared/wallet.ts';
import type { ReplyOut } from '../../src/shared/wire/call.ts';
import type {
  BalanceItemOut,
  currencyList as currencyListCall,
  walletDetail as walletDetailCall,
  walletList as walletListCall,
  WalletGroupOut,
} from '../../src/shared/wire/wallet.ts';
import type { AppContext } from '../context.ts';
import { offsetOf } from '../http/paging.ts';
import { accountHolds, currencyRules, networksOf, setting } from './funds.ts';
import type { CurrencyRules } from './funds.ts';
import { ACCOUNT_FIELDS } from './ledger.ts';
import type { LogDbRow } from './log-rows.ts';
import { cnyRate, usdtPrices } from './valuation.ts';

interface WalletDbRow extends CurrencyRules {
  legal_balance: string | null;
  lock_legal_balance: string | null;
  change_balance: string | null;
  lock_change_balance: string | null;
  lever_balance: string | null;
  lock_lever_balance: string | null;
  micro_balance: string | null;
  lock_micro_balance: string | null;
}

const canon = (v: string | null): string => new Decimal(v ?? '0').toFixed();

export async function walletList(
  ctx: AppContext,
  userId: number,
  filter: string,
): Promise<ReplyOut<typeof walletListCall>> {
  const rows = await ctx.db.query<WalletDbRow & Record<string, unknown>>(
    `SELECT c.id, c.name, c.is_legal, c.is_lever, c.is_micro, c.is_match, c.currency_type,
            c.deposit_networks, c.withdraw_networks, c.min_number, c.max_number, c.day_limit,
            c.withdraw_rate, c.decimal_scale, w.legal_balance, w.lock_legal_balance,
            w.change_balance, w.lock_change_balance, w.lever_balance, w.lock_lever_balance,
            w.micro_balance, w.lock_micro_balance
     FROM currencies c LEFT JOIN users_wallet w ON w.currency_id = c.id AND w.user_id = $1
     WHERE c.is_display = 1 AND c.name ILIKE $2 ORDER BY c.sort, c.id`,
    [userId, `%${filter.replace(/[%_\\]/g, '')}%`],
  );
  const prices = usdtPrices(ctx);
  const rate = await cnyRate(ctx);
  const group = (account: AccountName): WalletGroupOut => {
    const [field, lock] = ACCOUNT_FIELDS[account];
    let usdt = new Decimal(0);
    const balance: BalanceItemOut[] = [];
    for (const r of rows) {
      if (!accountHolds(account, r)) continue;
      const price = prices.get(r.id) ?? new Decimal(0);
      const available = canon(r[field]);
      const locked = canon(r[lock]);
      usdt = usdt.plus(new Decimal(available).plus(locked).times(price));
      balance.push({
        ...flags(r),
        usdt_price: price.toFixed(),
        cny_price: price.times(rate).toFixed(2),
        [field]: available,
        [lock]: locked,
      });
    }
    // Display totals go out as JSON numbers, as the legacy backend sent them: its client adds
    // the four with `+`, which concatenates strings. Balances stay exact strings.
    const cny = Number(usdt.times(rate).toFixed(2, Decimal.ROUND_DOWN));
    const usdtTotal = Number(usdt.toFixed(8, Decimal.ROUND_DOWN));
    return { balance, totle: cny, usdt_totle: usdtTotal, CNY: cny };
  };
  return {
    legal_wallet: group('legal'),
    change_wallet: group('change'),
    lever_wallet: group('lever'),
    micro_wallet: group('micro'),
    ExRate: rate.toFixed(),
    is_open_CTbi: await setting(ctx.db, 'is_open_CTbi'),
  };
}

function flags(r: CurrencyRules) {
  return {
    id: r.id,
    currency: r.id,
    currency_name: r.name,
    currency_type: r.currency_type,
    is_legal: r.is_legal,
    is_lever: r.is_lever,
    is_match: r.is_match,
    is_micro: r.is_micro,
    decimals: r.decimal_scale,
  };
}

/** One account's balance of a currency, with its rules and prices. */
export async function walletDetail(
  ctx: AppContext,
  userId: number,
  currencyId: number,
  type: 'legal' | 'change',
): Promise<ReplyOut<typeof walletDetailCall>> {
  const c = await currencyRules(ctx.db, currencyId);
  const [field, lock] = ACCOUNT_FIELDS[type];
  const rows = await ctx.db.query<Record<string, string>>(
    `SELECT ${field} AS balance, ${lock} AS lock_balance FROM users_wallet WHERE user_id = $1 AND currency_id = $2`,
    [userId, currencyId],
  );
  const price = usdtPrices(ctx).get(currencyId) ?? new Decimal(0);
  const balance = canon(rows[0]?.balance ?? null);
  const locked = canon(rows[0]?.lock_balance ?? null);
  return {
    currency: c.id,
    currency_name: c.name,
    type,
    balance,
    lock_balance: locked,
    // the legacy client reads the account's own column names (`change_balance`, …)
    [field]: balance,
    [lock]: locked,
    usdt_price: price.toFixed(),
    cny_price: price.times(await cnyRate(ctx)).toFixed(2),
  };
}

/** A page of the ledger rows matching `where` (SQL over account_log `l`), newest first. */
export async function logPage(
  ctx: AppContext,
  where: string[],
  params: (number | string)[],
  pageNo: number,
  size: number,
): Promise<{ items: LogDbRow[]; total: number }> {
  const cond = where.join(' AND ');
  const count = await ctx.db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM account_log l WHERE ${cond}`,
    params,
  );
  const items = await ctx.db.query<LogDbRow & Record<string, unknown>>(
    `SELECT l.id, l.field, l.delta, l.before, l.after, l.type, l.memo, l.created_at, c.name AS currency_name
     FROM account_log l JOIN currencies c ON c.id = l.currency_id
     WHERE ${cond} ORDER BY l.id DESC LIMIT ${size} OFFSET ${offsetOf(pageNo, size)}`,
    params,
  );
  return { items, total: count[0]?.n ?? 0 };
}

export async function currencyList(
  ctx: AppContext,
): Promise<(ReplyOut<typeof currencyListCall>[number] & { can_withdraw: number })[]> {
  const rows = await ctx.db.query<CurrencyRules & Record<string, unknown>>(
    `SELECT id, name, is_legal, is_lever, is_micro, is_match, currency_type, deposit_networks,
            withdraw_networks, min_number, max_number, day_limit, withdraw_rate, decimal_scale
     FROM currencies WHERE is_display = 1 ORDER BY sort, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    currency_type: r.currency_type,
    is_legal: r.is_legal,
    is_lever: r.is_lever,
    is_match: r.is_match,
    is_micro: r.is_micro,
    can_deposit: networksOf(r.deposit_networks).length > 0 ? 1 : 0,
    can_withdraw: networksOf(r.withdraw_networks).length > 0 ? 1 : 0,
  }));
}
