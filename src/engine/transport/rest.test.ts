import { describe, expect, it } from 'vitest';
import { createRestClient } from './rest.ts';
import { fakeFetch, ok } from '../testing/fakes.ts';

function client(routes: Parameters<typeof fakeFetch>[0], token: string | null = null) {
  const http = fakeFetch(routes);
  const expired: string[] = [];
  const rest = createRestClient({
    services: { fetch: http.fetch, clock: { now: () => 1234 } },
    baseUrl: '',
    lang: () => 'de',
    auth: () => ({ token, epoch: 0 }),
    onExpired: (path) => expired.push(path),
  });
  return { rest, http, expired };
}

describe('rest client', () => {
  it('sends form bodies, _timespan, the lang header and the raw token', async () => {
    const { rest, http } = client({ '/api/x': () => ok('fine') }, 'abc123token');
    const result = await rest.post('/api/x', { a: 'b c', n: 5, skip: undefined });
    expect(result).toEqual({ ok: true, message: 'fine' });
    const [req] = http.requests;
    expect(req?.url.searchParams.get('_timespan')).toBe('1234');
    expect(req?.headers.lang).toBe('de');
    expect(req?.headers.Authorization).toBe('abc123token');
    expect(req?.headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(req?.body?.toString()).toBe('a=b+c&n=5');
  });

  it('puts GET parameters in the query and sends no Authorization when logged out', async () => {
    const { rest, http } = client({ '/api/y': () => ok([]) });
    await rest.get('/api/y', { symbol: 'BTC/USDT' });
    expect(http.requests[0]?.url.searchParams.get('symbol')).toBe('BTC/USDT');
    expect(http.requests[0]?.headers.Authorization).toBeUndefined();
  });

  it('unwraps errors and compares codes loosely; 999 (string or number) reports expiry', async () => {
    const { rest, expired } = client({
      '/api/e': () => ({ type: 'error', message: 'nope' }),
      '/api/s': () => ({ type: '999', message: 'login again' }),
      '/api/n': () => ({ type: 999, message: 'login again' }),
    });
    expect(await rest.get('/api/e')).toEqual({
      ok: false,
      code: 'server',
      type: 'error',
      message: 'nope',
    });
    expect(await rest.get('/api/s')).toMatchObject({ ok: false, type: '999' });
    expect(await rest.get('/api/n')).toMatchObject({ ok: false, type: '999' });
    expect(expired).toEqual(['/api/s', '/api/n']);
  });

  it('turns a network failure, an HTTP error and invalid JSON into network results', async () => {
    const { rest } = client({
      '/api/500': () => new Response('x', { status: 500 }),
      '/api/bad': () => new Response('not json', { status: 200 }),
    });
    expect(await rest.get('/api/missing')).toMatchObject({ ok: false, code: 'network' });
    expect(await rest.get('/api/500')).toMatchObject({
      ok: false,
      code: 'network',
      message: 'HTTP 500',
    });
    expect(await rest.get('/api/bad')).toMatchObject({ ok: false, code: 'network' });
  });

  it('returns the kline envelope as JSON without unwrapping it', async () => {
    const { rest } = client({ '/api/k': () => ({ code: 1, msg: 'success', data: [] }) });
    expect(await rest.kline('/api/k', { symbol: 'BTC/USDT' })).toEqual({
      ok: true,
      json: { code: 1, msg: 'success', data: [] },
    });
  });
});
