// A small model of the exchange for the fault tests (push-faults.test.ts): the watched pair's
// order book (snapshot/delta stream with seq), its trades (`market_detail` with a stream seq),
// two tickers (`daymarket` with seq), the user's spot orders and balances (`update_balance`
// then REST), and lever positions (`lever_trade` with `server_time`). `apply` changes the model
// and returns the pushes the server would send; `routes` answer REST calls from the model's
// state at the moment of the call, as the reference server does. Deterministic: the same ops
// give the same pushes and replies. Used by tests only.
import { createEngine } from '../engine.ts';
import type { EngineHandle } from '../engine.ts';
import type { Route, TestServices } from './fakes.ts';
import { ok, testServices } from './fakes.ts';

export const WATCHED = 'BTC/USDT';
export const OTHER = 'ETH/USDT';
export const USER_ID = 42;
export const TOKEN = '0123456789abcdef0123456789abcdef';
/** Trades the history call returns (more than the 20 the engine keeps). */
const HISTORY_TRADES = 30;
/** Open orders kept by the model (one page of the order list). */
const MAX_OPEN = 8;

export type WorldOp =
  /** Depth changes: [tick 0..19, amount 0..4] per side (0 removes the level). */
  | { kind: 'depth'; bids: [number, number][]; asks: [number, number][] }
  | { kind: 'trades'; count: number; buy: boolean }
  | { kind: 'ticker'; other: boolean; move: number }
  | { kind: 'order'; action: 'place' | 'fill' | 'cancel'; buy: boolean; tick: number }
  | { kind: 'lever'; action: 'open' | 'close' };

export interface Push {
  event: string;
  payload: unknown;
}

interface WireTrade {
  id: number;
  tradeId: number;
  price: string;
  amount: string;
  direction: 'buy' | 'sell';
  ts: number;
  time: string;
}

interface Ticker {
  matchId: number;
  currencyId: number;
  currencyName: string;
  price: number;
  high: number;
  low: number;
  volume: number;
  seq: number;
}

interface Order {
  id: number;
  buy: boolean;
  price: string;
  number: string;
  /** Once finished: 1 filled, 2 cancelled. */
  status?: 1 | 2;
}

interface Position {
  id: number;
  side: 1 | 2;
  share: string;
  price: string;
}

const bidPrice = (tick: number): string => String(90 + tick * 0.5);
const askPrice = (tick: number): string => String(100.5 + tick * 0.5);
const amountOf = (n: number, tick: number): string =>
  n === 0 || tick % 10 === 0 ? String(n) : `${n}.${tick % 10}`;
const text = (n: number): string => String(Math.round(n * 100) / 100);

export class FaultWorld {
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();
  private depthSeq = 100;
  private readonly trades: WireTrade[] = [];
  private detailSeq = 500;
  private tradeId = 1000;
  private readonly tickers: Record<string, Ticker> = {
    [WATCHED]: {
      matchId: 11,
      currencyId: 2,
      currencyName: 'BTC',
      price: 100,
      high: 101,
      low: 99,
      volume: 5,
      seq: 1,
    },
    [OTHER]: {
      matchId: 12,
      currencyId: 3,
      currencyName: 'ETH',
      price: 20,
      high: 21,
      low: 19,
      volume: 9,
      seq: 1,
    },
  };
  private legal = 1000;
  private currency = 10;
  private open: Order[] = [];
  private readonly history: Order[] = [];
  private orderId = 1;
  private positions: Position[] = [];
  private positionId = 1;
  private leverTime: number;

  constructor(private readonly now: () => number) {
    for (let tick = 0; tick < 20; tick += 3) {
      this.bids.set(bidPrice(tick), amountOf(2, tick));
      this.asks.set(askPrice(tick), amountOf(1, tick));
    }
    for (let i = 0; i < 25; i += 1) this.addTrade(i % 2 === 0);
    this.leverTime = now();
  }

