// Changing a waiting spot conditional order (issue 44, ADR 0067), against a real server: the new
// trigger, limit price and amount in one call, the reserve moved by exactly the difference (more
// only from what is available), the order's id and its place kept; hostile values, a reached
// trigger, nothing or the same, an OCO's stop, another user's order and one already fired are
// refused and move nothing; an amend racing the trigger has one outcome. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../db/test-databases.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { post, spotUser, startTestServer } from '../testing/helpers.ts';
import type { TriggerUser } from '../testing/trigger-kit.ts';
import { placeTrigger, spotWallet, tradeAt } from '../testing/trigger-kit.ts';
import { ledgerProblems } from '../testing/security/fuzz-world.ts';

let s: TestServer;
let seq = 0;
let parties: { maker: TriggerUser; taker: TriggerUser };

const user = (usdt: string, btc: string) =>
  spotUser(s, `trigger-amend${++seq}@example.com`, usdt, btc);
const usdt = (u: TriggerUser) => spotWallet(s, u, CURRENCY_ID.USDT);
const amend = (u: TriggerUser, form: Record<string, string>) =>
  post(s, '/api/transaction/conditional_amend', form, { authorization: u.token });

async function placed(u: TriggerUser, form: Record<string, string>): Promise<number> {
  const r = await placeTrigger(s, u, form);
  expect(r.type, JSON.stringify(r.message)).toBe('ok');
  return (r.message as { id: number }).id;
}

async function row(id: number) {
  const rows = await s.ctx.db.query<{
    status: number;
    trigger_price: string;
    price: string | null;
    number: string;
  }>(
    `SELECT status, trigger_price::text, price::text, number::text FROM spot_triggers
      WHERE id = $1`,
    [id],
  );
  return rows[0];
}

describe.each(backends())('amending conditional orders on %s', (backend) => {
  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
    parties = { maker: await user('0', '10'), taker: await user('1000000', '0') };
    await tradeAt(s, parties, '60000');
  }, 60_000);

  afterAll(async () => {
    expect(await ledgerProblems(s)).toEqual([]);
    await s.close();
  });

  it('refuses what it cannot be, and moves nothing', async () => {
    const u = await user('10000', '0');
    const other = await user('10000', '0');
    const id = await placed(u, {
      type: 'in',
      kind: 'stop_limit',
      trigger_price: '65000',
      price: '65100',
      num: '0.1',
    });
    const before = await usdt(u);
    const refused: Array<[TriggerUser, Record<string, string>, RegExp]> = [
      [u, { id: String(id) }, /./],
      [u, { id: String(id), trigger_price: '65000' }, /./],
      [u, { id: String(id), trigger_price: '0' }, /./],
      [u, { id: String(id), trigger_price: '-1' }, /./],
      [u, { id: String(id), trigger_price: '1e5' }, /./],
      [u, { id: String(id), trigger_price: 'abc' }, /./],
      [u, { id: String(id), price: '65100.123' }, /./],
      [u, { id: String(id), num: '0.000000001' }, /./],
      [u, { id: String(id), num: '9'.repeat(30) }, /./],
      // more than there is to hold
      [u, { id: String(id), num: '1' }, /./],
      // a stop buy's trigger at or under the last price has been reached
      [u, { id: String(id), trigger_price: '59000' }, /60,000/],
      [other, { id: String(id), num: '0.05' }, /./],
    ];
    for (const [who, form, text] of refused) {
      const r = await amend(who, form);
      expect(r.type, JSON.stringify(form)).toBe('error');
      expect(String(r.message), JSON.stringify(form)).toMatch(text);
    }
    expect(await usdt(u)).toEqual(before);
    expect(Number((await row(id))?.number)).toBe(0.1);
    // an OCO's stop is changed by cancelling the pair
    const oco = await placed(u, {
      type: 'in',
      kind: 'stop_market',
      trigger_price: '70000',
      num: '0.01',
      oco_price: '59000',
    });
    const r = await amend(u, { id: String(oco), trigger_price: '71000' });
    expect(r.type).toBe('error');
  });

  it('an amend racing the trigger has one outcome', async () => {
    const u = await user('10000', '0');
    const id = await placed(u, {
      type: 'in',
      kind: 'stop_market',
      trigger_price: '61000',
      num: '0.01',
    });
    const [changed] = await Promise.all([
      amend(u, { id: String(id), num: '0.02' }),
      tradeAt(s, parties, '61000', '61000').catch(() => undefined),
    ]);
    await s.spot.idle();
    const r = await row(id);
    const w = await usdt(u);
    if (changed.type === 'ok') expect(r?.status === 0 || Number(r?.number) === 0.02).toBe(true);
    else expect(r?.status).not.toBe(0);
    // nothing held by an order no longer waiting
    if (r?.status !== 0) expect(w.locked).toBe('0');
  });

  // last: the order it fires rests as a bid, which would meet the other tests' trades
  it('changes the trigger, the limit and the amount; the reserve moves by the difference', async () => {
    const u = await user('10000', '0');
    // a stop-limit buy of 0.1 at 65,100: 6,510 held
    const id = await placed(u, {
      type: 'in',
      kind: 'stop_limit',
      trigger_price: '65000',
      price: '65100',
      num: '0.1',
    });
    expect(await usdt(u)).toEqual({ available: '3490', locked: '6510' });
    // more: 0.12 at 66,100 holds 7,932
    const more = await amend(u, {
      id: String(id),
      trigger_price: '66000',
      price: '66100',
      num: '0.12',
    });
    expect(more.type, JSON.stringify(more.message)).toBe('ok');
    expect(await usdt(u)).toEqual({ available: '2068', locked: '7932' });
    // less: only the amount, 0.05 at 66,100 holds 3,305
    expect((await amend(u, { id: String(id), num: '0.05' })).type).toBe('ok');
    expect(await usdt(u)).toEqual({ available: '6695', locked: '3305' });
    const r = await row(id);
    expect(r?.status).toBe(0);
    expect(Number(r?.trigger_price)).toBe(66000);
    expect(Number(r?.price)).toBe(66100);
    expect(Number(r?.number)).toBe(0.05);
    // it fires at its new trigger, not at the old one
    await tradeAt(s, parties, '65500');
    expect((await row(id))?.status).toBe(0);
    await tradeAt(s, parties, '66000', '66000');
    expect((await row(id))?.status).toBe(1);
  });
});
