// Loans over HTTP (wallet-account-earn.md §7 "Pre-sale, lock-up, loan"; docs/api-extensions.md
// "Loans"): the config (public), the user's records with the live BTC / ETH prices, apply
// (identity approved, else 998), a repayment quote and the repayment with a voucher that
// records it (issue 20, ADR 0023); the operator's calls are in lending-admin-routes.ts. The
// calls are declared in src/shared/wire/loans.ts.
import type { FastifyInstance } from 'fastify';
import type { Decimal } from '../../src/shared/decimal.ts';
import type { RepayCoin } from '../../src/shared/lending.ts';
import { REPAY_COIN_CURRENCY } from '../../src/shared/lending.ts';
import {
  loanApply,
  loanConfig,
  loanList,
  loanQuote,
  loanRepay,
} from '../../src/shared/wire/loans.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { t } from '../i18n/messages.ts';
import { ownsUpload } from '../uploads/uploads.ts';
import { requireIdentity } from '../identity/identity.ts';
import { usdtPrices } from '../wallet/valuation.ts';
import type { CoinPrices } from './lending.ts';
import { applyLoan, quoteRepayment, requestRepayment } from './lending.ts';
import { registerLendingAdminRoutes } from './lending-admin-routes.ts';
import { parseLoanForm, parseQuoteForm, parseRepaymentForm } from './lending-form.ts';
import { lendingConfig, myLoans } from './lending-views.ts';

export function registerLendingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => ctx.config.now();

  route(app, ctx, loanConfig, ({ req }) => lendingConfig(ctx.db, langOf(req)));

  route(app, ctx, loanList, async ({ userId, body: q }) => {
    const prices = coinPrices(ctx);
    return {
      ...(await myLoans(ctx.db, userId, q.page, now())),
      currery_money: { btc: prices.BTC?.toFixed() ?? '0', eth: prices.ETH?.toFixed() ?? '0' },
    };
  });

  // the forms answer their first bad field's own message (lending-form.ts): read here
  route(
    app,
    ctx,
    loanApply,
    async ({ req, userId, body }) => {
      const form = parseLoanForm(body);
      await applyLoan(ctx.db, userId, form, now());
      return t(langOf(req), 'lending.applied');
    },
    { gate: (userId) => requireIdentity(ctx, userId) },
  );

  // Extension (issue 20, ADR 0023): the amount to send, held for a minute; the repayment names it.
  route(app, ctx, loanQuote, async ({ userId, body }) => {
    const form = parseQuoteForm(body);
    const q = await quoteRepayment(ctx.db, {
      userId,
      ...form,
      prices: coinPrices(ctx),
      nowMs: now(),
    });
    return {
      id: q.id,
      order_id: q.orderId,
      coin: q.coin,
      currency: REPAY_COIN_CURRENCY[q.coin],
      repayment_amount: q.owed.toFixed(),
      price: q.price.toFixed(),
      amount: q.amount.toFixed(),
      address: q.address,
      expires_at: q.expiresMs,
      server_time: now(),
      ttl: Math.round((q.expiresMs - q.createdMs) / 1000),
    };
  });

  route(app, ctx, loanRepay, async ({ req, userId, body }) => {
    const form = parseRepaymentForm(body);
    if (!(await ownsUpload(ctx.db, form.image, userId))) throw new ApiError('upload.notYours');
    const filed = await requestRepayment(ctx.db, {
      userId,
      orderId: form.orderId,
      coin: form.coin,
      quoteId: form.quoteId,
      image: form.image,
      nowMs: now(),
    });
    return t(langOf(req), 'lending.repaymentSubmitted', {
      amount: filed.amount.toFixed(),
      coin: coinLabel(form.coin),
    });
  });

  registerLendingAdminRoutes(app, ctx);
}

/** "usdt_trc20" → "USDT-TRC20", "btc" → "BTC". */
const coinLabel = (coin: RepayCoin): string => coin.toUpperCase().replace('_', '-');

/** BTC and ETH in USDT at the simulator's last prices (as the wallet lists value them). */
export function coinPrices(ctx: AppContext): CoinPrices {
  const byId = usdtPrices(ctx);
  const out: { BTC?: Decimal; ETH?: Decimal } = {};
  for (const pair of ctx.market.pairs()) {
    if (pair.legalName !== 'USDT') continue;
    const p = byId.get(pair.currencyId);
    if (p === undefined) continue;
    if (pair.currencyName === 'BTC') out.BTC = p;
    if (pair.currencyName === 'ETH') out.ETH = p;
  }
  return out;
}
