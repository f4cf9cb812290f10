// Hostile requests for the route fuzz test (fuzz.test.ts): fast-check arbitraries that build
// one HTTP request for a route, per class of attack. Every request carries every field name the
// server's schemas know (harvested from the source, so new fields are covered), each either
// absent, plausible (so the request gets past the first checks) or hostile for the class.
// fuzz-poisons.ts adds the deterministic sweep (one poison in every field of its kind);
// fuzz-wire.ts turns a request into `inject` options.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { CURRENCY_ID } from '../fixtures.ts';
import type { Body, FuzzRequest } from './fuzz-wire.ts';
import { BOUNDARY, cutForUrl, encode, formText, Literal, multipart } from './fuzz-wire.ts';

export const FUZZ_CLASSES = [
  'types',
  'numbers',
  'text',
  'long',
  'bodies',
  'auth',
  'random-ids',
  'victim-ids',
  'operator',
] as const;
export type FuzzClass = (typeof FUZZ_CLASSES)[number];

/** What the classes need to know about the server under test. */
export interface FuzzWorld {
  fields: readonly string[];
  /** Attacker A's live token. */
  token: string;
  /** A token that expired (another user). */
  expiredToken: string;
  adminHeader: string;
  adminToken: string;
  /** Ids of the victim B's records (orders, positions, addresses, deposits, loans…). */
  victimIds: readonly number[];
  /** Names of B's uploaded images. */
  victimUploads: readonly string[];
}

/**
 * Field names of every `z.object({...})` in the given source folders (the server's, and the wire
 * declarations' where the routes' request schemas live: src/shared/wire, ADR 0048), plus the
 * query reads.
 */
export function harvestFieldNames(...dirs: string[]): string[] {
  const names = new Set<string>(['lang', 'running', 'text', 'to', 'file']);
  for (const file of dirs.flatMap((dir) => sourceFiles(dir))) {
    const src = readFileSync(file, 'utf8');
    for (const block of src.matchAll(/z\.object\(\{([\s\S]*?)\}\)/g)) {
      for (const m of (block[1] ?? '').matchAll(/(?:^|[{,\s])([a-z_][A-Za-z0-9_]*)\s*:/g)) {
        if (m[1] !== undefined) names.add(m[1]);
      }
    }
  }
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const ID_FIELD = /(^|_)id$|^currency$|^legal$|^order$/;
const AMOUNT_FIELD = /price|num|number|amount|money|share|rate|total|income|age|limit|page/;
const CHOICE_FIELD = /type|mode|side|status|way|period|field|multiple|seconds|day|is_|state/;

const plausibleId = fc.constantFrom('1', '2', '3', '4', '5');
const plausibleAmount = fc.constantFrom('0.001', '0.5', '1', '10', '100', '1000');
const plausibleChoice = fc.constantFrom(
  '0',
  '1',
  '2',
  'in',
  'out',
  'buy',
  'sell',
  'change',
  'lever',
  'legal',
  'micro',
  'ali_pay',
  'bank',
  '1min',
  '30',
  '60',
);
const plausibleText = fc.constantFrom(
  'Ada',
  '1 Example Street',
  'ada@example.com',
  '+44 20 7946 0958',
  'BTC',
  'USDT',
  'BTC/USDT',
  'true',
  'en',
  '0xabc',
);

/** USDT is the quote currency of every listed pair: legal ids that open pairs (BTC at times). */
const USDT = String(CURRENCY_ID.USDT);
const plausibleLegal = fc.constantFrom(USDT, USDT, USDT, String(CURRENCY_ID.BTC));

export type FieldKind = 'id' | 'amount' | 'choice' | 'text';

/** What a field holds, guessed from its name (ids first: `currency_id` is an id). */
export function kindOf(field: string): FieldKind {
  if (ID_FIELD.test(field)) return 'id';
  if (AMOUNT_FIELD.test(field)) return 'amount';
  if (CHOICE_FIELD.test(field)) return 'choice';
  return 'text';
}

const PLAUSIBLE: Record<FieldKind, fc.Arbitrary<string>> = {
  id: plausibleId,
  amount: plausibleAmount,
  choice: plausibleChoice,
  text: plausibleText,
};

export function plausibleFor(field: string): fc.Arbitrary<string> {
  if (/^legal(_id)?$/.test(field)) return plausibleLegal;
  return PLAUSIBLE[kindOf(field)];
}

const HUGE = '9'.repeat(400);
const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '1e309',
    '-1e309',
    '1e40',
    '1' + '0'.repeat(40),
    '-1',
    '-0',
    '-0.000000000000000000001',
    '1e-30',
    '1E3',
    '0.1e1',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '0b1',
    '1_000',
    '1,5',
    ' 1 ',
    '+1',
    '.5',
    '5.',
    '00001',
    '١٢٣',
    '１２３',
    HUGE,
    `0.${'0'.repeat(300)}1`,
    '2147483648',
    '-2147483649',
    '9007199254740993',
  ),
  fc.constantFrom('1e309', '-1e309', '1e40', HUGE, '-0', '1E-400').map((t) => new Literal(t)),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
);

