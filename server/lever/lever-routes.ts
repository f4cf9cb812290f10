// Lever REST (api-contract §5; docs/api-extensions.md "Leveraged contracts"): deal panel,
// submit, lists, close, cancel, stop levels, batch close, the risk summary.
import type { FastifyInstance } from 'fastify';
import { Decimal } from '../../src/shared/decimal.ts';
import type { Lang } from '../../src/shared/locales.ts';
import type { AppContext } from '../context.ts';
import {
  LEVER_PAGE_MAX,
  LEVER_PAGE_SIZE,
  leverAmend,
  leverBatchClose,
  leverCancel,
  leverClose,
  leverDeal,
  leverDealAll,
  leverMyTrade,
  leverSetStop,
  leverSetTrail,
  leverSubmit,
} from '../../src/shared/wire/lever.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { kindOf, STOP_DIR, STOP_STATE } from '../../src/shared/lever-conditional.ts';
import { trailRateProblem } from '../../src/shared/lever-trailing.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import type { MessageValues } from '../i18n/messages.ts';
import { localDecimal, t } from '../i18n/messages.ts';
import { requireIdentity } from '../identity/identity.ts';
import { leverTrade } from './lever-runner.ts';
import { trailRateRefused } from './lever-rules.ts';
import type { LeverPair, LeverService, PositionRow } from './lever-service.ts';
import { deal, positionOf, positionsPage } from './lever-views.ts';
import { riskFigures } from './positions.ts';
import { setTrail } from './lever-trail-set.ts';
import { amendLever, type LeverAmended } from './lever-amend.ts';

export { LEVER_PAGE_MAX, LEVER_PAGE_SIZE };

