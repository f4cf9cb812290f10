// Wallets and the account area over HTTP against a real server (in-memory PGlite): lists,
// transfers in both parameter forms, the lever rule, uploads, identity with the operator's
// decision and `998`, withdrawals and deposits with their ledger rows, the address book,
// acceptors (with the 20-minute auto-confirmation on a moved clock), region agents, entrusts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import type {
  DepositAddresses,
  LogItem,
  PagedList,
  WalletList,
  WithdrawInfo,
} from '../../src/shared/wire.ts';
import type { AcceptorDealOut as AcceptorDeal } from '../acceptors/acceptors.ts';
import { ADMIN_HEADER } from '../http/admin-auth.ts';
import { issueToken } from '../accounts/tokens.ts';
import { insertUser } from '../accounts/users.ts';
import { TEST_ADMIN_TOKEN } from '../config.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { Reply, TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer } from '../testing/helpers.ts';
import { PNG_1PX } from '../uploads/test-images.ts';

let s: TestServer;
let token: string;
const USDT = String(CURRENCY_ID.USDT);
const BTC = String(CURRENCY_ID.BTC);
let userId: number;

async function upload(
  bytes: Uint8Array,
  name = 'photo.png',
  type = 'image/png',
  as = token,
): Promise<Reply> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${s.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: as },
    body: form,
  });
  return (await res.json()) as Reply;
}

const admin = (path: string, body: Record<string, string>) =>
  post(s, `/api/admin/${path}`, body, { [ADMIN_HEADER]: TEST_ADMIN_TOKEN });

/** The four accounts, as this server always sends them. */
type Lists = { [K in keyof WalletList]-?: NonNullable<WalletList[K]> };

async function wallets(): Promise<Lists> {
  const r = await post(s, '/api/wallet/list', {}, { authorization: token });
  expect(r.type).toBe('ok');
  return r.message as Lists;
}

function row(list: Lists, account: 'legal' | 'change' | 'lever' | 'micro', currency: string) {
  const found = list[`${account}_wallet`].balance.find((b) => b.currency_name === currency);
  if (found === undefined) throw new Error(`${currency} not in ${account}`);
  return found;
}

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  const login = await post(s, '/api/user/login', {
    user_string: 'demo@bourse.local',
    password: 'demo1234',
    type: '1',
  });
  token = String(login.message);
  userId = ((await get(s, '/api/user/info', { authorization: token })).message as { id: number })
    .id;
}, 60_000);

afterAll(async () => {
  await s.close();
});

