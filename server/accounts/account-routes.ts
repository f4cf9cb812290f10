// register, login, logout, the user's sessions, user/info, user/center, forget, safe/email.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  checkAccount,
  hasErrors,
  validateBindEmail,
  validateForgetStep2,
  validateLogin,
  validateRegister,
} from '../../src/shared/validation.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';
import { checkCode, normalizeTarget } from './codes.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords.ts';
import { deviceOf } from './devices.ts';
import { endSession, endToken, issueToken, listSessions } from './tokens.ts';
import {
  findUser,
  insertUser,
  setEmail,
  setPassword,
  toUserInfo,
  userById,
  userIdByInvite,
} from './users.ts';

const registerBody = z.object({
  type: z.enum(['mobile', 'email']),
  user_string: text(),
  code: text(12),
  password: z.string().max(64),
  re_password: z.string().max(64),
  extension_code: text(32).optional(),
  country_code: text(8).optional(),
  area_code: text(8).optional(),
});
const loginBody = z.object({
  user_string: text(),
  password: z.string().max(64),
  type: z.coerce.number().int().default(1),
  area_code_id: text(8).optional(),
});
const forgetBody = z.object({
  account: text(),
  password: z.string().max(64),
  repassword: z.string().max(64),
  code: text(12),
});
const bindEmailBody = z.object({ email: text(), code: text(12) });
const endSessionBody = z.object({ id: z.coerce.number().int().positive() });

/** Throws the first validation message id of `errors`, if any. */
function firstError(errors: Record<string, string | undefined>): void {
  if (!hasErrors(errors)) return;
  const id = Object.values(errors).find((e) => e !== undefined);
  if (id !== undefined) throw new ApiError(id);
}

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/user/register', async (req) => {
    const b = parse(registerBody, req);
    firstError(
      validateRegister({
        kind: b.type,
        account: b.user_string,
        code: b.code,
        password: b.password,
        confirm: b.re_password,
        agreement: true,
      }),
    );
    const target = normalizeTarget(b.user_string);
    let invitedBy: number | null = null;
    if (b.extension_code !== undefined && b.extension_code !== '') {
      invitedBy = await userIdByInvite(ctx.db, b.extension_code);
      if (invitedBy === null) throw new ApiError('account.inviteInvalid');
    }
    const now = ctx.config.now();
    // The code first: only the holder of the address learns that it already has an account.
    await checkCode(ctx.db, target, 'register', b.code, now, true);
    if ((await findUser(ctx.db, target)) !== null) throw new ApiError('account.exists');
    const passwordHash = await hashPassword(b.password);
    await insertUser(ctx.db, {
      kind: b.type,
      account: target,
      passwordHash,
      areaCode: b.area_code ?? null,
      countryCode: b.country_code ?? null,
      invitedBy,
      nowMs: now,
    });
    return ok(t(langOf(req), 'account.registered'));
  });

  app.post('/api/user/login', async (req) => {
    const b = parse(loginBody, req);
    firstError(validateLogin({ account: b.user_string, password: b.password }));
    if (b.type !== 1) throw new ApiError('account.loginTypeUnsupported');
    const user = await findUser(ctx.db, b.user_string);
    // scrypt runs for an unknown account too: the answer and its time are those of a known one.
    const valid = await verifyPassword(b.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!valid || user === null) throw new ApiError('account.wrongPassword');
    const agent = req.headers['user-agent'];
    return ok(await issueToken(ctx.db, user.id, ctx.config.now(), agent ?? null));
  });

  // Ends the token the request carries (extension, ADR 0042). Always ok: a token that had
  // already ended is as logged out as one this call ends.
  app.post('/api/user/logout', async (req) => {
    const userId = await endToken(ctx.db, req.headers.authorization);
    if (userId !== null) ctx.notify.sessionsEnded(userId);
    return ok(t(langOf(req), 'account.loggedOut'));
  });

  app.get('/api/user/sessions', async (req) => {
    const userId = await requireUser(ctx, req);
    const rows = await listSessions(ctx.db, userId, req.headers.authorization, ctx.config.now());
    return ok(
      rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.getTime(),
        last_used_at: r.lastUsedAt.getTime(),
        ...deviceOf(r.userAgent),
        current: r.current,
      })),
    );
  });

  app.post('/api/user/sessions/end', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(endSessionBody, req);
    if (!(await endSession(ctx.db, userId, b.id))) throw new ApiError('account.sessionNotFound');
    ctx.notify.sessionsEnded(userId);
    return ok(t(langOf(req), 'account.sessionEnded'));
  });

  app.get('/api/user/info', async (req) => ok(toUserInfo(await currentUser(ctx, req))));

  app.post('/api/user/forget', async (req) => {
    const b = parse(forgetBody, req);
    const invalid = checkAccount(b.account);
    if (invalid) throw new ApiError(invalid);
    firstError(validateForgetStep2({ password: b.password, confirm: b.repassword }));
    if (b.code === '') throw new ApiError('validation.codeRequired');
    // The code first: an address without an account was sent a notice, never a code.
    await checkCode(ctx.db, normalizeTarget(b.account), 'forget', b.code, ctx.config.now(), true);
    const user = await findUser(ctx.db, b.account);
    if (user === null) throw new ApiError('account.notFound');
    const hash = await hashPassword(b.password);
    await setPassword(ctx.db, user.id, hash);
    ctx.notify.sessionsEnded(user.id);
    return ok(t(langOf(req), 'account.passwordChanged'));
  });

  app.post('/api/safe/email', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(bindEmailBody, req);
    firstError(validateBindEmail({ email: b.email, code: b.code }));
    const email = normalizeTarget(b.email);
    // The code first: an address that has an account was sent a notice, never a code.
    await checkCode(ctx.db, email, 'bind', b.code, ctx.config.now(), true);
    const owner = await findUser(ctx.db, email);
    if (owner !== null && owner.id !== userId) throw new ApiError('account.emailTaken');
    await setEmail(ctx.db, userId, email);
    return ok(t(langOf(req), 'account.emailBound'));
  });
}

/** The logged-in user's row, or a "999" error (its token ended, or the account is gone). */
export async function currentUser(ctx: AppContext, req: Parameters<typeof requireUser>[1]) {
  const id = await requireUser(ctx, req);
  const user = await userById(ctx.db, id);
  if (user === null) throw new ApiError('auth.loginAgain', {}, '999');
  return user;
}
