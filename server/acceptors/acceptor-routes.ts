// Acceptor calls (spec §7 "Acceptors"; docs/api-extensions.md): the list, one acceptor, a new
// deal, the user's deals, and (extension) the user's confirmation that a sell deal was paid.
// The legacy `address` parameter (a wallet address used as identity) is accepted and ignored:
// the token says who the user is.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ACCEPTOR_WAYS, validateAcceptorDeal } from '../../src/shared/wallet.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf, requireAmount } from '../http/amounts.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';
import {
  acceptorById,
  autoConfirm,
  confirmDeal,
  createDeal,
  listAcceptors,
  myDeals,
} from './acceptors.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

const dealBody = z.object({
  acceptor_id: id,
  address: text(200).optional(),
  way: text(20).default(''),
  type: z.enum(['buy', 'sell']),
  mobile: text(30).default(''),
  deal_account: text(100).default(''),
  money: text(60).default(''),
});

const myDealQuery = z.object({
  address: text(200).optional(),
  way: z.enum(ACCEPTOR_WAYS).optional(),
  type: z.enum(['buy', 'sell']).optional(),
});

export function registerAcceptorRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/acceptor/list', async (req) => {
    await requireUser(ctx, req);
    return ok(await listAcceptors(ctx.db));
  });

  app.get('/api/acceptor/info', async (req) => {
    await requireUser(ctx, req);
    const q = parse(z.object({ id, address: text(200).optional() }), req);
    return ok(await acceptorById(ctx.db, q.id));
  });

  app.post('/api/acceptor/deal', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(dealBody, req);
    // the amount's form first: "1e4" is told to be written as digits, not that it is missing
    const money = amountOf(b.money, 'validation.acceptor.amountRequired');
    const errors = validateAcceptorDeal({
      mobile: b.mobile,
      dealAccount: b.deal_account,
      money: b.money,
      way: b.way,
    });
    const first = errors.mobile ?? errors.dealAccount ?? errors.money ?? errors.way;
    if (first !== undefined) throw new ApiError(first);
    // a fiat amount: cents, never rounded for the user
    requireAmount(money, 2);
    const way = ACCEPTOR_WAYS.find((w) => w === b.way);
    if (way === undefined) throw new ApiError('validation.acceptor.wayRequired');
    await createDeal(ctx.db, {
      userId,
      acceptorId: b.acceptor_id,
      type: b.type,
      way,
      mobile: b.mobile,
      dealAccount: b.deal_account,
      money,
      nowMs: ctx.config.now(),
    });
    if (b.type === 'sell') ctx.notify.balance(userId);
    return ok(t(langOf(req), 'acceptor.dealCreated'));
  });

  app.get('/api/acceptor/my_deal', async (req) => {
    const userId = await requireUser(ctx, req);
    const q = parse(myDealQuery, req);
    for (const uid of await autoConfirm(ctx.db, ctx.config.now())) ctx.notify.balance(uid);
    return ok(await myDeals(ctx.db, userId, { type: q.type ?? null, way: q.way ?? null }));
  });

  app.post('/api/acceptor/confirm', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(z.object({ id }), req);
    await confirmDeal(ctx.db, b.id, userId, ctx.config.now());
    ctx.notify.balance(userId);
    return ok(t(langOf(req), 'acceptor.confirmed'));
  });
}