describe('wallet lists and transfers', () => {
  it('lists the four accounts with the flags filters and exact totals', async () => {
    const list = await wallets();
    expect(list.is_open_CTbi).toBe('1');
    expect(list.legal_wallet.balance.map((b) => b.currency_name)).toEqual(['USDT']);
    expect(list.change_wallet.balance.length).toBeGreaterThan(5);
    const usdt = row(list, 'change', 'USDT');
    expect(usdt.change_balance).toBe('10000');
    expect(usdt.lock_change_balance).toBe('0');
    expect(usdt.legal_balance).toBeUndefined();
    expect(row(list, 'legal', 'USDT').legal_balance).toBe('5000');
    expect(new Decimal(String(list.change_wallet.usdt_totle)).greaterThan(10000)).toBe(true);
  });

  it('needs a login', async () => {
    expect((await post(s, '/api/wallet/list', {})).type).toBe('999');
  });

  it('moves funds change → lever → change with both parameter forms, each a ledger row', async () => {
    let r = await post(
      s,
      '/api/wallet/change',
      { currency_id: USDT, number: '250.5', from_field: 'change', to_field: 'lever' },
      { authorization: token },
    );
    expect(r).toEqual({ type: 'ok', message: 'Successful transfer.' });
    let list = await wallets();
    expect(row(list, 'change', 'USDT').change_balance).toBe('9749.5');
    expect(row(list, 'lever', 'USDT').lever_balance).toBe('2250.5');
    r = await post(
      s,
      '/api/wallet/change',
      { currency_id: USDT, number: '250.5', type: '2' },
      { authorization: token },
    );
    expect(r.type).toBe('ok'); // legacy type 2: lever → legal
    list = await wallets();
    expect(row(list, 'legal', 'USDT').legal_balance).toBe('5250.5');
    r = await post(
      s,
      '/api/wallet/change',
      { currency_id: USDT, number: '250.5', from_field: 'legal', to_field: 'change' },
      { authorization: token },
    );
    expect(r.type).toBe('ok');
    list = await wallets();
    expect(row(list, 'change', 'USDT').change_balance).toBe('10000');
    const hz = await post(s, '/api/wallet/hzhistory', { page: '1' }, { authorization: token });
    const data = (hz.message as { data: LogItem[]; total: number }).data;
    expect(data.length).toBe(3);
    expect(data[0]?.info).toBe('Transfer: Legal account → Spot account');
    const log = await post(
      s,
      '/api/wallet/legal_log',
      { type: '2', currency: USDT, page: '1' },
      { authorization: token },
    );
    const items = (log.message as PagedList<LogItem>).list;
    expect(items[0]?.value).toBe('250.5');
    expect(items[1]?.value).toBe('-250.5');
  });

  it('refuses the same account, too much, a currency the account cannot hold, and keeps balances', async () => {
    const t = { authorization: token };
    const same = await post(
      s,
      '/api/wallet/change',
      { currency_id: USDT, number: '1', from_field: 'change', to_field: 'change' },
      t,
    );
    expect(same).toEqual({ type: 'error', message: 'Please choose two different accounts.' });
    const much = await post(
      s,
      '/api/wallet/change',
      { currency_id: USDT, number: '999999', from_field: 'micro', to_field: 'change' },
      t,
    );
    expect(much).toEqual({ type: 'error', message: 'Insufficient balance.' });
    const btcLegal = await post(
      s,
      '/api/wallet/change',
      { currency_id: BTC, number: '0.1', from_field: 'change', to_field: 'legal' },
      t,
    );
    expect(btcLegal.message).toBe('BTC cannot be held in this account.');
    const bad = await post(
      s,
      '/api/wallet/change',
      { currency_id: USDT, number: 'abc', from_field: 'change', to_field: 'lever' },
      t,
    );
    expect(bad.type).toBe('error');
    expect(row(await wallets(), 'micro', 'USDT').micro_balance).toBe('1000');
  });

  it('refuses leaving the lever account while a lever record is open', async () => {
    await s.ctx.db.query(
      `INSERT INTO lever_transactions (user_id, type, currency, legal, origin_price, price, update_price,
        share, number, multiple, origin_caution_money, caution_money, status, create_time)
       VALUES ($1, 1, $2, $3, 1, 1, 1, 1, 1, 10, 1, 1, 0, 0)`,
      [userId, CURRENCY_ID.BTC, CURRENCY_ID.USDT],
    );
    const r = await post(
      s,
      '/api/wallet/change',
      { currency_id: USDT, number: '1', from_field: 'lever', to_field: 'change' },
      { authorization: token },
    );
    expect(r.type).toBe('error');
    expect(String(r.message)).toContain('contract');
    await s.ctx.db.query('UPDATE lever_transactions SET status = 4 WHERE user_id = $1', [userId]);
    const ok = await post(
      s,
      '/api/wallet/change',
      { currency_id: USDT, number: '1', from_field: 'lever', to_field: 'change' },
      { authorization: token },
    );
    expect(ok.type).toBe('ok');
  });
});

