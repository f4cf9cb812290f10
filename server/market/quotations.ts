// The quotation page's answer (`/api/currency/quotation_new`): each displayed legal currency
// with its displayed pairs, the currency_matches columns the legacy reply carries and the live
// figures of the market simulator.
import { decStr } from '../../src/shared/decimal.ts';
import type { ReplyOut } from '../../src/shared/wire/call.ts';
import type { quotation } from '../../src/shared/wire/market.ts';
import type { AppContext } from '../context.ts';
import type { PairSpec } from './simulator.ts';
import { amount, changeOf, price, turnover } from './wire-format.ts';

interface GroupRow {
  id: number;
  name: string;
  logo: string;
  is_legal: number;
  is_display: number;
}

interface MatchRow {
  id: number;
  legal_id: number;
  currency_id: number;
  is_display: number;
  open_transaction: number;
  open_lever: number;
  open_microtrade: number;
  lever_share_num: string;
  spread: string;
  overnight: string;
  lever_trade_fee: string;
  lever_min_share: string;
  lever_max_share: string;
  micro_trade_fee: string;
  sort: number;
  logo: string;
}

/** The quotation page: each displayed legal currency with its displayed pairs, live figures in. */
export async function quotations(ctx: AppContext): Promise<ReplyOut<typeof quotation>> {
  const groups = await ctx.db.query<GroupRow & Record<string, unknown>>(
    `SELECT id, name, logo, is_legal, is_display FROM currencies
     WHERE is_legal = 1 AND is_display = 1 ORDER BY sort, id`,
  );
  const matches = await ctx.db.query<MatchRow & Record<string, unknown>>(
    `SELECT m.id, m.legal_id, m.currency_id, m.is_display, m.open_transaction, m.open_lever,
            m.open_microtrade, m.lever_share_num, m.spread, m.overnight, m.lever_trade_fee,
            m.lever_min_share, m.lever_max_share, m.micro_trade_fee, m.sort, c.logo
     FROM currency_matches m JOIN currencies c ON c.id = m.currency_id
     WHERE m.is_display = 1 ORDER BY m.sort, m.id`,
  );
  const now = ctx.config.now();
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    logo: g.logo,
    is_legal: g.is_legal,
    is_display: g.is_display,
    quotation: matches
      .filter((m) => m.legal_id === g.id)
      .flatMap((m) => {
        const pair = ctx.market.pair(m.id);
        return pair === null ? [] : [quotationItem(ctx, pair, m, now)];
      }),
  }));
}

/** A quotation row: the declared fields plus the other currency_matches columns it carries. */
type QuotationRow = ReplyOut<typeof quotation>[number]['quotation'][number];

function quotationItem(ctx: AppContext, p: PairSpec, m: MatchRow, now: number): QuotationRow {
  const day = ctx.market.current(p.matchId, '1day', now);
  const last = ctx.market.lastPrice(p.matchId) ?? 0;
  const item: QuotationRow = {
    ...m,
    lever_share_num: canonical(m.lever_share_num),
    spread: canonical(m.spread),
    overnight: canonical(m.overnight),
    lever_trade_fee: canonical(m.lever_trade_fee),
    lever_min_share: canonical(m.lever_min_share),
    lever_max_share: canonical(m.lever_max_share),
    micro_trade_fee: canonical(m.micro_trade_fee),
    legal_name: p.legalName,
    currency_name: p.currencyName,
    market_from_name: 'Bourse',
    now_price: price(p, last),
    change: day === null ? '0.00' : changeOf(p, day),
    high: price(p, day?.h ?? last),
    low: price(p, day?.l ?? last),
    volume: amount(p, day?.v ?? 0),
    turnover: turnover(p, day?.q ?? 0n),
    price_precision: p.pricePrecision,
    amount_precision: p.amountPrecision,
  };
  return item;
}

/** NUMERIC columns arrive as "0.010000000000000000": send the canonical "0.01". */
function canonical(v: string): string {
  return decStr(v) ?? v;
}
