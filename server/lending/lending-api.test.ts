// Loans over HTTP against a real server (in-memory PGlite, timers off): the public config, 999
// and 998, every application field refused with a message naming it, the operator's approval
// (principal credited once, ledger type 100) and rejection, repayments with a voucher at the
// live price, their review, and privacy (another user neither sees nor repays someone's loan).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { REPAY_COINS } from '../../src/shared/lending.ts';
import type { LogItem, PagedList } from '../../src/shared/wire.ts';
import { ADMIN_HEADER } from '../http/admin-auth.ts';
import { issueToken } from '../accounts/tokens.ts';
import { insertUser } from '../accounts/users.ts';
import { TEST_ADMIN_TOKEN } from '../config.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { Reply, TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer } from '../testing/helpers.ts';
import type { AdminLoanOut, LendingConfig, LoanOut } from './lending-views.ts';
import { PNG_1PX } from '../uploads/test-images.ts';

let s: TestServer;
const users = { a: { id: 0, token: '' }, b: { id: 0, token: '' } };
type Who = keyof typeof users;
const auth = (u: Who, lang = 'en') => ({ authorization: users[u].token, lang });
const operator = { [ADMIN_HEADER]: TEST_ADMIN_TOKEN };
const admin = (path: string, body: Record<string, string>) =>
  post(s, `/api/admin/${path}`, body, operator);

const FORM = {
  amount: '1000',
  day: '30',
  rate: '0.1',
  tel: '+44 20 7946 0958',
  address: '1 Example Street, London',
  age: '35',
  income: '4200.50',
  country: 'United Kingdom',
  isAgree: 'true',
};
const apply = (u: Who, form: Record<string, string> = FORM, lang = 'en') =>
  post(s, '/api/lending/order/apply', form, auth(u, lang));
const repay = (u: Who, body: Record<string, string>, lang = 'en') =>
  post(s, '/api/lending/order/repayment', body, auth(u, lang));

type LoanList = PagedList<LoanOut> & { currery_money: { btc: string; eth: string } };

/** A repayment quote (`POST /api/lending/order/repayment/quote`). */
interface Quote {
  id: number;
  order_id: number;
  coin: string;
  currency: string;
  repayment_amount: string;
  price: string;
  amount: string;
  address: string;
  expires_at: number;
  server_time: number;
  ttl: number;
}

const askQuote = (u: Who, orderId: number, coin: string, lang = 'en') =>
  post(s, '/api/lending/order/repayment/quote', { order_id: String(orderId), coin }, auth(u, lang));

async function quote(u: Who, orderId: number, coin: string): Promise<Quote> {
  const r = await askQuote(u, orderId, coin);
  expect(r.type).toBe('ok');
  return r.message as Quote;
}

async function loans(u: Who): Promise<LoanList> {
  const r = await get(s, '/api/lending/order/list', auth(u));
  expect(r.type).toBe('ok');
  return r.message as LoanList;
}

async function newest(u: Who): Promise<LoanOut> {
  const loan = (await loans(u)).list[0];
  if (loan === undefined) throw new Error('no loan');
  return loan;
}

async function usdtChange(u: Who): Promise<string> {
  const rows = await s.ctx.db.query<{ v: string }>(
    'SELECT change_balance AS v FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [users[u].id, CURRENCY_ID.USDT],
  );
  return new Decimal(rows[0]?.v ?? '0').toFixed();
}