  /** Changes the model; the pushes the server sends for the change (none when nothing changed). */
  apply(op: WorldOp): Push[] {
    switch (op.kind) {
      case 'depth':
        return this.depth(op.bids, op.asks);
      case 'trades': {
        const added: WireTrade[] = [];
        for (let i = 0; i < op.count; i += 1)
          added.unshift(this.addTrade(op.buy !== (i % 2 === 1)));
        return [this.detail(added)];
      }
      case 'ticker': {
        const t = this.ticker(op.other ? OTHER : WATCHED);
        t.price = Math.max(1, t.price + op.move);
        t.high = Math.max(t.high, t.price);
        t.low = Math.min(t.low, t.price);
        t.volume += 1;
        return [this.daymarket(op.other ? OTHER : WATCHED)];
      }
      case 'order':
        return this.order(op.action, op.buy, op.tick) ? [this.balancePush()] : [];
      case 'lever':
        return this.lever(op.action) ? [this.leverPush(), this.balancePush()] : [];
    }
  }

  /** One more message of every stream, as the server keeps sending them. */
  tail(): Push[] {
    return [
      ...this.depth([[19, this.bids.has(bidPrice(19)) ? 0 : 3]], []),
      this.apply({ kind: 'trades', count: 1, buy: true })[0] as Push,
      this.apply({ kind: 'ticker', other: false, move: 0.5 })[0] as Push,
      this.apply({ kind: 'ticker', other: true, move: -0.5 })[0] as Push,
      this.balancePush(),
      this.leverPush(),
    ];
  }

  /** The `market_depth` snapshot a `depth_subscribe` or `depth_snapshot` is answered with. */
  snapshot(): Push {
    return {
      event: 'market_depth',
      payload: {
        type: 'market_depth',
        symbol: WATCHED,
        mode: 'snapshot',
        seq: this.depthSeq,
        prev_seq: null,
        bids: sorted(this.bids, -1),
        asks: sorted(this.asks, 1),
      },
    };
  }

  /** The book as [price, amount] levels, best first (what a correct client shows). */
  bookLevels(): { bids: string[][]; asks: string[][] } {
    return { bids: sorted(this.bids, -1), asks: sorted(this.asks, 1) };
  }

  routes(): Record<string, Route> {
    const page = (rows: unknown[]) => ok({ list: rows, page: 1, pages: 1, total: rows.length });
    return {
      '/api/server/time': () => ok(this.now()),
      '/api/currency/quotation_new': () => ok(this.quotation()),
      '/api/currency/new_timeshar': () => ({ code: 1, msg: 'success', data: [] }),
      '/api/user/login': () => ok(TOKEN),
      '/api/user/info': () =>
        ok({ id: USER_ID, account: 'a@b.co', phone: null, email: 'a@b.co', is_seller: 0 }),
      '/api/transaction/deal': () =>
        ok({
          in: sorted(this.bids, -1)
            .slice(0, 5)
            .map(([price, number]) => ({ price, number })),
          out: sorted(this.asks, 1)
            .slice(0, 5)
            .map(([price, number]) => ({ price, number })),
          last_price: text(this.ticker(WATCHED).price),
          cny_price: '7',
          user_legal: text(this.legal),
          user_currency: text(this.currency),
        }),
      '/api/currency/detail': () => ok({ id: 2, name: 'BTC', full_name: 'Bitcoin', desc: '' }),
      '/api/currency/new_tradehistory': () => ok(this.trades.slice(-HISTORY_TRADES).reverse()),
      '/api/transaction_in': () => page(this.openRows(true)),
      '/api/transaction_out': () => page(this.openRows(false)),
      '/api/transaction_complete': () =>
        page(
          this.history
            .filter((o) => o.status === 1)
            .slice(-10)
            .reverse()
            .map((o) => ({
              id: o.id,
              type: o.buy ? 'in' : 'out',
              currency_name: 'BTC',
              legal_name: 'USDT',
              price: o.price,
              number: o.number,
              time: '2024-01-01 00:00:00',
            })),
        ),
      '/api/transaction_history': () =>
        page(
          this.history
            .slice(-10)
            .reverse()
            .map((o) => ({
              id: o.id,
              type: o.buy ? 'in' : 'out',
              currency_name: 'BTC',
              legal_name: 'USDT',
              mode: 2,
              status: o.status,
              total_number: o.number,
              complete_number: o.status === 1 ? o.number : '0',
              ...(o.status === 1 ? { avg_price: o.price } : {}),
              limit_price: o.price,
              fee: '0',
              create_time: '2024-01-01 00:00:00',
            })),
        ),
      '/api/lever/deal': () =>
        ok({
          lever_share_limit: { min: 1, max: 100 },
          multiple: { muit: [{ value: 10 }], share: [{ value: 1 }] },
          last_price: text(this.ticker(WATCHED).price),
          user_lever: text(this.legal),
        }),
      '/api/lever/my_trade': (r) => {
        const status = Number(r.body?.get('status'));
        const rows = status === 1 ? this.positionRows() : [];
        return ok({
          rate_profits_total: { hazard_rate: rows.length === 0 ? null : '150', profits_total: '0' },
          message: { data: rows, current_page: 1, last_page: 1 },
        });
      },
    };
  }

