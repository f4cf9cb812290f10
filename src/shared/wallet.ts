// Rules of the wallet and account forms (wallet-account-earn.md §5, §9; api-contract §4),
// shared by the page (messages next to fields), the engine (refuse before sending) and the
// reference server (the same answer in its envelope). Each check returns a message id of
// locales/*.json (`validation.wallet.*`) or null. Amounts are exact decimals.
import { parsePlainAmount } from './amount.ts';
import { Decimal } from './decimal.ts';

export type WalletValidationId =
  | 'validation.wallet.amountRequired'
  | 'validation.wallet.amountTooLarge'
  | 'validation.wallet.sameAccount'
  | 'validation.wallet.insufficient'
  | 'validation.wallet.leverMinimum'
  | 'validation.wallet.addressRequired'
  | 'validation.wallet.addressSpaces'
  | 'validation.wallet.addressTooLong'
  | 'validation.wallet.addressInvalid'
  | 'validation.wallet.addressDuplicate'
  | 'validation.wallet.notesInvalid'
  | 'validation.wallet.currencyRequired'
  | 'validation.wallet.belowMinimum'
  | 'validation.wallet.aboveMaximum'
  | 'validation.wallet.realNameRequired'
  | 'validation.wallet.bankNameRequired'
  | 'validation.wallet.bankAccountRequired'
  | 'validation.wallet.voucherRequired'
  | 'validation.identity.nameRequired'
  | 'validation.identity.nameDigits'
  | 'validation.identity.cardRequired'
  | 'validation.identity.cardChinese'
  | 'validation.identity.imagesRequired'
  | 'validation.identity.cardType'
  | 'validation.image.type'
  | 'validation.image.size'
  | 'validation.acceptor.mobileRequired'
  | 'validation.acceptor.accountRequired'
  | 'validation.acceptor.amountRequired'
  | 'validation.acceptor.wayRequired'
  | 'validation.cash.methodRequired'
  | 'validation.cash.wechatAccountRequired'
  | 'validation.cash.tooLong'
  | 'validation.payment.accountRequired';

/** The four accounts of a wallet row, by their `from_field` / `to_field` names. */
export const ACCOUNTS = ['legal', 'change', 'lever', 'micro'] as const;
export type AccountName = (typeof ACCOUNTS)[number];
export const isAccountName = (v: unknown): v is AccountName =>
  typeof v === 'string' && (ACCOUNTS as readonly string[]).includes(v);

/** Legacy `type` of wallet/change: 1 legal→lever, 2 lever→legal, 3 legal→change, 4 change→legal. */
export const LEGACY_TRANSFER: Readonly<Record<number, readonly [AccountName, AccountName]>> = {
  1: ['legal', 'lever'],
  2: ['lever', 'legal'],
  3: ['legal', 'change'],
  4: ['change', 'legal'],
};

/** Withdrawal networks (tab order of the withdraw panel). */
export const WITHDRAW_NETWORKS = ['erc20', 'trc20', 'omni', 'bank'] as const;
export type WithdrawNetwork = (typeof WITHDRAW_NETWORKS)[number] | 'btc';
/** Spec §2: deposits are offered for BTC, USDT and ETH only (where a reply does not say). */
export const DEPOSIT_CURRENCIES: readonly string[] = ['BTC', 'USDT', 'ETH'];
export const DEPOSIT_NETWORKS = ['erc20', 'trc20', 'omni', 'btc'] as const;

/** Unified transfer input max (spec §5) and the lever page's minimum (§9). */
export const TRANSFER_MAX = new Decimal(99_999_999);
export const LEVER_TRANSFER_MIN = new Decimal(100);
export const IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const LOG_PAGE_SIZE = 20;
/** An acceptor's sell deal confirms itself this long after it was marked paid (spec §4). */
export const ACCEPTOR_AUTO_CONFIRM_MS = 20 * 60 * 1000;
export const ACCEPTOR_WAYS = ['we_chat', 'ali_pay', 'bank'] as const;
export type AcceptorWay = (typeof ACCEPTOR_WAYS)[number];
/** Card types of the real-name form: 1 identity card, 2 household book, 3 driver licence. */
export const CARD_TYPES = [1, 2, 3] as const;

/**
 * A positive decimal from user input, or null: plain digits only, as the server's edge takes
 * them (`parsePlainAmount`: no exponent, sign or letter, so "1e4" is never 10,000 or 14).
 */
