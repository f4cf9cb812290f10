// The operator API (`x-admin-token`; scripts/admin.ts drives it): the queue of what waits for
// a person, decisions on withdrawals, deposits, identity submissions and acceptor deals, the
// deposit/withdraw switch and other settings, region agents and notices. Every decision is the same
// ledger-backed function a test calls, and the user's room hears `update_balance`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseDecimal } from '../../src/shared/decimal.ts';
import { safeLink } from '../../src/shared/links.ts';
import { confirmDeal, markPaid, rejectDeal } from '../acceptors/acceptors.ts';
import { LANGS } from '../../src/shared/locales.ts';
import { setRegionAgent } from '../accounts/region-agents.ts';
import { findUser } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { ok, parse, text } from '../http/envelope.ts';
import { decideIdentity } from '../identity/identity.ts';
import { publishNews } from '../news/news.ts';
import { decideDeposit, decideWithdrawal, saveSetting } from '../wallet/funds.ts';
import { PRESALE_SETTINGS } from '../presale/presale.ts';
import { validCancelFeePct } from '../earn/lockup-rules.ts';
import { microSettings, setMicroDuration, setMicroFee } from '../micro/micro-admin.ts';
import { isAdmin } from '../http/admin-auth.ts';
import { queue, userSheet } from './admin-views.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const reason = text(200).default('');
/** The settings the operator may change (`POST /api/admin/setting`, `npm run admin -- set`). */
export const SETTINGS = [
  'is_open_CTbi',
  'ex_rate',
  'company_eth_address',
  'user_legal_deal_cancel',
  'user_legal_deal_cancel_time',
  'lever_burst_hazard_rate',
  'lending_min_amount',
  'lending_max_amount',
  'lending_address_btc',
  'lending_address_eth',
  'lending_address_usdt_erc20',
  'lending_address_usdt_trc20',
  ...PRESALE_SETTINGS,
  'cancel_deposit_fee',
] as const;
export type SettingKey = (typeof SETTINGS)[number];
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
  const guard = (req: FastifyRequest) => {
    if (!isAdmin(ctx, req)) throw new ApiError('admin.forbidden');
  };
  const now = () => ctx.config.now();

  app.get('/api/admin/queue', async (req) => {
    guard(req);
    return ok(await queue(ctx));
  });

  app.get('/api/admin/user', async (req) => {
    guard(req);
    const b = parse(z.object({ account: text(120) }), req);
    const user = await findUser(ctx.db, b.account);
    if (user === null) throw new ApiError('account.notFound');
    return ok(await userSheet(ctx.db, user.id, user.account, user.review_status));
  });

  app.post('/api/admin/withdrawal', async (req) => {
    guard(req);
    const b = parse(z.object({ id, action: z.enum(['approve', 'reject']), reason }), req);
    const userId = await decideWithdrawal(ctx.db, b.id, b.action === 'approve', b.reason, now());
    ctx.notify.balance(userId);
    return ok({ id: b.id, user_id: userId, action: b.action });
  });

  app.post('/api/admin/deposit', async (req) => {
    guard(req);
    const b = parse(z.object({ id, action: z.enum(['confirm', 'reject']), reason }), req);
    const userId = await decideDeposit(ctx.db, b.id, b.action === 'confirm', b.reason, now());
    ctx.notify.balance(userId);
    return ok({ id: b.id, user_id: userId, action: b.action });
  });

  app.post('/api/admin/identity', async (req) => {
    guard(req);
    const b = parse(z.object({ id, action: z.enum(['approve', 'reject']), reason }), req);
    const userId = await decideIdentity(ctx.db, b.id, b.action === 'approve', b.reason, now());
    ctx.notify.user(userId);
    return ok({ id: b.id, user_id: userId, action: b.action });
  });

  app.post('/api/admin/acceptor-deal', async (req) => {
    guard(req);
    const b = parse(z.object({ id, action: z.enum(['paid', 'confirm', 'reject']) }), req);
    const userId =
      b.action === 'paid'
        ? await markPaid(ctx.db, b.id, now())
        : b.action === 'confirm'
          ? await confirmDeal(ctx.db, b.id, null, now())
          : await rejectDeal(ctx.db, b.id, now());
    ctx.notify.balance(userId);
    return ok({ id: b.id, user_id: userId, action: b.action });
  });

  app.post('/api/admin/setting', async (req) => {
    guard(req);
    const b = parse(z.object({ key: z.enum(SETTINGS), value: text(200) }), req);
    if (!validSetting(b.key, b.value)) throw new ApiError('error.fieldInvalid', { field: 'value' });
    await saveSetting(ctx.db, b.key, b.value);
    return ok({ key: b.key, value: b.value });
  });

  // Second contracts (ADR 0040): durations, payouts and fees; an unfair change is refused.
  app.get('/api/admin/micro', async (req) => {
    guard(req);
    return ok(await microSettings(ctx.db));
  });

  app.post('/api/admin/micro-duration', async (req) => {
    guard(req);
    const b = parse(
      z.object({
        seconds: id,
        profit_ratio: text(40),
        status: z.enum(['on', 'off']).default('on'),
      }),
      req,
    );
    const ratio = parseDecimal(b.profit_ratio);
    if (ratio === null) throw new ApiError('error.fieldInvalid', { field: 'profit_ratio' });
    await setMicroDuration(ctx.db, b.seconds, ratio, b.status === 'on');
    return ok(await microSettings(ctx.db));
  });

  app.post('/api/admin/micro-fee', async (req) => {
    guard(req);
    const b = parse(z.object({ currency: text(20), fee: text(40) }), req);
    const fee = parseDecimal(b.fee);
    if (fee === null) throw new ApiError('error.fieldInvalid', { field: 'fee' });
    await setMicroFee(ctx.db, b.currency, fee);
    return ok(await microSettings(ctx.db));
  });

  // A notice, as the operator publishes it: stored as given (the client sanitizes its HTML and
  // shows title and abstract as text), newest first in its language's list.
  app.post('/api/admin/news', async (req) => {
    guard(req);
    const b = parse(
      z.object({
        lang: z.enum(LANGS),
        c_id: id,
        title: text(200).pipe(z.string().min(1)),
        abstract: text(500).default(''),
        content: text(100_000).pipe(z.string().min(1)),
      }),
      req,
    );
    return ok({ id: await publishNews(ctx.db, b, now()) });
  });

  app.post('/api/admin/region-agent', async (req) => {
    guard(req);
    const b = parse(z.object({ account: text(120), city: text(60), district: text(60) }), req);
    const user = await findUser(ctx.db, b.account);
    if (user === null) throw new ApiError('account.notFound');
    await setRegionAgent(ctx.db, user.id, b.city, b.district);
    return ok({ user_id: user.id, city: b.city, district: b.district });
  });
}
