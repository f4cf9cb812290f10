// A button busy with its request keeps the keyboard focus (issue 41, ADR 0046): it is never
// `disabled` for being busy, only aria-disabled and aria-busy; `disabled` is kept for another
// reason. And no screen goes back to `disabled={busy}`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { busyProps } from './busy-button.ts';

const button = (props: object): string =>
  renderToStaticMarkup(createElement('button', { type: 'submit', ...props }, 'Send'));

describe('busyProps', () => {
  it('a busy button stays focusable: aria-disabled and aria-busy, not disabled', () => {
    expect(busyProps(true)).toEqual({
      disabled: false,
      'aria-disabled': true,
      'aria-busy': true,
    });
    const html = button(busyProps(true));
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toMatch(/\sdisabled=""/);
  });

  it('an idle button is plain', () => {
    const html = button(busyProps(false));
    expect(html).toContain('aria-disabled="false"');
    expect(html).not.toMatch(/\sdisabled=""/);
  });

  it('another reason still disables it, busy or not', () => {
    for (const busy of [false, true]) {
      const props = busyProps(busy, true);
      expect(props.disabled).toBe(true);
      expect(props['aria-disabled']).toBe(true);
      expect(props['aria-busy']).toBe(busy);
      expect(button(props)).toMatch(/\sdisabled=""/);
    }
  });
});

describe('the screens', () => {
  it('no button in src/ui is disabled because it is busy or pending', () => {
    const root = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      // `disabled={busy}`, `disabled={form.busy || coin === null}`, `disabled={p.busy}`, …
      for (const m of text.matchAll(/(?<![-\w])disabled=\{([^}]*)\}/g)) {
        if (/\b(busy|pending|submitting)\b/i.test(m[1] ?? ''))
          offenders.push(`${relative(root, file)}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.tsx') ? [path] : [];
  });
}
