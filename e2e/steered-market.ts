// EOS/USDT as a market the test moves (the development price control, ADR 0053): spot only, no
// contract or second contract settles on it, so moving it moves no one's P&L in the specs
// running beside. A trader of its own starts there with 1000 USDT, the market at a known price.
import { Decimal } from '../src/shared/decimal.ts';
import { expect, type APIRequestContext, type Page } from './fixtures.ts';
import { fund, token } from './api.ts';
import { login, registerByApi, uniqueEmail } from './helpers.ts';

export const EOS = { match: 8, symbol: 'EOS/USDT' };
/** BCH/USDT: its index, and so its contracts' mark, moved by the specs that steer it (one lane). */
export const BCH = { match: 7, symbol: 'BCH/USDT' };

/** Moves a pair's market to `price` by real trades (POST /api/dev/steer); the last price. */
export async function steerMatch(
  request: APIRequestContext,
  match: number,
  price: string,
): Promise<Decimal> {
  const r = await request.post(`/api/dev/steer?match=${match}&price=${price}`);
  const body = (await r.json()) as { type: string; message: { last: string } };
  expect(body.type, JSON.stringify(body.message)).toBe('ok');
  return new Decimal(body.message.last);
}

/** Moves EOS/USDT's market to `price`; the last price. */
export const steer = (request: APIRequestContext, price: string): Promise<Decimal> =>
  steerMatch(request, EOS.match, price);

/** Moves BCH/USDT's index (and its contracts' mark) to `price`; the last price. */
export const steerBch = (request: APIRequestContext, price: string): Promise<Decimal> =>
  steerMatch(request, BCH.match, price);

/**
 * A new user with 1000 USDT, logged in on the spot screen of EOS/USDT, the market moved to
 * `price` first. Returns the user's e-mail and an API session of their own.
 */
export async function eosTrader(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  password: string,
  price = '0.8000',
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(prefix);
  await registerByApi(request, email, password);
  const t = await token(request, email, password);
  await fund(request, t, email, '1000');
  await steer(request, price);
  await login(page, email, password, '/dealCenter');
  await page.locator(`.markets__row[data-symbol="${EOS.symbol}"]`).click();
  await expect(page.locator(`.spot[data-symbol="${EOS.symbol}"]`)).toBeVisible();
  return { email, token: t };
}

export interface Fill {
  type?: 'in' | 'out';
  way?: number;
  currency_name: string;
  price: string;
  number: string;
  in_fee?: string;
  out_fee?: string;
}

/** The user's fills on EOS/USDT (the API's own list, every page). */
export async function eosFills(request: APIRequestContext, t: string): Promise<Fill[]> {
  const r = await request.get('/api/transaction_complete?page=1', {
    headers: { authorization: t },
  });
  const list = ((await r.json()) as { message: { list: Fill[] } }).message.list;
  return list.filter((f) => f.currency_name === 'EOS');
}

/** Σ number of the fills of one side. */
export const amount = (list: Fill[], type: 'in' | 'out'): Decimal =>
  list.filter((f) => f.type === type).reduce((sum, f) => sum.plus(f.number), new Decimal(0));

/** Σ price × number of the fills of one side. */
export const notional = (list: Fill[], type: 'in' | 'out'): Decimal =>
  list
    .filter((f) => f.type === type)
    .reduce((sum, f) => sum.plus(new Decimal(f.price).times(f.number)), new Decimal(0));
