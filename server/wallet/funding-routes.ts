// Deposits and withdrawals over HTTP (spec §7 "Wallets"; docs/api-extensions.md): deposit
// addresses per network, withdrawal rules, withdraw and deposit requests, the withdraw address
// book, the user's funding records (extension) and the legacy company address, declared in
// src/shared/wire/funding.ts. The address book is kept in address-book.ts, the answers' queries
// are in funding-views.ts.
import type { FastifyInstance } from 'fastify';
import type { WithdrawNetwork } from '../../src/shared/wallet.ts';
import { checkAddress, validateAddressEntry } from '../../src/shared/wallet.ts';
import {
  addressAdd,
  addressDelete,
  companyAddress,
  deposit,
  depositAddresses,
  fundingRecords as fundingRecordsCall,
  withdraw,
  withdrawAddresses,
  withdrawInfo as withdrawInfoCall,
} from '../../src/shared/wire/funding.ts';
import type { AppContext } from '../context.ts';
import { requireIdentity } from '../identity/identity.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { t } from '../i18n/messages.ts';
import { ownsUpload } from '../uploads/uploads.ts';
import { deleteAddress, savedAddresses, saveAddress } from './address-book.ts';
import { depositAddress, fundingRecords, withdrawInfo } from './funding-views.ts';
import { currencyRules, networksOf, requestDeposit, requestWithdrawal, setting } from './funds.ts';

/** Withdraw panel tab index (legacy `type`) → network. */
const TAB_NETWORK: readonly WithdrawNetwork[] = ['erc20', 'trc20', 'omni', 'bank'];

export function registerFundingRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, depositAddresses, async ({ userId, body: b }) => {
    const c = await currencyRules(ctx.db, b.currency);
    const networks = networksOf(c.deposit_networks);
    if (networks.length === 0)
      throw new ApiError('wallet.depositUnsupported', { currency: c.name });
    const list: { network: string; address: string }[] = [];
    for (const network of networks)
      list.push({ network, address: await depositAddress(ctx, userId, c.id, network) });
    return { address: list.map((a) => `${a.network}:${a.address}`).join(','), list };
  });

  route(app, ctx, withdrawInfoCall, ({ userId, body: b }) => withdrawInfo(ctx, userId, b.currency));

  route(app, ctx, withdraw, async ({ req, userId, body: b }) => {
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
    return t(langOf(req), 'wallet.withdrawRequested');
  });

  route(app, ctx, deposit, async ({ req, userId, body: b }) => {
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
    return t(langOf(req), 'wallet.depositRequested');
  });

  route(app, ctx, withdrawAddresses, ({ userId, body: b }) =>
    savedAddresses(ctx.db, userId, b.currency),
  );

  route(app, ctx, addressAdd, async ({ req, userId, body: b }) => {
    const errors = validateAddressEntry({
      currencyId: b.currency_id,
      address: b.address,
      notes: b.notes,
    });
    const first = errors.address ?? errors.notes;
    if (first !== undefined) throw new ApiError(first);
    await currencyRules(ctx.db, b.currency_id);
    await saveAddress(ctx.db, userId, b, ctx.config.now());
    return t(langOf(req), 'wallet.addressAdded');
  });

  route(app, ctx, addressDelete, async ({ req, userId, body: b }) => {
    if (!(await deleteAddress(ctx.db, userId, b.address_id)))
      throw new ApiError('wallet.addressNotFound');
    return t(langOf(req), 'wallet.addressDeleted');
  });

  route(app, ctx, fundingRecordsCall, ({ userId, body: b }) =>
    fundingRecords(ctx.db, userId, b.kind, b.page),
  );

  route(app, ctx, companyAddress, async () => ({
    company_eth_address: await setting(ctx.db, 'company_eth_address'),
  }));
}
