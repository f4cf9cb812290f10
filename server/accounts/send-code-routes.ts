// sms_send, sms_mail, check_mobile, check_email: issuing and checking verification codes.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkAccount } from '../../src/shared/validation.ts';
import type { AccountKind } from '../../src/shared/validation.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';
import { checkCode, CODE_VALID_SECONDS, createCode, normalizeTarget } from './codes.ts';
import type { CodePurpose } from './codes.ts';
import { findUser } from './users.ts';

const purpose = z.enum(['register', 'forget', 'bind']);
const smsBody = z.object({
  user_string: text(),
  country_code: text(8)
    .pipe(z.string().regex(/^\d{0,6}$/))
    .optional(),
  type: purpose.default('register'),
});
const mailBody = z.object({ user_string: text(), type: purpose.default('register') });
const checkMobileBody = z.object({ user_string: text(), mobile_code: text(12) });
const checkEmailBody = z.object({ user_string: text(), email_code: text(12) });

export function registerCodeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/sms_send', async (req) => {
    const b = parse(smsBody, req);
    await sendCode(ctx, langOf(req), 'mobile', b.user_string, b.type);
    return ok(t(langOf(req), 'code.sent'));
  });
  app.post('/api/sms_mail', async (req) => {
    const b = parse(mailBody, req);
    await sendCode(ctx, langOf(req), 'email', b.user_string, b.type);
    return ok(t(langOf(req), 'code.sent'));
  });
  app.post('/api/user/check_mobile', async (req) => {
    const b = parse(checkMobileBody, req);
    return checkForForget(ctx, langOf(req), b.user_string, b.mobile_code);
  });
  app.post('/api/user/check_email', async (req) => {
    const b = parse(checkEmailBody, req);
    return checkForForget(ctx, langOf(req), b.user_string, b.email_code);
  });
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
) {
  if (code === '') throw new ApiError('validation.codeRequired');
  const invalid = checkAccount(account);
  if (invalid) throw new ApiError(invalid);
  await checkCode(ctx.db, normalizeTarget(account), 'forget', code, ctx.config.now(), false);
  return ok(t(lang, 'code.valid'));
}
