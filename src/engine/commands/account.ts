// Account commands (docs/api-extensions.md "Accounts"): send and check codes, register,
// log in, reset the password, bind an e-mail. Each validates with src/shared/validation.ts
// before any network call and logs only non-secret fields (never password, token or code).
import {
  validateBindEmail,
  validateForgetStep1,
  validateForgetStep2,
  validateLogin,
  validateRegister,
  validateSendCode,
} from '../../shared/validation.ts';
import type { AccountKind } from '../../shared/validation.ts';
import * as wire from '../../shared/wire/accounts.ts';
import type { RequestOut } from '../../shared/wire/call.ts';
import type {
  BindEmailCommand,
  CommandResult,
  ForgetCommand,
  LoginCommand,
  RegisterCommand,
  SendCodeInput,
} from '../api.ts';
import type { EngineContext } from '../context.ts';
import { textReply } from '../ingest/schemas.ts';
import { maskAccount } from '../projections/mask.ts';
import { adoptToken, refreshUserInfo } from '../session-actions.ts';
import { runCommand, toCommandResult } from './run-command.ts';

const text = (message: string): { message: string; data: undefined } => ({
  message,
  data: undefined,
});

export function sendCode(ctx: EngineContext, input: SendCodeInput): Promise<CommandResult> {
  const account = input.account.trim();
  return runCommand(ctx, {
    command: 'send-code',
    input,
    fields: {
      kind: input.kind,
      account: maskAccount(account),
      purpose: input.purpose,
      areaCode: input.areaCode,
    },
    validate: () => ({ account: validateSendCode({ kind: input.kind, account }) ?? undefined }),
    execute: async () => {
      const reply =
        input.kind === 'email'
          ? await ctx.rest.post(wire.sendMail.path, {
              user_string: account,
              type: input.purpose,
            } satisfies RequestOut<typeof wire.sendMail>)
          : await ctx.rest.post(wire.sendSms.path, {
              user_string: account,
              country_code: input.areaCode.replace(/^\+/, ''),
              type: input.purpose,
            } satisfies RequestOut<typeof wire.sendSms>);
      return toCommandResult(ctx, reply, textReply, 'reply:send-code', text);
    },
  });
}

export function checkCode(
  ctx: EngineContext,
  input: { kind: AccountKind; account: string; code: string },
): Promise<CommandResult> {
  const account = input.account.trim();
  return runCommand(ctx, {
    command: 'check-code',
    input,
    fields: { kind: input.kind, account: maskAccount(account) },
    validate: () => validateForgetStep1({ account, code: input.code }),
    execute: async () => {
      const reply =
        input.kind === 'email'
          ? await ctx.rest.post(wire.checkEmail.path, {
              user_string: account,
              email_code: input.code.trim(),
            } satisfies RequestOut<typeof wire.checkEmail>)
          : await ctx.rest.post(wire.checkMobile.path, {
              user_string: account,
              mobile_code: input.code.trim(),
            } satisfies RequestOut<typeof wire.checkMobile>);
      return toCommandResult(ctx, reply, textReply, 'reply:check-code', text);
    },
  });
}

export function register(ctx: EngineContext, cmd: RegisterCommand): Promise<CommandResult> {
  const account = cmd.account.trim();
  return runCommand(ctx, {
    command: 'register',
    input: cmd,
    fields: {
      kind: cmd.kind,
      account: maskAccount(account),
      areaCode: cmd.areaCode,
      countryId: cmd.countryId,
      invited: cmd.extensionCode !== '',
    },
    validate: () => validateRegister({ ...cmd, account }),
    execute: async () => {
      const reply = await ctx.rest.post(wire.register.path, {
        type: cmd.kind,
        user_string: account,
        code: cmd.code.trim(),
        password: cmd.password,
        re_password: cmd.confirm,
        extension_code: cmd.extensionCode.trim() === '' ? undefined : cmd.extensionCode.trim(),
        country_code: cmd.areaCode.replace(/^\+/, ''),
        area_code: cmd.countryId ?? undefined,
      } satisfies RequestOut<typeof wire.register>);
      return toCommandResult(ctx, reply, textReply, 'reply:register', text);
    },
  });
}

export function login(
  ctx: EngineContext,
  cmd: LoginCommand,
): Promise<CommandResult<{ userId: number }>> {
  const account = cmd.account.trim();
  return runCommand(ctx, {
    command: 'login',
    input: cmd,
    fields: { account: maskAccount(account), areaCodeId: cmd.areaCodeId },
    validate: () => validateLogin({ account, password: cmd.password }),
    secretReply: true,
    execute: async (): Promise<CommandResult<{ userId: number }>> => {
      const reply = await ctx.rest.post(wire.login.path, {
        user_string: account,
        password: cmd.password,
        type: 1,
        area_code_id: cmd.areaCodeId ?? undefined,
      } satisfies RequestOut<typeof wire.login>);
      const token = toCommandResult(ctx, reply, wire.login.reply, 'reply:login', (t) => ({
        message: '',
        data: t,
      }));
      if (!token.ok) return token;
      await adoptToken(ctx, token.data, false);
      const user = await refreshUserInfo(ctx);
      if (user === null) return { ok: false, code: 'network', message: 'user info unavailable' };
      return { ok: true, message: '', data: { userId: user.id } };
    },
  });
}

export function forget(ctx: EngineContext, cmd: ForgetCommand): Promise<CommandResult> {
  const account = cmd.account.trim();
  return runCommand(ctx, {
    command: 'forget',
    input: cmd,
    fields: { account: maskAccount(account) },
    validate: () => ({
      ...validateForgetStep1({ account, code: cmd.code }),
      ...validateForgetStep2(cmd),
    }),
    execute: async () => {
      const reply = await ctx.rest.post(wire.forget.path, {
        account,
        password: cmd.password,
        repassword: cmd.confirm,
        code: cmd.code.trim(),
      } satisfies RequestOut<typeof wire.forget>);
      return toCommandResult(ctx, reply, textReply, 'reply:forget', text);
    },
  });
}

export function bindEmail(ctx: EngineContext, cmd: BindEmailCommand): Promise<CommandResult> {
  const email = cmd.email.trim();
  return runCommand(ctx, {
    command: 'bind-email',
    input: cmd,
    fields: { email: maskAccount(email) },
    validate: () => validateBindEmail(cmd),
    execute: async () => {
      const body: RequestOut<typeof wire.bindEmail> = { email, code: cmd.code.trim() };
      const reply = await ctx.rest.post(wire.bindEmail.path, body);
      const result = toCommandResult(ctx, reply, textReply, 'reply:bind-email', text);
      if (result.ok) await refreshUserInfo(ctx);
      return result;
    },
  });
}
