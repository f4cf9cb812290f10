// Deposits and withdrawals over HTTP (spec §7 "Wallets"; docs/api-extensions.md): deposit
// addresses per network, withdrawal rules, withdraw and deposit requests, the withdraw address
// book, the user's funding records (extension) and the legacy company address. The address book
// is kept in address-book.ts, the answers' queries are in funding-views.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { WithdrawNetwork } from '../../src/shared/wallet.ts';
import { checkAddress, validateAddressEntry } from '../../src/shared/wallet.ts';
import type { DepositAddresses } from '../../src/shared/wire.ts';
import type { AppContext } from '../context.ts';
import { requireIdentity } from '../identity/identity.ts';
import { requireUser } from '../http/auth.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';
import { ownsUpload } from '../uploads/uploads.ts';
import { deleteAddress, savedAddresses, saveAddress } from './address-book.ts';
import { depositAddress, fundingRecords, withdrawInfo } from './funding-views.ts';
import { currencyRules, networksOf, requestDeposit, requestWithdrawal, setting } from './funds.ts';
import { pageNumber } from '../http/paging.ts';

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
    return ok(await savedAddresses(ctx.db, userId, b.currency));
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
    await saveAddress(ctx.db, userId, b, ctx.config.now());
    return ok(t(langOf(req), 'wallet.addressAdded'));
  });

  app.post('/api/wallet/deladdress', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(z.object({ address_id: id }), req);
    if (!(await deleteAddress(ctx.db, userId, b.address_id)))
      throw new ApiError('wallet.addressNotFound');
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
