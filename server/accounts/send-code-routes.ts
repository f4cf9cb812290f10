// sms_send, sms_mail, check_mobile, check_email: issuing and checking verification codes
// (declared in src/shared/wire/accounts.ts).
import type { FastifyInstance } from 'fastify';
import { checkAccount } from '../../src/shared/validation.ts';
import type { AccountKind } from '../../src/shared/validation.ts';
import { checkEmail, checkMobile, sendMail, sendSms } from '../../src/shared/wire/accounts.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { t } from '../i18n/messages.ts';
import { checkCode, CODE_VALID_SECONDS, createCode, normalizeTarget } from './codes.ts';
import type { CodePurpose } from './codes.ts';
import { findUser } from './users.ts';

export function registerCodeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, sendSms, async ({ req, body: b }) => {
    await sendCode(ctx, langOf(req), 'mobile', b.user_string, b.type);
    return t(langOf(req), 'code.sent');
  });
  route(app, ctx, sendMail, async ({ req, body: b }) => {
    await sendCode(ctx, langOf(req), 'email', b.user_string, b.type);
    return t(langOf(req), 'code.sent');
  });
  route(app, ctx, checkMobile, ({ req, body: b }) =>
    checkForForget(ctx, langOf(req), b.user_string, b.mobile_code),
  );
  route(app, ctx, checkEmail, ({ req, body: b }) =>
    checkForForget(ctx, langOf(req), b.user_string, b.email_code),
  );
}

/**
 * The same work and the same answer whether the account exists or not (ADR 0020): a code is
 * created and stored in every case (so the resend window and the rate limits behave alike) and
 * a message always goes out, but where the account's state makes a code useless (register or
 * bind an address that has an account, reset one that has none) the message is a notice
 * without the code.
 */
async function sendCode(
  ctx: AppContext,
  lang: Parameters<typeof t>[0],
  kind: AccountKind,
  account: string,
  purpose: CodePurpose,
): Promise<void> {
  const invalid = checkAccount(account, kind);
  if (invalid) throw new ApiError(invalid);
  const target = normalizeTarget(account);
  const exists = (await findUser(ctx.db, target)) !== null;
  const now = ctx.config.now();
  const code = await createCode(ctx.db, target, purpose, now);
  const channel = kind === 'email' ? 'email' : 'sms';
  const notice = noticeOf(purpose, exists);
  await ctx.sender.send({
    to: target,
    channel,
    purpose,
    code: notice === null ? code : null,
    text:
      notice === null
        ? t(lang, 'code.message', { code, minutes: CODE_VALID_SECONDS / 60 })
        : t(lang, notice, { channel }),
    sentAt: now,
  });
}

/** The notice that replaces the code, or null when the code is of use. */
function noticeOf(purpose: CodePurpose, exists: boolean): string | null {
  if (purpose === 'register' && exists) return 'code.noticeAccountExists';
  if (purpose === 'bind' && exists) return 'code.noticeBindTaken';
  if (purpose === 'forget' && !exists) return 'code.noticeNoAccount';
  return null;
}

async function checkForForget(
  ctx: AppContext,
  lang: Parameters<typeof t>[0],
  account: string,
  code: string,
): Promise<string> {
  if (code === '') throw new ApiError('validation.codeRequired');
  const invalid = checkAccount(account);
  if (invalid) throw new ApiError(invalid);
  await checkCode(ctx.db, normalizeTarget(account), 'forget', code, ctx.config.now(), false);
  return t(lang, 'code.valid');
}
