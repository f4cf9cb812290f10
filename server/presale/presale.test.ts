// GET /api/iepn: the seeded pre-sale (the spec's pie defaults), the operator's settings reflected,
// bad settings refused, remaining never below zero, only http(s) links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../config.ts';
import { get, post, startTestServer, type TestServer } from '../test-helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const set = (key: string, value: string) =>
  post(s, '/api/admin/setting', { key, value }, { 'x-admin-token': TEST_ADMIN_TOKEN });

describe('GET /api/iepn', () => {
  it('answers the seeded pre-sale without a login', async () => {
    expect(await get(s, '/api/iepn')).toEqual({
      type: 'ok',
      message: {
        name: 'BRS',
        total: '41802560',
        yfx: '1802560',
        sy: '40000000',
        price: '0.25',
        start: '2026-11-01 00:00:00',
        end: '2027-02-28 23:59:59',
        site_url: '',
        whitepaper_url: '',
      },
    });
  });

  it('follows the operator, refuses bad values and keeps remaining at zero or more', async () => {
    expect((await set('presale_issued', '2000000.5')).type).toBe('ok');
    expect((await set('presale_site_url', 'https://token.example/brs')).type).toBe('ok');
    expect((await set('presale_site_url', 'javascript:alert(1)')).type).toBe('error');
    expect((await set('presale_price', '-1')).type).toBe('error');
    expect((await set('presale_end', 'soon')).type).toBe('error');
    let m = (await get(s, '/api/iepn')).message as Record<string, string>;
    expect(m).toMatchObject({
      yfx: '2000000.5',
      sy: '39802559.5',
      site_url: 'https://token.example/brs',
    });
    expect((await set('presale_issued', '50000000')).type).toBe('ok');
    m = (await get(s, '/api/iepn')).message as Record<string, string>;
    expect(m).toMatchObject({ yfx: '41802560', sy: '0' });
  });
});