async function upload(u: Who): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'voucher.png');
  const res = await fetch(`${s.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: users[u].token },
    body: form,
  });
  const r = (await res.json()) as Reply;
  expect(r.type).toBe('ok');
  return String(r.message);
}

async function newUser(account: string): Promise<{ id: number; token: string }> {
  const id = await insertUser(s.ctx.db, {
    kind: 'email',
    account,
    passwordHash: 'disabled',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: s.clock.now,
  });
  return { id, token: await issueToken(s.ctx.db, id, s.clock.now) };
}

const approveIdentity = (u: Who) =>
  s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [users[u].id]);

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  s.clock.now = Date.UTC(2031, 6, 1, 9, 0, 0);
  users.a = await newUser('loan-a@example.com');
  users.b = await newUser('loan-b@example.com');
}, 60_000);

afterAll(async () => {
  await s.close();
});

describe('config and gates', () => {
  it('serves the terms, the bounds, the four collection addresses and the agreement per language', async () => {
    const en = await get(s, '/api/lending/config');
    expect(en.type).toBe('ok');
    const c = en.message as LendingConfig;
    expect(c.currency_name).toBe('USDT');
    expect(c.min_amount).toBe('100');
    expect(c.max_amount).toBe('50000');
    expect(c.timeset).toContainEqual({ day: 30, rate: '0.1' });
    expect(c.repay_coins).toEqual([...REPAY_COINS]);
    for (const coin of REPAY_COINS) expect(c.address[coin]).not.toBe('');
    expect(c.agreement_title).toBe('Loan agreement');
    expect(c.agreement).toMatch(/^<p>.*<\/ol>$/);
    expect(c.agreement).not.toMatch(/<script|on\w+=|javascript:/i);
    const zh = (await get(s, '/api/lending/config', { lang: 'zh' })).message as LendingConfig;
    expect(zh.agreement_title).toBe('借贷协议');
    expect(zh.agreement).toContain('币币账户');
  });

  it('answers 999 without a token on the user calls', async () => {
    expect((await get(s, '/api/lending/order/list')).type).toBe('999');
    expect((await post(s, '/api/lending/order/apply', FORM)).type).toBe('999');
    expect((await post(s, '/api/lending/order/repayment', { order_id: '1' })).type).toBe('999');
  });

  it('answers 998 to an application until the identity is approved', async () => {
    const r = await apply('a');
    expect(r).toEqual({ type: '998', message: 'Please complete identity verification first.' });
    await approveIdentity('a');
    await approveIdentity('b');
  });
});

describe('application form', () => {
  const without = (field: string) =>
    Object.fromEntries(Object.entries(FORM).filter(([k]) => k !== field));

  it('names each missing field, in form order, localized', async () => {
    const expected: Record<string, string> = {
      amount: 'Please enter the loan amount.',
      day: 'Please choose the loan term.',
      rate: 'The interest rate is missing. Please choose the loan term again.',
      tel: 'Please enter your phone number.',
      address: 'Please enter your address.',
      age: 'Please enter your age.',
      income: 'Please enter your income (USD).',
      country: 'Please enter your country.',
      isAgree: 'Please read and accept the loan agreement.',
    };
    for (const [field, message] of Object.entries(expected))
      expect(await apply('a', without(field)), field).toEqual({ type: 'error', message });
    expect((await apply('a', {})).message).toBe('Please enter the loan amount.');
    expect((await apply('a', { ...FORM, tel: '   ' })).message).toBe(
      'Please enter your phone number.',
    );
    expect((await apply('a', without('age'), 'de')).message).toBe('Bitte geben Sie Ihr Alter ein.');
    expect((await apply('a', without('amount'), 'zh')).message).toBe('请输入借款金额。');
  });

  it('refuses invalid values with the field’s rule', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ amount: 'abc' }, 'The loan amount must be a number above 0 with at most 2 decimals.'],
      [{ amount: '100.123' }, 'The loan amount must be a number above 0 with at most 2 decimals.'],
      [{ amount: '-5' }, 'The loan amount must be a number above 0 with at most 2 decimals.'],
      [{ amount: '50' }, 'The minimum loan amount is 100 USDT.'],
      [{ amount: '50000.01' }, 'The maximum loan amount is 50000 USDT.'],
      [{ day: '8' }, 'This loan term is not offered. Please choose one of the terms shown.'],
      [{ day: 'x' }, 'This loan term is not offered. Please choose one of the terms shown.'],
      [
        { rate: '0.2' },
        'The interest rate of this term is now 0.1% a day. Please check it and submit again.',
      ],
      [{ rate: 'NaN' }, 'The interest rate is not valid. Please choose the loan term again.'],
      [
        { tel: 'call me' },
        'The phone number may contain only digits, spaces and “-”, with an optional leading “+” (5 to 20 characters).',
      ],
      [
        { address: 'x'.repeat(201) },
        'The address is not valid (one line, at most 200 characters).',
      ],
      [{ address: 'line\nbreak' }, 'The address is not valid (one line, at most 200 characters).'],
      [{ age: '17' }, 'The age must be a whole number from 18 to 100.'],
      [{ age: '30.5' }, 'The age must be a whole number from 18 to 100.'],
      [{ income: '-1' }, 'The income must be a number of 0 or more with at most 2 decimals.'],
      [{ country: 'y'.repeat(61) }, 'The country is not valid (one line, at most 60 characters).'],
      [{ isAgree: 'false' }, 'Please read and accept the loan agreement.'],
      [{ isAgree: '0' }, 'Please read and accept the loan agreement.'],
    ];
    for (const [change, message] of cases)
      expect(await apply('a', { ...FORM, ...change }), JSON.stringify(change)).toEqual({
        type: 'error',
        message,
      });
    expect((await loans('a')).total).toBe(0);
  });

  it('never crashes on odd JSON input', async () => {
    const res = await fetch(`${s.url}/api/lending/order/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth('a') },
      body: JSON.stringify({ ...FORM, amount: { $gt: 0 }, day: [30] }),
    });
    expect(await res.json()).toEqual({ type: 'error', message: 'Please enter the loan amount.' });
    const numbers = await fetch(`${s.url}/api/lending/order/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth('a') },
      body: JSON.stringify({ ...FORM, amount: 1e21 }),
    });
    expect(((await numbers.json()) as Reply).type).toBe('error');
    expect((await get(s, '/api/lending/order/list?page=-1', auth('a'))).message).toBe(
      'The field “page” is not valid.',
    );
  });
});

describe('the life of a loan', () => {
  let loanId = 0;

  it('files an application under review with its figures fixed, one at a time', async () => {
    expect(await apply('a')).toEqual({
      type: 'ok',
      message: 'Loan application submitted. It will be reviewed shortly.',
    });
    const loan = await newest('a');
    loanId = loan.id;
    expect(loan).toMatchObject({
      amount: '1000',
      currency_name: 'USDT',
      day: 30,
      rate: '0.1',
      interest: '30',
      repayment_amount: '1030',
      repayment_time: '',
      status: 0,
      repayment_status: 0,
      state: 0,
      repayment: null,
    });
    expect(loan.add_time).toBe('2031-07-01 09:00:00');
    expect((await apply('a')).message).toBe(
      'You already have a loan under review or not yet repaid.',
    );
    expect(
      (await repay('a', { order_id: String(loanId), coin: 'btc', image: await upload('a') }))
        .message,
    ).toBe('This loan has not been approved, so there is nothing to repay.');
  });

  it('shows the operator the application; deciding needs the operator token', async () => {
    expect((await get(s, '/api/admin/queue', { [ADMIN_HEADER]: 'wrong' })).message).toBe(
      'Operator token missing or wrong.',
    );
    const id = String(loanId);
    expect((await post(s, '/api/admin/loan', { id, action: 'approve' }, auth('a'))).type).toBe(
      'error',
    );
    const queue = (await get(s, '/api/admin/queue', operator)).message as {
      loans: AdminLoanOut[];
    };
    expect(queue.loans.map((l) => l.id)).toEqual([loanId]);
    expect(await admin('loan', { id, action: 'approve' })).toEqual({
      type: 'ok',
      message: { id: loanId, user_id: users.a.id, action: 'approve' },
    });
  });

  it('credits the principal once, as a ledger row, and starts the term', async () => {
    expect(await usdtChange('a')).toBe('1000');
    expect(await admin('loan', { id: String(loanId), action: 'approve' })).toEqual({
      type: 'error',
      message: `Item ${loanId} is not waiting for a decision.`,
    });
    expect((await admin('loan', { id: String(loanId), action: 'reject' })).type).toBe('error');
    expect(await usdtChange('a')).toBe('1000');
    const loan = await newest('a');
    expect(loan).toMatchObject({ status: 1, repayment_status: 0, state: 1, overdue: false });
    expect(loan.repayment_time).toBe('2031-07-31 09:00:00');
    const log = await post(s, '/api/account/list', { page: '1' }, auth('a'));
    const rows = (log.message as { data: LogItem[] }).data.filter((r) => r.type === 100);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      value: '1000',
      account: 'change',
      info: `Loan #${loanId} disbursed`,
    });
  });

  it('keeps loans private: another user neither sees nor repays them', async () => {
    expect((await loans('b')).total).toBe(0);
    const bImage = await upload('b');
    expect(
      (await repay('b', { order_id: String(loanId), coin: 'btc', image: bImage })).message,
    ).toBe('This loan does not exist.');
    const aImage = await upload('a');
    expect(
      (await repay('b', { order_id: String(loanId), coin: 'btc', image: aImage })).message,
    ).toBe('Please upload the image again.');
    expect((await newest('a')).state).toBe(1);
  });

  it('validates the repayment form', async () => {
    const image = await upload('a');
    const id = String(loanId);
    expect((await repay('a', { coin: 'btc', image })).message).toBe(
      'Please choose the loan to repay.',
    );
    expect((await repay('a', { order_id: 'x', coin: 'btc', image })).message).toBe(
      'Please choose the loan to repay.',
    );
    expect((await repay('a', { order_id: id, coin: 'doge', image })).message).toBe(
      'Please choose the coin you repay with: BTC, ETH, USDT-ERC20 or USDT-TRC20.',
    );
    expect((await repay('a', { order_id: id, coin: 'btc' })).message).toBe(
      'Please upload a picture of the repayment voucher.',
    );
    expect(
      (
        await repay('a', {
          order_id: id,
          coin: 'btc',
          image: '/api/upload/0123456789abcdef0123456789abcdef.png',
        })
      ).message,
    ).toBe('Please upload the image again.');
    expect((await repay('a', { order_id: '999999', coin: 'btc', image })).message).toBe(
      'This loan does not exist.',
    );
  });

  it('files a BTC repayment at the quoted live price, rounded up to 6 decimals', async () => {
    const list = await loans('a');
    const btc = new Decimal(list.currery_money.btc);
    expect(btc.greaterThan(0)).toBe(true);
    expect(new Decimal(list.currery_money.eth).greaterThan(0)).toBe(true);
    const payable = new Decimal(1030).dividedBy(btc).toDecimalPlaces(6, Decimal.ROUND_UP);
    const image = await upload('a');
    const q = await quote('a', loanId, 'btc');
    expect(q).toMatchObject({ price: btc.toFixed(), amount: payable.toFixed() });
    expect(
      await repay('a', { order_id: String(loanId), coin: 'btc', image, quote_id: String(q.id) }),
    ).toEqual({
      type: 'ok',
      message: `Repayment of ${payable.toFixed()} BTC submitted. The loan is marked repaid once the payment is confirmed.`,
    });
    const loan = await newest('a');
    expect(loan).toMatchObject({ status: 1, repayment_status: 2, state: 3 });
    expect(loan.repayment).toMatchObject({
      coin: 'btc',
      repayment_amount: '1030',
      price: btc.toFixed(),
      amount: payable.toFixed(),
      image,
      status: 0,
    });
    expect((await repay('a', { order_id: String(loanId), coin: 'eth', image })).message).toBe(
      'A repayment of this loan is already under review.',
    );
  });

  it('lets the operator reject a repayment (owed again) and approve the next (repaid)', async () => {
    const queue = (await get(s, '/api/admin/queue', operator)).message as {
      loan_repayments: { id: number; order_id: number; account: string }[];
    };
    const pending = queue.loan_repayments.find((r) => r.order_id === loanId);
    expect(pending?.account).toBe('loan-a@example.com');
    const first = String(pending?.id);
    expect(
      (await admin('loan-repayment', { id: first, action: 'reject', reason: 'no transfer' })).type,
    ).toBe('ok');
    let loan = await newest('a');
    expect(loan).toMatchObject({ state: 1, repayment_status: 0 });
    expect(loan.repayment).toMatchObject({ status: 2, reason: 'no transfer' });

    const image = await upload('a');
    const q = await quote('a', loanId, 'usdt_trc20');
    const r = await repay(
      'a',
      { order_id: String(loanId), coin: 'usdt_trc20', image, quote_id: String(q.id) },
      'zh',
    );
    expect(r.message).toBe('已提交 1030 USDT-TRC20 的还款。确认收款后，借款将标记为已还清。');
    loan = await newest('a');
    expect(loan.repayment).toMatchObject({ coin: 'usdt_trc20', amount: '1030', price: '1' });
    const second = String(loan.repayment?.id);
    expect((await admin('loan-repayment', { id: first, action: 'approve' })).type).toBe('error');
    s.clock.now += 12 * 3_600_000;
    expect((await admin('loan-repayment', { id: second, action: 'approve' })).type).toBe('ok');
    loan = await newest('a');
    expect(loan).toMatchObject({ status: 1, repayment_status: 1, state: 4, overdue: false });
    expect(loan.repaid_time).toBe('2031-07-01 21:00:00');
    expect((await repay('a', { order_id: String(loanId), coin: 'eth', image })).message).toBe(
      'This loan has already been repaid.',
    );
    // Repayments are paid outside the exchange: no balance moved.
    expect(await usdtChange('a')).toBe('1000');
  });

  it('rejects an application without moving money, then accepts a new one', async () => {
    expect((await apply('a', { ...FORM, amount: '250.5', day: '7', rate: '0.15' })).type).toBe(
      'ok',
    );
    const loan = await newest('a');
    expect(loan).toMatchObject({ interest: '2.63025', repayment_amount: '253.13025' });
    const queue = (await get(s, '/api/admin/queue', operator)).message as {
      loans: AdminLoanOut[];
    };
    expect(queue.loans.map((l) => l.id)).toEqual([loan.id]);
    expect(queue.loans[0]).toMatchObject({ account: 'loan-a@example.com', tel: FORM.tel, age: 35 });
    expect(
      (await admin('loan', { id: String(loan.id), action: 'reject', reason: 'income' })).type,
    ).toBe('ok');
    expect(await newest('a')).toMatchObject({ status: 2, state: 2, reason: 'income' });
    expect(await usdtChange('a')).toBe('1000');
    expect((await apply('a')).type).toBe('ok');
  });

  it('lists loans for the operator by state', async () => {
    const all = (await get(s, '/api/admin/loans', operator)).message as PagedList<AdminLoanOut>;
    expect(all.total).toBe(3);
    const repaid = (await get(s, '/api/admin/loans?state=4', operator))
      .message as PagedList<AdminLoanOut>;
    expect(repaid.list.map((l) => l.id)).toEqual([loanId]);
    expect((await get(s, '/api/admin/loans?state=9', operator)).type).toBe('error');
    expect((await get(s, '/api/admin/loans')).type).toBe('error');
  });

  it('takes the amount bounds from the settings', async () => {
    expect((await admin('setting', { key: 'lending_min_amount', value: 'abc' })).type).toBe(
      'error',
    );
    expect((await admin('setting', { key: 'lending_min_amount', value: '2000' })).type).toBe('ok');
    expect((await get(s, '/api/lending/config')).message).toMatchObject({ min_amount: '2000' });
    expect((await apply('b')).message).toBe('The minimum loan amount is 2000 USDT.');
    await admin('setting', { key: 'lending_min_amount', value: '100' });
    expect((await apply('b')).type).toBe('ok');
    expect((await loans('a')).total).toBe(3);
    expect((await loans('b')).total).toBe(1);
  });

  it('flags an approved loan past its due date as overdue', async () => {
    const loan = await newest('b');
    expect((await admin('loan', { id: String(loan.id), action: 'approve' })).type).toBe('ok');
    expect((await newest('b')).overdue).toBe(false);
    s.clock.now += 31 * 86_400_000;
    users.b.token = await issueToken(s.ctx.db, users.b.id, s.clock.now);
    expect(await newest('b')).toMatchObject({ state: 1, overdue: true });
  });
});

