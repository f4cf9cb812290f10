// Wallets (api-contract §4; docs/api-extensions.md "Wallets and the account area"): the four
// accounts' lists, transfers (both parameter forms), one currency's detail, the ledger lists,
// the currency lists, the account centre's header and the payout details ("cash info"). The
// rows keep what a legacy backend may leave out optional: the engine reads both.
import { z } from 'zod';
import { ACCOUNTS, LOG_PAGE_SIZE, type AccountName } from '../wallet.ts';
import { userInfoRow } from './accounts.ts';
import { call, type ReplyIn } from './call.ts';
import { pageLimit, pageNumber, text, wireDecimal, wireInt, wireText } from './primitives.ts';

/** Largest page of `/api/account/list`; a larger `limit` is clamped to it. */
export const LOG_PAGE_MAX = 100;

const optionalDecimal = wireDecimal.optional().nullable();
/** An id of the legacy wallet forms (a number or digits, 1 to 2^31 − 1). */
const id = z.coerce.number().int().positive().max(2_147_483_647).describe('id');
const page = pageNumber.describe('page');
/** A currency's decimals (extension). */
const decimals = z.number().int().min(0).max(18);

/** A row of a `*_wallet.balance` array: the currency's flags and prices, and that account's two fields. */
export const balanceItem = z
  .object({
    id: wireInt.optional(),
    currency: wireInt,
    currency_name: z.string(),
    currency_type: wireText,
    is_legal: wireInt.optional(),
    is_lever: wireInt.optional(),
    is_match: wireInt.optional(),
    is_micro: wireInt.optional(),
    /** Extension: the currency's decimals (amounts of it have at most these). */
    decimals: decimals.optional(),
    usdt_price: optionalDecimal,
    cny_price: optionalDecimal,
    legal_balance: optionalDecimal,
    lock_legal_balance: optionalDecimal,
    change_balance: optionalDecimal,
    lock_change_balance: optionalDecimal,
    lever_balance: optionalDecimal,
    lock_lever_balance: optionalDecimal,
    micro_balance: optionalDecimal,
    lock_micro_balance: optionalDecimal,
  })
  .passthrough();

/** One account's list: `totle` (sic, legacy) and `CNY` the CNY total (`""` on a legacy backend). */
export const walletGroup = z.object({
  balance: z.array(balanceItem),
  totle: optionalDecimal,
  usdt_totle: optionalDecimal,
  CNY: optionalDecimal.or(z.literal('')),
});

/** A ledger row (wallet/legal_log, account/list, wallet/hzhistory). */
export const logItem = z.object({
  id: wireInt.optional(),
  /** Signed amount. */
  value: wireDecimal,
  /** Localized explanation. */
  info: wireText,
  /** "Y-m-d H:i:s" (UTC). */
  created_time: wireText,
  /** legal | change | lever | micro, with "lock_" for the locked part. */
  account: wireText,
  type: wireInt.optional(),
  currency_name: wireText,
  before: wireDecimal.optional(),
  after: wireDecimal.optional(),
});

/** A currency of the currency lists, with whether deposits and withdrawals are offered (extension). */
export const currencyItem = z.object({
  id: wireInt,
  name: z.string(),
  currency_type: wireText,
  is_legal: wireInt.optional(),
  is_lever: wireInt.optional(),
  is_match: wireInt.optional(),
  is_micro: wireInt.optional(),
  can_deposit: wireInt.optional(),
  can_withdraw: wireInt.optional(),
});

/** The payout details ('' for what was not given). */
export const cashInfoRow = z.object({
  real_name: wireText,
  bank_name: wireText,
  bank_account: wireText,
  alipay_account: wireText,
  wechat_nickname: wireText,
  wechat_account: wireText,
});

/** The wire's rows as the server writes them. */
export type BalanceItemOut = z.input<typeof balanceItem>;
export type WalletGroupOut = z.input<typeof walletGroup>;
export type LogItemOut = z.input<typeof logItem>;
/** A ledger row as a reader has it (after the wire forms). */
export type LogItem = z.output<typeof logItem>;

/** Legacy log `type`: 1 legal, 2 change, 3 lever, 4 micro; also the names themselves. */
export const LOG_ACCOUNT: Readonly<Record<string, AccountName>> = {
  '1': 'legal',
  '2': 'change',
  '3': 'lever',
  '4': 'micro',
  legal: 'legal',
  change: 'change',
  lever: 'lever',
  micro: 'micro',
};

/** The reply of a text call: its localized message. */
const said = z.string().describe('text');

export const walletList = call({
  method: 'GET',
  also: 'POST',
  path: '/api/wallet/list',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's four accounts, each currency's two fields with its prices and totals.",
  request: z.object({ currency_name: text(20).optional() }),
  reply: z.object({
    legal_wallet: walletGroup.optional(),
    change_wallet: walletGroup.optional(),
    lever_wallet: walletGroup.optional(),
    micro_wallet: walletGroup.optional(),
    ExRate: optionalDecimal,
    is_open_CTbi: z.union([z.string(), z.number()]).optional(),
  }),
  errors: [],
});

/** The four accounts as a reader has them. */
export type WalletList = ReplyIn<typeof walletList>;