describe('uploads and identity', () => {
  it('accepts a real png, refuses other content and sizes, serves it to its owner only', async () => {
    const r = await upload(PNG_1PX);
    expect(r.type).toBe('ok');
    const url = String(r.message);
    expect(url).toMatch(/^\/api\/upload\/[0-9a-f]{32}\.png$/);
    const res = await fetch(`${s.url}${url}`, { headers: { authorization: token } });
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1PX)).toBe(true);
    const anonymous = (await (await fetch(`${s.url}${url}`)).json()) as Reply;
    expect(anonymous.type).toBe('999');
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png');
    expect(html).toEqual({ type: 'error', message: 'Only JPG or PNG images can be uploaded.' });
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(4 * 1024 * 1024)]);
    expect(await upload(big)).toEqual({
      type: 'error',
      message: 'The image must not be larger than 4 MB.',
    });
  });

  it('gates withdrawals with 998 until an operator approves the identity', async () => {
    // a new user: the demo account is approved from the start (issue 18)
    const id = await insertUser(s.ctx.db, {
      kind: 'email',
      account: 'identity-gate@example.com',
      passwordHash: 'disabled',
      areaCode: null,
      countryCode: null,
      invitedBy: null,
      nowMs: s.clock.now,
    });
    const newcomer = await issueToken(s.ctx.db, id, s.clock.now);
    const out = { currency: USDT, number: '20', address: '0xabc', type: '0' };
    expect((await post(s, '/api/wallet/out', out, { authorization: newcomer })).type).toBe('998');
    const pics = [];
    for (let i = 0; i < 3; i++)
      pics.push(String((await upload(PNG_1PX, 'photo.png', 'image/png', newcomer)).message));
    const form = {
      name: 'Ada Lovelace',
      card_id: 'AB123456',
      cardType: '1',
      front_pic: pics[0] ?? '',
      reverse_pic: pics[1] ?? '',
      hand_pic: pics[2] ?? '',
    };
    const digits = await post(
      s,
      '/api/user/real_name',
      { ...form, name: 'Ada 2' },
      { authorization: newcomer },
    );
    expect(digits.message).toBe('The name must not contain digits.');
    const foreign = await post(
      s,
      '/api/user/real_name',
      { ...form, front_pic: '/api/upload/0123456789abcdef0123456789abcdef.png' },
      { authorization: newcomer },
    );
    expect(foreign.type).toBe('error');
    expect((await post(s, '/api/user/real_name', form, { authorization: newcomer })).type).toBe(
      'ok',
    );
    expect((await post(s, '/api/user/real_name', form, { authorization: newcomer })).message).toBe(
      'Your identity is already under review.',
    );
    expect(
      (
        (await get(s, '/api/user/info', { authorization: newcomer })).message as {
          review_status: number;
        }
      ).review_status,
    ).toBe(1);
    const queue = (await get(s, '/api/admin/queue', { [ADMIN_HEADER]: TEST_ADMIN_TOKEN }))
      .message as { identities: { id: number }[] };
    const sub = queue.identities[0];
    expect(sub).toBeDefined();
    expect((await get(s, '/api/admin/queue', { [ADMIN_HEADER]: 'wrong' })).type).toBe('error');
    expect((await admin('identity', { id: String(sub?.id), action: 'approve' })).type).toBe('ok');
    expect(
      (
        (await get(s, '/api/user/info', { authorization: newcomer })).message as {
          review_status: number;
        }
      ).review_status,
    ).toBe(2);
  });
});

