// The wallet list at the edge: the currency's decimals (extension, issue 20) reach the rows the
// amount fields use, and a list without them (a legacy server, a recorded session) gives rows
// exactly as before, so recorded fixtures keep their hashes.
import { describe, expect, it } from 'vitest';
import { walletListWire, walletRowWire } from '../testing/wallet-list.ts';
import { walletListReply } from './wallet-schemas.ts';

const item = walletRowWire;
const list = (extra: Record<string, unknown>) => walletListWire(extra);

describe('walletListReply', () => {
  it('carries the currency’s decimals into the row', () => {
    const r = walletListReply.parse(list({ decimals: 6 }));
    expect(r.accounts.change.rows[0]?.decimals).toBe(6);
    expect(r.accounts.change.rows[0]?.available).toBe('15999.999999999');
  });

  it('adds no key when the server does not say (legacy lists, recordings)', () => {
    const row = walletListReply.parse(list({})).accounts.change.rows[0];
    expect(row).toBeDefined();
    expect(Object.keys(row ?? {})).not.toContain('decimals');
  });

  it('reads the display totals as JSON numbers too (the reference server sends them so, issue 21)', () => {
    const r = walletListReply.parse({
      change_wallet: {
        balance: [item({})],
        totle: 115199.99,
        usdt_totle: 15999.99999999,
        CNY: 115199.99,
      },
      lever_wallet: { balance: [], totle: 0, usdt_totle: 1e-8, CNY: 0 },
      is_open_CTbi: '1',
    });
    expect(r.accounts.change.totalUsdt).toBe('15999.99999999');
    expect(r.accounts.change.totalCny).toBe('115199.99');
    expect(r.accounts.lever.totalUsdt).toBe('0.00000001');
    // the balances stay the exact strings they came as
    expect(r.accounts.change.rows[0]?.available).toBe('15999.999999999');
  });

  it('refuses decimals that no currency has', () => {
    expect(walletListReply.safeParse(list({ decimals: 40 })).success).toBe(false);
    expect(walletListReply.safeParse(list({ decimals: 1.5 })).success).toBe(false);
  });
});
