// npm run docs:wire: writes docs/wire-calls.md, the table of every declared call (src/shared/wire,
// ADR 0048): method, path, who may call, where it is written, its request fields, its reply and
// its refusals, read from the declarations themselves. tests/wire-docs.test.ts fails when the
// committed file is not what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { z } from 'zod';
import type { Call } from '../src/shared/wire/call.ts';
import { CALLS } from '../src/shared/wire/index.ts';
import { wireDecimal, wireInt } from '../src/shared/wire/primitives.ts';
import { LEGACY_NAMED, LEGACY_NOT_KEPT } from './legacy-calls.ts';

export const WIRE_DOC = resolve(import.meta.dirname, '..', 'docs', 'wire-calls.md');
export const README = resolve(import.meta.dirname, '..', 'README.md');
const LEGACY_START = '<!-- legacy calls: written by npm run docs:wire -->';
const LEGACY_END = '<!-- end of legacy calls -->';

const NAMED = new Map<unknown, string>([
  [wireInt, 'int'],
  [wireDecimal, 'decimal'],
]);

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const inner = (s: z.ZodType | undefined, depth: number): string =>
  s === undefined ? 'any' : describe(s, depth);

/** How each kind of schema is said, by its zod definition's type. */
const SAY: Record<string, (d: Def, depth: number) => string> = {
  object: (d, depth) => {
    const fields = Object.entries(d.shape ?? {}).map(([k, v]) => `${k}: ${describe(v, depth + 1)}`);
    return fields.length === 0 ? '—' : `{${fields.join(', ')}}`;
  },
  array: (d, depth) => `${inner(d.element, depth)}[]`,
  optional: (d, depth) => `${inner(d.innerType, depth)} (optional)`,
  default: (d, depth) => `${inner(d.innerType, depth)} (optional)`,
  nullable: (d, depth) => `${inner(d.innerType, depth)} \\| null`,
  pipe: (d, depth) => inner(d.in, depth),
  union: (d, depth) => (d.options ?? []).map((o) => describe(o, depth)).join(' \\| '),
  enum: (d) => Object.values(d.entries ?? {}).join(' \\| '),
  literal: (d) => (d.values ?? []).map((v) => JSON.stringify(v)).join(' \\| '),
  unknown: () => 'any',
};

/** A schema in a few words: `int`, `decimal`, `text ≤ 40`, `above | below`, `{id, …}`, `T[]`. */
export function describe(schema: z.ZodType, depth = 0): string {
  const named = NAMED.get(schema) ?? schema.description;
  if (named !== undefined) return named;
  const d = defOf(schema);
  return SAY[d.type]?.(d, depth) ?? d.type;
}

/** Who may make a call, by its `auth`. */
const WHO: Record<Call['auth'], string> = {
  user: 'a logged-in user',
  visitor: 'anyone',
  operator: 'the operator (`x-admin-token`; `admin.forbidden` without)',
};

/** The markdown table of the declared calls. */
export function wireDoc(): string {
  const lines = [
    '# The declared calls',
    '',
    'Written by `npm run docs:wire` from the declarations in `src/shared/wire/` (ADR 0048); do not',
    'edit by hand (`tests/wire-docs.test.ts` fails when this file is not what they say). Types:',
    '`int` and `decimal` take a number or a string of digits (api-contract decision 8); `—` is no',
    "field. Refusals are message ids of the server catalogue, besides the envelope's own (999 for a",
    'logged-in call without a live session, `error.fieldRequired` / `error.fieldInvalid`).',
    '',
  ];
  let domain = '';
  for (const { domain: d, call } of CALLS) {
    if (d !== domain) {
      domain = d;
      lines.push(`## ${d}`, '');
    }
    lines.push(
      `### \`${call.method}${call.also === undefined ? '' : `, ${call.also}`} ${call.path}\``,
      '',
      call.summary,
      '',
      `- who: ${WHO[call.auth]}; written in: ${
        call.origin === 'legacy' ? 'the legacy contract' : 'docs/api-extensions.md'
      }`,
      `- request: ${describe(call.request)}`,
      `- reply: ${
        call.form === 'file'
          ? 'a file (bytes, its own content type)'
          : call.form === 'bare'
            ? `${describe(call.reply)} (the whole body, no envelope)`
            : describe(call.reply)
      }`,
      `- refusals: ${call.errors.length === 0 ? '—' : call.errors.map((e) => `\`${e}\``).join(', ')}`,
      '',
    );
  }
  return lines.join('\n');
}

/** The README's list of the legacy calls: the named ones kept (declared) and the ones not kept. */
export function legacyList(): string {
  const declared = new Map(CALLS.map(({ call }) => [call.path, call]));
  const kept = LEGACY_NAMED.filter((path) => declared.has(path)).map((path) => {
    const c = declared.get(path);
    return `\`${c?.method ?? ''}${c?.also === undefined ? '' : `/${c.also}`} ${path}\``;
  });
  const notKept = Object.entries(LEGACY_NOT_KEPT).map(([path, why]) => `- \`${path}\`: ${why}.`);
  return [
    LEGACY_START,
    '',
    `**Kept** (${kept.length} of the ${LEGACY_NAMED.length} calls the specs and the contract name; each`,
    'with its fields and refusals in [docs/wire-calls.md](docs/wire-calls.md)):',
    kept.join(', ') + '.',
    '',
    `**Not answered** (${notKept.length}):`,
    '',
    ...notKept,
    '',
    LEGACY_END,
  ].join('\n');
}

/** The README with its legacy list as the declarations say it. */
export function readmeWithLegacyList(readme: string): string {
  const start = readme.indexOf(LEGACY_START);
  const end = readme.indexOf(LEGACY_END);
  if (start < 0 || end < start) throw new Error(`README.md: no ${LEGACY_START} … ${LEGACY_END}`);
  return readme.slice(0, start) + legacyList() + readme.slice(end + LEGACY_END.length);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(WIRE_DOC, wireDoc());
  writeFileSync(README, readmeWithLegacyList(readFileSync(README, 'utf8')));
}