const hostileType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(deepArray(400)),
  fc.constant(JSON.parse('{"__proto__":{"polluted":1}}') as unknown),
  fc.constant({ toString: 'x', valueOf: 'y', constructor: { prototype: { polluted: 1 } } }),
);

const hostileText: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '\u202eRTL override\u202c',
    'مرحبا بالعالم',
    'עברית',
    'zero\u200bwidth\u200d',
    'nul\u0000byte',
    'lone \ud800 surrogate',
    '🧨💸👩‍👩‍👧',
    'e\u0301\u0301\u0301',
    "'; DROP TABLE users; --",
    "' OR '1'='1",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '../../../../etc/passwd',
    '%00%2e%2e%2f',
    '{{7*7}}${7*7}',
    '\r\nX-Injected: 1',
    '',
    ' ',
  ),
);

const LONG = 100 * 1024;
const hostileLong: fc.Arbitrary<unknown> = fc.constantFrom(
  'a'.repeat(LONG),
  '9'.repeat(LONG),
  `1${'0'.repeat(LONG)}`,
  '\u202e'.repeat(LONG / 3),
  'é'.repeat(LONG / 2),
  '<'.repeat(LONG),
);

const randomId: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -5, max: 60 }).map(String),
  fc.integer({ min: -(2 ** 31) - 1, max: 2 ** 31 }),
  fc.constantFrom('1.5', '-1', '0', '2147483648', '99999999999999999999', '1e3', 'abc', ''),
);

function deepArray(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** The hostile value for a field, or undefined when the class keeps fields plausible. */
function hostileFor(cls: FuzzClass, field: string, w: FuzzWorld): fc.Arbitrary<unknown> | null {
  switch (cls) {
    case 'types':
      return hostileType;
    case 'numbers':
      return hostileNumber;
    case 'text':
      return hostileText;
    case 'long':
      return hostileLong;
    case 'random-ids':
      return ID_FIELD.test(field) ? randomId : null;
    case 'victim-ids':
      return ID_FIELD.test(field) ? victimId(w) : null;
    case 'operator':
      return fc.oneof(hostileNumber, hostileText, hostileType, randomId);
    case 'bodies':
    case 'auth':
      return null;
  }
}

const victimId = (w: FuzzWorld) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...w.victimIds).map(String), weight: 3 },
    { arbitrary: fc.constantFrom(...w.victimIds), weight: 1 },
    { arbitrary: randomId, weight: 1 },
  );

const ABSENT = Symbol('absent');

/**
 * Every known field absent or plausible, then a few (sometimes many) of the fields the class
 * attacks made hostile: one bad field among good ones reaches past the first check.
 */
function fieldsArb(cls: FuzzClass, w: FuzzWorld): fc.Arbitrary<Record<string, unknown>> {
  const base: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of w.fields) {
    base[field] = fc.oneof(
      { arbitrary: fc.constant(ABSENT), weight: 1 },
      { arbitrary: plausibleFor(field), weight: 4 },
    );
  }
  const targets = w.fields.filter((f) => hostileFor(cls, f, w) !== null);
  const picked =
    targets.length === 0
      ? fc.constant<string[]>([])
      : fc.oneof(
          {
            arbitrary: fc.subarray(targets, {
              minLength: 1,
              maxLength: Math.min(3, targets.length),
            }),
            weight: 4,
          },
          { arbitrary: fc.subarray(targets), weight: cls === 'long' ? 0 : 1 },
        );
  const hostile = picked.chain((keys) =>
    fc.tuple(...keys.map((k) => hostileFor(cls, k, w) ?? fc.constant(ABSENT))).map((values) => {
      const out: Record<string, unknown> = {};
      keys.forEach((k, i) => (out[k] = values[i]));
      return out;
    }),
  );
  return fc.tuple(fc.record(base), hostile).map(([b, h]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries({ ...b, ...h })) if (v !== ABSENT) out[k] = v;
    return out;
  });
}

