// Every call the reference server answers under /api is declared once in src/shared/wire (ADR
// 0048), with the method it answers on; the development calls (/api/dev/*, DEV_ROUTES only,
// docs/api-extensions.md "Development-only") are the only ones outside the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '../../src/shared/wire/index.ts';
import { startTestServer, type TestServer } from '../testing/helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ devRoutes: true });
});
afterAll(() => s.close());

describe('the routes of the reference server', () => {
  it('are the declared calls, on the methods they declare', () => {
    const served = new Set(
      s.routes
        .filter((r) => (r.method === 'GET' || r.method === 'POST') && r.url.startsWith('/api/'))
        .filter((r) => !r.url.startsWith('/api/dev/'))
        .map((r) => `${r.method} ${r.url}`),
    );
    const declared = new Set(
      CALLS.flatMap(({ call }) =>
        [call.method, ...(call.also === undefined ? [] : [call.also])].map(
          (m) => `${m} ${call.path}`,
        ),
      ),
    );
    expect([...served].filter((r) => !declared.has(r)).sort()).toEqual([]);
    expect([...declared].filter((r) => !served.has(r)).sort()).toEqual([]);
  });
});
