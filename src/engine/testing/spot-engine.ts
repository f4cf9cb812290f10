// An engine started in Node on fake services with one spot pair (BTC/USDT) its routes answer,
// logged in, its socket open (tests only: spot sync, the flight recorder).
import type { FrameDiff } from '../api.ts';
import { createEngine } from '../engine.ts';
import { ok } from './fakes.ts';
import { btcUsdtQuotation } from './quotation.ts';
import type { Route, TestServices } from './fakes.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';
export const entrust = (id: number, type: 'in' | 'out', price: string) => ({
  id,
  type,
  legal_id: 1,
  currency_id: 2,
  legal_name: 'USDT',
  currency_name: 'BTC',
  price,
  number: '1.0000',
  total_number: '1.0000',
  complete_number: '0.0000',
  total_money: price,
  mode: 2,
  create_time: '2024-01-01 00:00:00',
});

export function routes(extra: Record<string, Route> = {}): Record<string, Route> {
  return {
    '/api/server/time': () => ok(1_700_000_000_000),
    '/api/currency/quotation_new': () =>
      ok(btcUsdtQuotation('100.00', { price_precision: 2, amount_precision: 4 })),
    '/api/currency/new_timeshar': () => ({
      code: 1,
      msg: 'success',
      data: [
        { id: 1_699_999_940, open: '99', high: '101', low: '98', close: '100', volume: '2' },
        { id: 1_700_000_000, open: '100', high: '100.5', low: '99.5', close: '100.2', volume: '1' },
      ],
    }),
    '/api/user/info': () => ok({ id: 42, account: 'a@b.co', phone: null, email: 'a@b.co' }),
    '/api/user/login': () => ok(TOKEN),
    '/api/transaction/deal': () =>
      ok({
        in: [{ price: '99.00', number: '1', sum: '1', currency: 2, legal: 1 }],
        out: [{ price: '101.00', number: '2', sum: '2', currency: 2, legal: 1 }],
        last_price: '100.00',
        cny_price: '720.00',
        user_legal: '500.5',
        user_currency: '1.25',
        complete: [],
      }),
    '/api/currency/detail': () => ok({ id: 2, name: 'BTC', full_name: 'Bitcoin', desc: 'd' }),
    '/api/currency/new_tradehistory': () =>
      ok([
        {
          id: 7,
          price: '100.00',
          amount: '0.5',
          direction: 'buy',
          ts: 1_700_000_000_000,
          time: '',
        },
      ]),
    '/api/transaction_in': () =>
      ok({ list: [entrust(5, 'in', '98.00')], page: 1, pages: 1, total: 1 }),
    '/api/transaction_out': () => ok({ list: [], page: 1, pages: 1, total: 0 }),
    '/api/transaction_history': () => ok({ list: [], page: 1, pages: 1, total: 0 }),
    '/api/transaction_complete': () => ok({ list: [], page: 1, pages: 1, total: 0 }),
    ...extra,
  };
}

export async function started(t: TestServices, name: string) {
  const engine = createEngine(t.services, { logDbName: `${name}-log`, sessionDbName: `${name}-s` });
  const frames: FrameDiff[] = [];
  await engine.start({ baseUrl: '', lang: 'en', visible: true }, (d) => frames.push(d));
  const socket = t.sockets[0];
  if (socket === undefined) throw new Error('no socket');
  socket.open();
  await engine.login({ account: 'a@b.co', password: 'secret12', areaCodeId: null });
  return { engine, frames, socket };
}

export const depth = (
  mode: 'snapshot' | 'delta',
  seq: number,
  prev: number | null,
  bids: string[][],
  asks: string[][],
) => ({
  type: 'market_depth',
  symbol: 'BTC/USDT',
  mode,
  seq,
  prev_seq: prev,
  bids,
  asks,
});