  private ticker(symbol: string): Ticker {
    const t = this.tickers[symbol];
    if (t === undefined) throw new Error(`no ticker ${symbol}`);
    return t;
  }

  private depth(bidChanges: [number, number][], askChanges: [number, number][]): Push[] {
    const changed = (side: Map<string, string>, changes: [number, number][], ask: boolean) => {
      const out = new Map<string, string>();
      for (const [tick, n] of changes) {
        const price = ask ? askPrice(tick) : bidPrice(tick);
        const amount = amountOf(n, tick);
        if (n === 0 ? !side.has(price) : side.get(price) === amount) continue;
        if (n === 0) side.delete(price);
        else side.set(price, amount);
        out.set(price, amount);
      }
      return [...out.entries()];
    };
    const bids = changed(this.bids, bidChanges, false);
    const asks = changed(this.asks, askChanges, true);
    if (bids.length === 0 && asks.length === 0) return [];
    this.depthSeq += 1;
    return [
      {
        event: 'market_depth',
        payload: {
          type: 'market_depth',
          symbol: WATCHED,
          mode: 'delta',
          seq: this.depthSeq,
          prev_seq: this.depthSeq - 1,
          bids,
          asks,
        },
      },
    ];
  }

  private addTrade(buy: boolean): WireTrade {
    this.tradeId += 1;
    const trade: WireTrade = {
      id: this.tradeId,
      tradeId: this.tradeId,
      price: text(this.ticker(WATCHED).price),
      amount: `0.${(this.tradeId % 9) + 1}`,
      direction: buy ? 'buy' : 'sell',
      ts: 1_699_000_000_000 + this.tradeId * 1000,
      time: '00:00:00',
    };
    this.trades.push(trade);
    return trade;
  }

  private detail(newestFirst: WireTrade[]): Push {
    this.detailSeq += 1;
    return {
      event: 'market_detail',
      payload: { type: 'market_detail', symbol: WATCHED, seq: this.detailSeq, data: newestFirst },
    };
  }

  private daymarket(symbol: string): Push {
    const t = this.ticker(symbol);
    t.seq += 1;
    return {
      event: 'daymarket',
      payload: {
        type: 'daymarket',
        symbol,
        currency_id: t.currencyId,
        legal_id: 1,
        now_price: text(t.price),
        close: text(t.price),
        change: '+1.5',
        high: text(t.high),
        low: text(t.low),
        volume: text(t.volume),
        seq: t.seq,
      },
    };
  }

  private quotation(): unknown {
    return [
      {
        id: 1,
        name: 'USDT',
        quotation: Object.values(this.tickers).map((t, i) => ({
          id: t.matchId,
          legal_id: 1,
          currency_id: t.currencyId,
          legal_name: 'USDT',
          currency_name: t.currencyName,
          now_price: text(t.price),
          change: '+1.5',
          high: text(t.high),
          low: text(t.low),
          volume: text(t.volume),
          is_display: 1,
          sort: i + 1,
          price_precision: 2,
          amount_precision: 4,
        })),
      },
    ];
  }

  private order(action: 'place' | 'fill' | 'cancel', buy: boolean, tick: number): boolean {
    if (action === 'place') {
      if (this.open.length >= MAX_OPEN) return false;
      const price = buy ? bidPrice(tick) : askPrice(tick);
      this.open.push({ id: this.orderId++, buy, price, number: '1' });
      if (buy) this.legal -= Number(price);
      else this.currency -= 1;
      return true;
    }
    const order = this.open.shift();
    if (order === undefined) return false;
    this.history.push({ ...order, status: action === 'fill' ? 1 : 2 });
    if (action === 'fill') {
      if (order.buy) this.currency += 1;
      else this.legal += Number(order.price);
    } else if (order.buy) this.legal += Number(order.price);
    else this.currency += 1;
    return true;
  }

