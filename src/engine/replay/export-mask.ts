// What leaves the machine in an exported log (issue 5, "Secrets never leave"). Event bodies and
// projection states are walked by key: secrets (tokens, passwords, verification codes) are
// removed, personal identifiers (accounts, e-mails, phone numbers, bank, Alipay and WeChat
// accounts, card numbers) are masked with `maskAccount`. The engine never logs the secrets in
// the first place (CONTEXT.md pitfalls); this is the second line.
//
// Masking commutes with folding: maskAccount is idempotent and the session fold only copies or
// masks these fields, so replaying a masked file gives the masked live state (the property
// `maskCommutesWithFold` in export-mask.test.ts), and the export can state the hashes a replay
// must reproduce.
import { maskAccount } from '../projections/mask.ts';
import type { LogEvent } from '../../shared/log-event.ts';

const SECRET_KEYS = new Set(
  [
    'token',
    'accesstoken',
    'authorization',
    'password',
    'pwd',
    'passwd',
    'newpassword',
    'oldpassword',
    'confirmpassword',
    'paypassword',
    'pay_password',
    'code',
    'verifycode',
    'verify_code',
    'smscode',
    'emailcode',
    'captcha',
    'secret',
  ].map((k) => k.toLowerCase()),
);

const PERSONAL_KEYS = new Set(
  [
    'account',
    'maskedaccount',
    'email',
    'phone',
    'mobile',
    'bank_account',
    'bankaccount',
    'bank_card',
    'bankcard',
    'card_no',
    'cardno',
    'alipay',
    'alipay_account',
    'alipayaccount',
    'wechat',
    'wechat_account',
    'wechataccount',
    'weixin',
  ].map((k) => k.toLowerCase()),
);

export const isSecretKey = (key: string): boolean => SECRET_KEYS.has(key.toLowerCase());
export const isPersonalKey = (key: string): boolean => PERSONAL_KEYS.has(key.toLowerCase());

/** `value` with secrets removed and personal identifiers masked, at any depth (a copy). */
export function maskForExport(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskForExport);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (isSecretKey(key)) continue;
    out[key] = isPersonalKey(key) ? maskPersonal(v) : maskForExport(v);
  }
  return out;
}

export function maskEvent<E extends LogEvent>(event: E): E {
  return { ...event, body: maskForExport(event.body) };
}

/** A personal value: strings masked (an empty string stays empty), anything else walked. */
function maskPersonal(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? '' : maskAccount(value);
  if (typeof value === 'number') return maskAccount(String(value));
  return maskForExport(value);
}
