// Wallet REST (api-contract §4; docs/api-extensions.md "Wallets"): the four accounts' lists,
// transfers (both parameter forms), a currency's detail, the ledger lists and currency lists.
// The queries and the answers' shapes are in wallet-views.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccountName } from '../../src/shared/wallet.ts';
import { ACCOUNTS, LEGACY_TRANSFER, LOG_PAGE_SIZE } from '../../src/shared/wallet.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';
import { transfer } from './funds.ts';
import { ACCOUNT_FIELDS, LOG_TYPE } from './ledger.ts';
import { toLogItem } from './log-rows.ts';
import { currencyList, logPage, walletDetail, walletList } from './wallet-views.ts';
import { laravelPage, pageData, pageLimit, pageNumber, paged } from '../http/paging.ts';

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
    return ok(await walletDetail(ctx, userId, b.currency, b.type));
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
