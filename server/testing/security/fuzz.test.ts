// Hostile input against EVERY route of the reference server (the route table is collected
// with `onRoute`; a route the fuzz did not hit fails the test). Nine classes of attack
// (fuzz-inputs.ts), each a fast-check property per route, against one in-process server with
// an in-memory database: attacker A (rich, verified) attacks victim B, who holds one record of
// each kind, and bystander C, who has an open c2c deal with B (fuzz-world.ts).
//
// What every answer must be: HTTP status below 500; under /api a JSON body (the contract's
// envelope `{type, message}` or the legacy bare JSON of env.json and the kline call), except
// the two image answers and the pre-sale's white paper (HTML); `metrics.internalErrors` stays
// 0 (no route threw an unexpected error).
//
// The money rule, checked after each class:
// - every users_wallet row except A's is unchanged, field by field, and every row naming B or
//   C in any table (orders, positions, deposits, loans, deals, ads, addresses, uploads,
//   tokens, the users row) is unchanged;
// - every balance field of every user equals the sum of its account_log deltas and none is
//   negative (so whatever A's own legitimate calls did to A's money went through the ledger);
// - the operator class (the operator's real token) may take operator decisions on B's
//   records, so for it only the ledger rule is checked; it runs last.
import { scaled } from '../../../scripts/time-scale.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALLS } from '../../../src/shared/wire/index.ts';
import { ADMIN_HEADER } from '../../http/admin-auth.ts';
import { TEST_ADMIN_TOKEN } from '../../config.ts';
import type { TestServer } from '../helpers.ts';
import { startTestServer } from '../helpers.ts';
import { FUZZ_CLASSES, harvestFieldNames, requestArb } from './fuzz-inputs.ts';
import type { FuzzClass, FuzzWorld } from './fuzz-inputs.ts';
import { poisonArb, POISONS } from './fuzz-poisons.ts';
import type { FuzzRequest } from './fuzz-wire.ts';
import { toInject } from './fuzz-wire.ts';
import type { Party } from './fuzz-world.ts';
import {
  expiredToken,
  idsOf,
  ledgerProblems,
  makeAttacker,
  makeVictim,
  snapshotOf,
} from './fuzz-world.ts';

/** Generated requests per route and class (the reliability table counts routes × runs). */
const RUNS = 3;
const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };
/** Answers that are not JSON by design (two images and the pre-sale's HTML white paper). */
const BINARY_ROUTES = new Set(['/api/qrcode', '/api/upload/:name', '/api/iepn/whitepaper']);

let s: TestServer;
let world: FuzzWorld;
let victim: Party;
let bystander: Party;
let attacker: Party;
let before: Map<string, string>;
const dist = mkdtempSync(join(tmpdir(), 'bourse-fuzz-'));
const hit = new Set<string>();
const cases = new Map<FuzzClass | 'poisons', number>();

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Bourse</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  s = await startTestServer({
    distDir: dist,
    marketTimer: false,
    rateLimits: { login: UNLIMITED, codes: UNLIMITED, orders: UNLIMITED },
  });
  attacker = await makeAttacker(s);
  const b = await makeVictim(s);
  victim = b;
  bystander = b.bystander;
  world = {
    fields: harvestFieldNames(
      resolve(import.meta.dirname, '../..'),
      resolve(import.meta.dirname, '../../../src/shared/wire'),
    ),
    token: attacker.token,
    expiredToken: await expiredToken(s),
    adminHeader: ADMIN_HEADER,
    adminToken: TEST_ADMIN_TOKEN,
    victimIds: [...(await idsOf(s, victim.id)), ...(await idsOf(s, bystander.id))],
    victimUploads: b.uploads,
  };
  before = await untouchable();
  expect(await ledgerProblems(s)).toEqual([]);
}, 60_000);

afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
  const counts = [...cases].map(([cls, n]) => `${cls} ${n}`).join(', ');
  console.info(`route fuzz: ${s.routes.length} routes; cases per class: ${counts}`);
});

/** Everything A must not be able to change: B's and C's rows and everyone else's wallets. */
async function untouchable(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [who, id] of [
    ['B', victim.id],
    ['C', bystander.id],
  ] as const) {
    for (const [k, v] of await snapshotOf(s, id)) out.set(`${who} ${k}`, v);
  }
  const wallets = await s.ctx.db.query(
    'SELECT * FROM users_wallet WHERE user_id <> $1 ORDER BY user_id, currency_id',
    [attacker.id],
  );
  out.set('users_wallet of everyone but A', JSON.stringify(wallets));
  return out;
}

function changedKeys(a: Map<string, string>, b: Map<string, string>): string[] {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => a.get(k) !== b.get(k));
}

