// The wire's field forms (api-contract decision 8), shared by the declarations of wire/*.ts: the
// reference server parses requests with them and checks its replies against them, the engine
// parses replies with them. They accept what the legacy backend sends (decimals as strings or
// numbers, integers possibly as strings) and give one form.
import { z } from 'zod';
import { decStr, type DecStr } from '../decimal.ts';

/** A wire decimal (string or number) → canonical DecStr. */
export const wireDecimal = z.union([z.string(), z.number()]).transform((value, ctx): DecStr => {
  const d = decStr(value);
  if (d === null) {
    ctx.addIssue({ code: 'custom', message: `not a decimal: ${String(value).slice(0, 40)}` });
    return z.NEVER;
  }
  return d;
});

/** A wire integer (a number, or a string of digits) → a safe integer. */
export const wireInt = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/)])
  .transform((v, ctx): number => {
    const n = Number(v);
    if (Number.isSafeInteger(n)) return n;
    ctx.addIssue({ code: 'custom', message: `not a safe integer: ${String(v).slice(0, 40)}` });
    return z.NEVER;
  });

/** A reply's text: a string or a number, absent or null read as empty. */
export const wireText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === undefined || v === null ? '' : String(v)))
  .describe('text');

/** A request's text field: a trimmed string of at most `max` characters; a JSON number too. */
export const text = (max = 200) =>
  z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().trim().max(max))
    .describe(`text ≤ ${max}`);

/** A request's row id: 1 to 2^31 − 1, as digits or a JSON number. */
export const rowId = z
  .union([z.string(), z.number().transform(String)])
  .pipe(z.string().regex(/^\d{1,10}$/))
  .transform(Number)
  .refine((n) => n >= 1 && n <= 2_147_483_647)
  .describe('id');

/** A request's page number: a whole number from 1 (default 1). */
export const pageNumber = z.coerce.number().int().positive().max(100_000).default(1);

/**
 * A request's page size (`limit`): a whole number, clamped to 1..max rather than refused, as the
 * legacy backend does (api-contract decision 11: its client asks for `limit=99999` to mean
 * "all"). An empty value means the default; anything else that is not a whole number is refused.
 */
export const pageLimit = (max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .default(fallback)
      .transform((n) => Math.min(max, Math.max(1, n))),
  );
