import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ingestPush, parseEdge } from './ingest.ts';
import { quotationReply, userInfoReply } from './schemas.ts';

const daymarket = {
  type: 'daymarket',
  period: '1day',
  match_id: 1,
  currency_id: 2,
  currency_name: 'BTC',
  legal_id: 3,
  legal_name: 'USDT',
  symbol: 'BTC/USDT',
  open: '100',
  close: '101.50000000',
  high: 102,
  low: '99.0',
  volume: '12.3400',
  time: 1_700_000_000_000,
  change: '+1.5',
  now_price: '101.50000000',
  seq: 7,
  server_time: 1_700_000_000_123,
};

describe('ingest', () => {
  it('turns a daymarket push into market.daymarket with canonical decimals', () => {
    const event = ingestPush('daymarket', daymarket, 5);
    expect(event).toEqual({
      at: 5,
      kind: 'push',
      name: 'market.daymarket',
      body: {
        symbol: 'BTC/USDT',
        price: '101.5',
        change: '1.50',
        high: '102',
        low: '99',
        volume: '12.34',
        seq: 7,
        serverTime: 1_700_000_000_123,
      },
    });
  });

  it('accepts legacy string ids and a missing seq', () => {
    const event = ingestPush(
      'kline',
      { symbol: 'ETH/USDT', period: '1min', time: '1700000000000', close: 3 },
      1,
    );
    expect(event).toMatchObject({
      name: 'market.kline',
      body: { time: 1_700_000_000_000, close: '3', seq: null },
    });
  });

  it('turns a malformed push into one system.malformed event', () => {
    const event = ingestPush('daymarket', { ...daymarket, high: 'lots' }, 9);
    expect(event.kind).toBe('system');
    expect(event.name).toBe('system.malformed');
    expect(event.body).toMatchObject({ source: 'push:daymarket' });
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.string(), fc.anything(), (name, payload) => {
        const event = ingestPush(name, payload, 0);
        expect(['push', 'system']).toContain(event.kind);
      }),
    );
  });

  it('parses quotation groups into ticker seeds', () => {
    const parsed = parseEdge(
      quotationReply,
      [
        {
          id: 3,
          name: 'USDT',
          logo: '',
          is_legal: 1,
          is_display: 1,
          quotation: [
            {
              id: 1,
              legal_id: 3,
              currency_id: 2,
              legal_name: 'USDT',
              currency_name: 'BTC',
              logo: 'btc.png',
              now_price: '27000.10',
              change: '-0.5',
              high: '27100',
              low: '26000',
              volume: 10,
              is_display: 1,
              sort: 1,
            },
          ],
        },
      ],
      'test',
      0,
    );
    expect(parsed.ok && parsed.value[0]?.pairs[0]).toMatchObject({
      symbol: 'BTC/USDT',
      price: '27000.1',
      change: '-0.50',
      isDisplay: true,
    });
  });

  it('reports a malformed user/info as a system event, without throwing', () => {
    const parsed = parseEdge(userInfoReply, { account: 'x' }, 'reply:/api/user/info', 3);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.event).toMatchObject({ kind: 'system', name: 'system.malformed', at: 3 });
  });
});