export const walletChange = call({
  method: 'POST',
  path: '/api/wallet/change',
  auth: 'user',
  origin: 'legacy',
  summary: 'Moves an amount of a currency between two of the accounts (names, or legacy `type`).',
  request: z.object({
    currency_id: id,
    number: text(60),
    from_field: z.enum(ACCOUNTS).optional(),
    to_field: z.enum(ACCOUNTS).optional(),
    type: z.coerce.number().int().min(1).max(4).optional().describe('1..4'),
  }),
  reply: said,
  errors: [
    'validation.wallet.amountRequired',
    'validation.amountFormat',
    'validation.wallet.sameAccount',
    'validation.wallet.amountTooLarge',
    'wallet.unknownCurrency',
    'validation.amountDecimals',
    'validation.amountTooLarge',
    'wallet.accountNotForCurrency',
    'wallet.leverOpen',
    'wallet.insufficient',
    'wallet.balanceLimit',
  ],
});

export const walletDetail = call({
  method: 'POST',
  path: '/api/wallet/detail',
  auth: 'user',
  origin: 'legacy',
  summary: "One account's balance of a currency, with its prices.",
  request: z.object({ currency: id, type: z.enum(['legal', 'change']).default('change') }),
  reply: z.object({
    currency: wireInt,
    currency_name: z.string(),
    type: z.enum(['legal', 'change']).optional(),
    balance: wireDecimal.optional(),
    lock_balance: wireDecimal.optional(),
    /** The same two figures under the names the legacy client reads (api-contract decision 11). */
    legal_balance: wireDecimal.optional(),
    lock_legal_balance: wireDecimal.optional(),
    change_balance: wireDecimal.optional(),
    lock_change_balance: wireDecimal.optional(),
    usdt_price: optionalDecimal,
    cny_price: optionalDecimal,
  }),
  errors: ['wallet.unknownCurrency'],
});

export const walletLog = call({
  method: 'POST',
  path: '/api/wallet/legal_log',
  auth: 'user',
  origin: 'legacy',
  summary: "A page of one account's ledger (available and locked), newest first.",
  request: z.object({
    type: text(10)
      .pipe(z.string().refine((v) => v in LOG_ACCOUNT))
      .describe('1..4 | legal | change | lever | micro'),
    currency: id.optional(),
    page,
  }),
  reply: z.object({
    list: z.array(logItem),
    page: wireInt.optional(),
    pages: wireInt.optional(),
    total: wireInt.optional(),
  }),
  errors: [],
});

export const accountLog = call({
  method: 'POST',
  path: '/api/account/list',
  auth: 'user',
  origin: 'legacy',
  summary: 'A page of every ledger row of the user, newest first (legacy `pageData`).',
  request: z.object({
    page,
    limit: pageLimit(LOG_PAGE_MAX, LOG_PAGE_SIZE).describe(`1..${LOG_PAGE_MAX}`),
  }),
  reply: z.object({
    data: z.array(logItem),
    page: wireInt.optional(),
    pages: wireInt.optional(),
    total: wireInt.optional(),
  }),
  errors: [],
});

export const transferLog = call({
  method: 'POST',
  path: '/api/wallet/hzhistory',
  auth: 'user',
  origin: 'legacy',
  summary: 'A page of the credited legs of the user’s transfers (a Laravel paginator).',
  request: z.object({ page }),
  reply: z.object({
    data: z.array(logItem),
    current_page: wireInt.optional(),
    /** Positions of the page's first and last rows (from 1); null on an empty page. */
    from: wireInt.nullish(),
    to: wireInt.nullish(),
    last_page: wireInt.optional(),
    per_page: wireInt.optional(),
    total: wireInt.optional(),
  }),
  errors: [],
});

export const currencyList = call({
  method: 'GET',
  path: '/api/wallet/currencylist',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'The displayed currencies, with whether deposits and withdrawals are offered.',
  request: z.object({}),
  reply: z.array(currencyItem),
  errors: [],
});

export const withdrawCurrencies = call({
  method: 'GET',
  path: '/api/currency/user_currency_list',
  auth: 'user',
  origin: 'legacy',
  summary: 'The currencies that can be withdrawn (the address book’s choices).',
  request: z.object({}),
  reply: z.array(currencyItem),
  errors: [],
});

export const userCenter = call({
  method: 'GET',
  path: '/api/user/center',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's profile with the security level and the assets' total in USDT.",
  request: z.object({}),
  reply: userInfoRow.extend({
    /** 1–3: a password, plus one for each bound contact. */
    security_level: wireInt.optional(),
    total_assets: optionalDecimal,
  }),
  errors: [],
});

export const cashInfo = call({
  method: 'POST',
  path: '/api/user/cash_info',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's payout details for c2c deals (empty strings for what was never saved).",
  request: z.object({}),
  reply: cashInfoRow,
  errors: [],
});

/** Generous transport bounds: the shared rule answers "too long" in the user's language first. */
const cashField = text(400).default('');

export const cashSave = call({
  method: 'POST',
  path: '/api/user/cash_save',
  auth: 'user',
  origin: 'legacy',
  summary: 'Replaces the payout details (a field left out is saved empty).',
  request: z.object({
    real_name: cashField,
    bank_name: cashField,
    bank_account: cashField,
    alipay_account: cashField,
    wechat_nickname: cashField,
    wechat_account: cashField,
  }),
  reply: said,
  errors: [
    'validation.wallet.realNameRequired',
    'validation.cash.methodRequired',
    'validation.wallet.bankNameRequired',
    'validation.wallet.bankAccountRequired',
    'validation.cash.wechatAccountRequired',
    'validation.cash.tooLong',
  ],
});
