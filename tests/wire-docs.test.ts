// docs/wire-calls.md and the README's list of legacy calls are what the declarations say
// (scripts/wire-docs.ts); every declared call stands once; every legacy call the specs and the
// contract name is kept (declared) or says why not; every extension is written up in
// docs/api-extensions.md, and every call written up there is declared.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGACY_NAMED, LEGACY_NOT_KEPT } from '../scripts/legacy-calls.ts';
import { README, readmeWithLegacyList, wireDoc, WIRE_DOC } from '../scripts/wire-docs.ts';
import { CALLS } from '../src/shared/wire/index.ts';

const EXTENSIONS = resolve(import.meta.dirname, '..', 'docs', 'api-extensions.md');
const SERVER_MESSAGES = resolve(import.meta.dirname, '..', 'locales', 'server', 'en.json');

describe('the declared calls', () => {
  it('docs/wire-calls.md is generated from them (npm run docs:wire)', () => {
    expect(readFileSync(WIRE_DOC, 'utf8')).toBe(wireDoc());
  });

  it("the README's legacy list is generated from them (npm run docs:wire)", () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(readmeWithLegacyList(readme));
  });

  it('each method and path is declared once', () => {
    const keys = CALLS.flatMap(({ call }) =>
      [call.method, ...(call.also === undefined ? [] : [call.also])].map(
        (m) => `${m} ${call.path}`,
      ),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('every legacy call the specs name is kept or says why not, never both', () => {
    const declared = new Set(CALLS.map(({ call }) => call.path));
    const notKept = new Set(Object.keys(LEGACY_NOT_KEPT));
    expect(LEGACY_NAMED.filter((p) => !declared.has(p) && !notKept.has(p))).toEqual([]);
    expect(LEGACY_NAMED.filter((p) => declared.has(p) && notKept.has(p))).toEqual([]);
    expect([...notKept].filter((p) => !LEGACY_NAMED.includes(p))).toEqual([]);
  });

  it("a call declared 'legacy' is one the specs or the contract name", () => {
    const legacy = CALLS.filter(({ call }) => call.origin === 'legacy').map(
      ({ call }) => call.path,
    );
    expect(legacy.filter((p) => !LEGACY_NAMED.includes(p))).toEqual([]);
  });

  it('every extension is written up in docs/api-extensions.md, and every call there is declared', () => {
    const text = readFileSync(EXTENSIONS, 'utf8');
    const extensions = CALLS.filter(({ call }) => call.origin === 'extension').map(
      ({ call }) => call.path,
    );
    // a path parameter is written `<name>` in the document, `:name` in the declaration
    const asWritten = (p: string) => p.replace(/:([a-z_]+)/g, '<$1>');
    expect(extensions.filter((p) => !text.includes(asWritten(p)))).toEqual([]);
    const declared = new Set(CALLS.map(({ call }) => call.path));
    const written = new Set(
      [...text.matchAll(/`(?:GET|POST|ANY) (\/api\/[A-Za-z0-9_/.:<>-]+)/g)].map((m) =>
        (m[1] ?? '').replace(/<([a-z_]+)>/g, ':$1'),
      ),
    );
    expect(
      [...written].filter(
        (p) => !declared.has(p) && !p.startsWith('/api/dev/') && !(p in LEGACY_NOT_KEPT),
      ),
    ).toEqual([]);
  });

  it("every refusal a call declares is a message of the server's catalogue", () => {
    const messages = JSON.parse(readFileSync(SERVER_MESSAGES, 'utf8')) as Record<string, string>;
    const unknown = CALLS.flatMap(({ call }) =>
      call.errors.filter((id) => !(id in messages)).map((id) => `${call.path}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });
});
