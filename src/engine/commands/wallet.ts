// Account queries and commands (docs/api-extensions.md "Wallets"): each goes through
// runCommand (logged without personal data, validated with src/shared/wallet.ts first, the
// reply checked against its schema). Commands that move money ask the wallet sync to refresh.
import type { z } from 'zod';
import type { Call, RequestOut } from '../../shared/wire/call.ts';
import * as accounts from '../../shared/wire/accounts.ts';
import * as funding from '../../shared/wire/funding.ts';
import * as wire from '../../shared/wire/wallet.ts';
import {
  checkImageFile,
  validateAcceptorDeal,
  validateAddressEntry,
  validateCashInfo,
  validateDeposit,
  validateIdentity,
  validateTransfer,
  validateWithdraw,
} from '../../shared/wallet.ts';
import * as acceptorWire from '../../shared/wire/c2c.ts';
import * as spot from '../../shared/wire/spot.ts';
import { LEVER_PAGE_MAX, leverMyTrade } from '../../shared/wire/lever.ts';
import { LEVER_TAB_STATUS, leverPositionsPage } from '../ingest/lever-schemas.ts';
import type {
  AccountCommandKind,
  AccountCommands,
  AccountQueries,
  AccountQueryKind,
  CommandResult,
} from '../api.ts';
import type { EngineContext } from '../context.ts';
import type { CommandName } from '../events.ts';
import { acceptorDealsReply, acceptorReply, acceptorsReply } from '../ingest/acceptor-schemas.ts';
import { textReply } from '../ingest/schemas.ts';
import {
  accountLogReply,
  cashInfoReply,
  currencyListReply,
  depositAddressesReply,
  entrustReply,
  fundingRecordsReply,
  identityReply,
  regionUsersReply,
  sessionsReply,
  transferLogReply,
  uploadReply,
  userCenterReply,
  walletDetailReply,
  walletLogReply,
  withdrawAddressesReply,
  withdrawCurrenciesReply,
  withdrawInfoReply,
} from '../ingest/wallet-schemas.ts';
import { refreshUserInfo } from '../session-actions.ts';
import {
  identity as identityCall,
  realName,
  upload as uploadCall,
} from '../../shared/wire/identity.ts';
import type { Params } from '../transport/rest.ts';
import { runCommand, runPost, toCommandResult, type PostSpec } from './run-command.ts';

export interface QuerySpec {
  method: 'GET' | 'POST';
  path: string;
  params: Params;
  schema: z.ZodType;
}

type QueryTable = { [K in AccountQueryKind]: (input: AccountQueries[K]['input']) => QuerySpec };

const LOG_ACCOUNT = { legal: 1, change: 2, lever: 3, micro: 4 } as const;

const QUERIES: QueryTable = {
  'wallet-detail': (i) =>
    ask(wire.walletDetail, { currency: i.currencyId, type: i.type }, walletDetailReply),
  'wallet-log': (i) =>
    ask(
      wire.walletLog,
      { type: LOG_ACCOUNT[i.account], currency: i.currencyId ?? undefined, page: i.page },
      walletLogReply,
    ),
  'account-log': (i) => ask(wire.accountLog, { page: i.page, limit: 20 }, accountLogReply),
  'lever-positions': (i) =>
    ask(
      leverMyTrade,
      { status: LEVER_TAB_STATUS[i.tab], page: i.page, limit: LEVER_PAGE_MAX },
      leverPositionsPage,
    ),
  'transfer-log': (i) => ask(wire.transferLog, { page: i.page }, transferLogReply),
  'withdraw-info': (i) => ask(funding.withdrawInfo, { currency: i.currencyId }, withdrawInfoReply),
  'deposit-addresses': (i) =>
    ask(funding.depositAddresses, { currency: i.currencyId }, depositAddressesReply),
  'funding-records': (i) =>
    ask(funding.fundingRecords, { kind: i.kind, page: i.page }, fundingRecordsReply),
  addresses: (i) =>
    ask(funding.withdrawAddresses, { currency: i.currencyId }, withdrawAddressesReply),
  currencies: (i) =>
    i.withdrawable
      ? ask(wire.withdrawCurrencies, {}, withdrawCurrenciesReply)
      : ask(wire.currencyList, {}, currencyListReply),
  identity: () => get(identityCall.path, {}, identityReply),
  acceptors: () => get(acceptorWire.acceptorList.path, {}, acceptorsReply),
  acceptor: (i) => get(acceptorWire.acceptorInfo.path, { id: i.id }, acceptorReply),
  'acceptor-deals': (i) =>
    get(acceptorWire.acceptorMyDeals.path, { type: i.type ?? undefined }, acceptorDealsReply),
  'region-users': (i) => ask(accounts.regionUsers, { page: i.page }, regionUsersReply),
  entrusts: (i) => ask(spot.entrust, { type: i.type, page: i.page }, entrustReply),
  'user-center': () => ask(wire.userCenter, {}, userCenterReply),
  'cash-info': () => ask(wire.cashInfo, {}, cashInfoReply),
  sessions: () => ask(accounts.sessions, {}, sessionsReply),
};