function tokenArb(cls: FuzzClass, w: FuzzWorld): fc.Arbitrary<string | null> {
  if (cls !== 'auth') {
    return fc.oneof({ arbitrary: fc.constant(w.token), weight: 4 }, fc.constant(null));
  }
  return fc.oneof(
    fc.constant(null),
    fc.constantFrom('', ' ', 'null', 'undefined', `Bearer ${w.token}`, w.expiredToken),
    fc.constantFrom(w.token.toUpperCase(), ` ${w.token} `, `${w.token}0`, w.token.slice(1)),
    fc.stringMatching(/^[0-9a-f]{32}$/),
    fc.string({ unit: 'binary-ascii', maxLength: 64 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    fc.constant('f'.repeat(8192)),
  );
}

/** Bodies that are hostile in themselves: broken, mistyped, mislabeled, polluting. */
function hostileBody(fields: Record<string, unknown>): fc.Arbitrary<Body> {
  const raw = (contentType: string | null, payload: string | Buffer): Body => ({
    kind: 'raw',
    contentType,
    payload,
  });
  return fc.oneof(
    fc.constantFrom(
      raw('application/json', ''),
      raw('application/json', '{'),
      raw('application/json', '[1,2,3]'),
      raw('application/json', '"text"'),
      raw('application/json', '42'),
      raw('application/json', 'null'),
      raw('application/json', '{"__proto__":{"polluted":1},"id":"1"}'),
      raw('application/json', '{"constructor":{"prototype":{"polluted":1}}}'),
      raw('application/json; charset=utf-16', '{"id":"1"}'),
      raw('application/x-www-form-urlencoded', '__proto__[polluted]=1&id=1&id=2&id[]=3'),
      raw('application/x-www-form-urlencoded', '%%%&&&==='),
      raw('text/plain', 'id=1'),
      raw('application/xml', '<a>1</a>'),
      raw('multipart/form-data', 'no boundary'),
      raw(`multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nbroken`),
      raw(null, 'id=1'),
    ),
    fc
      .uint8Array({ maxLength: 64 })
      .map((b) =>
        raw(`multipart/form-data; boundary=${BOUNDARY}`, multipart(fields, Buffer.from(b))),
      ),
    fc.constant(raw(`multipart/form-data; boundary=${BOUNDARY}`, multipart(fields, null))),
    fc.constant(raw('application/json', JSON.stringify(fields))),
  );
}

function bodyArb(cls: FuzzClass, method: string, fields: Record<string, unknown>) {
  if (cls === 'bodies') return hostileBody(fields);
  if (method === 'GET' || method === 'HEAD') return fc.constant<Body>({ kind: 'none' });
  return fc.constantFrom<Body>(
    { kind: 'json', value: fields },
    { kind: 'form', value: fields },
    { kind: 'none' },
  );
}

/** One request for `route` (pattern with `:params`) in class `cls`. */
export function requestArb(
  cls: FuzzClass,
  route: { method: string; url: string },
  w: FuzzWorld,
): fc.Arbitrary<FuzzRequest> {
  const params = paramsOf(route.url);
  const paramArb =
    cls === 'victim-ids' && w.victimUploads.length > 0
      ? fc.constantFrom(...w.victimUploads)
      : fc.oneof(hostileText.map(formText), fc.constantFrom('0'.repeat(32) + '.png', '1', ''));
  return fc
    .record({
      fields: fieldsArb(cls, w),
      token: tokenArb(cls, w),
      lang: fc.constantFrom('en', 'zh', 'ru', 'xx', '', 'EN'),
      params: fc.array(paramArb, { minLength: params.length, maxLength: params.length }),
      inQuery: fc.boolean(),
    })
    .chain((r) =>
      bodyArb(cls, route.method, r.fields).map((body): FuzzRequest => {
        const path = pathWith(route.url, r.params);
        const headers: Record<string, string> = { lang: r.lang };
        if (r.token !== null) headers.authorization = r.token;
        if (cls === 'operator') headers[w.adminHeader] = w.adminToken;
        const query = body.kind === 'none' || r.inQuery ? cutForUrl(r.fields) : {};
        return { method: route.method, path, query, body, headers };
      }),
    );
}

/** The `:name` parameters of a route pattern. */
export function paramsOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
}

/** The pattern with its parameters filled in (percent-encoded), in order. */
export function pathWith(url: string, values: readonly unknown[]): string {
  let path = url;
  paramsOf(url).forEach((p, i) => {
    path = path.replace(`:${p}`, encode(formText(values[i] ?? '')));
  });
  return path;
}
