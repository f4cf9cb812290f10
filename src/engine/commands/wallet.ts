// Account queries and commands (docs/api-extensions.md "Wallets"): each goes through
// runCommand (logged without personal data, validated with src/shared/wallet.ts first, the
// reply checked against its schema). Commands that move money ask the wallet sync to refresh.
import type { z } from 'zod';
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
  cashInfoReply,
  currencyListReply,
  depositAddressesReply,
  entrustItemRow,
  fundingRecordRow,
  identityReply,
  logRow,
  pageOf,
  regionUserRow,
  sessionsReply,
  uploadReply,
  userCenterReply,
  walletDetailReply,
  withdrawAddressesReply,
  withdrawInfoReply,
} from '../ingest/wallet-schemas.ts';
import { refreshUserInfo } from '../session-actions.ts';
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
    post('/api/wallet/detail', { currency: i.currencyId, type: i.type }, walletDetailReply),
  'wallet-log': (i) =>
    post(
      '/api/wallet/legal_log',
      { type: LOG_ACCOUNT[i.account], currency: i.currencyId ?? undefined, page: i.page },
      pageOf(logRow),
    ),
  'account-log': (i) => post('/api/account/list', { page: i.page, limit: 20 }, pageOf(logRow)),
  'transfer-log': (i) => post('/api/wallet/hzhistory', { page: i.page }, pageOf(logRow)),
  'withdraw-info': (i) =>
    post('/api/wallet/get_info', { currency: i.currencyId }, withdrawInfoReply),
  'deposit-addresses': (i) =>
    post('/api/wallet/get_in_address', { currency: i.currencyId }, depositAddressesReply),
  'funding-records': (i) =>
    post('/api/wallet/records', { kind: i.kind, page: i.page }, pageOf(fundingRecordRow)),
  addresses: (i) =>
    post('/api/wallet/get_address', { currency: i.currencyId }, withdrawAddressesReply),
  currencies: (i) =>
    get(
      i.withdrawable ? '/api/currency/user_currency_list' : '/api/wallet/currencylist',
      {},
      currencyListReply,
    ),
  identity: () => get('/api/user/identity', {}, identityReply),
  acceptors: () => get(acceptorWire.acceptorList.path, {}, acceptorsReply),
  acceptor: (i) => get(acceptorWire.acceptorInfo.path, { id: i.id }, acceptorReply),
  'acceptor-deals': (i) =>
    get(acceptorWire.acceptorMyDeals.path, { type: i.type ?? undefined }, acceptorDealsReply),
  'region-users': (i) => get('/api/user/region_users', { page: i.page }, pageOf(regionUserRow)),
  entrusts: (i) =>
    post('/api/transaction/entrust', { type: i.type, page: i.page }, pageOf(entrustItemRow)),
  'user-center': () => get('/api/user/center', {}, userCenterReply),
  'cash-info': () => post('/api/user/cash_info', {}, cashInfoReply),
  sessions: () => get('/api/user/sessions', {}, sessionsReply),
};

function post(path: string, params: Params, schema: z.ZodType): QuerySpec {
  return { method: 'POST', path, params, schema };
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
    path: '/api/wallet/change',
    params: {
      currency_id: i.currencyId,
      number: i.amount.trim(),
      from_field: i.from,
      to_field: i.to,
    },
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
    path: '/api/wallet/out',
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
    },
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
    path: '/api/wallet/charge_req',
    params: {
      currency: i.currencyId,
      amount: i.amount.trim(),
      acc: i.source.trim() === '' ? 'default' : i.source.trim(),
      hash: i.hash.trim(),
      pic: i.pic,
      type: i.network,
    },
    fields: { currencyId: i.currencyId, network: i.network, amount: i.amount.trim() },
    validate: () => validateDeposit({ amount: i.amount, pic: i.pic }),
    after: 'none',
  }),
  'address-add': (i) => ({
    command: 'wallet-address-add',
    path: '/api/wallet/addaddress',
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
    path: '/api/wallet/deladdress',
    params: { address_id: i.id },
    fields: { id: i.id },
    validate: () => ({}),
    after: 'none',
  }),
  identity: (i) => ({
    command: 'identity-submit',
    path: '/api/user/real_name',
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
    path: '/api/user/sessions/end',
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
      path: '/api/user/cash_save',
      params: {
        real_name: v.realName,
        bank_name: v.bankName,
        bank_account: v.bankAccount,
        alipay_account: v.alipayAccount,
        wechat_nickname: v.wechatNickname,
        wechat_account: v.wechatAccount,
      },
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
      const reply = await ctx.rest.upload('/api/upload', file, `image.${ext}`, onProgress);
      return toCommandResult(ctx, reply, uploadReply, 'reply:/api/upload', (url) => ({
        message: '',
        data: { url },
      }));
    },
  });
}
