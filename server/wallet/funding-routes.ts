// Deposits and withdrawals over HTTP (spec §7 "Wallets"; docs/api-extensions.md): deposit
// addresses per network, withdrawal rules, withdraw and deposit requests, the withdraw address
// book, the user's funding records (extension) and the legacy company address.
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Decimal } from '../../src/shared/decimal.ts';
import type { WithdrawNetwork } from '../../src/shared/wallet.ts';
import {
  checkAddress,
  isSavedAddress,
  LOG_PAGE_SIZE,
  validateAddressEntry,
} from '../../src/shared/wallet.ts';
import type {
  DepositAddresses,
  FundingRecord,
  WithdrawAddress,
  WithdrawInfo,
} from '../../src/shared/wire.ts';
import { userById } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { formatTime } from '../http/format.ts';
import { t } from '../i18n/messages.ts';
import { ownsUpload } from '../uploads/uploads.ts';
import { lockUser } from './ledger.ts';
import {
  currencyRules,
  fundingOpen,
  networksOf,
  requestDeposit,
  requestWithdrawal,
  setting,
} from './funds.ts';
import { offsetOf, paged, pageNumber } from '../http/paging.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = pageNumber;
const currencyBody = z.object({ currency: id });

/** Withdraw panel tab index (legacy `type`) → network. */
const TAB_NETWORK: readonly WithdrawNetwork[] = ['erc20', 'trc20', 'omni', 'bank'];

/**
 * Read far past ADDRESS_MAX_LENGTH, so that a too-long address gets its own message
 * (`validation.wallet.addressTooLong`) rather than the parser's "field not valid".
 */
const ADDRESS_READ_MAX = 10_000;

const outBody = z.object({
  currency: id,
  number: text(60),
  address: text(ADDRESS_READ_MAX).default(''),
  rate: text(20).optional(),
  type: text(10).optional(),
  network: z.enum(['erc20', 'trc20', 'omni', 'bank', 'btc']).optional(),
  real_name: text(60).default(''),
  bank_name: text(100).default(''),
  bank_address: text(200).default(''),
});

const chargeBody = z.object({
  currency: id,
  amount: text(60),
  acc: text(200).default('default'),
  hash: text(200).default(''),
  pic: text(200).default(''),
  type: text(10).default(''),
});

const addAddressBody = z.object({
  currency_id: id,
  address: text(ADDRESS_READ_MAX),
  notes: text(60).default(''),
});

