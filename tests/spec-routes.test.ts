// Issue 9: every route the two specs name is served by a real screen or a deliberate redirect to
// one. The lists are copied from trading-c2c-market.md §2 ("Routes linked from the header",
// "Other routes and names") and wallet-account-earn.md §2 ("Top-level paths", "Account area",
// "Assets area"); the specs live outside the repository, so the test carries them.
import type * as React from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('react', async (orig) => {
  const react = await orig<typeof React>();
  return { ...react, lazy: () => () => null };
});

const { ROUTES } = await import('../src/ui/routes.tsx');

const TRADING_HEADER = [
  '/',
  '/home',
  '/dealCenter',
  '/legalTrade',
  '/leverdealCenter',
  '/secondDealCenter',
  '/lock',
  '/loan',
  '/finance',
  '/upstart',
];
const TRADING_OTHER = [
  '/components/login',
  '/components/register',
  '/forgetPwd',
  '/userSetting',
  '/authentication',
  '/c2c',
  '/c2cRelease',
  '/c2cDetail',
  '/c2cOrder',
  '/c2cTrade',
  '/allTransaction',
  '/leverList',
  '/leverTransactions',
  '/leverTransaction',
  '/leverRecord',
  '/transferRecord',
  '/quotation',
  '/noticeList',
  '/components/noticeDetail',
  '/success',
  '/match',
  '/fiatradCenter',
  '/bindEmail',
];
const WALLET_TOP = [
  '/components/login',
  '/forgetPwd',
  '/resetPwd',
  '/components/register',
  '/upstart',
  '/lock',
  '/loan',
  '/lever_manger',
  '/finanrec',
  '/withdraw_address',
  '/setCash',
  '/bindEmail',
  '/quotation',
];
const ACCOUNT = [
  'accountCenter',
  'accountEntrust',
  'accountMessage',
  'accountSet',
  'recharge',
  'coinRecord',
  'rechargeMoney',
  'aceite',
  'region',
  'chargeRecord',
  'transferLog',
  'userSetting',
  'authentication',
  'payment',
].map((s) => `/account/${s}`);
const ASSETS = [
  'finance',
  'letransactions',
  'transfer',
  'lever',
  'change',
  'legal',
  'legalAccount',
  'changeAccount',
  'transferLegal',
].map((s) => `/new_account/${s}`);
const NAMED = [
  'login',
  'register',
  'accountSet',
  'transferLog',
  'authentication',
  'transferLegal',
  'noticeDetail',
  'userSetting',
  'allTransaction',
  'leverList',
  'leverTransactions',
];
/** The two area roots (`/account`, `/new_account`) are named as areas: they lead to a screen. */
const SPEC_PATHS = [
  ...new Set([
    ...TRADING_HEADER,
    ...TRADING_OTHER,
    ...WALLET_TOP,
    ...ACCOUNT,
    ...ASSETS,
    '/account',
    '/new_account',
  ]),
];

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
