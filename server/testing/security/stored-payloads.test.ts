// Stored script payloads come back verbatim, as JSON data: news (operator HTML), the names
// users give (payout real name, identity name), what a c2c counterparty sees of them, and the
// free text of a loan application. The server neither runs, strips nor HTML-escapes them; the
// client renders them as text (or through its sanitizer for news HTML), tested in the UI and
// e2e. Where a rule forbids markup (address-book labels), the payload is refused, not stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealView } from '../../c2c/c2c-views.ts';
import { CURRENCY_ID } from '../fixtures.ts';
import type { Reply, TestServer } from '../helpers.ts';
import { get, post, startTestServer } from '../helpers.ts';
import { issueToken } from '../../accounts/tokens.ts';
import { ADMIN_HEADER } from '../../http/admin-auth.ts';
import { TEST_ADMIN_TOKEN } from '../../config.ts';
import { PNG_1PX } from '../../uploads/test-images.ts';
import { ensureDemoAccount } from '../../seed/demo-account.ts';

const PAYLOADS = [
  '<script>alert("x")</script>',
  '<img src=x onerror=alert(document.cookie)>',
  '"><svg onload=alert(document.domain)>',
  'javascript:alert(document.domain)',
  "{{constructor.constructor('alert(document.domain)')()}}",
  '</script><script>alert(document.domain)</script>',
] as const;
const [SCRIPT = '', IMG = '', SVG = '', JS_URL = '', TEMPLATE = '', BREAKOUT = ''] = PAYLOADS;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
});
afterAll(async () => {
  await s.close();
});

async function verifiedUser(account: string): Promise<string> {
  const id = await ensureDemoAccount(s.ctx.db, account, 'payload123', s.clock.now);
  await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [id]);
  return issueToken(s.ctx.db, id, s.clock.now);
}

