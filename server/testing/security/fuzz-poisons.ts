// The deterministic half of the route fuzz: each poison goes into EVERY field of its kind at
// once, the other fields plausible and all present, with the attacker's token. The random
// classes (fuzz-inputs.ts) make one to three fields hostile; this sweep makes sure that each
// poison reaches each route's storing and arithmetic code with everything else valid (a NUL in
// a payout name reached the database only this way).
import fc from 'fast-check';
import type { FieldKind, FuzzWorld } from './fuzz-inputs.ts';
import { kindOf, paramsOf, pathWith, plausibleFor } from './fuzz-inputs.ts';
import type { Body, FuzzRequest } from './fuzz-wire.ts';
import { cutForUrl, Literal } from './fuzz-wire.ts';

export interface Poison {
  name: string;
  kinds: readonly FieldKind[];
  value: unknown;
}

const LONG = 100 * 1024;
const EVERY: readonly FieldKind[] = ['id', 'amount', 'choice', 'text'];
const NUMERIC: readonly FieldKind[] = ['id', 'amount'];

export const POISONS: readonly Poison[] = [
  { name: 'NUL', kinds: EVERY, value: 'a\u0000b' },
  { name: 'lone surrogate', kinds: ['text'], value: 'x\ud800y' },
  { name: 'bidi override', kinds: ['text'], value: '\u202eevil' },
  { name: 'SQL', kinds: EVERY, value: "1' OR '1'='1" },
  { name: 'XSS', kinds: ['text'], value: '<img src=x onerror=alert(document.cookie)>' },
  { name: '100 KB', kinds: ['text'], value: 'a'.repeat(LONG) },
  { name: 'negative', kinds: NUMERIC, value: '-1' },
  { name: 'minus zero', kinds: NUMERIC, value: '-0' },
  { name: 'exponent', kinds: NUMERIC, value: '1e3' },
  { name: 'tiny exponent', kinds: ['amount'], value: '1e-30' },
  { name: 'NaN', kinds: NUMERIC, value: 'NaN' },
  { name: 'Infinity', kinds: NUMERIC, value: 'Infinity' },
  { name: '1e309 literal', kinds: NUMERIC, value: new Literal('1e309') },
  { name: '400 digits', kinds: NUMERIC, value: '9'.repeat(400) },
  { name: '300 decimals', kinds: ['amount'], value: `0.${'0'.repeat(300)}1` },
  { name: 'int32 overflow', kinds: ['id'], value: '2147483648' },
  { name: 'fraction id', kinds: ['id'], value: '1.5' },
  { name: 'array', kinds: EVERY, value: ['1', '2'] },
  { name: 'object', kinds: EVERY, value: { toString: '1' } },
  { name: 'null', kinds: EVERY, value: null },
  { name: 'boolean', kinds: EVERY, value: true },
];

/** The route's request with `poison` in every field of its kinds, `numRuns` plausible bases. */
export function poisonArb(
  route: { method: string; url: string },
  w: FuzzWorld,
  poison: Poison,
): fc.Arbitrary<FuzzRequest> {
  const base: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of w.fields) {
    base[field] = poison.kinds.includes(kindOf(field))
      ? fc.constant(poison.value)
      : plausibleFor(field);
  }
  const params = paramsOf(route.url).map(() => poison.value);
  const get = route.method === 'GET' || route.method === 'HEAD';
  return fc.record(base).map((fields): FuzzRequest => {
    const body: Body = get ? { kind: 'none' } : { kind: 'json', value: fields };
    return {
      method: route.method,
      path: pathWith(route.url, params),
      query: get ? cutForUrl(fields) : {},
      body,
      headers: { lang: 'en', authorization: w.token },
    };
  });
}
