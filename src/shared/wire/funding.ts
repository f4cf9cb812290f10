// Deposits and withdrawals (spec §7 "Wallets"; docs/api-extensions.md "Wallets and the account
// area"): deposit addresses per network, a currency's withdrawal rules, withdraw and deposit
// requests, the withdraw address book, the user's funding records (extension) and the legacy
// company address.
import { z } from 'zod';
import { call, type ReplyIn } from './call.ts';
import { pageNumber, text, wireDecimal, wireInt, wireText } from './primitives.ts';

const optionalDecimal = wireDecimal.optional().nullable();
/** An id of the legacy wallet forms (a number or digits, 1 to 2^31 − 1). */
const id = z.coerce.number().int().positive().max(2_147_483_647).describe('id');
const currencyBody = z.object({ currency: id });

/**
 * Read far past ADDRESS_MAX_LENGTH, so that a too-long address gets its own message
 * (`validation.wallet.addressTooLong`) rather than the parser's "field not valid".
 */
const ADDRESS_READ_MAX = 10_000;

/** A network and the user's deposit address on it. */
const addressPair = z.object({ network: z.string(), address: z.string() });

/** A withdrawal or deposit request as the records list shows it (extension). */
export const fundingRecordRow = z.object({
  id: wireInt,
  kind: z.enum(['withdraw', 'deposit']),
  currency_name: wireText,
  network: wireText,
  number: wireDecimal,
  fee: wireDecimal,
  received: wireDecimal,
  address: wireText,
  /** 0 applying / pending, 1 sent / credited, 2 rejected. */
  status: wireInt,
  reason: wireText,
  created_time: wireText,
  handled_time: wireText,
});

/** An entry of the withdraw address book. */
export const withdrawAddressRow = z.object({
  id: wireInt,
  currency: wireInt.optional(),
  currency_name: wireText,
  address: z.string(),
  notes: wireText,
});

/** The wire's rows as the server writes them. */
export type FundingRecordOut = z.input<typeof fundingRecordRow>;
export type WithdrawAddressOut = z.input<typeof withdrawAddressRow>;

/** The reply of a text call: its localized message. */
const said = z.string().describe('text');

export const depositAddresses = call({
  method: 'POST',
  path: '/api/wallet/get_in_address',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's deposit address of a currency on each of its networks (made once, kept).",
  request: currencyBody,
  reply: z.object({
    /** Legacy form: "network:address" pairs, comma separated. */
    address: z.string().optional(),
    /** Extension: the same pairs as a list. */
    list: z.array(addressPair).optional(),
  }),
  errors: ['wallet.unknownCurrency', 'wallet.depositUnsupported'],
});

/** The deposit addresses as a reader has them. */
export type DepositAddresses = ReplyIn<typeof depositAddresses>;

export const withdrawInfo = call({
  method: 'POST',
  path: '/api/wallet/get_info',
  auth: 'user',
  origin: 'legacy',
  summary: "A currency's withdrawal rules for the user: balance, bounds, fee, what is left today.",
  request: currencyBody,
  reply: z.object({
    name: wireText,
    change_balance: wireDecimal.optional(),
    legal_balance: wireDecimal.optional(),
    min_number: wireDecimal,
    max_number: optionalDecimal,
    day_limit: optionalDecimal,
    /** Fee in percent. */
    rate: wireDecimal,
    /** Extension: what may still be withdrawn today, the networks offered, the decimals. */
    day_left: optionalDecimal,
    networks: z.array(z.string()).optional(),
    decimals: z.number().int().min(0).max(18).optional(),
  }),
  errors: ['wallet.unknownCurrency'],
});

/** The withdrawal rules as a reader has them. */
export type WithdrawInfo = ReplyIn<typeof withdrawInfo>;

