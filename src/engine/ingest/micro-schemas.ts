// Schemas of the second-contract replies and the `closed_microorder` push (api-contract §6,
// §3.2; docs/api-extensions.md "Second contracts"). Orders keep the time left as the server
// said it; the projection anchors it to the event's time.
import { z } from 'zod';
import type { DecStr } from '../../shared/decimal.ts';
import {
  microCurrencies,
  microList,
  microOrderRow,
  microSeconds,
} from '../../shared/wire/micro.ts';
import type { MicroCurrencyView, MicroSecondsView } from '../api.ts';

const ZERO = '0' as DecStr;

/** An order as the wire has it, with the time left in ms (before anchoring). */
const toOrder = (o: z.output<typeof microOrderRow>) => ({
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
  remainMs: remainMs(o),
});

/** The time left: exact when the server says both moments (extension), else the legacy rounded figure. */
const remainMs = (o: z.output<typeof microOrderRow>): number =>
  o.end_time !== undefined && o.server_time !== undefined
    ? Math.max(0, o.end_time - o.server_time)
    : (o.remain_milli_seconds ?? 0);
export const microOrder = microOrderRow.transform(toOrder);
export type MicroOrderWire = z.output<typeof microOrder>;

export const microListReply = microList.reply.transform((p) => ({
  rows: p.data.map(toOrder),
  hasMore: (p.current_page ?? 1) < (p.last_page ?? 1),
}));

export const microCurrenciesReply = microCurrencies.reply.transform((list) =>
  list.map((c): MicroCurrencyView => ({
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

export const microSecondsReply = microSeconds.reply.transform((list) =>
  list.map((s): MicroSecondsView => ({ seconds: s.seconds, profitRatio: s.profit_ratio })),
);

export const closedMicroPush = z.object({ data: microOrder }).transform((p) => p.data);
