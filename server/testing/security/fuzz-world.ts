// The world the route fuzz test attacks: attacker A (rich, verified), victim B (the demo user)
// with one record of each kind, and the checks that B stayed untouched and that the ledger
// still explains every balance. Test support only (imported by fuzz.test.ts).
import { Decimal } from '../../../src/shared/decimal.ts';
import { ensureDemoAccount } from '../../seed/demo-account.ts';
import { BALANCE_FIELDS } from '../../wallet/ledger.ts';
import { issueToken } from '../../accounts/tokens.ts';
import { findUser, insertUser } from '../../accounts/users.ts';
import { CURRENCY_ID } from '../fixtures.ts';
import type { TestServer } from '../helpers.ts';
import { PNG_1PX } from '../../uploads/test-images.ts';

export interface Party {
  id: number;
  token: string;
}

const DAY_MS = 86_400_000;
const USDT = String(CURRENCY_ID.USDT);
const BTC = String(CURRENCY_ID.BTC);

/** Attacker A: balances in every account (like the demo user), identity approved. */
export async function makeAttacker(s: TestServer): Promise<Party> {
  const id = await ensureDemoAccount(s.ctx.db, 'attacker@bourse.test', 'attack1234', s.clock.now);
  await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [id]);
  const party = { id, token: await issueToken(s.ctx.db, id, s.clock.now) };
  await call(s, party, 'POST', '/api/user/cash_save', {
    real_name: 'Mallory',
    alipay_account: 'mallory@alipay',
  });
  return party;
}

/** A token of a third user that expired a day ago. */
export async function expiredToken(s: TestServer): Promise<string> {
  const id = await insertUser(s.ctx.db, {
    kind: 'email',
    account: 'expired@bourse.test',
    passwordHash: 'disabled',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: s.clock.now - 3 * DAY_MS,
  });
  return issueToken(s.ctx.db, id, s.clock.now - 2 * DAY_MS);
}

/**
 * Victim B (the demo user) with a resting spot order (its pair then closed to new orders, so
 * nobody can trade against it legitimately), an open lever position, an address-book entry,
 * an uploaded image, a savings deposit, a pending withdrawal, a pending loan application and a
 * c2c ad that bystander C took (an open deal between B and C).
 */
export async function makeVictim(
  s: TestServer,
): Promise<Party & { uploads: string[]; bystander: Party }> {
  const user = await findUser(s.ctx.db, s.ctx.config.demoUser);
  if (user === null) throw new Error('no demo user');
  await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [user.id]);
  const b = { id: user.id, token: await issueToken(s.ctx.db, user.id, s.clock.now) };
  const pair = { legal_id: USDT, currency_id: BTC };
  await must(s, b, 'POST', '/api/transaction/in', {
    ...pair,
    mode: '2',
    price: '1000',
    num: '0.01',
  });
  await s.ctx.db.query(
    `UPDATE currency_matches SET open_transaction = 0
     WHERE id IN (SELECT match_id FROM spot_orders WHERE user_id = $1)`,
    [b.id],
  );
  await must(s, b, 'POST', '/api/wallet/addaddress', {
    currency_id: BTC,
    address: 'bc1qvictim',
    notes: 'cold',
  });
  const upload = await uploadAs(s, b);
  const config = await must(s, b, 'GET', '/api/lh/deposit/config', {});
  await must(s, b, 'POST', '/api/lh/deposit', { config_id: firstId(config), amount: '1000' });
  await must(s, b, 'POST', '/api/wallet/out', {
    currency: USDT,
    number: '20',
    address: '0xvictim',
    type: '0',
  });
  await must(s, b, 'POST', '/api/lending/order/apply', LOAN_FORM);
  await must(s, b, 'POST', '/api/lever/submit', { ...pair, share: '1', multiple: '10' });
  await must(s, b, 'POST', '/api/user/price_alert_add', {
    symbol: 'BTC/USDT',
    direction: 'above',
    price: '1000000',
  });
  const bystander = await openDealWith(s, b);
  return { ...b, uploads: [upload.replace('/api/upload/', '')], bystander };
}

/** B publishes a c2c sell ad; bystander C (verified, with payout details) takes it. */
async function openDealWith(s: TestServer, b: Party): Promise<Party> {
  await must(s, b, 'POST', '/api/user/cash_save', { real_name: 'Bob', alipay_account: 'bob@ali' });
  await must(s, b, 'POST', '/api/c2c_send', {
    type: 'sell',
    way: 'ali_pay',
    price: '7.10',
    total_number: '10',
    currency_id: USDT,
  });
  const ads = await s.ctx.db.query<{ id: number }>('SELECT id FROM c2c_ads WHERE seller_id = $1', [
    b.id,
  ]);
  const id = await ensureDemoAccount(s.ctx.db, 'carol@bourse.test', 'carol1234', s.clock.now);
  await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [id]);
  const c = { id, token: await issueToken(s.ctx.db, id, s.clock.now) };
  await must(s, c, 'POST', '/api/user/cash_save', { real_name: 'Carol', alipay_account: 'c@ali' });
  await must(s, c, 'POST', '/api/c2c/do_legal_deal', { id: String(ads[0]?.id ?? '') });
  return c;
}

