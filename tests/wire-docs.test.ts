// docs/wire-calls.md is what the declarations say (scripts/wire-docs.ts), and every declared
// call stands once: one method and path, a route on the reference server.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wireDoc, WIRE_DOC } from '../scripts/wire-docs.ts';
import { CALLS } from '../src/shared/wire/index.ts';

describe('the declared calls', () => {
  it('docs/wire-calls.md is generated from them (npm run docs:wire)', () => {
    expect(readFileSync(WIRE_DOC, 'utf8')).toBe(wireDoc());
  });

  it('each method and path is declared once', () => {
    const keys = CALLS.map(({ call }) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(0);
  });
});
