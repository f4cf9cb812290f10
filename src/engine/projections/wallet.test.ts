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
        (events, name) => {
          const s = foldAll(initialWalletState, events);
          const end = foldWallet(s, {
            seq,
            at: 1,
            kind: 'system',
            name: 'engine.boot',
            body: { app: '' },
          });
          const other = foldWallet(
            s,
            name === 'engine.boot'
              ? { seq, at: 1, kind: 'system', name, body: { app: '' } }
              : name === 'session.logout'
                ? { seq, at: 1, kind: 'command', name, body: {} }
                : { seq, at: 1, kind: 'reply', name, body: {} },
          );
          expect(end.view).toBe(initialWalletView);
          expect(other.view).toBe(initialWalletView);
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
          expect(listed).toEqual(fresh);
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
