// Schemas of the second-contract replies and the `closed_microorder` push (api-contract §6,
// §3.2; docs/api-extensions.md "Second contracts"). Orders keep the time left as the server
// said it; the projection anchors it to the event's time.
import { z } from 'zod';
import type { DecStr } from '../../shared/decimal.ts';
import type { MicroCurrencyView, MicroSecondsView } from '../api.ts';
import { wireDecimal, wireInt } from './schemas.ts';

const ZERO = '0' as DecStr;
const optionalDecimal = wireDecimal.optional().nullable();
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === undefined || v === null ? '' : String(v)));

/** An order as the wire has it, with the time left in ms (before anchoring). */
export const microOrder = z
  .object({
    id: wireInt,
    match_id: wireInt.optional(),
    symbol_name: text,
    currency_name: text,
    type: wireInt,
    seconds: wireInt,
    number: wireDecimal,
    open_price: optionalDecimal,
    end_price: optionalDecimal,
    profit_ratio: optionalDecimal,
    fee: optionalDecimal,
    status: wireInt,
    profit_result: wireInt.optional(),
    fact_profits: optionalDecimal,
    created_at: text,
    remain_milli_seconds: wireInt.optional(),
    end_time: wireInt.optional(),
    server_time: wireInt.optional(),
    show_micro_id: wireInt.optional(),
  })
  .transform((o) => ({
    id: o.id,
    showId: o.show_micro_id ?? o.id + 10000,
    symbol: o.symbol_name,
    matchId: o.match_id ?? 0,
    currency: o.currency_name,
    side: (o.type === 2 ? 2 : 1) as 1 | 2,
    seconds: o.seconds,
    number: o.number,
    openPrice: o.open_price ?? ZERO,
    endPrice: o.end_price ?? o.open_price ?? ZERO,
    profitRatio: o.profit_ratio ?? ZERO,
    fee: o.fee ?? ZERO,
    status: o.status,
    result: o.profit_result ?? 0,
    profit: o.fact_profits ?? ZERO,
    createdAt: o.created_at,
    // exact when the server says both (extension), else the legacy rounded figure
    remainMs:
      o.end_time !== undefined && o.server_time !== undefined
        ? Math.max(0, o.end_time - o.server_time)
        : (o.remain_milli_seconds ?? 0),
  }));
export type MicroOrderWire = z.output<typeof microOrder>;

export const microListReply = z
  .object({
    data: z.array(microOrder),
    current_page: wireInt.optional(),
    last_page: wireInt.optional(),
  })
  .transform((p) => ({ rows: p.data, hasMore: (p.current_page ?? 1) < (p.last_page ?? 1) }));

export const microCurrenciesReply = z.array(
  z
    .object({
      id: wireInt,
      name: z.string(),
      micro_trade_fee: optionalDecimal,
      micro_min: optionalDecimal,
      micro_max: optionalDecimal,
      micro_holdtrade_max: wireInt.optional(),
      micro_numbers: z.array(z.object({ number: wireDecimal })).default([]),
      user_wallet: z.object({ micro_balance: wireDecimal }).passthrough().nullish(),
    })
    .transform((c): MicroCurrencyView => ({
      id: c.id,
      name: c.name,
      feePct: c.micro_trade_fee ?? ZERO,
      min: c.micro_min ?? ('1' as DecStr),
      max: c.micro_max ?? ZERO,
      holdMax: c.micro_holdtrade_max ?? 0,
      presets: c.micro_numbers.map((n) => n.number),
      balance: c.user_wallet?.micro_balance ?? null,
    })),
);

export const microSecondsReply = z.array(
  z
    .object({ seconds: wireInt, profit_ratio: wireDecimal })
    .transform((s): MicroSecondsView => ({ seconds: s.seconds, profitRatio: s.profit_ratio })),
);

export const closedMicroPush = z.object({ data: microOrder }).transform((p) => p.data);
