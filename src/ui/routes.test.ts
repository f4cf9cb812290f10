import type * as React from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('react', async (orig) => {
  const react = await orig<typeof React>();
  return { ...react, lazy: () => () => null };
});

const { ROUTES } = await import('./routes.tsx');
const { ROUTE_PATH } = await import('./route-paths.ts');
const { noticeTarget } = await import('./notices/notice-paths.ts');
const { NOTIFICATION_KIND_NAMES } = await import('../shared/notifications.ts');

describe('routes', () => {
  it('leads every kind of notification to a screen of its own subject (issue 41)', () => {
    const screens = new Set(ROUTES.filter((r) => r.screen !== null).map((r) => r.path));
    for (const kind of NOTIFICATION_KIND_NAMES)
      expect(screens.has(noticeTarget(kind)), `${kind} → ${noticeTarget(kind)}`).toBe(true);
    expect(noticeTarget('lever.liquidated')).toBe(ROUTE_PATH.leverList);
    expect(noticeTarget('spot.filled')).toBe(ROUTE_PATH.allTransaction);
  });

  it('has unique paths and names', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const names = ROUTES.flatMap((r) => (r.name ? [r.name] : []));
    expect(new Set(names).size).toBe(names.length);
  });

  it('maps the spec names to their paths', () => {
    for (const r of ROUTES) if (r.name) expect(ROUTE_PATH[r.name]).toBe(r.path);
    expect(Object.keys(ROUTE_PATH).length).toBe(ROUTES.filter((r) => r.name).length);
    expect(ROUTE_PATH.login).toBe('/components/login');
    expect(ROUTE_PATH.register).toBe('/components/register');
    expect(ROUTE_PATH.accountSet).toBe('/account/accountSet');
    expect(ROUTE_PATH.transferLegal).toBe('/new_account/transferLegal');
    expect(ROUTE_PATH.noticeDetail).toBe('/components/noticeDetail');
  });

  it('lets visitors reach home, auth, notices, quotation and upstart only (plus trading views)', () => {
    const open = ROUTES.filter((r) => !r.auth).map((r) => r.path);
    expect(open).toContain('/forgetPwd');
    expect(open).toContain('/upstart');
    expect(open).not.toContain('/finance');
    expect(ROUTES.find((r) => r.path === '/bindEmail')?.auth).toBe(true);
  });
});
