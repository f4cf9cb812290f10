// Issue 9: every route the two specs name (tests/spec-route-list.ts) is served by a real screen
// or a deliberate redirect to one.
import type * as React from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('react', async (orig) => {
  const react = await orig<typeof React>();
  return { ...react, lazy: () => () => null };
});

const { ROUTES } = await import('../src/ui/routes.tsx');
const { NAMED, SPEC_PATHS } = await import('./spec-route-list.ts');

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

/** The screen a path ends on, following redirects (at most a few hops, no loops). */
function servedBy(path: string): string | null {
  let r = byPath.get(path);
  for (let hops = 0; r !== undefined && hops < 4; hops++) {
    if (r.screen !== null) return r.path;
    r = r.redirect === undefined ? undefined : byPath.get(r.redirect);
  }
  return null;
}

describe('the spec routes', () => {
  it.each(SPEC_PATHS)('%s is served by a screen or a redirect to one', (path) => {
    expect(byPath.has(path), `${path} is missing from the router`).toBe(true);
    expect(servedBy(path), `${path} leads to no screen`).not.toBeNull();
  });

  it('gives every spec route name its route, on a screen', () => {
    for (const name of NAMED) {
      const r = ROUTES.find((x) => x.name === name);
      expect(r, name).toBeDefined();
      expect(r?.screen, name).not.toBeNull();
    }
  });

  it('redirects only to served routes, and only where the spec has no screen', () => {
    const redirects = ROUTES.filter((r) => r.screen === null);
    expect(redirects.map((r) => r.path).sort()).toEqual(
      ['/account', '/fiatradCenter', '/match', '/new_account'].sort(),
    );
    for (const r of redirects) expect(servedBy(r.redirect ?? '')).not.toBeNull();
  });
});