export function registerLeverRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  lever: LeverService,
): void {
  const pairOf = (legalId: number, currencyId: number): LeverPair => {
    const pair = lever.pair(legalId, currencyId);
    if (pair === null) throw new ApiError('lever.pairClosed');
    return pair;
  };
  /**
   * The owner's `lever_trade` of each pair a command changed, at once: a position that ends
   * outside the risk tick (a close, a batch close) gets its last push too, so the risk figures
   * never outlive the positions (api-extensions "Push").
   */
  const pushPairs = async (userId: number, matchIds: Iterable<number>): Promise<void> => {
    for (const matchId of new Set(matchIds)) {
      const pair = lever.pairById(matchId);
      if (pair === null) continue;
      const body = await leverTrade(ctx.db, lever, userId, pair, ctx.config.now());
      ctx.notify.push(userId, 'lever_trade', body);
    }
  };

  route(app, ctx, leverDeal, async ({ req, body: b, viewer }) => {
    const pair = pairOf(b.legal_id, b.currency_id);
    const userId = await viewer();
    return deal(ctx, lever, pair, userId, langOf(req));
  });

  route(app, ctx, leverSubmit, async ({ req, userId, body: b }) => {
    // the identity after the fields, as the route always checked it
    await requireIdentity(ctx, userId);
    if (!/^\d+$/.test(b.share)) throw new ApiError('validation.lever.shareInteger');
    const target =
      b.target_price === undefined || b.target_price === ''
        ? null
        : amountOf(b.target_price, 'lever.targetRequired');
    const r = await lever.submit({
      userId,
      legalId: b.legal_id,
      currencyId: b.currency_id,
      side: b.type,
      share: Number(b.share),
      multiple: b.multiple,
      mode: b.status,
      targetPrice: target,
      clientId: b.client_id ?? null,
      stops: {
        tp: optionalStop(b.target_profit_price),
        sl: optionalStop(b.stop_loss_price),
      },
      triggerBy: b.trigger_by ?? 'mark',
      trail: {
        rate: optionalRate(b.trail_rate),
        activation: optionalStop(b.trail_activation),
      },
      reduceOnly: b.reduce_only === '1',
      trigger:
        b.stop_price === undefined || b.stop_price.trim() === ''
          ? null
          : { price: amountOf(b.stop_price, 'lever.triggerRequired'), kind: b.stop_kind ?? null },
    });
    ctx.notify.balance(userId);
    const row = await positionOf(ctx.db, r.id);
    if (row !== null) await pushPairs(userId, [row.match_id]);
    const text = row === null ? '' : submittedText(lever, row, langOf(req));
    return { text, id: r.id, repeated: r.repeated };
  });

  route(app, ctx, leverMyTrade, async ({ req, userId, body: b }) => {
    const legalId = b.legal_id ?? 1;
    const risk = await riskFigures(ctx.db, lever, userId, legalId, null);
    const page = await positionsPage(ctx, lever, userId, b, langOf(req));
    return {
      rate_profits_total: {
        hazard_rate: risk.hazard_rate,
        profits_total: risk.profits_all,
        // extension: the list of one tab cannot tell whether any position is open
        open_positions: risk.open_positions,
      },
      message: page,
    };
  });

  route(app, ctx, leverDealAll, async ({ req, userId, body: b }) => {
    const legalId = b.legal_id ?? 1;
    const pair = b.currency_id === undefined ? null : lever.pair(legalId, b.currency_id);
    const risk = await riskFigures(ctx.db, lever, userId, legalId, pair?.matchId ?? null);
    const order = await positionsPage(ctx, lever, userId, { ...b, status: 1 }, langOf(req));
    return {
      balance: risk.balance,
      hazard_rate: risk.hazard_rate,
      caution_money_total: risk.caution_money_all,
      origin_caution_money_total: risk.origin_caution_money_all,
      profits_total: risk.profits_all,
      caution_money: risk.caution_money,
      origin_caution_money: risk.origin_caution_money,
      profits: risk.profits,
      order,
    };
  });

  /** After a close or a cancel: the balance and the pair's positions pushed at once. */
  const pushAfter = async (userId: number, id: number): Promise<void> => {
    ctx.notify.balance(userId);
    const row = await positionOf(ctx.db, id);
    if (row !== null) await pushPairs(userId, [row.match_id]);
  };

  route(app, ctx, leverClose, async ({ req, userId, body: b }) => {
    const hands = handsToClose(b.share);
    await lever.close(userId, b.id, hands);
    await pushAfter(userId, b.id);
    // a partial close leaves the position open with the rest of its hands (ADR 0061)
    const row = await positionOf(ctx.db, b.id);
    if (hands === null || row === null || row.status !== 1) return t(langOf(req), 'lever.closed');
    return t(langOf(req), 'lever.partClosed', { hands, left: Number(row.share) });
  });

  route(app, ctx, leverCancel, async ({ req, userId, body: b }) => {
    await lever.cancel(userId, b.id);
    await pushAfter(userId, b.id);
    return t(langOf(req), 'lever.cancelled');
  });

  route(app, ctx, leverSetStop, async ({ req, userId, body: b }) => {
    const tp = amountOf(b.target_profit_price, 'validation.lever.stopInvalid');
    const sl = amountOf(b.stop_loss_price, 'validation.lever.stopInvalid');
    await lever.setStop(userId, b.id, tp, sl, b.trigger_by ?? null);
    return t(langOf(req), 'lever.stopSet');
  });

  route(app, ctx, leverAmend, async ({ req, userId, body: b }) => {
    const typed = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v);
    const hands = typed(b.share);
    if (hands !== null && !/^\d+$/.test(hands.trim()))
      throw new ApiError('validation.lever.shareInteger');
    const price = typed(b.target_price);
    const trigger = typed(b.stop_price);
    const done = await amendLever(
      lever,
      {
        userId,
        id: b.id,
        share: hands === null ? null : Number(hands.trim()),
        price: price === null ? null : amountOf(price, 'lever.targetRequired'),
        trigger: trigger === null ? null : amountOf(trigger, 'lever.triggerRequired'),
      },
      ctx.config.now(),
    );
    await pushAfter(userId, b.id);
    return { text: amendedText(lever, done, langOf(req)), id: b.id };
  });

  route(app, ctx, leverSetTrail, async ({ req, userId, body: b }) => {
    const rate = b.trail_rate?.trim() === '0' ? null : optionalRate(b.trail_rate);
    const activation = optionalStop(b.trail_activation);
    await setTrail(lever, userId, b.id, { rate, activation }, ctx.config.now());
    await pushAfter(userId, b.id);
    return t(langOf(req), 'lever.trailSet', { set: rate === null ? 'no' : 'yes' });
  });

  route(app, ctx, leverBatchClose, async ({ req, userId, body: b }) => {
    const pair =
      b.legal_id === undefined || b.currency_id === undefined
        ? null
        : lever.pair(b.legal_id, b.currency_id);
    const closed = await lever.batchClose(userId, b.type, pair?.matchId ?? null);
    ctx.notify.balance(userId);
    await pushPairs(userId, closed);
    return t(langOf(req), 'lever.batchClosed', { count: closed.length });
  });
}