export function registerFundingRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/wallet/get_in_address', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(currencyBody, req);
    const c = await currencyRules(ctx.db, b.currency);
    const networks = networksOf(c.deposit_networks);
    if (networks.length === 0)
      throw new ApiError('wallet.depositUnsupported', { currency: c.name });
    const list: { network: string; address: string }[] = [];
    for (const network of networks)
      list.push({ network, address: await depositAddress(ctx, userId, c.id, network) });
    const reply: DepositAddresses = {
      address: list.map((a) => `${a.network}:${a.address}`).join(','),
      list,
    };
    return ok(reply);
  });

  app.post('/api/wallet/get_info', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(currencyBody, req);
    return ok(await withdrawInfo(ctx, userId, b.currency));
  });

  app.post('/api/wallet/out', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(outBody, req);
    const network = b.network ?? TAB_NETWORK[Number(b.type ?? '0')] ?? 'erc20';
    const c = await currencyRules(ctx.db, b.currency);
    const chosen: WithdrawNetwork =
      network !== 'bank' && c.currency_type === 'btc' ? 'btc' : network;
    await requireIdentity(ctx, userId);
    if (chosen === 'bank') {
      if (b.real_name === '') throw new ApiError('validation.wallet.realNameRequired');
      if (b.bank_name === '') throw new ApiError('validation.wallet.bankNameRequired');
      if (b.address === '') throw new ApiError('validation.wallet.bankAccountRequired');
      if (b.address.length > 200) throw new ApiError('error.fieldInvalid', { field: 'address' });
    } else {
      const bad = checkAddress(b.address);
      if (bad !== null) throw new ApiError(bad);
    }
    const number = amountOf(b.number, 'validation.wallet.amountRequired');
    const nowMs = ctx.config.now();
    await requestWithdrawal(ctx.db, {
      userId,
      currencyId: b.currency,
      network: chosen,
      number,
      address: b.address,
      realName: b.real_name,
      bankName: b.bank_name,
      bankAddress: b.bank_address,
      nowMs,
    });
    ctx.notify.balance(userId);
    return ok(t(langOf(req), 'wallet.withdrawRequested'));
  });

  app.post('/api/wallet/charge_req', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(chargeBody, req);
    const amount = amountOf(b.amount, 'validation.wallet.amountRequired');
    if (b.pic === '') throw new ApiError('validation.wallet.voucherRequired');
    if (!(await ownsUpload(ctx.db, b.pic, userId))) throw new ApiError('upload.notYours');
    await requestDeposit(ctx.db, {
      userId,
      currencyId: b.currency,
      network: b.type,
      amount,
      source: b.acc === '' ? 'default' : b.acc,
      hash: b.hash,
      pic: b.pic,
      nowMs: ctx.config.now(),
    });
    return ok(t(langOf(req), 'wallet.depositRequested'));
  });

  app.post('/api/wallet/get_address', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(currencyBody, req);
    const rows = await ctx.db.query<WithdrawAddress & Record<string, unknown>>(
      `SELECT a.id, a.currency_id AS currency, c.name AS currency_name, a.address, a.notes
       FROM withdraw_addresses a JOIN currencies c ON c.id = a.currency_id
       WHERE a.user_id = $1 AND a.currency_id = $2 ORDER BY a.id DESC`,
      [userId, b.currency],
    );
    return ok(rows);
  });

  app.post('/api/wallet/addaddress', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(addAddressBody, req);
    const errors = validateAddressEntry({
      currencyId: b.currency_id,
      address: b.address,
      notes: b.notes,
    });
    const first = errors.address ?? errors.notes;
    if (first !== undefined) throw new ApiError(first);
    await currencyRules(ctx.db, b.currency_id);
    // Counted and added under the user's lock: parallel adds cannot pass the limit together.
    await ctx.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const count = await tx.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM withdraw_addresses WHERE user_id = $1',
        [userId],
      );
      if ((count[0]?.n ?? 0) >= 100) throw new ApiError('wallet.addressBookFull');
      // Same user, same currency, same address (hex and bech32 without case): refused.
      const saved = await tx.query<{ address: string }>(
        'SELECT address FROM withdraw_addresses WHERE user_id = $1 AND currency_id = $2',
        [userId, b.currency_id],
      );
      const known = saved.map((r) => r.address);
      if (isSavedAddress(b.address, known))
        throw new ApiError('validation.wallet.addressDuplicate');
      await tx.query(
        `INSERT INTO withdraw_addresses (user_id, currency_id, address, notes, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [userId, b.currency_id, b.address, b.notes, new Date(ctx.config.now())],
      );
    });
    return ok(t(langOf(req), 'wallet.addressAdded'));
  });

  app.post('/api/wallet/deladdress', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(z.object({ address_id: id }), req);
    const rows = await ctx.db.query<{ id: number }>(
      'DELETE FROM withdraw_addresses WHERE id = $1 AND user_id = $2 RETURNING id',
      [b.address_id, userId],
    );
    if (rows.length === 0) throw new ApiError('wallet.addressNotFound');
    return ok(t(langOf(req), 'wallet.addressDeleted'));
  });

  app.post('/api/wallet/records', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(z.object({ kind: z.enum(['withdraw', 'deposit']), page }), req);
    return ok(await fundingRecords(ctx.db, userId, b.kind, b.page));
  });

  app.get('/api/money/rechange', async (req) => {
    await requireUser(ctx, req);
    return ok({ company_eth_address: await setting(ctx.db, 'company_eth_address') });
  });
}

/** `998` unless the user's identity is approved (withdrawals need it). */
export async function requireIdentity(ctx: AppContext, userId: number): Promise<void> {
  const user = await userById(ctx.db, userId);
  if (user?.review_status !== 2) throw new ApiError('identity.required', {}, '998');
}

async function withdrawInfo(
  ctx: AppContext,
  userId: number,
  currencyId: number,
): Promise<WithdrawInfo> {
  const c = await currencyRules(ctx.db, currencyId);
  const rows = await ctx.db.query<{ change_balance: string }>(
    'SELECT change_balance FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [userId, currencyId],
  );
  const now = ctx.config.now();
  const used = await ctx.db.query<{ total: string | null }>(
    `SELECT SUM(number) AS total FROM withdrawals
     WHERE user_id = $1 AND currency_id = $2 AND status IN (0, 1) AND created_at >= $3`,
    [userId, currencyId, new Date(now - (now % 86_400_000))],
  );
  const limit = new Decimal(c.day_limit);
  const left = Decimal.max(limit.minus(used[0]?.total ?? '0'), 0);
  return {
    name: c.name,
    change_balance: new Decimal(rows[0]?.change_balance ?? '0').toFixed(),
    min_number: new Decimal(c.min_number).toFixed(),
    max_number: new Decimal(c.max_number).toFixed(),
    day_limit: limit.toFixed(),
    rate: new Decimal(c.withdraw_rate).toFixed(),
    // extension: the currency's decimals (amounts and the fee are kept to them)
    decimals: c.decimal_scale,
    day_left: left.toFixed(),
    networks: (await fundingOpen(ctx.db)) ? networksOf(c.withdraw_networks) : [],
  };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58 = (n: number): string =>
  Array.from({ length: n }, () => BASE58[randomInt(58)]).join('');

/** A fresh address in the network's format (a reference server has no chain to derive from). */
function newAddress(network: string): string {
  if (network === 'trc20') return `T${base58(33)}`;
  if (network === 'btc' || network === 'omni') return `1${base58(33)}`;
  return `0x${randomBytes(20).toString('hex')}`;
}

async function depositAddress(
  ctx: AppContext,
  userId: number,
  currencyId: number,
  network: string,
): Promise<string> {
  const find = () =>
    ctx.db.query<{ address: string }>(
      'SELECT address FROM deposit_addresses WHERE user_id = $1 AND currency_id = $2 AND network = $3',
      [userId, currencyId, network],
    );
  const found = (await find())[0];
  if (found !== undefined) return found.address;
  await ctx.db.query(
    `INSERT INTO deposit_addresses (user_id, currency_id, network, address, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, currency_id, network) DO NOTHING`,
    [userId, currencyId, network, newAddress(network), new Date(ctx.config.now())],
  );
  return (await find())[0]?.address ?? '';
}

interface RecordDbRow {
  id: number;
  currency_name: string;
  network: string;
  number: string;
  fee: string;
  received: string;
  address: string;
  status: number;
  reason: string;
  created_at: Date;
  handled_at: Date | null;
}

async function fundingRecords(
  db: Queryable,
  userId: number,
  kind: 'withdraw' | 'deposit',
  pageNo: number,
) {
  const table =
    kind === 'withdraw'
      ? `SELECT w.id, c.name AS currency_name, w.network, w.number, w.fee, w.received,
                w.address, w.status, w.reason, w.created_at, w.handled_at
         FROM withdrawals w JOIN currencies c ON c.id = w.currency_id WHERE w.user_id = $1`
      : `SELECT d.id, c.name AS currency_name, d.network, d.amount AS number, 0 AS fee,
                d.amount AS received, d.source AS address, d.status, d.reason, d.created_at,
                d.handled_at
         FROM deposits d JOIN currencies c ON c.id = d.currency_id WHERE d.user_id = $1`;
  const total = await db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM (${table}) x`, [
    userId,
  ]);
  const rows = await db.query<RecordDbRow & Record<string, unknown>>(
    `${table} ORDER BY id DESC LIMIT ${LOG_PAGE_SIZE} OFFSET ${offsetOf(pageNo, LOG_PAGE_SIZE)}`,
    [userId],
  );
  const list: FundingRecord[] = rows.map((r) => ({
    id: r.id,
    kind,
    currency_name: r.currency_name,
    network: r.network,
    number: new Decimal(r.number).toFixed(),
    fee: new Decimal(r.fee).toFixed(),
    received: new Decimal(r.received).toFixed(),
    address: r.address,
    status: r.status,
    reason: r.reason,
    created_time: formatTime(new Date(r.created_at)),
    handled_time: r.handled_at === null ? '' : formatTime(new Date(r.handled_at)),
  }));
  return paged(list, pageNo, total[0]?.n ?? 0, LOG_PAGE_SIZE);
}
