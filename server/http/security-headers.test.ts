// Security headers on every kind of HTTP answer: the client's HTML (file and SPA fallback), a
// static asset, API calls (answer, error, unknown call), an upload and socket.io's own
// polling answers; and the page itself carries no inline script the policy would block.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/helpers.ts';
import { startTestServer } from '../testing/helpers.ts';
import { SOCKET_PATH } from '../socket/hub.ts';

let s: TestServer;
const dist = mkdtempSync(join(tmpdir(), 'bourse-csp-'));
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Bourse</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  s = await startTestServer({ distDir: dist, marketTimer: false });
});
afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  const out = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') out.set(name, sources);
  }
  return out;
}

function expectHardened(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  const policy = csp(res);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts).toEqual(["'self'"]);
  expect(scripts.join(' ')).not.toMatch(/unsafe-(inline|eval)/);
}

describe('security headers', () => {
  it('harden the HTML page, its SPA fallback and a static asset', async () => {
    for (const path of ['/', '/index.html', '/spot/BTC_USDT', '/assets/app.js']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      expectHardened(res);
    }
    const asset = await fetch(`${s.url}/assets/app.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('keep a hashed asset a year without asking again, and ask again for the page each time', async () => {
    const asset = await fetch(`${s.url}/assets/app.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/spot/BTC_USDT']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('harden API answers: success, error envelope and unknown call', async () => {
    const time = await fetch(`${s.url}/api/server/time`);
    expectHardened(time);
    const refused = await fetch(`${s.url}/api/user/info`);
    expect(await refused.json()).toMatchObject({ type: '999' });
    expectHardened(refused);
    const unknown = await fetch(`${s.url}/api/no/such/call`, { method: 'POST' });
    expect(unknown.status).toBe(200);
    expectHardened(unknown);
    const missingFile = await fetch(`${s.url}/assets/missing.js`);
    expectHardened(missingFile);
  });

  it('allow exactly what the built client needs: same-host sockets, module workers, images', async () => {
    const res = await fetch(`${s.url}/`);
    const policy = csp(res);
    const host = new URL(s.url).host;
    expect(policy.get('connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  });

  it('never copies a hostile Host header into the policy', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/server/time',
      headers: { host: "evil.example; script-src 'unsafe-inline'" },
    });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['content-security-policy']);
    expect(header).not.toContain('evil');
    expect(header).not.toContain('unsafe-inline');
  });

  it('harden socket.io polling answers too', async () => {
    const res = await fetch(`${s.url}${SOCKET_PATH}?EIO=4&transport=polling`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp(res).get('default-src')).toEqual(["'none'"]);
  });

  it('index.html runs no inline script (the theme bootstrap is a file under public/)', () => {
    const root = resolve(import.meta.dirname, '../..');
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs = '', body = ''] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    const boot = readFileSync(join(root, 'public', 'theme-boot.js'), 'utf8');
    expect(boot).toContain("getItem('night_mode')");
  });
});