/**
 * What a submit did, in the reader's language: a market order opened at its open price (the
 * mark price plus the spread for a long, minus for a short); a limit order waits for the mark
 * to reach its price and then opens at that price with the spread.
 */
function submittedText(lever: LeverService, p: PositionRow, lang: Lang): string {
  const pair = lever.pairById(p.match_id);
  const dp = pair?.pricePrecision ?? new Decimal(p.price).decimalPlaces();
  const values = {
    side: p.type === 1 ? 'long' : 'short',
    hands: Number(p.share),
    multiple: p.multiple,
    price: localDecimal(p.price, dp),
    currency: pair?.legalName ?? '',
    spread: localDecimal(pair?.spreadPct ?? '0'),
  };
  const reference = localDecimal(p.origin_price, dp);
  if (p.stop_state === STOP_STATE.waiting) return triggerPlacedText(p, values, dp, lang);
  if (p.reduce_only === 1)
    return p.status === 0
      ? t(lang, 'lever.reducePlaced', { ...values, target: reference })
      : t(lang, 'lever.reduced', { ...values, hands: Number(p.share), mark: reference });
  return p.status === 0
    ? t(lang, 'lever.placed', { ...values, target: reference })
    : t(lang, 'lever.opened', { ...values, mark: reference });
}

/** An amended order (ADR 0068): what it now is, and what more is held or what went back. */
function amendedText(lever: LeverService, done: LeverAmended, lang: Lang): string {
  const p = done.row;
  const pair = lever.pairById(p.match_id);
  const dp = pair?.pricePrecision ?? 2;
  const held = done.held;
  // a waiting stop-market opens at the mark: its trigger is the price it has
  const trigger = p.stop_market === 1 && p.stop_state === STOP_STATE.waiting;
  return t(lang, 'lever.amended', {
    id: String(p.id + 10000),
    hands: Number(p.share),
    at: trigger ? 'trigger' : 'price',
    price: localDecimal(trigger ? p.stop_price : p.origin_price, dp),
    currency: pair?.legalName ?? '',
    held: held.isZero() ? 'same' : held.greaterThan(0) ? 'more' : 'less',
    diff: localDecimal(held.abs()),
  });
}

/** A conditional order placed (ADR 0065): what fires it, and what it then does. */
function triggerPlacedText(p: PositionRow, values: MessageValues, dp: number, lang: Lang): string {
  const direction = p.stop_dir === STOP_DIR.rises ? 'rises' : 'falls';
  return t(lang, 'lever.triggerPlaced', {
    ...values,
    kind: kindOf(p.type, direction),
    order: p.stop_market === 1 ? 'market' : 'limit',
    by: p.trigger_by,
    direction,
    trigger: localDecimal(p.stop_price, dp),
    target: localDecimal(p.origin_price, dp),
  });
}

/** A partial close's hands (ADR 0061): absent or empty closes them all; else a whole number. */
function handsToClose(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  if (!/^\d+$/.test(text.trim())) throw new ApiError('validation.lever.shareInteger');
  return Number(text.trim());
}

/** A level sent with an order: absent or empty is not set; otherwise a decimal amount. */
function optionalStop(text: string | undefined): Decimal | null {
  return text === undefined || text.trim() === ''
    ? null
    : amountOf(text, 'validation.lever.stopInvalid');
}

/** A trailing stop's rate sent with an order (ADR 0060): absent or empty is none. */
function optionalRate(text: string | undefined): Decimal | null {
  if (text === undefined || text.trim() === '') return null;
  // the text itself: "1e1" would pass as a Decimal
  if (trailRateProblem(text) !== null) throw trailRateRefused();
  return new Decimal(text.trim());
}