  private openRows(buy: boolean): unknown[] {
    return this.open
      .filter((o) => o.buy === buy)
      .reverse()
      .map((o) => ({
        id: o.id,
        type: buy ? 'in' : 'out',
        currency_name: 'BTC',
        legal_name: 'USDT',
        price: o.price,
        number: o.number,
        total_number: o.number,
        complete_number: '0',
        mode: 2,
        create_time: '2024-01-01 00:00:00',
      }));
  }

  private balancePush(): Push {
    return { event: 'update_balance', payload: { type: `update_balance_${USER_ID}` } };
  }

  private lever(action: 'open' | 'close'): boolean {
    if (action === 'close') {
      if (this.positions.length === 0) return false;
      this.positions = this.positions.slice(1);
      this.legal += 10;
      return true;
    }
    if (this.positions.length >= 5) return false;
    this.positions = [
      ...this.positions,
      {
        id: this.positionId,
        side: this.positionId % 2 === 0 ? 2 : 1,
        share: String(this.positionId),
        price: text(this.ticker(WATCHED).price),
      },
    ];
    this.positionId += 1;
    this.legal -= 10;
    return true;
  }

  /** Newest first, as the server lists them (ORDER BY id DESC). */
  private positionRows(): Record<string, unknown>[] {
    return [...this.positions].reverse().map((p) => this.positionRow(p));
  }

  private positionRow(p: Position): Record<string, unknown> {
    return {
      id: p.id,
      type: p.side,
      symbol: WATCHED,
      legal: 1,
      currency: 2,
      status: 1,
      share: p.share,
      number: p.share,
      multiple: 10,
      price: p.price,
      caution_money: '10',
      profits: '0',
      transaction_time: '2024-01-01 00:00:00',
    };
  }

  private leverPush(): Push {
    // strictly increasing, even within one millisecond of the model's clock
    this.leverTime = Math.max(this.leverTime + 1, this.now());
    const rows = this.positionRows();
    return {
      event: 'lever_trade',
      payload: {
        type: 'lever_trade',
        to: USER_ID,
        hazard_rate: rows.length === 0 ? null : '150',
        profits_all: '0',
        caution_money_all: String(rows.length * 10),
        trades_all: JSON.stringify(rows),
        trades_entrust: '[]',
        legal_id: 1,
        currency_id: 2,
        balance: text(this.legal),
        server_time: this.leverTime,
      },
    };
  }
}

function sorted(side: Map<string, string>, direction: 1 | -1): string[][] {
  return [...side.entries()]
    .sort((a, b) => direction * (Number(a[0]) - Number(b[0])))
    .map(([price, amount]) => [price, amount]);
}

let worldEngines = 0;

/**
 * An engine on the fault world, started, logged in and watching WATCHED: what the placement
 * tests begin with. `routes` answer before the world does (the placement endpoints a test
 * controls); `name` keeps each engine's databases apart.
 */
export async function startOnFaultWorld(
  name: string,
  routes: Record<string, Route> = {},
): Promise<{ t: TestServices; engine: EngineHandle }> {
  const t = testServices({}, 'memory');
  const world = new FaultWorld(() => t.timers.now());
  for (const [path, route] of Object.entries(world.routes())) t.http.routes.set(path, route);
  for (const [path, route] of Object.entries(routes)) t.http.routes.set(path, route);
  worldEngines += 1;
  const engine = createEngine(t.services, {
    logDbName: `${name}-${worldEngines}-log`,
    sessionDbName: `${name}-${worldEngines}-session`,
  });
  await engine.start({ baseUrl: '', lang: 'en', visible: true }, () => undefined);
  t.sockets[0]?.open();
  const login = await engine.login({ account: 'a@b.co', password: 'secret12', areaCodeId: null });
  if (!login.ok) throw new Error(`the fault world refused the login: ${JSON.stringify(login)}`);
  await engine.watchSpot(WATCHED);
  return { t, engine };
}
