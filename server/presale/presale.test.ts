// GET /api/iepn: the seeded pre-sale (the spec's pie defaults), the operator's settings reflected,
// bad settings refused, remaining never below zero, only http(s) links (or paths on this
// exchange), with the project's website and white paper set by default (issue 20 item 13);
// GET /api/iepn/whitepaper: the default white paper in the reader's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../config.ts';
import { get, post, startTestServer, type TestServer } from '../testing/helpers.ts';

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
        site_url: '/',
        whitepaper_url: '/api/iepn/whitepaper?lang=en',
      },
    });
  });

  it('links the white paper in the language the page asks in', async () => {
    const m = (await get(s, '/api/iepn', { lang: 'de' })).message as Record<string, string>;
    expect(m.whitepaper_url).toBe('/api/iepn/whitepaper?lang=de');
    expect(m.site_url).toBe('/');
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

  it('takes only http(s) URLs or paths on this exchange as links, "" hides one', async () => {
    for (const bad of [
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/brs',
      '/\\evil.example/brs',
      'https://user:pass@evil.example/',
      'ftp://token.example/brs.pdf',
      'https://token.example/white paper.pdf',
    ])
      expect((await set('presale_whitepaper_url', bad)).type, bad).toBe('error');
    expect((await set('presale_whitepaper_url', 'https://token.example/brs.pdf')).type).toBe('ok');
    expect((await set('presale_site_url', '')).type).toBe('ok');
    let m = (await get(s, '/api/iepn', { lang: 'ru' })).message as Record<string, string>;
    expect(m).toMatchObject({ site_url: '', whitepaper_url: 'https://token.example/brs.pdf' });
    expect((await set('presale_whitepaper_url', '/api/iepn/whitepaper')).type).toBe('ok');
    expect((await set('presale_site_url', '/')).type).toBe('ok');
    m = (await get(s, '/api/iepn', { lang: 'ru' })).message as Record<string, string>;
    expect(m).toMatchObject({ site_url: '/', whitepaper_url: '/api/iepn/whitepaper?lang=ru' });
  });
});

describe('GET /api/iepn/whitepaper', () => {
  const paper = async (query: string) => {
    const res = await fetch(`${s.url}/api/iepn/whitepaper${query}`);
    expect(res.status).toBe(200);
    return { res, html: await res.text() };
  };

  it('is an HTML page in the reader’s language with the pre-sale’s figures', async () => {
    expect((await set('presale_name', 'BRS')).type).toBe('ok');
    expect((await set('presale_issued', '1802560')).type).toBe('ok');
    const { res, html } = await paper('?lang=de');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Whitepaper zu BRS</h1>');
    expect(html).toContain('41.802.560 BRS');
    expect(html).toContain('40.000.000 BRS');
    expect(html).toContain('0,25 USDT');
    expect(html).toContain('Risiken');
    const en = (await paper('')).html;
    expect(en).toContain('<h1>BRS white paper</h1>');
    expect(en).toContain('41,802,560 BRS');
  });

  it('runs no script: its own CSP, and the operator’s text escaped', async () => {
    expect((await set('presale_name', '<script>alert(1)</script>')).type).toBe('ok');
    const { res, html } = await paper('?lang=en');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; white paper');
    expect((await set('presale_name', 'BRS')).type).toBe('ok');
  });
});
