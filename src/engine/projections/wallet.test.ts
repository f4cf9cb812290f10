// Properties W1–W3 of projections/wallet.ts, and incremental = from scratch (CONVENTIONS 4).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import type { AccountName, AccountView, BalanceRowView } from '../api.ts';
import type { WalletBody } from '../events.ts';
import { foldWallet, initialWalletState, initialWalletView } from './wallet.ts';
import type { WalletEvent, WalletState } from './wallet.ts';

const dec = fc.integer({ min: 0, max: 10_000_000 }).map((n) => String(n / 100) as DecStr);
const row: fc.Arbitrary<BalanceRowView> = fc.record({
  currencyId: fc.integer({ min: 1, max: 20 }),
  name: fc.constantFrom('USDT', 'BTC', 'ETH', 'DOGE'),
  type: fc.constantFrom('usdt', 'btc', 'erc20'),
  isLegal: fc.boolean(),
  isLever: fc.boolean(),
  isMatch: fc.boolean(),
  isMicro: fc.boolean(),
  available: dec,
  locked: dec,
  usdtPrice: dec,
  cnyPrice: dec,
});
const account: fc.Arbitrary<AccountView> = fc.record({
  rows: fc.array(row, { maxLength: 5 }),
  totalUsdt: dec,
  totalCny: dec,
});
const body: fc.Arbitrary<WalletBody> = fc.record({
  fundingOpen: fc.boolean(),
  exRate: dec,
  accounts: fc.record({ legal: account, change: account, lever: account, micro: account }),
});
const at = fc.integer({ min: 1, max: 2_000_000_000_000 });
const seq = 0;
/** Two logins' tags (and older recordings' logins, with none). */
const tagArb = fc.constantFrom('t1', 't2');
const loginEvent = (t: number, restored: boolean, tag: string | undefined): WalletEvent => ({
  seq,
  at: t,
  kind: 'reply',
  name: 'session.login',
  body: tag === undefined ? { restored } : { restored, tag },
});
const boot: WalletEvent = { seq, at: 1, kind: 'system', name: 'engine.boot', body: { app: '' } };
const event: fc.Arbitrary<WalletEvent> = fc.oneof(
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('reply' as const),
    name: fc.constant('wallet.list' as const),
    body,
  }),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('reply' as const),
    name: fc.constant('wallet.failed' as const),
    body: fc.record({ message: fc.string({ maxLength: 20 }) }),
  }),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('command' as const),
    name: fc.constant('session.logout' as const),
    body: fc.constant({}),
  }),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('reply' as const),
    name: fc.constant('session.expired' as const),
    body: fc.constant({}),
  }),
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant('system' as const),
    name: fc.constant('engine.boot' as const),
    body: fc.constant({ app: '0.1.0' }),
  }),
  fc
    .record({ at, restored: fc.boolean(), tag: fc.option(tagArb, { nil: undefined }) })
    .map(({ at: t, restored, tag }) => loginEvent(t, restored, tag)),
);

const foldAll = (s: WalletState, events: WalletEvent[]): WalletState =>
  events.reduce(foldWallet, s);
const ACCOUNTS: AccountName[] = ['legal', 'change', 'lever', 'micro'];

