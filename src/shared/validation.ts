// Validation rules of the account forms (wallet-account-earn.md §5), shared by the page (to
// show the message next to the field), the engine (to refuse a command before it is sent) and
// the reference server (to answer a clear error). Each rule returns a message id of
// locales/*.json (`validation.*`), or null when the value passes.
import { ACCOUNT_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import type { SpotValidationId } from './spot.ts';
import type { WalletValidationId } from './wallet.ts';
import type { LeverValidationId } from './lever.ts';
import type { MicroValidationId } from './micro.ts';
import type { C2cValidationId } from './c2c.ts';
import type { EarnValidationId } from './earn.ts';
import type { LoanValidationId } from './lending.ts';
import type { PriceAlertValidationId } from './price-alerts.ts';

export type ValidationId =
  | 'validation.accountRequired'
  | 'validation.accountTooLong'
  | 'validation.passwordRequired'
  | 'validation.passwordLength'
  | 'validation.passwordChars'
  | 'validation.confirmRequired'
  | 'validation.passwordMismatch'
  | 'validation.codeRequired'
  | 'validation.emailInvalid'
  | 'validation.phoneInvalid'
  | 'validation.accountFormat'
  | 'validation.agreementRequired'
  | 'validation.emailRequired'
  | SpotValidationId
  | WalletValidationId
  | LeverValidationId
  | MicroValidationId
  | C2cValidationId
  | EarnValidationId
  | LoanValidationId
  | PriceAlertValidationId;

export type FieldErrors<F extends string> = Partial<Record<F, ValidationId>>;
export type AccountKind = 'email' | 'mobile';

const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const PHONE_RE = /^\d{5,20}$/;
const PASSWORD_CHARS_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]+$/;

export const isEmail = (s: string): boolean => EMAIL_RE.test(s.trim());
export const isPhone = (s: string): boolean => PHONE_RE.test(s.trim());

export function checkAccount(account: string, kind?: AccountKind): ValidationId | null {
  const a = account.trim();
  if (a === '') return 'validation.accountRequired';
  if (a.length > ACCOUNT_MAX) return 'validation.accountTooLong';
  if (kind === 'email' && !isEmail(a)) return 'validation.emailInvalid';
  if (kind === 'mobile' && !isPhone(a)) return 'validation.phoneInvalid';
  if (kind === undefined && !isEmail(a) && !isPhone(a)) return 'validation.accountFormat';
  return null;
}

/** Login: account required, max 120; password at least 6, max 16. */
export function validateLogin(v: {
  account: string;
  password: string;
}): FieldErrors<'account' | 'password'> {
  const errors: FieldErrors<'account' | 'password'> = {};
  const a = v.account.trim();
  if (a === '') errors.account = 'validation.accountRequired';
  else if (a.length > ACCOUNT_MAX) errors.account = 'validation.accountTooLong';
  if (v.password === '') errors.password = 'validation.passwordRequired';
  else if (v.password.length < PASSWORD_MIN || v.password.length > PASSWORD_MAX)
    errors.password = 'validation.passwordLength';
  return errors;
}

/** New password: required, 6–16 characters, letters and digits. */
export function checkNewPassword(password: string): ValidationId | null {
  if (password === '') return 'validation.passwordRequired';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return 'validation.passwordLength';
  if (!PASSWORD_CHARS_RE.test(password)) return 'validation.passwordChars';
  return null;
}

export function checkConfirm(password: string, confirm: string): ValidationId | null {
  if (confirm === '') return 'validation.confirmRequired';
  if (confirm !== password) return 'validation.passwordMismatch';
  return null;
}

export type RegisterFields = 'account' | 'code' | 'password' | 'confirm' | 'agreement';
export interface RegisterInput {
  kind: AccountKind;
  account: string;
  code: string;
  password: string;
  confirm: string;
  agreement: boolean;
}

/** Register: agreement ticked; account required and well-formed; code; password; confirmation. */
export function validateRegister(v: RegisterInput): FieldErrors<RegisterFields> {
  const errors: FieldErrors<RegisterFields> = {};
  const account = checkAccount(v.account, v.kind);
  if (account) errors.account = account;
  if (v.code.trim() === '') errors.code = 'validation.codeRequired';
  const password = checkNewPassword(v.password);
  if (password) errors.password = password;
  const confirm = checkConfirm(v.password, v.confirm);
  if (confirm) errors.confirm = confirm;
  if (!v.agreement) errors.agreement = 'validation.agreementRequired';
  return errors;
}

/** Sending a code needs an account of a valid format. */
export function validateSendCode(v: { kind: AccountKind; account: string }): ValidationId | null {
  return checkAccount(v.account, v.kind);
}

export type ForgetFields = 'account' | 'code' | 'password' | 'confirm';
/** Forgot password: account (numeric or e-mail) and code (step 1); passwords equal (step 2). */
export function validateForgetStep1(v: {
  account: string;
  code: string;
}): FieldErrors<'account' | 'code'> {
  const errors: FieldErrors<'account' | 'code'> = {};
  const account = checkAccount(v.account);
  if (account) errors.account = account;
  if (v.code.trim() === '') errors.code = 'validation.codeRequired';
  return errors;
}

export function validateForgetStep2(v: {
  password: string;
  confirm: string;
}): FieldErrors<'password' | 'confirm'> {
  const errors: FieldErrors<'password' | 'confirm'> = {};
  const password = checkNewPassword(v.password);
  if (password) errors.password = password;
  const confirm = checkConfirm(v.password, v.confirm);
  if (confirm) errors.confirm = confirm;
  return errors;
}

/** Bind e-mail: e-mail and code required, e-mail pattern. */
export function validateBindEmail(v: {
  email: string;
  code: string;
}): FieldErrors<'email' | 'code'> {
  const errors: FieldErrors<'email' | 'code'> = {};
  const e = v.email.trim();
  if (e === '') errors.email = 'validation.emailRequired';
  else if (!isEmail(e)) errors.email = 'validation.emailInvalid';
  if (v.code.trim() === '') errors.code = 'validation.codeRequired';
  return errors;
}

export function hasErrors(errors: Record<string, unknown>): boolean {
  return Object.values(errors).some((e) => e !== undefined);
}