const LOAN_FORM = {
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

/** Every row that names `userId` (any `user_id`-like column), as text: equal means untouched. */
export async function snapshotOf(s: TestServer, userId: number): Promise<Map<string, string>> {
  const columns = await s.ctx.db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, column_name`,
  );
  const out = new Map<string, string>();
  for (const c of columns) {
    if (!/(^|_)user_id$|^(seller|buyer|owner|agent)_id$/.test(c.column_name)) continue;
    const rows = await s.ctx.db.query(
      `SELECT * FROM "${c.table_name}" WHERE "${c.column_name}" = $1 ORDER BY 1`,
      [userId],
    );
    out.set(`${c.table_name}.${c.column_name}`, JSON.stringify(rows));
  }
  const users = await s.ctx.db.query('SELECT * FROM users WHERE id = $1', [userId]);
  out.set('users', JSON.stringify(users));
  return out;
}

/** The ids of the records of `userId` (rows of tables with an `id`), for the id attacks. */
export async function idsOf(s: TestServer, userId: number): Promise<number[]> {
  const ids = new Set<number>();
  for (const [key, json] of await snapshotOf(s, userId)) {
    if (key === 'users') continue;
    for (const row of JSON.parse(json) as Array<{ id?: unknown }>) {
      if (typeof row.id === 'number') ids.add(row.id);
    }
  }
  return [...ids].sort((x, y) => x - y);
}

/**
 * Ledger invariants over every user: each of the eight balance fields equals the sum of its
 * account_log deltas; only lever settlement may leave a field below zero.
 */
export async function ledgerProblems(s: TestServer): Promise<string[]> {
  const wallets = await s.ctx.db.query<Record<string, string | number>>(
    'SELECT * FROM users_wallet',
  );
  const sums = await s.ctx.db.query<{
    user_id: number;
    currency_id: number;
    field: string;
    total: string;
  }>(
    `SELECT user_id, currency_id, field, SUM(delta)::text AS total FROM account_log
     GROUP BY user_id, currency_id, field`,
  );
  const logged = new Map(sums.map((r) => [`${r.user_id}/${r.currency_id}/${r.field}`, r.total]));
  const problems: string[] = [];
  for (const w of wallets) {
    for (const field of BALANCE_FIELDS) {
      const value = new Decimal(String(w[field] ?? '0'));
      const key = `${w.user_id}/${w.currency_id}/${field}`;
      const sum = new Decimal(logged.get(key) ?? '0');
      if (!value.eq(sum)) problems.push(`${key}: balance ${value} ≠ ledger ${sum}`);
      if (value.isNegative() && field !== 'lever_balance') problems.push(`${key}: ${value} < 0`);
    }
  }
  return problems;
}

/** Per currency id, the user's holdings over all eight fields. */
export async function holdings(s: TestServer, userId: number): Promise<Map<number, Decimal>> {
  const rows = await s.ctx.db.query<Record<string, string | number>>(
    'SELECT * FROM users_wallet WHERE user_id = $1',
    [userId],
  );
  const out = new Map<number, Decimal>();
  for (const w of rows) {
    let total = new Decimal(0);
    for (const field of BALANCE_FIELDS) total = total.plus(new Decimal(String(w[field] ?? '0')));
    out.set(Number(w.currency_id), total);
  }
  return out;
}

export async function call(
  s: TestServer,
  who: Party,
  method: 'GET' | 'POST',
  url: string,
  body: Record<string, string>,
): Promise<{ type: string; message: unknown }> {
  const res = await s.app.inject({
    method,
    url: method === 'GET' ? `${url}?${new URLSearchParams(body).toString()}` : url,
    headers: { authorization: who.token },
    ...(method === 'POST' ? { payload: body } : {}),
  });
  return res.json();
}

async function must(
  s: TestServer,
  who: Party,
  method: 'GET' | 'POST',
  url: string,
  body: Record<string, string>,
): Promise<unknown> {
  const r = await call(s, who, method, url, body);
  if (r.type !== 'ok') throw new Error(`${url}: ${JSON.stringify(r)}`);
  return r.message;
}

async function uploadAs(s: TestServer, who: Party): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${s.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: who.token },
    body: form,
  });
  const r = (await res.json()) as { type: string; message: unknown };
  if (r.type !== 'ok') throw new Error(`upload: ${JSON.stringify(r)}`);
  return String(r.message);
}

function firstId(config: unknown): string {
  const list = Array.isArray(config)
    ? config
    : ((config as { data?: unknown[]; list?: unknown[] }).data ??
      (config as { list?: unknown[] }).list ??
      []);
  const first = list[0] as { id?: unknown } | undefined;
  if (first?.id === undefined) throw new Error(`no savings product in ${JSON.stringify(config)}`);
  return String(first.id);
}
