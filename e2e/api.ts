// API steps the end-to-end tests use to set a user up (identity, payout details, funds) without
// walking every form again: each one is the real call, checked for `ok`, and the operator's
// decisions go through the operator API (e2e/helpers.ts `operator`).
import { expect, type APIRequestContext } from '@playwright/test';
import { CURRENCY_ID } from '../server/testing/fixtures.ts';
import { operator, queued } from './helpers.ts';

/** Currency ids of the reference server's seed (legacy ids, migration 0015). */
export { CURRENCY_ID };

/** A 1×1 PNG: a voucher or identity image the server's content check accepts. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1a6b20000000049454e44ae426082',
  'hex',
);

/** Logs in over the API: a session of its own beside the page's (ADR 0042). */
export async function token(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const r = await request.post('/api/user/login', {
    form: { user_string: email, password, type: '1' },
  });
  return String(((await r.json()) as { message: string }).message);
}

export async function apiPost(
  request: APIRequestContext,
  t: string,
  path: string,
  form: Record<string, string>,
): Promise<unknown> {
  const r = await request.post(path, { form, headers: { authorization: t } });
  const body = (await r.json()) as { type: string; message: unknown };
  expect(body.type, `${path}: ${JSON.stringify(body.message)}`).toBe('ok');
  return body.message;
}

export async function upload(request: APIRequestContext, t: string): Promise<string> {
  const up = await request.post('/api/upload', {
    headers: { authorization: t },
    multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: PNG } },
  });
  return String(((await up.json()) as { message: string }).message);
}

/** Submits the identity documents and has the operator approve them. */
export async function verify(request: APIRequestContext, t: string, email: string): Promise<void> {
  const url = await upload(request, t);
  await apiPost(request, t, '/api/user/real_name', {
    name: 'Test User',
    card_id: 'T1234567',
    cardType: '1',
    front_pic: url,
    reverse_pic: url,
    hand_pic: url,
  });
  const id = await queued(request, 'identities', email);
  expect((await operator(request, 'identity', { id, action: 'approve' })).type).toBe('ok');
}

/** Verified: the identity documents submitted and approved, unless the account already is. */
export async function verified(
  request: APIRequestContext,
  t: string,
  email: string,
): Promise<void> {
  const info = (await (
    await request.get('/api/user/info', { headers: { authorization: t } })
  ).json()) as { message: { review_status: number } };
  if (info.message.review_status !== 2) await verify(request, t, email);
}

/** `amount` USDT into the spot account (a deposit the operator confirms), then `to` if given. */
export async function fund(
  request: APIRequestContext,
  t: string,
  email: string,
  amount = '500',
  to: 'legal' | 'micro' | 'lever' | null = null,
): Promise<void> {
  await apiPost(request, t, '/api/wallet/charge_req', {
    currency: String(CURRENCY_ID.USDT),
    amount,
    pic: await upload(request, t),
    type: 'erc20',
  });
  const id = await queued(request, 'deposits', email);
  expect((await operator(request, 'deposit', { id, action: 'confirm' })).type).toBe('ok');
  if (to !== null)
    await apiPost(request, t, '/api/wallet/change', {
      currency_id: String(CURRENCY_ID.USDT),
      number: amount,
      from_field: 'change',
      to_field: to,
    });
}

interface Sheet {
  wallets: {
    currency: string;
    legal_balance: string;
    lock_legal_balance: string;
    change_balance: string;
    lock_change_balance: string;
  }[];
}

/** The operator's sheet of a user's wallet of `currency` (exact strings). */
export async function wallet(
  request: APIRequestContext,
  email: string,
  currency: string,
): Promise<Sheet['wallets'][number] | undefined> {
  const r = await operator(request, `user?account=${encodeURIComponent(email)}`);
  return (r.message as Sheet).wallets.find((x) => x.currency === currency);
}

/** The operator's sheet of a user's USDT wallet (exact strings). */
export function usdtWallet(
  request: APIRequestContext,
  email: string,
): Promise<Sheet['wallets'][number] | undefined> {
  return wallet(request, email, 'USDT');
}

/**
 * Cancels every resting spot order of the user (both sides), so a spec that reads the spot
 * balance sees only its own orders move it: a resting order an earlier spec of its lane left
 * behind may fill while it runs.
 */
export async function cancelOpenSpotOrders(request: APIRequestContext, t: string): Promise<void> {
  for (const type of ['in', 'out'] as const) {
    for (let round = 0; round < 20; round++) {
      const page = (await apiPost(request, t, '/api/transaction/entrust', { type, page: '1' })) as {
        list: { id: number }[];
      };
      if (page.list.length === 0) break;
      for (const order of page.list)
        await request.post('/api/transaction_del', {
          form: { id: String(order.id), type },
          headers: { authorization: t },
        });
    }
  }
}
