// Lever positions as the API and the `lever_trade` push show them (contract §5.2): the stored
// columns as canonical decimal strings, times as "Y-m-d H:i:s", and the appended fields
// (time, symbol, live profits, status and type names, show_lever_id = id + 10000).
import type { TriggerBy } from '../../src/shared/lever-entry-stops.ts';
import { Decimal } from '../../src/shared/decimal.ts';
import { hazardRate, profitOf } from '../../src/shared/lever.ts';
import type { Lang } from '../../src/shared/locales.ts';
import type { Queryable } from '../db/database.ts';
import { formatTime } from '../http/format.ts';
import { t } from '../i18n/messages.ts';
import type { LeverService, PositionRow } from './lever-service.ts';
import { riskInput } from './lever-service.ts';

export interface PositionView {
  id: number;
  type: number;
  currency: number;
  legal: number;
  match_id: number;
  symbol: string;
  origin_price: string;
  price: string;
  update_price: string;
  target_profit_price: string;
  stop_loss_price: string;
  trigger_by: TriggerBy;
  trail_rate: string;
  trail_activation: string;
  trail_peak: string;
  reduce_only: number;
  split_from: number | null;
  stop_price: string;
  stop_dir: number;
  stop_market: number;
  stop_state: number;
  share: string;
  number: string;
  multiple: number;
  origin_caution_money: string;
  caution_money: string;
  fact_profits: string;
  trade_fee: string;
  overnight: string;
  overnight_money: string;
  status: number;
  status_name: string;
  type_name: string;
  profits: string;
  time: string;
  create_time: number;
  transaction_time: string;
  update_time: string;
  handle_time: string;
  complete_time: string;
  show_lever_id: number;
}

const canon = (v: string | number): string => new Decimal(v).toFixed();
const time = (d: Date | null): string => (d === null ? '' : formatTime(new Date(d)));

export function positionView(p: PositionRow, symbol: string, lang: Lang): PositionView {
  const profits =
    p.status === 1
      ? profitOf(p.type, p.price, p.update_price, p.number)
      : p.status === 3
        ? new Decimal(p.fact_profits)
        : new Decimal(0);
  return {
    id: p.id,
    type: p.type,
    currency: p.currency,
    legal: p.legal,
    match_id: p.match_id,
    symbol,
    origin_price: canon(p.origin_price),
    price: canon(p.price),
    update_price: canon(p.update_price),
    target_profit_price: canon(p.target_profit_price),
    stop_loss_price: canon(p.stop_loss_price),
    trigger_by: p.trigger_by,
    trail_rate: canon(p.trail_rate),
    trail_activation: canon(p.trail_activation),
    trail_peak: canon(p.trail_peak),
    reduce_only: p.reduce_only,
    split_from: p.split_from,
    stop_price: canon(p.stop_price),
    stop_dir: p.stop_dir,
    stop_market: p.stop_market,
    stop_state: p.stop_state,
    share: canon(p.share),
    number: canon(p.number),
    multiple: p.multiple,
    origin_caution_money: canon(p.origin_caution_money),
    caution_money: canon(p.caution_money),
    fact_profits: canon(p.fact_profits),
    trade_fee: canon(p.trade_fee),
    overnight: canon(p.overnight),
    overnight_money: canon(p.overnight_money),
    status: p.status,
    status_name: t(lang, `lever.status.${p.status}`),
    type_name: t(lang, p.type === 1 ? 'lever.type.buy' : 'lever.type.sell'),
    profits: profits.toFixed(),
    time: formatTime(new Date(p.create_time * 1000)),
    create_time: p.create_time,
    transaction_time: time(p.transaction_time),
    update_time: time(p.update_time),
    handle_time: time(p.handle_time),
    complete_time: time(p.complete_time),
    show_lever_id: p.id + 10000,
  };
}

export interface RiskFigures {
  hazard_rate: string;
  caution_money_all: string;
  origin_caution_money_all: string;
  profits_all: string;
  caution_money: string;
  origin_caution_money: string;
  profits: string;
  balance: string;
  /** How many positions of the quote currency are open (extension). */
  open_positions: number;
}

/** Totals over the user's open positions in `legalId` (and of `matchId` when given). */
export async function riskFigures(
  q: Queryable,
  lever: LeverService,
  userId: number,
  legalId: number,
  matchId: number | null,
): Promise<RiskFigures> {
  const open = await q.query<PositionRow & Record<string, unknown>>(
    'SELECT * FROM lever_transactions WHERE user_id = $1 AND legal = $2 AND status = 1',
    [userId, legalId],
  );
  const free = await lever.freeBalance(q, userId, legalId);
  const sum = (rows: readonly PositionRow[], f: (p: PositionRow) => Decimal.Value) =>
    rows.reduce((acc, p) => acc.plus(f(p)), new Decimal(0)).toFixed();
  const cur = matchId === null ? open : open.filter((p) => p.match_id === matchId);
  const profit = (p: PositionRow) => riskInput(p).profit;
  return {
    hazard_rate: (hazardRate(free, open.map(riskInput)) ?? new Decimal(0)).toFixed(2),
    caution_money_all: sum(open, (p) => p.caution_money),
    origin_caution_money_all: sum(open, (p) => p.origin_caution_money),
    profits_all: sum(open, profit),
    caution_money: sum(cur, (p) => p.caution_money),
    origin_caution_money: sum(cur, (p) => p.origin_caution_money),
    profits: sum(cur, profit),
    balance: free.toFixed(),
    open_positions: open.length,
  };
}