export const withdraw = call({
  method: 'POST',
  path: '/api/wallet/out',
  auth: 'user',
  origin: 'legacy',
  summary:
    'Requests a withdrawal (identity approved: `998`); the amount is locked until an operator decides.',
  request: z.object({
    currency: id,
    number: text(60),
    address: text(ADDRESS_READ_MAX).default(''),
    rate: text(20).optional(),
    /** The withdraw tab: 0 erc20, 1 trc20, 2 omni, 3 bank (when `network` is not given). */
    type: text(10).optional(),
    network: z.enum(['erc20', 'trc20', 'omni', 'bank', 'btc']).optional(),
    real_name: text(60).default(''),
    bank_name: text(100).default(''),
    bank_address: text(200).default(''),
  }),
  reply: said,
  errors: [
    'wallet.unknownCurrency',
    'identity.required',
    'validation.wallet.realNameRequired',
    'validation.wallet.bankNameRequired',
    'validation.wallet.bankAccountRequired',
    'validation.wallet.addressRequired',
    'validation.wallet.addressSpaces',
    'validation.wallet.addressTooLong',
    'validation.wallet.addressInvalid',
    'validation.wallet.amountRequired',
    'validation.amountFormat',
    'wallet.notOpen',
    'wallet.networkUnsupported',
    'validation.amountDecimals',
    'validation.amountTooLarge',
    'wallet.belowMinimum',
    'wallet.aboveMaximum',
    'wallet.leverHold',
    'wallet.dayLimit',
    'wallet.insufficient',
    'wallet.balanceLimit',
  ],
});

export const deposit = call({
  method: 'POST',
  path: '/api/wallet/charge_req',
  auth: 'user',
  origin: 'legacy',
  summary: 'Files a deposit with its voucher (an upload of the user), credited when confirmed.',
  request: z.object({
    currency: id,
    amount: text(60),
    acc: text(200).default('default'),
    hash: text(200).default(''),
    pic: text(200).default(''),
    /** The network. */
    type: text(10).default(''),
  }),
  reply: said,
  errors: [
    'validation.wallet.amountRequired',
    'validation.amountFormat',
    'validation.wallet.voucherRequired',
    'upload.notYours',
    'wallet.notOpen',
    'wallet.unknownCurrency',
    'wallet.depositUnsupported',
    'validation.amountDecimals',
    'validation.amountTooLarge',
    'wallet.networkUnsupported',
  ],
});

export const withdrawAddresses = call({
  method: 'POST',
  path: '/api/wallet/get_address',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's saved withdraw addresses of a currency, newest first.",
  request: currencyBody,
  reply: z.array(withdrawAddressRow),
  errors: [],
});

export const addressAdd = call({
  method: 'POST',
  path: '/api/wallet/addaddress',
  auth: 'user',
  origin: 'legacy',
  summary: 'Saves a withdraw address of a currency (once per address; at most 100).',
  request: z.object({
    currency_id: id,
    address: text(ADDRESS_READ_MAX),
    notes: text(60).default(''),
  }),
  reply: said,
  errors: [
    'validation.wallet.addressRequired',
    'validation.wallet.addressSpaces',
    'validation.wallet.addressTooLong',
    'validation.wallet.addressInvalid',
    'validation.wallet.notesInvalid',
    'wallet.unknownCurrency',
    'wallet.addressBookFull',
    'validation.wallet.addressDuplicate',
  ],
});

export const addressDelete = call({
  method: 'POST',
  path: '/api/wallet/deladdress',
  auth: 'user',
  origin: 'legacy',
  summary: "Deletes one of the user's saved withdraw addresses.",
  request: z.object({ address_id: id }),
  reply: said,
  errors: ['wallet.addressNotFound'],
});

export const fundingRecords = call({
  method: 'POST',
  path: '/api/wallet/records',
  auth: 'user',
  origin: 'extension',
  summary: "A page of the user's withdrawals or deposits, newest first.",
  request: z.object({
    kind: z.enum(['withdraw', 'deposit']),
    page: pageNumber.describe('page'),
  }),
  reply: z.object({
    list: z.array(fundingRecordRow),
    page: wireInt.optional(),
    pages: wireInt.optional(),
    total: wireInt.optional(),
  }),
  errors: [],
});

export const companyAddress = call({
  method: 'GET',
  path: '/api/money/rechange',
  auth: 'user',
  origin: 'legacy',
  summary: "The company's deposit address (a setting).",
  request: z.object({}),
  reply: z.object({ company_eth_address: wireText }),
  errors: [],
});
