// Schemas of the lever replies and the `lever_trade` push (api-contract §5, §3.2;
// docs/api-extensions.md "Leveraged contracts") → the domain views of api.ts. The push's
// position lists arrive as JSON strings: they are parsed and validated like any payload.
import { z } from 'zod';
import type { DecStr } from '../../shared/decimal.ts';
import type { LeverPositionView, LeverTab, LeverTriggerView } from '../api.ts';
import { leverDeal, leverMyTrade, leverPositionRow } from '../../shared/wire/lever.ts';
import { wireDecimal, wireInt } from './schemas.ts';

const ZERO = '0' as DecStr;

/** The `status` of `lever/my_trade` each tab of the positions lists reads. */
export const LEVER_TAB_STATUS: Record<LeverTab, number> = {
  holding: 1,
  entrusts: 0,
  closed: 3,
  revoked: 4,
};
const optionalDecimal = wireDecimal.optional().nullable();

type RawPosition = z.output<typeof leverPositionRow>;

export const leverPosition = leverPositionRow.transform((p) => toPosition(p));

function toPosition(p: RawPosition): LeverPositionView {
  return {
    id: p.id,
    side: p.type === 1 ? 1 : 2,
    symbol: p.symbol,
    legalId: p.legal ?? 0,
    currencyId: p.currency ?? 0,
    status: p.status,
    share: p.share,
    number: p.number ?? ZERO,
    multiple: p.multiple ?? 0,
    originPrice: p.origin_price ?? p.price,
    price: p.price,
    markPrice: p.update_price ?? p.price,
    ...money(p),
    ...levels(p),
    reduceOnly: p.reduce_only === 1,
    splitFrom: p.split_from ?? 0,
    trigger: triggerOf(p),
    openTime: p.transaction_time,
    closeTime: p.complete_time,
    createTime: p.create_time ?? 0,
  };
}

/** A conditional entry order's trigger (ADR 0065); a legacy row has none. */
function triggerOf(p: RawPosition): LeverTriggerView | null {
  const state = p.stop_state ?? 0;
  if (state === 0 || p.stop_price === undefined || p.stop_price === null) return null;
  return {
    price: p.stop_price,
    direction: p.stop_dir === 1 ? 'rises' : 'falls',
    market: p.stop_market === 1,
    state: state === 1 ? 'waiting' : state === 3 ? 'refused' : 'triggered',
  };
}

/** The levels a position carries (ADRs 0058–0060). */
function levels(p: RawPosition) {
  return {
    takeProfit: p.target_profit_price ?? ZERO,
    stopLoss: p.stop_loss_price ?? ZERO,
    stopsBy: p.trigger_by ?? 'mark',
    trailRate: p.trail_rate ?? ZERO,
    trailActivation: p.trail_activation ?? ZERO,
    trailPeak: p.trail_peak ?? ZERO,
  };
}

function money(p: RawPosition) {
  return {
    margin: p.caution_money ?? ZERO,
    originMargin: p.origin_caution_money ?? p.caution_money ?? ZERO,
    fee: p.trade_fee ?? ZERO,
    overnightMoney: p.overnight_money ?? ZERO,
    profit: p.status === 3 ? (p.fact_profits ?? p.profits ?? ZERO) : (p.profits ?? ZERO),
  };
}

export const leverDealReply = leverDeal.reply;

/** `lever/my_trade`: `{rate_profits_total, message: paginator}` (the nested message is real). */
export const leverTradeList = leverMyTrade.reply.transform((r) => ({
  rows: r.message.data.map(toPosition),
  page: r.message.current_page ?? 1,
  hasMore: (r.message.current_page ?? 1) < (r.message.last_page ?? 1),
  hazardRate: r.rate_profits_total?.hazard_rate ?? null,
  profitsTotal: r.rate_profits_total?.profits_total ?? null,
  openPositions: r.rate_profits_total?.open_positions ?? null,
}));

/** A page of `lever/my_trade` as a list page (the CSV export reads every page of a tab). */
export const leverPositionsPage = leverMyTrade.reply.transform((r) => ({
  rows: r.message.data.map(toPosition),
  page: r.message.current_page ?? 1,
  pages: r.message.last_page ?? 1,
  total: r.message.total ?? r.message.data.length,
  hasMore: (r.message.current_page ?? 1) < (r.message.last_page ?? 1),
}));

/**
 * `trades_all` / `trades_entrust`: required (the contract always sends both). Were an absent
 * list read as empty, any object arriving as `lever_trade` would wipe the positions shown.
 */
const jsonPositions = z
  .union([z.string(), z.array(z.unknown())])
  .transform((v, ctx) => {
    try {
      return typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'positions are not JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.array(leverPosition));

export const leverTradePush = z
  .object({
    type: z.literal('lever_trade').optional(),
    to: wireInt.optional(),
    hazard_rate: optionalDecimal,
    profits_all: optionalDecimal,
    caution_money_all: optionalDecimal,
    origin_caution_money_all: optionalDecimal,
    trades_all: jsonPositions,
    trades_entrust: jsonPositions,
    legal_id: wireInt.optional(),
    currency_id: wireInt.optional(),
    balance: optionalDecimal,
    server_time: wireInt.optional(),
  })
  .transform((p) => ({
    legalId: p.legal_id ?? p.trades_all[0]?.legalId ?? p.trades_entrust[0]?.legalId ?? null,
    currencyId: p.currency_id ?? null,
    hazardRate: p.trades_all.length === 0 ? null : (p.hazard_rate ?? null),
    profitsAll: p.profits_all ?? ZERO,
    marginAll: p.caution_money_all ?? ZERO,
    balance: p.balance ?? null,
    holding: p.trades_all,
    entrusts: p.trades_entrust,
    serverTime: p.server_time ?? null,
  }));
