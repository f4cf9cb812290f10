// locales/en.json is the source catalogue the other eight languages are translated from:
// every id must be used by the page (no dead strings to translate), and every message must
// be valid ICU.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';

const uiRoot = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('en.json', () => {
  const code = sources(uiRoot).join('\n');

  it('has no unused ids', () => {
    const unused = Object.keys(en).filter((id) => !code.includes(`'${id}'`));
    expect(unused).toEqual([]);
  });

  it('holds valid ICU messages', () => {
    for (const [id, message] of Object.entries(en)) {
      expect(() => new IntlMessageFormat(message, 'en'), id).not.toThrow();
    }
  });
});
