// Acceptor calls (spec §7 "Acceptors"; docs/api-extensions.md), declared in
// src/shared/wire/c2c.ts: the list, one acceptor, a new deal, the user's deals, and (extension)
// the user's confirmation that a sell deal was paid. The legacy `address` parameter (a wallet
// address used as identity) is accepted and ignored: the token says who the user is.
import type { FastifyInstance } from 'fastify';
import { ACCEPTOR_WAYS, validateAcceptorDeal } from '../../src/shared/wallet.ts';
import {
  acceptorConfirm,
  acceptorDeal,
  acceptorInfo,
  acceptorList,
  acceptorMyDeals,
} from '../../src/shared/wire/c2c.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf, requireAmount } from '../http/amounts.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { t } from '../i18n/messages.ts';
import {
  acceptorById,
  autoConfirm,
  confirmDeal,
  createDeal,
  listAcceptors,
  myDeals,
} from './acceptors.ts';

export function registerAcceptorRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, acceptorList, () => listAcceptors(ctx.db));

  route(app, ctx, acceptorInfo, ({ body: q }) => acceptorById(ctx.db, q.id));

  route(app, ctx, acceptorDeal, async ({ req, userId, body: b }) => {
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
    return t(langOf(req), 'acceptor.dealCreated');
  });

  route(app, ctx, acceptorMyDeals, async ({ userId, body: q }) => {
    for (const uid of await autoConfirm(ctx.db, ctx.config.now())) ctx.notify.balance(uid);
    return myDeals(ctx.db, userId, { type: q.type ?? null, way: q.way ?? null });
  });

  route(app, ctx, acceptorConfirm, async ({ req, userId, body: b }) => {
    await confirmDeal(ctx.db, b.id, userId, ctx.config.now());
    ctx.notify.balance(userId);
    return t(langOf(req), 'acceptor.confirmed');
  });
}