export function positiveAmount(v: unknown): Decimal | null {
  const d = parsePlainAmount(v);
  return d !== null && d.isFinite() && d.greaterThan(0) ? d : null;
}

/** What the transfer rule checks (the engine's command is `TransferInput` of engine/api). */
export interface TransferCheck {
  amount: string;
  from: AccountName;
  to: AccountName;
  /** The source account's available amount when known (the page and the engine know it). */
  available?: string | null;
  /** The lever transfer page asks for at least 100. */
  leverPage?: boolean;
}

export function validateTransfer(v: TransferCheck): {
  amount?: WalletValidationId;
  to?: WalletValidationId;
} {
  const errors: { amount?: WalletValidationId; to?: WalletValidationId } = {};
  if (v.from === v.to) errors.to = 'validation.wallet.sameAccount';
  const amount = positiveAmount(v.amount);
  if (amount === null) errors.amount = 'validation.wallet.amountRequired';
  else if (amount.greaterThan(TRANSFER_MAX)) errors.amount = 'validation.wallet.amountTooLarge';
  else if (v.leverPage === true && amount.lessThan(LEVER_TRANSFER_MIN))
    errors.amount = 'validation.wallet.leverMinimum';
  else if (v.available !== undefined && v.available !== null && amount.greaterThan(v.available))
    errors.amount = 'validation.wallet.insufficient';
  return errors;
}

export interface WithdrawRules {
  min: string;
  max: string;
  /** Fee in percent of the amount. */
  rate: string;
}

/**
 * Fee and amount received, exact: fee = amount × rate / 100, rounded up to the currency's
 * decimals (`dp`, 8 when unknown), so both are amounts the currency can hold.
 */
export function withdrawFee(
  amount: Decimal,
  ratePercent: string,
  dp = 8,
): { fee: Decimal; received: Decimal } {
  const fee = amount.times(ratePercent).dividedBy(100).toDecimalPlaces(dp, Decimal.ROUND_UP);
  return { fee, received: amount.minus(fee) };
}

/** What the withdrawal rule checks (the engine's command is `WithdrawInput` of engine/api). */
export interface WithdrawCheck {
  network: WithdrawNetwork;
  amount: string;
  address: string;
  realName: string;
  bankName: string;
  bankAccount: string;
  rules: WithdrawRules | null;
  available?: string | null;
}

export type WithdrawField = 'amount' | 'address' | 'realName' | 'bankName';

export function validateWithdraw(
  v: WithdrawCheck,
): Partial<Record<WithdrawField, WalletValidationId>> {
  const errors: Partial<Record<WithdrawField, WalletValidationId>> = {};
  if (v.network === 'bank') {
    if (v.realName.trim() === '') errors.realName = 'validation.wallet.realNameRequired';
    if (v.bankName.trim() === '') errors.bankName = 'validation.wallet.bankNameRequired';
    if (v.bankAccount.trim() === '') errors.address = 'validation.wallet.bankAccountRequired';
  } else {
    const address = checkAddress(v.address);
    if (address !== null) errors.address = address;
  }
  const amount = amountAgainst(v.amount, v.rules, v.available);
  if (amount !== null) errors.amount = amount;
  return errors;
}

function amountAgainst(
  raw: string,
  rules: WithdrawRules | null,
  available: string | null | undefined,
): WalletValidationId | null {
  const amount = positiveAmount(raw);
  if (amount === null) return 'validation.wallet.amountRequired';
  if (rules !== null && amount.lessThan(rules.min)) return 'validation.wallet.belowMinimum';
  if (rules !== null && new Decimal(rules.max).greaterThan(0) && amount.greaterThan(rules.max))
    return 'validation.wallet.aboveMaximum';
  if (available !== undefined && available !== null && amount.greaterThan(available))
    return 'validation.wallet.insufficient';
  return null;
}

/**
 * The longest address accepted (characters). Chain addresses are far shorter (EVM 42, TRON 34,
 * bech32 at most 90, Cardano about 105); the message `validation.wallet.addressTooLong` says it.
 */
export const ADDRESS_MAX_LENGTH = 128;
/** Letters and digits of every address format, and the separators some use (`bitcoincash:…`). */
const ADDRESS_CHARS = /^[A-Za-z0-9:._-]+$/;

