// Exact money at the edge (issue 18, ADR 0022), through the real routes on both backends: the
// attacks of the issue and the sloppy input a person types — dust beyond a currency's decimals,
// exponents, letters, signs, separators, huge values — are refused with a localized message
// before anything happens: no balance, ledger row, order, request or position changes, and
// no answer is an internal error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/shared/decimal.ts';
import { backends } from '../../db/test-databases.ts';
import { CURRENCY_ID } from '../fixtures.ts';
import type { TestServer } from '../helpers.ts';
import { post, startTestServer, testUser } from '../helpers.ts';
import { PNG_1PX } from '../../uploads/test-images.ts';

const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };
const USDT = String(CURRENCY_ID.USDT);
const BTC = String(CURRENCY_ID.BTC);
const FORMAT = 'Enter the amount as digits, with a point for decimals.';
const decimals = (dp: number) => `At most ${dp} decimal${dp === 1 ? '' : 's'}.`;

/** Rows of every table money or orders live in, as one comparable text. */
async function moneyState(s: TestServer): Promise<string> {
  const tables = [
    'SELECT user_id, currency_id, legal_balance, lock_legal_balance, change_balance, lock_change_balance, lever_balance, lock_lever_balance, micro_balance, lock_micro_balance FROM users_wallet ORDER BY user_id, currency_id',
    'SELECT COUNT(*)::int AS n FROM account_log',
    'SELECT COUNT(*)::int AS n FROM spot_orders',
    'SELECT COUNT(*)::int AS n FROM lever_transactions',
    'SELECT COUNT(*)::int AS n FROM micro_orders',
    'SELECT COUNT(*)::int AS n FROM deposits',
    'SELECT COUNT(*)::int AS n FROM withdrawals',
    'SELECT COUNT(*)::int AS n FROM c2c_ads',
    'SELECT COUNT(*)::int AS n FROM acceptor_deals',
    'SELECT COUNT(*)::int AS n FROM lh_deposit_orders',
  ];
  const out: unknown[] = [];
  for (const sql of tables) out.push(await s.ctx.db.query(sql));
  return JSON.stringify(out);
}

