// Wallet REST (api-contract §4; docs/api-extensions.md "Wallets"): the four accounts' lists,
// transfers (both parameter forms), a currency's detail, the ledger lists and currency lists.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Decimal } from '../../src/shared/decimal.ts';
import type { AccountName } from '../../src/shared/wallet.ts';
import { ACCOUNTS, LEGACY_TRANSFER, LOG_PAGE_SIZE } from '../../src/shared/wallet.ts';
import type {
  BalanceItem,
  CurrencyListItem,
  WalletDetail,
  WalletGroup,
  WalletList,
} from '../../src/shared/wire.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';
import { accountHolds, currencyRules, networksOf, setting, transfer } from './funds.ts';
import type { CurrencyRules } from './funds.ts';
import { ACCOUNT_FIELDS, LOG_TYPE } from './ledger.ts';
import type { LogDbRow } from './log-rows.ts';
import { toLogItem } from './log-rows.ts';
import { cnyRate, usdtPrices } from './valuation.ts';
import { laravelPage, offsetOf, pageData, pageLimit, pageNumber, paged } from '../http/paging.ts';

/** Largest page of `/api/account/list`; a larger `limit` is clamped to it. */
const LOG_PAGE_MAX = 100;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = pageNumber;

const changeBody = z.object({
  currency_id: id,
  number: text(60),
  from_field: z.enum(ACCOUNTS).optional(),
  to_field: z.enum(ACCOUNTS).optional(),
  type: z.coerce.number().int().min(1).max(4).optional(),
});

/** Legacy log `type`: 1 legal, 2 change, 3 lever, 4 micro; also the names themselves. */
const LOG_ACCOUNT: Readonly<Record<string, AccountName>> = {
  '1': 'legal',
  '2': 'change',
  '3': 'lever',
  '4': 'micro',
  legal: 'legal',
  change: 'change',
  lever: 'lever',
  micro: 'micro',
};

const logBody = z.object({
  type: text(10).pipe(z.string().refine((v) => v in LOG_ACCOUNT)),
  currency: id.optional(),
  page,
});

const detailBody = z.object({ currency: id, type: z.enum(['legal', 'change']).default('change') });
const accountListBody = z.object({
  page,
  limit: pageLimit(LOG_PAGE_MAX, LOG_PAGE_SIZE),
});

export function registerWalletRoutes(app: FastifyInstance, ctx: AppContext): void {
  const list = async (req: FastifyRequest) => {
    const userId = await requireUser(ctx, req);
    const filter = parse(z.object({ currency_name: text(20).optional() }), req).currency_name;
    return ok(await walletList(ctx, userId, filter ?? ''));
  };
  app.get('/api/wallet/list', list);
  app.post('/api/wallet/list', list);

  app.post('/api/wallet/change', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(changeBody, req);
    const [from, to] = directionOf(b);
    const number = amountOf(b.number, 'validation.wallet.amountRequired');
    await transfer(ctx.db, {
      userId,
      currencyId: b.currency_id,
      number,
      from,
      to,
      nowMs: ctx.config.now(),
    });
    ctx.notify.balance(userId);
    return ok(t(langOf(req), 'wallet.transferred'));
  });

  app.post('/api/wallet/detail', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(detailBody, req);
    return ok(await detail(ctx, userId, b.currency, b.type));
  });

  app.post('/api/wallet/legal_log', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(logBody, req);
    const account = LOG_ACCOUNT[b.type] ?? 'change';
    const [field, lock] = ACCOUNT_FIELDS[account];
    const where = ['l.user_id = $1', `l.field IN ('${field}', '${lock}')`];
    const params: (number | string)[] = [userId];
    if (b.currency !== undefined) {
      params.push(b.currency);
      where.push(`l.currency_id = $${params.length}`);
    }
    const rows = await logPage(ctx, where, params, b.page, LOG_PAGE_SIZE);
    return ok(
      paged(
        rows.items.map((r) => toLogItem(langOf(req), r)),
        b.page,
        rows.total,
        LOG_PAGE_SIZE,
      ),
    );
  });

  app.post('/api/account/list', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(accountListBody, req);
    const rows = await logPage(ctx, ['l.user_id = $1'], [userId], b.page, b.limit);
    const data = rows.items.map((r) => toLogItem(langOf(req), r));
    return ok(pageData(data, b.page, rows.total, b.limit));
  });

  app.post('/api/wallet/hzhistory', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(z.object({ page }), req);
    const where = ['l.user_id = $1', `l.type = ${LOG_TYPE.transfer}`, 'l.delta > 0'];
    const rows = await logPage(ctx, where, [userId], b.page, LOG_PAGE_SIZE);
    const data = rows.items.map((r) => toLogItem(langOf(req), r));
    return ok(laravelPage(data, b.page, rows.total, LOG_PAGE_SIZE));
  });

  app.get('/api/wallet/currencylist', async () => ok(await currencyList(ctx)));
  app.get('/api/currency/user_currency_list', async (req) => {
    await requireUser(ctx, req);
    return ok((await currencyList(ctx)).filter((c) => c.can_withdraw === 1));
  });
}

function directionOf(b: z.infer<typeof changeBody>): readonly [AccountName, AccountName] {
  if (b.from_field !== undefined && b.to_field !== undefined) return [b.from_field, b.to_field];
  const legacy = b.type === undefined ? undefined : LEGACY_TRANSFER[b.type];
  if (legacy === undefined)
    throw new ApiError('error.fieldRequired', {
      field: b.from_field === undefined ? 'from_field' : 'to_field',
    });
  return legacy;
}

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
): Promise<WalletList> {
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
  const group = (account: AccountName): WalletGroup => {
    const [field, lock] = ACCOUNT_FIELDS[account];
    let usdt = new Decimal(0);
    const balance: BalanceItem[] = [];
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

function flags(r: CurrencyRules): Omit<BalanceItem, 'usdt_price' | 'cny_price'> {
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

async function detail(
  ctx: AppContext,
  userId: number,
  currencyId: number,
  type: 'legal' | 'change',
): Promise<WalletDetail> {
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

async function logPage(
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

export async function currencyList(ctx: AppContext): Promise<CurrencyListItem[]> {
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