/** A query of a declared call: its method and path, its request typed by the declaration. */
function ask<C extends Call>(c: C, params: RequestOut<C> & Params, schema: z.ZodType): QuerySpec {
  return { method: c.method, path: c.path, params, schema };
}
function get(path: string, params: Params, schema: z.ZodType): QuerySpec {
  return { method: 'GET', path, params, schema };
}

export function accountQuery<K extends AccountQueryKind>(
  ctx: EngineContext,
  kind: K,
  input: AccountQueries[K]['input'],
): Promise<CommandResult<AccountQueries[K]['output']>> {
  return runQuery<AccountQueries[K]['output']>(
    ctx,
    'account-query',
    kind,
    input,
    QUERIES[kind](input),
  );
}

/** A read-only call: logged as `command` with its kind and path, identical calls in flight shared. */
export function runQuery<T>(
  ctx: EngineContext,
  command: CommandName,
  kind: string,
  input: unknown,
  spec: QuerySpec,
): Promise<CommandResult<T>> {
  return runCommand(ctx, {
    command,
    input: [kind, input],
    fields: { kind, path: spec.path },
    secretReply: true,
    query: true,
    execute: async () => {
      const reply =
        spec.method === 'GET'
          ? await ctx.rest.get(spec.path, spec.params)
          : await ctx.rest.post(spec.path, spec.params);
      return toCommandResult(ctx, reply, spec.schema, `reply:${spec.path}`, (data) => ({
        message: '',
        data: data as T,
      }));
    },
  });
}

interface CommandSpecOf extends PostSpec {
  /** What to fetch again after success. */
  after: 'wallet' | 'user' | 'none';
}

type CommandTable = { [K in AccountCommandKind]: (input: AccountCommands[K]) => CommandSpecOf };

const TAB_OF = { erc20: 0, trc20: 1, omni: 2, bank: 3, btc: 0 } as const;