describe.each(backends())('amounts at the edge on %s', (backend) => {
  let s: TestServer;
  let token: string;
  let pic: string;

  beforeAll(async () => {
    s = await startTestServer({
      backend,
      marketTimer: false,
      rateLimits: { login: UNLIMITED, codes: UNLIMITED, orders: UNLIMITED },
    });
    // a large balance beside empty accounts: where a rounded dust transfer created money
    const user = await testUser(s, 'edge@example.com', {
      grants: (['change_balance', 'legal_balance', 'lever_balance'] as const).map((field) => ({
        currencyId: CURRENCY_ID.USDT,
        field,
        amount: '123456789012345.123456',
      })),
    });
    token = user.token;
    await s.ctx.db.query(
      `INSERT INTO user_cash_info (user_id, real_name, bank_name, bank_account, alipay_account,
         wechat_nickname, wechat_account, updated_at) VALUES ($1, 'Edge', 'Bank', '6222', '', '', '', $2)`,
      [user.id, new Date(s.clock.now)],
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'v.png');
    const res = await fetch(`${s.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    pic = String(((await res.json()) as { message: unknown }).message);
  }, 120_000);

  afterAll(async () => {
    await s.close();
  });

  const transfer = (number: string) =>
    [
      '/api/wallet/change',
      { currency_id: USDT, number, from_field: 'change', to_field: 'lever' },
    ] as const;
  const deposit = (amount: string) =>
    ['/api/wallet/charge_req', { currency: USDT, amount, pic: '' }] as const;
  const withdraw = (number: string) =>
    [
      '/api/wallet/out',
      { currency: USDT, number, address: '0x1234567890abcdef1234', network: 'erc20' },
    ] as const;
  const spotBuy = (price: string, num: string) =>
    ['/api/transaction/in', { legal_id: USDT, currency_id: BTC, price, num, mode: '2' }] as const;
  const leverLimit = (target_price: string) =>
    [
      '/api/lever/submit',
      {
        legal_id: USDT,
        currency_id: BTC,
        share: '500',
        multiple: '100',
        type: '1',
        status: '0',
        target_price,
      },
    ] as const;

  const cases: [string, readonly [string, Record<string, string>], string | RegExp][] = [
    // the attacks
    ['dust transfer from a large balance', transfer('0.00000000000000004'), decimals(6)],
    ['7-decimal USDT transfer', transfer('1.1234567'), decimals(6)],
    ['1e-30 deposit request', deposit('1e-30'), FORMAT],
    ['0.(29 zeros)1 deposit request', deposit(`0.${'0'.repeat(29)}1`), decimals(6)],
    ['1e-30 contract limit price', leverLimit('1e-30'), FORMAT],
    ['tiny contract limit price', leverLimit('0.000000000000000000000000000001'), decimals(2)],
    [
      'spot buy at 99999999999999999999',
      spotBuy('99999999999999999999', '1'),
      /^Too large: at most 1,000,000,000,000\.$/,
    ],
    [
      'spot buy with a notional beyond bounds',
      spotBuy('999999999999', '9999'),
      'The order is too large.',
    ],
    // sloppy and hostile input a person or a script sends
    ['exponent transfer', transfer('1e4'), FORMAT],
    ['letters in a transfer', transfer('12abc'), FORMAT],
    ['negative transfer', transfer('-5'), FORMAT],
    ['thousands separator', transfer('1,000'), FORMAT],
    ['two points', transfer('1.2.3'), FORMAT],
    ['hex', transfer('0x10'), FORMAT],
    ['infinity', transfer('Infinity'), FORMAT],
    [
      'huge transfer',
      transfer('1000000000000000000000'),
      'The amount is too large (at most 99,999,999).',
    ],
    ['exponent withdrawal', withdraw('1e3'), FORMAT],
    ['dust withdrawal', withdraw('10.0000001'), decimals(6)],
    ['exponent spot quantity', spotBuy('100', '1e-3'), FORMAT],
    ['dust spot quantity', spotBuy('100', '0.00001'), 'The quantity allows at most 4 decimals.'],
    ['dust spot price', spotBuy('100.001', '1'), 'The price allows at most 2 decimals.'],
    [
      'exponent micro stake',
      [
        '/api/microtrade/submit',
        { match_id: '1', currency_id: USDT, type: '1', seconds: '30', number: '1e2' },
      ],
      FORMAT,
    ],
    [
      'exponent c2c price',
      [
        '/api/c2c_send',
        { type: 'sell', way: 'bank', price: '7e0', total_number: '10', currency_id: USDT },
      ],
      /Please enter a price above 0 with at most 2 decimals\./,
    ],
    [
      'dust c2c quantity',
      [
        '/api/c2c_send',
        { type: 'sell', way: 'bank', price: '7', total_number: '10.001', currency_id: USDT },
      ],
      /Please enter a quantity above 0 with at most 2 decimals\./,
    ],
    [
      'exponent lock-up',
      ['/api/lh/deposit', { amount: '1e3', config_id: '1' }],
      'Please enter an amount above 0.',
    ],
    [
      'dust acceptor amount',
      [
        '/api/acceptor/deal',
        {
          acceptor_id: '1',
          type: 'buy',
          way: 'bank',
          mobile: '123456',
          deal_account: 'a',
          money: '100.005',
        },
      ],
      decimals(2),
    ],
    [
      'exponent acceptor amount',
      [
        '/api/acceptor/deal',
        {
          acceptor_id: '1',
          type: 'buy',
          way: 'bank',
          mobile: '123456',
          deal_account: 'a',
          money: '1e3',
        },
      ],
      FORMAT,
    ],
  ];

  it('refuses each with its localized message and changes nothing', async () => {
    const before = await moneyState(s);
    const errorsBefore = s.ctx.metrics.internalErrors;
    for (const [name, [path, body], message] of cases) {
      const withPic = path === '/api/wallet/charge_req' ? { ...body, pic } : body;
      const r = await post(s, path, withPic, { authorization: token });
      expect(r.type, name).toBe('error');
      if (typeof message === 'string') expect(r.message, name).toBe(message);
      else expect(r.message, name).toMatch(message);
    }
    expect(await moneyState(s)).toBe(before);
    expect(s.ctx.metrics.internalErrors).toBe(errorsBefore);
  });

  it('answers in the user’s language', async () => {
    const [path, body] = transfer('1.1234567');
    expect((await post(s, path, body, { authorization: token, lang: 'ru' })).message).toBe(
      'Не более 6 знаков после точки.',
    );
    const [p2, b2] = spotBuy('99999999999999999999', '1');
    expect((await post(s, p2, b2, { authorization: token, lang: 'de' })).message).toBe(
      'Zu groß: höchstens 1.000.000.000.000.',
    );
  });

  it('still moves exact dust within the decimals, on one side exactly as on the other', async () => {
    const [path, body] = transfer('0.000001');
    expect((await post(s, path, body, { authorization: token })).type).toBe('ok');
    const rows = await s.ctx.db.query<{ change_balance: string; lever_balance: string }>(
      "SELECT change_balance, lever_balance FROM users_wallet WHERE currency_id = $1 AND user_id = (SELECT id FROM users WHERE account = 'edge@example.com')",
      [CURRENCY_ID.USDT],
    );
    expect(new Decimal(rows[0]?.change_balance ?? 0).toFixed()).toBe('123456789012345.123455');
    expect(new Decimal(rows[0]?.lever_balance ?? 0).toFixed()).toBe('123456789012345.123457');
  });
});
