// Savings, loans and the pre-sale (issue 9): read-only queries through runCommand (shared
// requests, replies checked against their schemas) and the commands, validated with
// src/shared/earn.ts before they are sent; a command that moves money refreshes the wallet.
import { validateLockPurchase } from '../../shared/earn.ts';
import { validateLoanApplication } from '../../shared/lending.ts';
import type {
  CommandResult,
  EarnCommandKind,
  EarnCommands,
  EarnQueries,
  EarnQueryKind,
} from '../api.ts';
import type { EngineContext } from '../context.ts';
import {
  loanConfigReply,
  loanListReply,
  loanQuoteReply,
  lockOrdersReply,
  lockProductsReply,
  presaleReply,
} from '../ingest/earn-schemas.ts';
import { textReply } from '../ingest/schemas.ts';
import * as lockup from '../../shared/wire/earn.ts';
import * as loans from '../../shared/wire/loans.ts';
import { presale as presaleCall } from '../../shared/wire/presale.ts';
import { LOCK_PAGE_SIZE } from '../../shared/earn.ts';
import { runPost, type PostSpec } from './run-command.ts';
import { runQuery, type QuerySpec } from './wallet.ts';

type QueryTable = { [K in EarnQueryKind]: (input: EarnQueries[K]['input']) => QuerySpec };

const QUERIES: QueryTable = {
  presale: () => ({ method: 'GET', path: presaleCall.path, params: {}, schema: presaleReply }),
  'lock-products': () => ({
    method: 'GET',
    path: lockup.lockProducts.path,
    params: {},
    schema: lockProductsReply,
  }),
  'lock-orders': (i) => ({
    method: 'GET',
    path: lockup.lockOrders.path,
    params: { page: i.page, limit: LOCK_PAGE_SIZE },
    schema: lockOrdersReply,
  }),
  'loan-config': () => ({
    method: 'GET',
    path: loans.loanConfig.path,
    params: {},
    schema: loanConfigReply,
  }),
  'loan-orders': (i) => ({
    method: 'GET',
    path: loans.loanList.path,
    params: { page: i.page },
    schema: loanListReply,
  }),
  // issue 20 (ADR 0023): the amount to send, held for a minute; the repayment names its id
  'loan-quote': (i) => ({
    method: 'POST',
    path: loans.loanQuote.path,
    params: { order_id: i.orderId, coin: i.coin },
    schema: loanQuoteReply,
  }),
};

export function earnQuery<K extends EarnQueryKind>(
  ctx: EngineContext,
  kind: K,
  input: EarnQueries[K]['input'],
): Promise<CommandResult<EarnQueries[K]['output']>> {
  return runQuery<EarnQueries[K]['output']>(ctx, 'earn-query', kind, input, QUERIES[kind](input));
}

type Spec = PostSpec;

const COMMANDS: { [K in EarnCommandKind]: (i: EarnCommands[K]) => Spec } = {
  'lock-buy': (i) => ({
    command: 'lock-buy',
    path: lockup.lockDeposit.path,
    params: { config_id: i.productId, amount: i.amount.trim() },
    fields: { productId: i.productId, amount: i.amount.trim() },
    validate: () => validateLockPurchase(i),
  }),
  'lock-cancel': (i) => ({
    command: 'lock-cancel',
    path: lockup.lockCancel.path,
    params: { id: i.id },
    fields: { id: i.id },
    validate: () => ({}),
  }),
  'loan-apply': (i) => ({
    command: 'loan-apply',
    path: loans.loanApply.path,
    params: {
      amount: i.amount.trim(),
      day: i.day ?? undefined,
      rate: i.rate ?? undefined,
      tel: i.tel.trim(),
      address: i.address.trim(),
      age: i.age.trim(),
      income: i.income.trim(),
      country: i.country.trim(),
      isAgree: i.agree ? 'true' : 'false',
    },
    // no phone, address, age, income or country in the log
    fields: { amount: i.amount.trim(), day: i.day },
    validate: () => validateLoanApplication(i, i.bounds),
  }),
  'loan-repay': (i) => ({
    command: 'loan-repay',
    path: loans.loanRepay.path,
    params: { order_id: i.orderId, coin: i.coin, quote_id: i.quoteId, image: i.image },
    fields: { orderId: i.orderId, coin: i.coin, quoteId: i.quoteId },
    validate: () => (i.image === '' ? { image: 'validation.loan.imageRequired' } : {}),
  }),
};

export function earnCommand<K extends EarnCommandKind>(
  ctx: EngineContext,
  kind: K,
  input: EarnCommands[K],
  refreshWallet: () => Promise<void>,
): Promise<CommandResult> {
  return runPost(ctx, { kind, input }, COMMANDS[kind](input), textReply, refreshWallet);
}
