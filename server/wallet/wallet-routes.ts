// Wallet REST (api-contract §4; docs/api-extensions.md "Wallets"): the four accounts' lists,
// transfers (both parameter forms), a currency's detail, the ledger lists and currency lists,
// declared in src/shared/wire/wallet.ts. The queries and the answers' shapes are in
// wallet-views.ts.
import type { FastifyInstance } from 'fastify';
import type { AccountName } from '../../src/shared/wallet.ts';
import { LEGACY_TRANSFER, LOG_PAGE_SIZE } from '../../src/shared/wallet.ts';
import type { RequestIn } from '../../src/shared/wire/call.ts';
import {
  accountLog,
  currencyList as currencyListCall,
  LOG_ACCOUNT,
  transferLog,
  walletChange,
  walletDetail as walletDetailCall,
  walletList as walletListCall,
  walletLog,
  withdrawCurrencies,
} from '../../src/shared/wire/wallet.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { t } from '../i18n/messages.ts';
import { transfer } from './funds.ts';
import { ACCOUNT_FIELDS, LOG_TYPE } from './ledger.ts';
import { toLogItem } from './log-rows.ts';
import { currencyList, logPage, walletDetail, walletList } from './wallet-views.ts';
import { laravelPage, pageData, paged } from '../http/paging.ts';

export function registerWalletRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, walletListCall, async ({ userId, body: b }) =>
    walletList(ctx, userId, b.currency_name ?? ''),
  );

  route(app, ctx, walletChange, async ({ req, userId, body: b }) => {
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
    return t(langOf(req), 'wallet.transferred');
  });

  route(app, ctx, walletDetailCall, async ({ userId, body: b }) =>
    walletDetail(ctx, userId, b.currency, b.type),
  );

  route(app, ctx, walletLog, async ({ req, userId, body: b }) => {
    const account = LOG_ACCOUNT[b.type] ?? 'change';
    const [field, lock] = ACCOUNT_FIELDS[account];
    const where = ['l.user_id = $1', `l.field IN ('${field}', '${lock}')`];
    const params: (number | string)[] = [userId];
    if (b.currency !== undefined) {
      params.push(b.currency);
      where.push(`l.currency_id = $${params.length}`);
    }
    const rows = await logPage(ctx, where, params, b.page, LOG_PAGE_SIZE);
    return paged(
      rows.items.map((r) => toLogItem(langOf(req), r)),
      b.page,
      rows.total,
      LOG_PAGE_SIZE,
    );
  });

  route(app, ctx, accountLog, async ({ req, userId, body: b }) => {
    const rows = await logPage(ctx, ['l.user_id = $1'], [userId], b.page, b.limit);
    const data = rows.items.map((r) => toLogItem(langOf(req), r));
    return pageData(data, b.page, rows.total, b.limit);
  });

  route(app, ctx, transferLog, async ({ req, userId, body: b }) => {
    const where = ['l.user_id = $1', `l.type = ${LOG_TYPE.transfer}`, 'l.delta > 0'];
    const rows = await logPage(ctx, where, [userId], b.page, LOG_PAGE_SIZE);
    const data = rows.items.map((r) => toLogItem(langOf(req), r));
    return laravelPage(data, b.page, rows.total, LOG_PAGE_SIZE);
  });

  route(app, ctx, currencyListCall, () => currencyList(ctx));
  route(app, ctx, withdrawCurrencies, async () =>
    (await currencyList(ctx)).filter((c) => c.can_withdraw === 1),
  );
}

function directionOf(b: RequestIn<typeof walletChange>): readonly [AccountName, AccountName] {
  if (b.from_field !== undefined && b.to_field !== undefined) return [b.from_field, b.to_field];
  const legacy = b.type === undefined ? undefined : LEGACY_TRANSFER[b.type];
  if (legacy === undefined)
    throw new ApiError('error.fieldRequired', {
      field: b.from_field === undefined ? 'from_field' : 'to_field',
    });
  return legacy;
}