/** A chain address: non-empty, no spaces, at most ADDRESS_MAX_LENGTH, only address characters. */
export function checkAddress(address: string): WalletValidationId | null {
  const a = address.trim();
  if (a === '') return 'validation.wallet.addressRequired';
  if (/\s/.test(a)) return 'validation.wallet.addressSpaces';
  if (a.length > ADDRESS_MAX_LENGTH) return 'validation.wallet.addressTooLong';
  if (!ADDRESS_CHARS.test(a)) return 'validation.wallet.addressInvalid';
  return null;
}

/**
 * The form under which two addresses are the same entry of the address book (ADR 0026): hex
 * addresses (`0x…`, EVM chains) and bech32 addresses (`bc1…`, `ltc1…`) are case-insensitive
 * on their chains, so they compare lower-cased; every other format (base58: legacy bitcoin,
 * TRON, omni) is case-sensitive and compares exactly. Surrounding spaces never count.
 */
export function addressKey(address: string): string {
  const a = address.trim();
  return /^0x[0-9a-f]+$/i.test(a) || /^(bc|tb|bcrt|ltc|tltc)1[0-9a-z]+$/i.test(a)
    ? a.toLowerCase()
    : a;
}

/** Whether `address` is already among `saved` (addresses of the same user and currency). */
export function isSavedAddress(address: string, saved: readonly string[]): boolean {
  const key = addressKey(address);
  return saved.some((s) => addressKey(s) === key);
}

/**
 * Add address: currency chosen, a valid address not already saved for that currency (`saved`,
 * when the caller knows the list), label of letters and digits only.
 */
export function validateAddressEntry(v: {
  currencyId: number | null;
  address: string;
  notes: string;
  saved?: readonly string[];
}): Partial<Record<'currency' | 'address' | 'notes', WalletValidationId>> {
  const errors: Partial<Record<'currency' | 'address' | 'notes', WalletValidationId>> = {};
  if (v.currencyId === null) errors.currency = 'validation.wallet.currencyRequired';
  const address = checkAddress(v.address);
  if (address !== null) errors.address = address;
  else if (v.saved !== undefined && isSavedAddress(v.address, v.saved))
    errors.address = 'validation.wallet.addressDuplicate';
  if (v.notes !== '' && !/^[\p{L}\p{N}]{1,40}$/u.test(v.notes))
    errors.notes = 'validation.wallet.notesInvalid';
  return errors;
}

/** Deposit request: amount above 0 and a voucher picture. */
export function validateDeposit(v: {
  amount: string;
  pic: string;
}): Partial<Record<'amount' | 'pic', WalletValidationId>> {
  const errors: Partial<Record<'amount' | 'pic', WalletValidationId>> = {};
  if (positiveAmount(v.amount) === null) errors.amount = 'validation.wallet.amountRequired';
  if (v.pic.trim() === '') errors.pic = 'validation.wallet.voucherRequired';
  return errors;
}

/** An image chosen for upload: jpg or png, at most 4 MB (spec §5, §9). */
export function checkImageFile(file: { type: string; size: number }): WalletValidationId | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return 'validation.image.type';
  if (file.size > IMAGE_MAX_BYTES) return 'validation.image.size';
  return null;
}

export type IdentityField = 'name' | 'cardId' | 'cardType' | 'images';

/** Real-name form: name without digits, id number without Chinese characters, three images. */
export function validateIdentity(v: {
  name: string;
  cardId: string;
  cardType: number;
  front: string;
  reverse: string;
  hand: string;
}): Partial<Record<IdentityField, WalletValidationId>> {
  const errors: Partial<Record<IdentityField, WalletValidationId>> = {};
  const name = v.name.trim();
  if (name === '') errors.name = 'validation.identity.nameRequired';
  else if (/\d/.test(name)) errors.name = 'validation.identity.nameDigits';
  const card = v.cardId.trim();
  if (card === '') errors.cardId = 'validation.identity.cardRequired';
  else if (/[\u4e00-\u9fff\u3400-\u4dbf]/.test(card))
    errors.cardId = 'validation.identity.cardChinese';
  if (!(CARD_TYPES as readonly number[]).includes(v.cardType))
    errors.cardType = 'validation.identity.cardType';
  if ([v.front, v.reverse, v.hand].some((p) => p.trim() === ''))
    errors.images = 'validation.identity.imagesRequired';
  return errors;
}