async function upload(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'id.png');
  const res = await fetch(`${s.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return String(((await res.json()) as Reply).message);
}

/** The raw answer: JSON content type, and the body parsed. */
async function raw(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(`${s.url}${path}`, { headers });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as Reply;
}

describe('stored script payloads', () => {
  it('news: title, abstract and HTML content come back exactly as stored', async () => {
    const rows = await s.ctx.db.query<{ id: number }>(
      `INSERT INTO news (c_id, lang, title, abstract, content, thumbnail, sort, update_time)
       VALUES (19, 'en', $1, $2, $3, '', 0, $4) RETURNING id`,
      [SCRIPT, IMG, PAYLOADS.join('\n'), new Date(s.clock.now)],
    );
    const id = rows[0]?.id ?? 0;
    const detail = await raw(`/api/news/detail?id=${id}`, { lang: 'en' });
    expect(detail.message).toMatchObject({ title: SCRIPT, abstract: IMG });
    expect((detail.message as { content: string }).content).toBe(PAYLOADS.join('\n'));
    const list = await post(s, '/api/news/list', { c_id: '19' }, { lang: 'en' });
    const titles = (list.message as { list: Array<{ title: string }> }).list.map((n) => n.title);
    expect(titles).toContain(SCRIPT);
    // The seeded hostile notice (c_id 19) too: stored, served as data.
    const seeded = await s.ctx.db.query<{ id: number; content: string }>(
      "SELECT id, content FROM news WHERE lang = 'en' AND content LIKE '%onerror%' AND id <> $1",
      [id],
    );
    expect(seeded.length).toBeGreaterThanOrEqual(1);
    for (const n of seeded) {
      const r = await raw(`/api/news/detail?id=${n.id}`, { lang: 'en' });
      expect((r.message as { content: string }).content).toBe(n.content);
    }
  });

  it('payout names and the identity name, and what the c2c counterparty sees', async () => {
    const seller = await verifiedUser('payload-seller@bourse.test');
    const buyer = await verifiedUser('payload-buyer@bourse.test');
    const cash = {
      real_name: SCRIPT,
      bank_name: IMG,
      bank_account: SVG,
      alipay_account: JS_URL,
      wechat_nickname: TEMPLATE,
      wechat_account: BREAKOUT,
    };
    expect((await post(s, '/api/user/cash_save', cash, { authorization: seller })).type).toBe('ok');
    const saved = await post(s, '/api/user/cash_info', {}, { authorization: seller });
    expect(saved.message).toEqual(cash);
    const buyerCash = { real_name: IMG, alipay_account: 'buyer@ali' };
    await post(s, '/api/user/cash_save', buyerCash, { authorization: buyer });

    const ad = {
      type: 'sell',
      way: 'ali_pay',
      price: '7.10',
      total_number: '10',
      currency_id: String(CURRENCY_ID.USDT),
    };
    expect((await post(s, '/api/c2c_send', ad, { authorization: seller })).type).toBe('ok');
    const ads = await s.ctx.db.query<{ id: number }>(
      'SELECT a.id FROM c2c_ads a JOIN users u ON u.id = a.seller_id WHERE u.account = $1',
      ['payload-seller@bourse.test'],
    );
    const adId = String(ads[0]?.id ?? '');
    const taken = await post(s, '/api/c2c/do_legal_deal', { id: adId }, { authorization: buyer });
    expect(taken.type).toBe('ok');
    const deals = await s.ctx.db.query<{ id: number }>(
      'SELECT id FROM c2c_deals WHERE ad_id = $1',
      [Number(adId)],
    );
    const dealId = deals[0]?.id ?? 0;
    const seen = await raw(`/api/c2c_deal?id=${dealId}`, { authorization: buyer });
    const deal = seen.message as DealView;
    expect(deal.hes_realname).toBe(SCRIPT);
    expect(deal.user_realname).toBe(IMG);
    // the buyer sees the seller's name and the account of the ad's way only (issue 20 item 5)
    expect(deal.sell_cash_info).toMatchObject({
      real_name: SCRIPT,
      alipay_account: JS_URL,
      bank_name: '',
    });

    const id = await ensureDemoAccount(s.ctx.db, 'payload-id@bourse.test', 'x1234567', s.clock.now);
    const applicant = await issueToken(s.ctx.db, id, s.clock.now);
    const pics = [await upload(applicant), await upload(applicant), await upload(applicant)];
    const identity = await post(
      s,
      '/api/user/real_name',
      {
        name: IMG,
        card_id: 'AB123456',
        cardType: '1',
        front_pic: pics[0] ?? '',
        reverse_pic: pics[1] ?? '',
        hand_pic: pics[2] ?? '',
      },
      { authorization: applicant },
    );
    expect(identity.type).toBe('ok');
    const status = await raw('/api/user/identity', { authorization: applicant });
    expect(status.message).toMatchObject({ name: IMG });
  });

  it('loan application free text comes back verbatim to the operator', async () => {
    const token = await verifiedUser('payload-loan@bourse.test');
    const form = {
      amount: '1000',
      day: '30',
      rate: '0.1',
      tel: '+44 20 7946 0958',
      address: BREAKOUT,
      age: '35',
      income: '4200.50',
      country: SVG,
      isAgree: 'true',
    };
    expect((await post(s, '/api/lending/order/apply', form, { authorization: token })).type).toBe(
      'ok',
    );
    // The operator reviews the application with its address and country as written.
    const list = await get(s, '/api/admin/loans', { [ADMIN_HEADER]: TEST_ADMIN_TOKEN });
    const loans = (list.message as { list: Array<{ address: string; country: string }> }).list;
    expect(loans).toContainEqual(expect.objectContaining({ address: BREAKOUT, country: SVG }));
  });

  it('address-book labels allow letters and digits only: markup is refused, not stored', async () => {
    const token = await verifiedUser('payload-notes@bourse.test');
    const r = await post(
      s,
      '/api/wallet/addaddress',
      { currency_id: String(CURRENCY_ID.BTC), address: 'bc1qpayload', notes: IMG },
      { authorization: token },
    );
    expect(r).toEqual({
      type: 'error',
      message: 'The label may only contain letters and digits, without spaces.',
    });
    const rows = await s.ctx.db.query('SELECT 1 FROM withdraw_addresses WHERE notes = $1', [IMG]);
    expect(rows).toEqual([]);
  });
});
