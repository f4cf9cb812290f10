// A repayment quote at the edge (issue 20, ADR 0023): the figures arrive as exact decimal
// strings, and the time it holds is the server's (expiry − server time), so a page whose clock
// is off still counts down the minute the server gives.
import { describe, expect, it } from 'vitest';
import { loanQuoteReply } from './earn-schemas.ts';

const wire = {
  id: 7,
  order_id: 3,
  coin: 'btc',
  currency: 'BTC',
  repayment_amount: '1030',
  price: '69211.5',
  amount: '0.014882',
  address: 'bc1qexample',
  expires_at: 1_900_000_060_000,
  server_time: 1_900_000_000_000,
  ttl: 60,
};

describe('loanQuoteReply', () => {
  it('reads the quote with exact figures and the server’s time left', () => {
    expect(loanQuoteReply.parse(wire)).toEqual({
      id: 7,
      orderId: 3,
      coin: 'btc',
      currency: 'BTC',
      owed: '1030',
      price: '69211.5',
      amount: '0.014882',
      address: 'bc1qexample',
      leftMs: 60_000,
      ttlSeconds: 60,
    });
  });

  it('never counts a negative time, and refuses what is not a quote', () => {
    expect(loanQuoteReply.parse({ ...wire, server_time: wire.expires_at + 5 }).leftMs).toBe(0);
    expect(loanQuoteReply.safeParse({ ...wire, coin: 'doge' }).success).toBe(false);
    expect(loanQuoteReply.safeParse({ ...wire, amount: 'abc' }).success).toBe(false);
    const { id: _id, ...noId } = wire;
    expect(loanQuoteReply.safeParse(noId).success).toBe(false);
  });
});