describe('repayment quotes (issue 20)', () => {
  const market = () => s.ctx.market;
  const btcMatch = (): number => {
    const pair = market()
      .pairs()
      .find((p) => p.currencyName === 'BTC' && p.legalName === 'USDT');
    if (pair === undefined) throw new Error('no BTC/USDT');
    return pair.matchId;
  };
  let orderId = 0;

  beforeAll(async () => {
    // the clock moved a month above: fresh tokens; a's newest loan is approved, 1,030 USDT owed
    users.a.token = await issueToken(s.ctx.db, users.a.id, s.clock.now);
    users.b.token = await issueToken(s.ctx.db, users.b.id, s.clock.now);
    orderId = (await newest('a')).id;
    expect((await admin('loan', { id: String(orderId), action: 'approve' })).type).toBe('ok');
  });

  it('records exactly the quoted amount and price, even after the live price moved', async () => {
    const list = await loans('a');
    const before = new Decimal(list.currery_money.btc);
    const q = await quote('a', orderId, 'btc');
    const quoted = new Decimal(1030).dividedBy(before).toDecimalPlaces(6, Decimal.ROUND_UP);
    expect(q).toMatchObject({
      order_id: orderId,
      coin: 'btc',
      currency: 'BTC',
      repayment_amount: '1030',
      price: before.toFixed(),
      amount: quoted.toFixed(),
      address: ((await get(s, '/api/lending/config')).message as LendingConfig).address.btc,
      expires_at: s.clock.now + 60_000,
      server_time: s.clock.now,
      ttl: 60,
    });
    expect(q.id).toBeGreaterThan(0);

    // the market moves 5 % while the dialog is open; the quote still holds
    const real = market().lastPrice.bind(market());
    const match = btcMatch();
    market().lastPrice = (id: number) => {
      const last = real(id);
      return id === match && last !== null ? Math.round(last * 1.05) : last;
    };
    try {
      const moved = new Decimal((await loans('a')).currery_money.btc);
      expect(moved.equals(before)).toBe(false);
      s.clock.now += 59_000;
      const image = await upload('a');
      const r = await repay('a', {
        order_id: String(orderId),
        coin: 'btc',
        image,
        quote_id: String(q.id),
      });
      expect(r).toEqual({
        type: 'ok',
        message: `Repayment of ${quoted.toFixed()} BTC submitted. The loan is marked repaid once the payment is confirmed.`,
      });
      const loan = await newest('a');
      expect(loan.state).toBe(3);
      expect(loan.repayment).toMatchObject({
        coin: 'btc',
        price: before.toFixed(),
        amount: quoted.toFixed(),
        address: q.address,
      });
    } finally {
      market().lastPrice = real;
    }
  });

  it('refuses a used, an expired or a foreign quote, asking for a new one', async () => {
    const queue = (await get(s, '/api/admin/queue', operator)).message as {
      loan_repayments: { id: number; order_id: number }[];
    };
    const pending = queue.loan_repayments.find((r) => r.order_id === orderId);
    expect(
      (await admin('loan-repayment', { id: String(pending?.id), action: 'reject', reason: 'x' }))
        .type,
    ).toBe('ok');
    const image = await upload('a');
    const body = { order_id: String(orderId), coin: 'btc', image };

    // no quote at all
    expect(await repay('a', body)).toEqual({
      type: 'quote',
      message: 'Please get a repayment quote first: it fixes the amount to send.',
    });
    // the quote of the rejected repayment cannot be used again
    const used = (
      await s.ctx.db.query<{ id: number }>(
        'SELECT quote_id AS id FROM loan_repayments WHERE id = $1',
        [pending?.id ?? 0],
      )
    )[0]?.id;
    expect(await repay('a', { ...body, quote_id: String(used) })).toEqual({
      type: 'quote',
      message: 'This repayment quote has already been used. Please get a new quote.',
    });

    // expired: 60 s after it was issued
    const q = await quote('a', orderId, 'btc');
    s.clock.now += 60_000;
    expect(await repay('a', { ...body, quote_id: String(q.id) })).toEqual({
      type: 'quote',
      message:
        'This repayment quote has expired (quotes hold for 60 seconds). Please get a new quote and check the amount before you submit.',
    });
    const zh = await repay('a', { ...body, quote_id: String(q.id) }, 'zh');
    expect(zh.type).toBe('quote');
    expect(zh.message).toContain('报价');

    // a quote for another coin, another user's quote, a quote that does not exist
    const eth = await quote('a', orderId, 'eth');
    expect(await repay('a', { ...body, quote_id: String(eth.id) })).toEqual({
      type: 'quote',
      message: 'This repayment quote does not match this loan and coin. Please get a new quote.',
    });
    const theirs = await quote('b', (await newest('b')).id, 'btc');
    expect((await repay('a', { ...body, quote_id: String(theirs.id) })).type).toBe('quote');
    expect((await repay('a', { ...body, quote_id: '2147483647' })).type).toBe('quote');
    expect((await askQuote('b', orderId, 'btc')).message).toBe('This loan does not exist.');
    expect((await askQuote('a', orderId, 'doge')).message).toBe(
      'Please choose the coin you repay with: BTC, ETH, USDT-ERC20 or USDT-TRC20.',
    );
    expect((await post(s, '/api/lending/order/repayment/quote', { order_id: '1' })).type).toBe(
      '999',
    );
    // nothing was filed by any of these
    expect((await newest('a')).state).toBe(1);

    // a fresh quote goes through, and records its own figures
    const fresh = await quote('a', orderId, 'eth');
    expect((await repay('a', { ...body, coin: 'eth', quote_id: String(fresh.id) })).type).toBe(
      'ok',
    );
    expect((await newest('a')).repayment).toMatchObject({
      coin: 'eth',
      price: fresh.price,
      amount: fresh.amount,
    });
  });
});