describe('wallet projection', () => {
  it('W1 emptyWithoutSession', () => {
    fc.assert(
      fc.property(
        fc.array(event),
        fc.constantFrom('session.logout', 'session.expired', 'engine.boot'),
        fc.array(event.filter((e) => e.name !== 'session.login')),
        (events, name, after) => {
          const s = foldAll(initialWalletState, events);
          const booted = foldWallet(s, boot);
          const other = foldWallet(
            s,
            name === 'engine.boot'
              ? boot
              : name === 'session.logout'
                ? { seq, at: 1, kind: 'command', name, body: {} }
                : { seq, at: 1, kind: 'reply', name, body: {} },
          );
          expect(booted.view).toBe(initialWalletView);
          expect(other.view).toBe(initialWalletView);
          // with no login taken into use since, no list shows balances of the session before
          const later = foldAll(other, after);
          if (!after.some((e) => e.name === 'wallet.list'))
            expect(later.view.accounts).toBe(initialWalletView.accounts);
        },
      ),
    );
  });

  it('W2 lastReplyWins', () => {
    fc.assert(
      fc.property(
        fc.array(event),
        body,
        at,
        fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
        (before, b, t, failures) => {
          const s = foldAll(initialWalletState, before);
          const listed = foldWallet(s, { seq, at: t, kind: 'reply', name: 'wallet.list', body: b });
          const fresh = foldWallet(initialWalletState, {
            seq,
            at: t,
            kind: 'reply',
            name: 'wallet.list',
            body: b,
          });
          expect(listed.view).toEqual(fresh.view);
          expect(listed.view.loaded && !listed.view.held).toBe(true);
          const failed = failures.reduce(
            (acc, message) =>
              foldWallet(acc, {
                seq,
                at: t,
                kind: 'reply',
                name: 'wallet.failed',
                body: { message },
              }),
            listed,
          );
          expect(failed.view.accounts).toBe(listed.view.accounts);
          expect(failed.view.error).toBe(
            failures.length === 0 ? null : failures[failures.length - 1],
          );
        },
      ),
    );
  });

  it('W3 rowsBelongToTheirAccount', () => {
    fc.assert(
      fc.property(fc.array(event), (events) => {
        const { accounts } = foldAll(initialWalletState, events).view;
        for (const name of ACCOUNTS)
          for (const r of accounts[name].rows) {
            if (name === 'legal') expect(r.isLegal).toBe(true);
            if (name === 'lever') expect(r.isLever).toBe(true);
            if (name === 'micro') expect(r.isMicro).toBe(true);
          }
      }),
    );
  });

  it('W4 heldOnlyForItsLogin', () => {
    fc.assert(
      fc.property(
        fc.array(event),
        fc.boolean(),
        fc.option(tagArb, { nil: undefined }),
        at,
        (events, restored, tag, t) => {
          const before = foldAll(initialWalletState, events);
          const after = foldAll(before, [boot, loginEvent(t, restored, tag)]);
          const known = before.view.loaded || before.view.held;
          if (known && restored && tag !== undefined && before.tag === tag) {
            expect(after.view).toMatchObject({ held: true, loaded: false, at: before.view.at });
            expect(after.view.accounts).toBe(before.view.accounts);
          } else expect(after.view).toBe(initialWalletView);
          // held is never loaded, whatever the history
          const { view } = foldAll(initialWalletState, events);
          expect(view.held && view.loaded).toBe(false);
        },
      ),
    );
  });

  it('W4: a held view goes on failing and is replaced by the first list of its login', () => {
    const listed = foldWallet(foldWallet(initialWalletState, loginEvent(1, false, 't1')), {
      seq,
      at: 5_000,
      kind: 'reply',
      name: 'wallet.list',
      body: {
        fundingOpen: true,
        exRate: '7.1' as DecStr,
        accounts: {
          legal: { rows: [], totalUsdt: '0' as DecStr, totalCny: '0' as DecStr },
          change: { rows: [], totalUsdt: '12.5' as DecStr, totalCny: '88' as DecStr },
          lever: { rows: [], totalUsdt: '0' as DecStr, totalCny: '0' as DecStr },
          micro: { rows: [], totalUsdt: '0' as DecStr, totalCny: '0' as DecStr },
        },
      },
    });
    const held = foldAll(listed, [boot, loginEvent(9_000, true, 't1')]);
    expect(held.view).toMatchObject({ held: true, loaded: false, at: 5_000 });
    expect(held.view.accounts.change.totalUsdt).toBe('12.5');
    const failed = foldWallet(held, {
      seq,
      at: 9_100,
      kind: 'reply',
      name: 'wallet.failed',
      body: { message: 'network' },
    });
    expect(failed.view).toMatchObject({ held: true, error: 'network', at: 5_000 });
    // reloaded offline again: still the same figures, of the same time
    const again = foldAll(failed, [boot, loginEvent(20_000, true, 't1')]);
    expect(again.view).toMatchObject({ held: true, at: 5_000 });
    // another login (a different token) sees nothing of it; nor a fresh login of the same
    expect(foldAll(failed, [boot, loginEvent(20_000, true, 't2')]).view).toBe(initialWalletView);
    expect(foldAll(failed, [boot, loginEvent(20_000, false, 't1')]).view).toBe(initialWalletView);
    // a logout in between forgets it
    const out = foldWallet(failed, {
      seq,
      at: 9_200,
      kind: 'command',
      name: 'session.logout',
      body: {},
    });
    expect(foldAll(out, [boot, loginEvent(20_000, true, 't1')]).view).toBe(initialWalletView);
  });

  it('folding in chunks equals folding at once', () => {
    fc.assert(
      fc.property(fc.array(event), fc.nat(), (events, cut) => {
        const k = events.length === 0 ? 0 : cut % events.length;
        const once = foldAll(initialWalletState, events);
        const chunked = foldAll(foldAll(initialWalletState, events.slice(0, k)), events.slice(k));
        expect(chunked).toEqual(once);
      }),
    );
  });
});