/** The route's answer is acceptable (see the header); returns a reason when it is not. */
function problemOf(route: string, req: FuzzRequest, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}`;
  const jsonExpected =
    req.path.startsWith('/api') && req.method !== 'HEAD' && !BINARY_ROUTES.has(route);
  return jsonExpected ? envelopeProblem(route, res) : null;
}

function envelopeProblem(route: string, res: LightMyRequestResponse): string | null {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content-type ${type}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null) return 'body is not an object';
  const envelope = 'type' in body && typeof body.type === 'string' && 'message' in body;
  const envJson = route === '/api/env.json' && 'socket_io_port' in body;
  const kline = 'code' in body && 'data' in body; // the kline call's legacy shape
  return envelope || envJson || kline ? null : `not an envelope: ${res.body.slice(0, 200)}`;
}

async function send(route: string, req: FuzzRequest): Promise<void> {
  const internalBefore = s.ctx.metrics.internalErrors;
  const res = await s.app.inject(toInject(req));
  if (route === '/api/dev/market') {
    // The fuzz may have started the simulator; hold the world still again.
    await s.app.inject({ method: 'POST', url: '/api/dev/market?running=0' });
  }
  const problem = problemOf(route, req, res);
  const internal = s.ctx.metrics.internalErrors - internalBefore;
  if (problem !== null || internal > 0) {
    const shown = JSON.stringify({ ...req, answer: res.body.slice(0, 300) }).slice(0, 2000);
    throw new Error(`${req.method} ${route}: ${problem ?? 'internal error'} — ${shown}`);
  }
}

async function fuzzClass(cls: FuzzClass): Promise<void> {
  let n = 0;
  for (const route of s.routes) {
    await fc.assert(
      fc.asyncProperty(requestArb(cls, route, world), async (req) => {
        await send(route.url, req);
        n += 1;
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    hit.add(`${route.method} ${route.url}`);
  }
  cases.set(cls, n);
}

/** One route per pattern for the poison sweep (GET or POST where the pattern has one). */
function routePerPattern(): Array<{ method: string; url: string }> {
  const out = new Map<string, { method: string; url: string }>();
  for (const r of s.routes) {
    const kept = out.get(r.url);
    if (kept === undefined || (kept.method !== 'GET' && kept.method !== 'POST')) out.set(r.url, r);
  }
  return [...out.values()];
}

async function poisonSweep(): Promise<void> {
  let n = 0;
  for (const route of routePerPattern()) {
    for (const poison of POISONS) {
      const [req] = fc.sample(poisonArb(route, world, poison), { numRuns: 1, seed: n });
      if (req === undefined) continue;
      await send(route.url, req);
      n += 1;
    }
  }
  cases.set('poisons', n);
}

describe('hostile input against every route', () => {
  it('collected the route table (static files and HEAD twins included)', () => {
    expect(s.routes.length).toBeGreaterThan(200);
    const urls = new Set(s.routes.map((r) => r.url));
    for (const url of ['/api/user/login', '/api/upload/:name', '/assets/app.js', '/'])
      expect(urls).toContain(url);
  });

  for (const cls of FUZZ_CLASSES.filter((c) => c !== 'operator')) {
    it(
      `${cls}: no crash, no 5xx, nothing of B, C or anyone else moves`,
      async () => {
        await fuzzClass(cls);
        expect(s.ctx.metrics.internalErrors).toBe(0);
        expect(changedKeys(before, await untouchable())).toEqual([]);
        expect(await ledgerProblems(s)).toEqual([]);
      },
      scaled(120_000),
    );
  }

  it(
    'poisons in every field of their kind: no crash, no 5xx, nothing of B, C or anyone else moves',
    async () => {
      await poisonSweep();
      expect(cases.get('poisons')).toBe(routePerPattern().length * POISONS.length);
      expect(changedKeys(before, await untouchable())).toEqual([]);
      expect(await ledgerProblems(s)).toEqual([]);
      // 47 s alone on this 2-core machine; beside two other test files (the suite runs three at a
      // time) it took 141 s in a clean-clone run of bc250d3 and timed out at the 120 s it had
      // (the load average the time scale reads is taken before the suite adds its own load)
    },
    scaled(300_000),
  );

  it(
    'operator: no crash, no 5xx, every balance still equals its ledger',
    async () => {
      await fuzzClass('operator');
      expect(s.ctx.metrics.internalErrors).toBe(0);
      expect(await ledgerProblems(s)).toEqual([]);
    },
    scaled(120_000),
  );

  it('hit every registered route in every class', () => {
    const missed = s.routes.map((r) => `${r.method} ${r.url}`).filter((k) => !hit.has(k));
    expect(missed).toEqual([]);
    for (const cls of FUZZ_CLASSES) expect(cases.get(cls), cls).toBe(s.routes.length * RUNS);
  });
});

describe('the fuzz world', () => {
  it('knows every field a declared call reads (the request schemas live in src/shared/wire)', () => {
    const declared = CALLS.flatMap(({ call }) =>
      call.request instanceof z.ZodObject ? Object.keys(call.request.shape) : [],
    );
    expect(declared.filter((f) => !world.fields.includes(f))).toEqual([]);
  });
});