const COMMANDS: CommandTable = {
  transfer: (i) => ({
    command: 'wallet-transfer',
    path: wire.walletChange.path,
    params: {
      currency_id: i.currencyId,
      number: i.amount.trim(),
      from_field: i.from,
      to_field: i.to,
    } satisfies RequestOut<typeof wire.walletChange>,
    fields: { currencyId: i.currencyId, from: i.from, to: i.to, amount: i.amount.trim() },
    validate: () =>
      validateTransfer({
        amount: i.amount,
        from: i.from,
        to: i.to,
        available: i.available,
        ...(i.leverPage === true ? { leverPage: true } : {}),
      }),
    after: 'wallet',
  }),
  withdraw: (i) => ({
    command: 'wallet-withdraw',
    path: funding.withdraw.path,
    params: {
      currency: i.currencyId,
      number: i.amount.trim(),
      address: i.address.trim(),
      type: TAB_OF[i.network],
      network: i.network,
      rate: i.rules?.rate,
      real_name: i.network === 'bank' ? i.realName.trim() : undefined,
      bank_name: i.network === 'bank' ? i.bankName.trim() : undefined,
      bank_address: i.network === 'bank' ? i.bankAddress.trim() : undefined,
    } satisfies RequestOut<typeof funding.withdraw>,
    fields: { currencyId: i.currencyId, network: i.network, amount: i.amount.trim() },
    validate: () =>
      validateWithdraw({
        network: i.network,
        amount: i.amount,
        address: i.address,
        realName: i.realName,
        bankName: i.bankName,
        bankAccount: i.address,
        rules: i.rules,
        available: i.available,
      }),
    after: 'wallet',
  }),
  deposit: (i) => ({
    command: 'wallet-deposit',
    path: funding.deposit.path,
    params: {
      currency: i.currencyId,
      amount: i.amount.trim(),
      acc: i.source.trim() === '' ? 'default' : i.source.trim(),
      hash: i.hash.trim(),
      pic: i.pic,
      type: i.network,
    } satisfies RequestOut<typeof funding.deposit>,
    fields: { currencyId: i.currencyId, network: i.network, amount: i.amount.trim() },
    validate: () => validateDeposit({ amount: i.amount, pic: i.pic }),
    after: 'none',
  }),
  'address-add': (i) => ({
    command: 'wallet-address-add',
    path: funding.addressAdd.path,
    params: {
      currency_id: i.currencyId ?? undefined,
      address: i.address.trim(),
      notes: i.notes.trim(),
    },
    fields: { currencyId: i.currencyId },
    validate: () =>
      validateAddressEntry({ currencyId: i.currencyId, address: i.address, notes: i.notes.trim() }),
    after: 'none',
  }),
  'address-delete': (i) => ({
    command: 'wallet-address-delete',
    path: funding.addressDelete.path,
    params: { address_id: i.id },
    fields: { id: i.id },
    validate: () => ({}),
    after: 'none',
  }),
  identity: (i) => ({
    command: 'identity-submit',
    path: realName.path,
    params: {
      name: i.name.trim(),
      card_id: i.cardId.trim(),
      cardType: i.cardType,
      front_pic: i.front,
      reverse_pic: i.reverse,
      hand_pic: i.hand,
    },
    fields: { cardType: i.cardType },
    validate: () =>
      validateIdentity({
        name: i.name,
        cardId: i.cardId,
        cardType: i.cardType,
        front: i.front,
        reverse: i.reverse,
        hand: i.hand,
      }),
    after: 'user',
  }),
  'acceptor-deal': (i) => ({
    command: 'acceptor-deal',
    path: acceptorWire.acceptorDeal.path,
    params: {
      acceptor_id: i.acceptorId,
      type: i.type,
      way: i.way,
      mobile: i.mobile.trim(),
      deal_account: i.dealAccount.trim(),
      money: i.money.trim(),
    },
    fields: { acceptorId: i.acceptorId, type: i.type, way: i.way, money: i.money.trim() },
    validate: () =>
      validateAcceptorDeal({
        mobile: i.mobile,
        dealAccount: i.dealAccount,
        money: i.money,
        way: i.way,
      }),
    after: 'wallet',
  }),
  'session-end': (i) => ({
    command: 'session-end',
    path: accounts.sessionEnd.path,
    params: { id: i.id },
    fields: { id: i.id },
    validate: () => ({}),
    after: 'none',
  }),
  'acceptor-confirm': (i) => ({
    command: 'acceptor-confirm',
    path: acceptorWire.acceptorConfirm.path,
    params: { id: i.id },
    fields: { id: i.id },
    validate: () => ({}),
    after: 'wallet',
  }),
  'cash-save': (i) => {
    const v = {
      realName: i.realName.trim(),
      bankName: i.bankName.trim(),
      bankAccount: i.bankAccount.trim(),
      alipayAccount: i.alipayAccount.trim(),
      wechatNickname: i.wechatNickname.trim(),
      wechatAccount: i.wechatAccount.trim(),
    };
    return {
      command: 'cash-save',
      path: wire.cashSave.path,
      params: {
        real_name: v.realName,
        bank_name: v.bankName,
        bank_account: v.bankAccount,
        alipay_account: v.alipayAccount,
        wechat_nickname: v.wechatNickname,
        wechat_account: v.wechatAccount,
      } satisfies RequestOut<typeof wire.cashSave>,
      // which ways were given, never the names or numbers
      fields: {
        bank: v.bankAccount !== '',
        alipay: v.alipayAccount !== '',
        wechat: v.wechatAccount !== '',
      },
      validate: () => validateCashInfo(v),
      after: 'none',
    };
  },
};

export function accountCommand<K extends AccountCommandKind>(
  ctx: EngineContext,
  kind: K,
  input: AccountCommands[K],
  refreshWallet: () => Promise<void>,
): Promise<CommandResult> {
  const spec = COMMANDS[kind](input);
  const after =
    spec.after === 'wallet'
      ? refreshWallet
      : spec.after === 'user'
        ? async () => void (await refreshUserInfo(ctx))
        : () => Promise.resolve();
  return runPost(ctx, input, spec, textReply, after);
}

/** Uploads an image after the spec's checks (jpg or png, ≤ 4 MB). */
export function uploadImage(
  ctx: EngineContext,
  file: Blob,
  onProgress: (sent: number, total: number) => void,
): Promise<CommandResult<{ url: string }>> {
  return runCommand(ctx, {
    command: 'upload-image',
    input: { size: file.size, type: file.type, at: ctx.services.clock.now() },
    fields: { size: file.size, type: file.type },
    validate: () => {
      const bad = checkImageFile({ type: file.type, size: file.size });
      return bad === null ? {} : { file: bad };
    },
    execute: async () => {
      const ext = file.type === 'image/png' ? 'png' : 'jpg';
      const reply = await ctx.rest.upload(uploadCall.path, file, `image.${ext}`, onProgress);
      return toCommandResult(ctx, reply, uploadReply, `reply:${uploadCall.path}`, (url) => ({
        message: '',
        data: { url },
      }));
    },
  });
}
