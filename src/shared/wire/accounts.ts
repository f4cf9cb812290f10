// Accounts (docs/api-extensions.md "Accounts"): verification codes, register, log in and out,
// the user's sessions, the profile (user/info; user/center adds to it in wallet.ts), the
// password reset, binding an e-mail, and a region agent's users.
import { z } from 'zod';
import { call } from './call.ts';
import { pageNumber, text, wireInt, wireText } from './primitives.ts';

/** The user's profile (`message` of /api/user/info; user/center adds to it). */
export const userInfoRow = z.object({
  id: wireInt,
  account: z.string().nullish(),
  account_number: z.string().nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
  extension_code: z.string().nullish(),
  is_seller: wireInt.optional(),
  /** 0 none, 1 under review, 2 approved, 3 rejected (the identity review). */
  review_status: wireInt.optional(),
  credit_score: wireInt.optional(),
  vip_code: wireText.optional(),
});

/** One of the user's live sessions (ADR 0042); times in ms. */
export const sessionRow = z.object({
  id: wireInt,
  created_at: wireInt,
  last_used_at: wireInt,
  /** "Chrome 131", or null when the browser is not known. */
  browser: z.string().max(80).nullable(),
  /** "Windows", or null. */
  os: z.string().max(80).nullable(),
  /** The session of the request. */
  current: z.boolean(),
});

/** A user a region agent invited: the agent's city and district, the contact masked. */
export const regionUserRow = z.object({
  city_name: wireText,
  district_name: wireText,
  phone: wireText,
  time: wireText,
});

/** The reply of a text call: its localized message. */
const said = z.string().describe('text');

/** What a verification code is for. */
const purpose = z.enum(['register', 'forget', 'bind']);

/** The refusals of a code check (codes.ts). */
const CODE_REFUSALS = ['code.expired', 'code.tooManyTries', 'code.invalid'] as const;

const ACCOUNT_REFUSALS = [
  'validation.accountRequired',
  'validation.accountTooLong',
  'validation.accountFormat',
] as const;

const NEW_PASSWORD_REFUSALS = [
  'validation.passwordRequired',
  'validation.passwordLength',
  'validation.passwordChars',
  'validation.confirmRequired',
  'validation.passwordMismatch',
] as const;

export const sendSms = call({
  method: 'POST',
  path: '/api/sms_send',
  auth: 'visitor',
  origin: 'legacy',
  summary:
    'Sends a verification code by SMS (a notice without the code where it is of no use: ADR 0020).',
  request: z.object({
    user_string: text(),
    country_code: text(8)
      .pipe(z.string().regex(/^\d{0,6}$/))
      .optional()
      .describe('digits ≤ 6'),
    type: purpose.default('register'),
  }),
  reply: said,
  errors: [
    'validation.accountRequired',
    'validation.accountTooLong',
    'validation.phoneInvalid',
    'code.resendWait',
  ],
});

export const sendMail = call({
  method: 'POST',
  path: '/api/sms_mail',
  auth: 'visitor',
  origin: 'legacy',
  summary:
    'Sends a verification code by e-mail (a notice without the code where it is of no use: ADR 0020).',
  request: z.object({ user_string: text(), type: purpose.default('register') }),
  reply: said,
  errors: [
    'validation.accountRequired',
    'validation.accountTooLong',
    'validation.emailInvalid',
    'code.resendWait',
  ],
});

export const checkMobile = call({
  method: 'POST',
  path: '/api/user/check_mobile',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'Checks a password-reset code sent by SMS (the code stays usable).',
  request: z.object({ user_string: text(), mobile_code: text(12) }),
  reply: said,
  errors: ['validation.codeRequired', ...ACCOUNT_REFUSALS, ...CODE_REFUSALS],
});

export const checkEmail = call({
  method: 'POST',
  path: '/api/user/check_email',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'Checks a password-reset code sent by e-mail (the code stays usable).',
  request: z.object({ user_string: text(), email_code: text(12) }),
  reply: said,
  errors: ['validation.codeRequired', ...ACCOUNT_REFUSALS, ...CODE_REFUSALS],
});

