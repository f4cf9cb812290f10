// The withdraw address book and the withdraw address over HTTP (issue 20 item 14): the same
// address twice for one currency is refused with a localized message (hex and bech32 without
// case, base58 exactly; another currency or another user may save it), and a too-long or
// malformed address gets its own message on both calls instead of "field not valid".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { Reply, TestServer } from '../testing/helpers.ts';
import { post, startTestServer } from '../testing/helpers.ts';

let s: TestServer;
let auth: Record<string, string>;
const USDT = String(CURRENCY_ID.USDT);
const BTC = String(CURRENCY_ID.BTC);

const add = (address: string, currency = USDT, headers = auth): Promise<Reply> =>
  post(s, '/api/wallet/addaddress', { currency_id: currency, address, notes: '' }, headers);

async function saved(currency: string): Promise<string[]> {
  const r = await post(s, '/api/wallet/get_address', { currency }, auth);
  return (r.message as { address: string }[]).map((a) => a.address);
}

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  const login = await post(s, '/api/user/login', {
    user_string: s.ctx.config.demoUser,
    password: s.ctx.config.demoPassword,
  });
  auth = { authorization: String(login.message) };
  await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE account = $1', [
    s.ctx.config.demoUser,
  ]);
}, 60_000);

afterAll(async () => {
  await s.close();
});

describe('address book duplicates', () => {
  const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
  const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

  it('refuses the same address twice for a currency, in the error envelope, localized', async () => {
    expect((await add(EVM)).type).toBe('ok');
    expect(await add(EVM)).toEqual({
      type: 'error',
      message: 'This address is already in your address book for this currency.',
    });
    expect(await add(` ${EVM.toLowerCase()} `, USDT, { ...auth, lang: 'de' })).toEqual({
      type: 'error',
      message: 'Diese Adresse steht für diese Währung bereits in Ihrem Adressbuch.',
    });
    const same = (await saved(USDT)).filter((a) => a.toLowerCase() === EVM.toLowerCase());
    expect(same).toHaveLength(1);
  });

  it('compares base58 addresses exactly, and per currency', async () => {
    expect((await add(TRON)).type).toBe('ok');
    expect((await add(TRON.toLowerCase())).type).toBe('ok');
    expect((await add(TRON)).type).toBe('error');
    expect((await add(EVM, BTC)).type).toBe('ok');
    expect(await saved(BTC)).toEqual([EVM]);
  });
});

describe('address length and form', () => {
  const LONG = `0x${'a'.repeat(498)}`;
  const tooLong = 'The address is too long: at most 128 characters.';
  const invalid = 'This is not a valid address: use only Latin letters, digits and . _ - :';

  it('address book: a 500-character or malformed address gets a clear message', async () => {
    expect(LONG).toHaveLength(500);
    expect(await add(LONG)).toEqual({ type: 'error', message: tooLong });
    expect(await add('0x<b>1</b>')).toEqual({ type: 'error', message: invalid });
    expect((await add(LONG, USDT, { ...auth, lang: 'ru' })).message).toBe(
      'Адрес слишком длинный: не более 128 символов.',
    );
  });

  it('withdraw: the same messages', async () => {
    const out = (address: string) =>
      post(s, '/api/wallet/out', { currency: USDT, number: '20', address, type: '0' }, auth);
    expect(await out(LONG)).toEqual({ type: 'error', message: tooLong });
    expect(await out('0x<b>1</b>')).toEqual({ type: 'error', message: invalid });
  });
});