describe('withdrawals and deposits', () => {
  it('shows the rules, locks the amount, and the operator sends or rejects it', async () => {
    const t = { authorization: token };
    const info = (await post(s, '/api/wallet/get_info', { currency: USDT }, t))
      .message as WithdrawInfo;
    expect(info).toMatchObject({
      name: 'USDT',
      min_number: '10',
      max_number: '50000',
      day_limit: '100000',
      rate: '0.5',
    });
    expect(
      (
        await post(
          s,
          '/api/wallet/out',
          { currency: USDT, number: '5', address: '0xabc', type: '0' },
          t,
        )
      ).message,
    ).toBe('The minimum withdrawal is 10.');
    expect(
      (
        await post(
          s,
          '/api/wallet/out',
          { currency: USDT, number: '20', address: '0x a', type: '0' },
          t,
        )
      ).message,
    ).toBe('The address must not contain spaces.');
    expect(
      (
        await post(
          s,
          '/api/wallet/out',
          {
            currency: USDT,
            number: '100',
            address: '',
            type: '3',
            real_name: 'Ada',
            bank_name: 'Bank',
          },
          t,
        )
      ).message,
    ).toBe('Please enter the bank account number.');
    expect(
      (
        await post(
          s,
          '/api/wallet/out',
          { currency: USDT, number: '100', address: '0xabc', type: '1' },
          t,
        )
      ).type,
    ).toBe('ok');
    let usdt = row(await wallets(), 'change', 'USDT');
    expect(usdt.change_balance).toBe('9901');
    expect(usdt.lock_change_balance).toBe('100');
    const records = (await post(s, '/api/wallet/records', { kind: 'withdraw' }, t))
      .message as PagedList<{
      id: number;
      fee: string;
      received: string;
      status: number;
      network: string;
    }>;
    expect(records.list[0]).toMatchObject({
      fee: '0.5',
      received: '99.5',
      status: 0,
      network: 'trc20',
    });
    const id = String(records.list[0]?.id);
    expect((await admin('withdrawal', { id, action: 'approve' })).type).toBe('ok');
    expect((await admin('withdrawal', { id, action: 'reject' })).message).toBe(
      `Item ${id} is not waiting for a decision.`,
    );
    usdt = row(await wallets(), 'change', 'USDT');
    expect(usdt.lock_change_balance).toBe('0');
    expect(usdt.change_balance).toBe('9901');
    await post(
      s,
      '/api/wallet/out',
      { currency: USDT, number: '50', address: '0xdef', type: '0' },
      t,
    );
    const second = (await post(s, '/api/wallet/records', { kind: 'withdraw' }, t))
      .message as PagedList<{ id: number }>;
    await admin('withdrawal', {
      id: String(second.list[0]?.id),
      action: 'reject',
      reason: 'address check',
    });
    usdt = row(await wallets(), 'change', 'USDT');
    expect(usdt.change_balance).toBe('9901');
    const done = (await post(s, '/api/wallet/records', { kind: 'withdraw' }, t))
      .message as PagedList<{ status: number; reason: string }>;
    expect(done.list.map((r) => r.status)).toEqual([2, 1]);
    expect(done.list[0]?.reason).toBe('address check');
  });

  it('refuses beyond the daily limit and while deposits and withdrawals are closed', async () => {
    const t = { authorization: token };
    await s.ctx.db.query("UPDATE currencies SET day_limit = 150 WHERE name = 'USDT'");
    const r = await post(
      s,
      '/api/wallet/out',
      { currency: USDT, number: '60', address: '0xabc', type: '0' },
      t,
    );
    expect(r.message).toBe('The daily withdrawal limit is 150; you can still withdraw 50 today.');
    await s.ctx.db.query("UPDATE currencies SET day_limit = 100000 WHERE name = 'USDT'");
    await admin('setting', { key: 'is_open_CTbi', value: '0' });
    expect(
      (
        await post(
          s,
          '/api/wallet/out',
          { currency: USDT, number: '20', address: '0xabc', type: '0' },
          t,
        )
      ).message,
    ).toBe('Deposits and withdrawals are not open at the moment.');
    expect((await wallets()).is_open_CTbi).toBe('0');
    await admin('setting', { key: 'is_open_CTbi', value: '1' });
  });

  it('gives per-network deposit addresses and credits a confirmed deposit request', async () => {
    const t = { authorization: token };
    const a = (await post(s, '/api/wallet/get_in_address', { currency: USDT }, t))
      .message as DepositAddresses;
    expect(a.list?.map((x) => x.network)).toEqual(['erc20', 'trc20', 'omni']);
    expect(a.list?.[0]?.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(a.list?.[1]?.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const again = (await post(s, '/api/wallet/get_in_address', { currency: USDT }, t))
      .message as DepositAddresses;
    expect(again.address).toBe(a.address);
    expect((await post(s, '/api/wallet/get_in_address', { currency: '4' }, t)).type).toBe('error');
    expect(
      (await post(s, '/api/wallet/charge_req', { currency: USDT, amount: '30' }, t)).message,
    ).toBe('Please upload a picture of the payment voucher.');
    const pic = String((await upload(PNG_1PX)).message);
    expect(
      (
        await post(
          s,
          '/api/wallet/charge_req',
          { currency: USDT, amount: '30', pic, hash: '0xfeed', type: 'trc20' },
          t,
        )
      ).type,
    ).toBe('ok');
    const rec = (await post(s, '/api/wallet/records', { kind: 'deposit' }, t))
      .message as PagedList<{ id: number; status: number }>;
    expect(rec.list[0]?.status).toBe(0);
    expect((await admin('deposit', { id: String(rec.list[0]?.id), action: 'confirm' })).type).toBe(
      'ok',
    );
    expect(row(await wallets(), 'change', 'USDT').change_balance).toBe('9931');
    const log = (await post(s, '/api/account/list', { page: '1', limit: '5' }, t)).message as {
      data: LogItem[];
    };
    expect(log.data[0]?.info).toMatch(/^Deposit #\d+ credited$/);
  });

  it('keeps an address book with the add-address rules', async () => {
    const t = { authorization: token };
    expect(
      (
        await post(
          s,
          '/api/wallet/addaddress',
          { currency_id: BTC, address: 'bc1 q', notes: 'cold' },
          t,
        )
      ).message,
    ).toBe('The address must not contain spaces.');
    expect(
      (
        await post(
          s,
          '/api/wallet/addaddress',
          { currency_id: BTC, address: 'bc1qxyz', notes: 'my cold' },
          t,
        )
      ).message,
    ).toBe('The label may only contain letters and digits, without spaces.');
    expect(
      (
        await post(
          s,
          '/api/wallet/addaddress',
          { currency_id: BTC, address: 'bc1qxyz', notes: 'cold' },
          t,
        )
      ).type,
    ).toBe('ok');
    const list = (await post(s, '/api/wallet/get_address', { currency: BTC }, t)).message as {
      id: number;
      address: string;
      notes: string;
    }[];
    expect(list).toMatchObject([{ address: 'bc1qxyz', notes: 'cold' }]);
    expect(
      (await post(s, '/api/wallet/deladdress', { address_id: String(list[0]?.id) }, t)).type,
    ).toBe('ok');
    expect(
      (await post(s, '/api/wallet/deladdress', { address_id: String(list[0]?.id) }, t)).type,
    ).toBe('error');
  });
});

describe('acceptors, region agents, entrusts', () => {
  it('buys from an acceptor once confirmed; a paid sell deal confirms itself after 20 minutes', async () => {
    const t = { authorization: token };
    const list = (await get(s, '/api/acceptor/list', t)).message as {
      id: number;
      recharge_rate: string;
    }[];
    expect(list.length).toBe(2);
    const deal = {
      acceptor_id: String(list[0]?.id),
      way: 'bank',
      mobile: '13800138000',
      deal_account: '6222000011112222',
    };
    expect(
      (await post(s, '/api/acceptor/deal', { ...deal, type: 'buy', money: '0' }, t)).message,
    ).toBe('Please enter an amount greater than 0.');
    expect(
      (await post(s, '/api/acceptor/deal', { ...deal, type: 'buy', money: '725' }, t)).type,
    ).toBe('ok');
    expect(
      (await post(s, '/api/acceptor/deal', { ...deal, type: 'buy', money: '725' }, t)).message,
    ).toContain('already have an open deal');
    const legalBefore = new Decimal(row(await wallets(), 'legal', 'USDT').legal_balance ?? '0');
    let mine = (await get(s, '/api/acceptor/my_deal?type=buy', t)).message as AcceptorDeal[];
    expect(mine[0]).toMatchObject({
      number: '100',
      is_sure: 0,
      way: 'bank',
      hes_account: '6222 0212 3456 7890',
    });
    await admin('acceptor-deal', { id: String(mine[0]?.id), action: 'confirm' });
    expect(row(await wallets(), 'legal', 'USDT').legal_balance).toBe(
      legalBefore.plus(100).toFixed(),
    );

    expect(
      (await post(s, '/api/acceptor/deal', { ...deal, type: 'sell', money: '715' }, t)).type,
    ).toBe('ok');
    let legal = row(await wallets(), 'legal', 'USDT');
    expect(legal.lock_legal_balance).toBe('100');
    mine = (await get(s, '/api/acceptor/my_deal?type=sell', t)).message as AcceptorDeal[];
    const id = String(mine[0]?.id);
    expect((await post(s, '/api/acceptor/confirm', { id }, t)).message).toBe(
      'The acceptor has not marked this deal as paid yet.',
    );
    await admin('acceptor-deal', { id, action: 'paid' });
    mine = (await get(s, '/api/acceptor/my_deal?type=sell', t)).message as AcceptorDeal[];
    expect(mine[0]?.auto_confirm_at).toBe(s.clock.now + 20 * 60 * 1000);
    s.clock.now += 20 * 60 * 1000 + 1000;
    mine = (await get(s, '/api/acceptor/my_deal?type=sell', t)).message as AcceptorDeal[];
    expect(mine[0]?.is_sure).toBe(1);
    legal = row(await wallets(), 'legal', 'USDT');
    expect(legal.lock_legal_balance).toBe('0');
    expect(legal.legal_balance).toBe(legalBefore.toFixed());
  });

  it('lists a region agent’s invited users and refuses others', async () => {
    const r = await get(s, '/api/user/region_users', { authorization: token });
    expect(r).toEqual({ type: 'error', message: 'You are not a region agent, no permission.' });
    await admin('region-agent', {
      account: 'demo@bourse.local',
      city: 'Shenzhen',
      district: 'Futian',
    });
    await insertUser(s.ctx.db, {
      kind: 'mobile',
      account: '13912345678',
      passwordHash: 'x',
      areaCode: '86',
      countryCode: '86',
      invitedBy: userId,
      nowMs: s.clock.now,
    });
    const list = (await get(s, '/api/user/region_users', { authorization: token }))
      .message as PagedList<{ phone: string; city_name: string }>;
    expect(list.list).toMatchObject([{ city_name: 'Shenzhen', phone: '139****5678' }]);
  });

  it('pages the entrust list five at a time', async () => {
    const other = await insertUser(s.ctx.db, {
      kind: 'email',
      account: 'e@x.io',
      passwordHash: 'x',
      areaCode: null,
      countryCode: null,
      invitedBy: null,
      nowMs: s.clock.now,
    });
    const t = { authorization: await issueToken(s.ctx.db, other, s.clock.now) };
    const r = (await post(s, '/api/transaction/entrust', { type: 'in', page: '1' }, t))
      .message as PagedList<unknown>;
    expect(r).toEqual({ list: [], page: 1, pages: 1, total: 0 });
    expect((await post(s, '/api/transaction/entrust', { type: 'nope' }, t)).type).toBe('error');
  });
});
