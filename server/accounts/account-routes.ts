// register, login, logout, the user's sessions, user/info, user/center, forget, safe/email.
import type { FastifyInstance } from 'fastify';
import {
  checkAccount,
  hasErrors,
  validateBindEmail,
  validateForgetStep2,
  validateLogin,
  validateRegister,
} from '../../src/shared/validation.ts';
import {
  bindEmail,
  forget,
  login,
  logout,
  register,
  sessionEnd,
  sessions,
  userInfo,
} from '../../src/shared/wire/accounts.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
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

/** Throws the first validation message id of `errors`, if any. */
function firstError(errors: Record<string, string | undefined>): void {
  if (!hasErrors(errors)) return;
  const id = Object.values(errors).find((e) => e !== undefined);
  if (id !== undefined) throw new ApiError(id);
}

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, register, async ({ req, body: b }) => {
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
    return t(langOf(req), 'account.registered');
  });

  route(app, ctx, login, async ({ req, body: b }) => {
    firstError(validateLogin({ account: b.user_string, password: b.password }));
    if (b.type !== 1) throw new ApiError('account.loginTypeUnsupported');
    const user = await findUser(ctx.db, b.user_string);
    // scrypt runs for an unknown account too: the answer and its time are those of a known one.
    const valid = await verifyPassword(b.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!valid || user === null) throw new ApiError('account.wrongPassword');
    const agent = req.headers['user-agent'];
    return issueToken(ctx.db, user.id, ctx.config.now(), agent ?? null);
  });

  // Ends the token the request carries (extension, ADR 0042). Always ok: a token that had
  // already ended is as logged out as one this call ends.
  route(app, ctx, logout, async ({ req }) => {
    const userId = await endToken(ctx.db, req.headers.authorization);
    if (userId !== null) ctx.notify.sessionsEnded(userId);
    return t(langOf(req), 'account.loggedOut');
  });

  route(app, ctx, sessions, async ({ req, userId }) => {
    const rows = await listSessions(ctx.db, userId, req.headers.authorization, ctx.config.now());
    return rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.getTime(),
      last_used_at: r.lastUsedAt.getTime(),
      ...deviceOf(r.userAgent),
      current: r.current,
    }));
  });

  route(app, ctx, sessionEnd, async ({ req, userId, body: b }) => {
    if (!(await endSession(ctx.db, userId, b.id))) throw new ApiError('account.sessionNotFound');
    ctx.notify.sessionsEnded(userId);
    return t(langOf(req), 'account.sessionEnded');
  });

  route(app, ctx, userInfo, async ({ userId }) => toUserInfo(await userOf(ctx, userId)));

  route(app, ctx, forget, async ({ req, body: b }) => {
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
    return t(langOf(req), 'account.passwordChanged');
  });

  route(app, ctx, bindEmail, async ({ req, userId, body: b }) => {
    firstError(validateBindEmail({ email: b.email, code: b.code }));
    const email = normalizeTarget(b.email);
    // The code first: an address that has an account was sent a notice, never a code.
    await checkCode(ctx.db, email, 'bind', b.code, ctx.config.now(), true);
    const owner = await findUser(ctx.db, email);
    if (owner !== null && owner.id !== userId) throw new ApiError('account.emailTaken');
    await setEmail(ctx.db, userId, email);
    return t(langOf(req), 'account.emailBound');
  });
}

/** The row of a user whose session was checked, or a "999" error (the account is gone). */
export async function userOf(ctx: AppContext, userId: number) {
  const user = await userById(ctx.db, userId);
  if (user === null) throw new ApiError('auth.loginAgain', {}, '999');
  return user;
}