export const register = call({
  method: 'POST',
  path: '/api/user/register',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'Opens an account with a phone or an e-mail, its code and a password.',
  request: z.object({
    type: z.enum(['mobile', 'email']),
    user_string: text(),
    code: text(12),
    password: z.string().max(64).describe('text ≤ 64'),
    re_password: z.string().max(64).describe('text ≤ 64'),
    extension_code: text(32).optional(),
    country_code: text(8).optional(),
    area_code: text(8).optional(),
  }),
  reply: said,
  errors: [
    'validation.accountRequired',
    'validation.accountTooLong',
    'validation.emailInvalid',
    'validation.phoneInvalid',
    'validation.codeRequired',
    ...NEW_PASSWORD_REFUSALS,
    'account.inviteInvalid',
    ...CODE_REFUSALS,
    'account.exists',
  ],
});

/** The session token login answers, as a bare string. */
export const sessionToken = z.string().regex(/^[A-Za-z0-9._~+/=-]{8,512}$/);

export const login = call({
  method: 'POST',
  path: '/api/user/login',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'Logs in with the account and password; answers the session token.',
  request: z.object({
    user_string: text(),
    password: z.string().max(64).describe('text ≤ 64'),
    type: z.coerce.number().int().default(1).describe('1'),
    area_code_id: text(8).optional(),
  }),
  reply: sessionToken.describe('token'),
  errors: [
    'validation.accountRequired',
    'validation.accountTooLong',
    'validation.passwordRequired',
    'validation.passwordLength',
    'account.loginTypeUnsupported',
    'account.wrongPassword',
  ],
});

export const logout = call({
  method: 'POST',
  path: '/api/user/logout',
  auth: 'visitor',
  origin: 'extension',
  summary: 'Ends the token the request carries (always ok: an ended token is as logged out).',
  request: z.object({}),
  reply: said,
  errors: [],
});

export const sessions = call({
  method: 'GET',
  path: '/api/user/sessions',
  auth: 'user',
  origin: 'extension',
  summary: "The user's live sessions, newest first, with the one of the request marked.",
  request: z.object({}),
  reply: z.array(sessionRow).max(100),
  errors: [],
});

export const sessionEnd = call({
  method: 'POST',
  path: '/api/user/sessions/end',
  auth: 'user',
  origin: 'extension',
  summary: "Ends one of the user's live sessions.",
  request: z.object({ id: z.coerce.number().int().positive().describe('id') }),
  reply: said,
  errors: ['account.sessionNotFound'],
});

export const userInfo = call({
  method: 'GET',
  path: '/api/user/info',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's profile.",
  request: z.object({}),
  reply: userInfoRow,
  errors: [],
});

export const forget = call({
  method: 'POST',
  path: '/api/user/forget',
  auth: 'visitor',
  origin: 'legacy',
  summary: "Sets a new password with a reset code; the account's sessions end.",
  request: z.object({
    account: text(),
    password: z.string().max(64).describe('text ≤ 64'),
    repassword: z.string().max(64).describe('text ≤ 64'),
    code: text(12),
  }),
  reply: said,
  errors: [
    ...ACCOUNT_REFUSALS,
    ...NEW_PASSWORD_REFUSALS,
    'validation.codeRequired',
    ...CODE_REFUSALS,
    'account.notFound',
  ],
});

export const bindEmail = call({
  method: 'POST',
  path: '/api/safe/email',
  auth: 'user',
  origin: 'legacy',
  summary: "Binds an e-mail to the user's account with the code sent to it.",
  request: z.object({ email: text(), code: text(12) }),
  reply: said,
  errors: [
    'validation.emailRequired',
    'validation.emailInvalid',
    'validation.codeRequired',
    ...CODE_REFUSALS,
    'account.emailTaken',
  ],
});

export const regionUsers = call({
  method: 'GET',
  path: '/api/user/region_users',
  auth: 'user',
  origin: 'legacy',
  summary: 'A page of the users a region agent invited, newest first, contacts masked.',
  request: z.object({ page: pageNumber.describe('page') }),
  reply: z.object({
    list: z.array(regionUserRow),
    page: wireInt.optional(),
    pages: wireInt.optional(),
    total: wireInt.optional(),
  }),
  errors: ['region.notAgent'],
});