/** Acceptor deal: mobile, trade account, amount above 0 and a pay way. */
export function validateAcceptorDeal(v: {
  mobile: string;
  dealAccount: string;
  money: string;
  way: string;
}): Partial<Record<'mobile' | 'dealAccount' | 'money' | 'way', WalletValidationId>> {
  const errors: Partial<Record<'mobile' | 'dealAccount' | 'money' | 'way', WalletValidationId>> =
    {};
  if (v.mobile.trim() === '') errors.mobile = 'validation.acceptor.mobileRequired';
  if (v.dealAccount.trim() === '') errors.dealAccount = 'validation.acceptor.accountRequired';
  if (positiveAmount(v.money) === null) errors.money = 'validation.acceptor.amountRequired';
  if (!(ACCEPTOR_WAYS as readonly string[]).includes(v.way))
    errors.way = 'validation.acceptor.wayRequired';
  return errors;
}

export type SecurityLevel = 'low' | 'intermediate' | 'high' | 'strong';

/**
 * The security strength bar (spec §4): 25 % to start, plus 25 for a phone, for an e-mail and
 * for an approved real name. 50 intermediate, 75 high, 100 strong, otherwise low.
 */
export function securityStrength(u: {
  phone: string | null;
  email: string | null;
  reviewStatus: number;
}): { percent: number; level: SecurityLevel } {
  let percent = 25;
  if (u.phone !== null && u.phone !== '') percent += 25;
  if (u.email !== null && u.email !== '') percent += 25;
  if (u.reviewStatus === 2) percent += 25;
  const level: SecurityLevel =
    percent === 100 ? 'strong' : percent === 75 ? 'high' : percent === 50 ? 'intermediate' : 'low';
  return { percent, level };
}

/** Payout details (cash info, used by c2c): the fields and their maximum lengths. */
export interface CashInfoInput {
  realName: string;
  bankName: string;
  bankAccount: string;
  alipayAccount: string;
  wechatNickname: string;
  wechatAccount: string;
}
export type CashField = keyof CashInfoInput | 'method';
export const CASH_MAX_LENGTH: Readonly<Record<keyof CashInfoInput, number>> = {
  realName: 60,
  bankName: 100,
  bankAccount: 60,
  alipayAccount: 100,
  wechatNickname: 60,
  wechatAccount: 60,
};

/** A field filled needs another: [filled, needed, the needed field's error]. */
const CASH_NEEDS: readonly [keyof CashInfoInput, keyof CashInfoInput, WalletValidationId][] = [
  ['bankAccount', 'bankName', 'validation.wallet.bankNameRequired'],
  ['bankName', 'bankAccount', 'validation.wallet.bankAccountRequired'],
  ['wechatNickname', 'wechatAccount', 'validation.cash.wechatAccountRequired'],
];

/**
 * Payout details: a real name, at least one way to be paid (bank account, Alipay account or
 * WeChat account), a bank name with a bank account and the other way round, a WeChat nickname
 * only with a WeChat account; every field within its length. `method` is the form-level
 * "no way to be paid" error.
 */
export function validateCashInfo(v: CashInfoInput): Partial<Record<CashField, WalletValidationId>> {
  const errors: Partial<Record<CashField, WalletValidationId>> = {};
  const has = (k: keyof CashInfoInput) => v[k].trim() !== '';
  if (!has('realName')) errors.realName = 'validation.wallet.realNameRequired';
  for (const [filled, needs, error] of CASH_NEEDS)
    if (has(filled) && !has(needs)) errors[needs] = error;
  const ways = (['bankAccount', 'alipayAccount', 'wechatAccount'] as const).some(has);
  if (!ways && errors.bankAccount === undefined && errors.wechatAccount === undefined)
    errors.method = 'validation.cash.methodRequired';
  for (const k of Object.keys(CASH_MAX_LENGTH) as (keyof CashInfoInput)[])
    if (errors[k] === undefined && v[k].trim().length > CASH_MAX_LENGTH[k])
      errors[k] = 'validation.cash.tooLong';
  return errors;
}

/** The payment form (spec §5): an account and an amount above 0 (CNY). */
export function validatePayment(v: {
  account: string;
  amount: string;
}): Partial<Record<'account' | 'amount', WalletValidationId>> {
  const errors: Partial<Record<'account' | 'amount', WalletValidationId>> = {};
  if (v.account.trim() === '') errors.account = 'validation.payment.accountRequired';
  const amount = positiveAmount(v.amount);
  if (amount === null) errors.amount = 'validation.wallet.amountRequired';
  else if (amount.greaterThan(TRANSFER_MAX)) errors.amount = 'validation.wallet.amountTooLarge';
  return errors;
}
