// The operator API (`x-admin-token`; scripts/admin.ts drives it): the queue of what waits for
// a person, decisions on withdrawals, deposits, identity submissions and acceptor deals, the
// deposit/withdraw switch and other settings, region agents and notices. Every decision is the same
// ledger-backed function a test calls, and the user's room hears `update_balance`.
import type { FastifyInstance } from 'fastify';
import { parseDecimal } from '../../src/shared/decimal.ts';
import { safeLink } from '../../src/shared/links.ts';
import {
  operatorAcceptorDeal,
  operatorDeposit,
  operatorIdentity,
  operatorMicro,
  operatorMicroDuration,
  operatorMicroFee,
  operatorNews,
  operatorCluster,
  operatorQueue,
  operatorRegionAgent,
  operatorSetting,
  operatorUser,
  operatorWithdrawal,
} from '../../src/shared/wire/operator.ts';
import { confirmDeal, markPaid, rejectDeal } from '../acceptors/acceptors.ts';
import { setRegionAgent } from '../accounts/region-agents.ts';
import { findUser } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { route } from '../http/wire-route.ts';
import { decideIdentity } from '../identity/identity.ts';
import { publishNews } from '../news/news.ts';
import { decideDeposit, decideWithdrawal, saveSetting } from '../wallet/funds.ts';
import { validCancelFeePct } from '../earn/lockup-rules.ts';
import { microSettings, setMicroDuration, setMicroFee } from '../micro/micro-admin.ts';
import { clusterView, queue, userSheet } from './admin-views.ts';

// the settings the operator may change are the declaration's (src/shared/wire/operator.ts)
export { SETTINGS, type SettingKey } from '../../src/shared/wire/operator.ts';

/** Settings that must be a positive number. */
const NUMERIC: ReadonlySet<string> = new Set([
  'ex_rate',
  'user_legal_deal_cancel',
  'user_legal_deal_cancel_time',
  'lever_burst_hazard_rate',
  'lending_min_amount',
  'lending_max_amount',
  'presale_total',
  'presale_price',
]);

/** Whether a value fits its setting beyond being text (numbers, moments, links). */
function validSetting(key: string, value: string): boolean {
  if (key === 'is_open_CTbi') return value === '0' || value === '1';
  if (NUMERIC.has(key)) return parseDecimal(value)?.greaterThan(0) ?? false;
  if (key === 'presale_issued') return parseDecimal(value)?.isNegative() === false;
  if (key === 'cancel_deposit_fee') return validCancelFeePct(value);
  if (key === 'presale_start' || key === 'presale_end') return !Number.isNaN(Date.parse(value));
  if (key.endsWith('_url')) return value === '' || safeLink(value) !== null;
  return true;
}

export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.adminToken === null) return;
  // every call asks for the operator token first (`auth: 'operator'`: route() checks it)
  const now = () => ctx.config.now();

  route(app, ctx, operatorQueue, () => queue(ctx));

  route(app, ctx, operatorCluster, () => clusterView(ctx.db));

  route(app, ctx, operatorUser, async ({ body: b }) => {
    const user = await findUser(ctx.db, b.account);
    if (user === null) throw new ApiError('account.notFound');
    return userSheet(ctx.db, user.id, user.account, user.review_status);
  });

  route(app, ctx, operatorWithdrawal, async ({ body: b }) => {
    const userId = await decideWithdrawal(ctx.db, b.id, b.action === 'approve', b.reason, now());
    ctx.notify.balance(userId);
    return { id: b.id, user_id: userId, action: b.action };
  });

  route(app, ctx, operatorDeposit, async ({ body: b }) => {
    const userId = await decideDeposit(ctx.db, b.id, b.action === 'confirm', b.reason, now());
    ctx.notify.balance(userId);
    return { id: b.id, user_id: userId, action: b.action };
  });

  route(app, ctx, operatorIdentity, async ({ body: b }) => {
    const userId = await decideIdentity(ctx.db, b.id, b.action === 'approve', b.reason, now());
    ctx.notify.user(userId);
    return { id: b.id, user_id: userId, action: b.action };
  });

  route(app, ctx, operatorAcceptorDeal, async ({ body: b }) => {
    const userId =
      b.action === 'paid'
        ? await markPaid(ctx.db, b.id, now())
        : b.action === 'confirm'
          ? await confirmDeal(ctx.db, b.id, null, now())
          : await rejectDeal(ctx.db, b.id, now());
    ctx.notify.balance(userId);
    return { id: b.id, user_id: userId, action: b.action };
  });

  route(app, ctx, operatorSetting, async ({ body: b }) => {
    if (!validSetting(b.key, b.value)) throw new ApiError('error.fieldInvalid', { field: 'value' });
    await saveSetting(ctx.db, b.key, b.value);
    return { key: b.key, value: b.value };
  });

  // Second contracts (ADR 0040): durations, payouts and fees; an unfair change is refused.
  route(app, ctx, operatorMicro, () => microSettings(ctx.db));

  route(app, ctx, operatorMicroDuration, async ({ body: b }) => {
    const ratio = parseDecimal(b.profit_ratio);
    if (ratio === null) throw new ApiError('error.fieldInvalid', { field: 'profit_ratio' });
    await setMicroDuration(ctx.db, b.seconds, ratio, b.status === 'on');
    return microSettings(ctx.db);
  });

  route(app, ctx, operatorMicroFee, async ({ body: b }) => {
    const fee = parseDecimal(b.fee);
    if (fee === null) throw new ApiError('error.fieldInvalid', { field: 'fee' });
    await setMicroFee(ctx.db, b.currency, fee);
    return microSettings(ctx.db);
  });

  // A notice, as the operator publishes it: stored as given (the client sanitizes its HTML and
  // shows title and abstract as text), newest first in its language's list.
  route(app, ctx, operatorNews, async ({ body: b }) => ({
    id: await publishNews(ctx.db, b, now()),
  }));

  route(app, ctx, operatorRegionAgent, async ({ body: b }) => {
    const user = await findUser(ctx.db, b.account);
    if (user === null) throw new ApiError('account.notFound');
    await setRegionAgent(ctx.db, user.id, b.city, b.district);
    return { user_id: user.id, city: b.city, district: b.district };
  });
}
