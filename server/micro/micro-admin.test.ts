// Fair second-contract payouts (issue 41, ADR 0040): the seeded ratios lose to no bettor who
// guesses at random; the operator API refuses a ratio or fee that would hand such a bettor a
// positive expectation, says why with the numbers, and changes nothing; a payout set in the
// database by hand is named at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { TEST_ADMIN_TOKEN } from '../config.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer } from '../testing/helpers.ts';
import { unfairPayoutWarnings } from './micro-admin.ts';
import { fairRatioMax, randomBettorEdge, unfairPayouts } from './micro-rules.ts';

const admin = { 'x-admin-token': TEST_ADMIN_TOKEN };
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
}, 120_000);

afterAll(async () => {
  await s.close();
});

const ratios = async () =>
  (
    await s.ctx.db.query<{ seconds: number; profit_ratio: string; status: number }>(
      'SELECT seconds, profit_ratio, status FROM micro_seconds ORDER BY seconds',
    )
  ).map((r) => [r.seconds, new Decimal(r.profit_ratio).toFixed(), r.status]);

describe('the random bettor', () => {
  it('gains (ratio − 100) / 2 − fee percent of a stake; fair up to 100 + 2 × fee', () => {
    expect(randomBettorEdge(120, 1).toFixed()).toBe('0.09'); // the old 30 s payout: +9 %
    expect(randomBettorEdge(85, 1).toFixed()).toBe('-0.085');
    expect(randomBettorEdge(102, 1).toFixed()).toBe('0');
    expect(randomBettorEdge('102.000001', 1).isPositive()).toBe(true);
    expect(fairRatioMax('1').toFixed()).toBe('102');
    expect(fairRatioMax('0').toFixed()).toBe('100');
  });

  it('loses on every seeded length, fee included', async () => {
    expect(await unfairPayouts(s.ctx.db)).toEqual([]);
    expect(await unfairPayoutWarnings(s.ctx.db)).toEqual([]);
    expect(await ratios()).toEqual([
      [30, '85', 1],
      [60, '85', 1],
      [180, '85', 1],
      [300, '80', 1],
      [600, '80', 1],
      [900, '75', 1],
    ]);
  });
});

describe('the operator API', () => {
  it('refuses an unfair ratio with the reason, and changes nothing', async () => {
    const before = await ratios();
    const r = await post(
      s,
      '/api/admin/micro-duration',
      { seconds: '30', profit_ratio: '120' },
      admin,
    );
    expect(r.type).toBe('error');
    expect(r.message).toBe(
      'Refused: 30 s paying 120 % with a 1 % USDT fee lets a bettor who guesses at random gain 9 % of every stake. Set a profit ratio of at most 102 %.',
    );
    expect(await ratios()).toEqual(before);
    // in the reader's language too
    const ru = await post(
      s,
      '/api/admin/micro-duration?lang=ru',
      { seconds: '30', profit_ratio: '120' },
      { ...admin, lang: 'ru' },
    );
    expect(ru.type).toBe('error');
    expect(String(ru.message)).toMatch(/^Отклонено: 30 с с выплатой 120 %/);
    expect(await ratios()).toEqual(before);
  });

  it('takes a fair ratio, switches a length off and on, and refuses nonsense', async () => {
    const set = (body: Record<string, string>) => post(s, '/api/admin/micro-duration', body, admin);
    expect((await set({ seconds: '60', profit_ratio: '102' })).type).toBe('ok');
    expect((await set({ seconds: '60', profit_ratio: '102.5' })).type).toBe('error');
    expect((await set({ seconds: '60', profit_ratio: '90', status: 'off' })).type).toBe('ok');
    // an unfair ratio on a length nobody can buy is still refused: it could be switched on
    expect((await set({ seconds: '60', profit_ratio: '150', status: 'off' })).type).toBe('error');
    for (const bad of ['', 'abc', '1e3', '-5', '0', '1001', 'NaN'])
      expect((await set({ seconds: '60', profit_ratio: bad })).type, bad).toBe('error');
    expect((await set({ seconds: '45', profit_ratio: '80' })).type).toBe('error'); // no such length
    expect((await set({ seconds: '60', profit_ratio: '85' })).type).toBe('ok');
    const shown = await get(s, '/api/admin/micro', admin);
    expect(shown.message).toMatchObject({
      currencies: [{ name: 'USDT', micro_trade_fee: '1', fair_ratio_max: '102' }],
    });
  });

  it('refuses a fee cut that makes an existing ratio unfair', async () => {
    const fee = (value: string) =>
      post(s, '/api/admin/micro-fee', { currency: 'USDT', fee: value }, admin);
    expect(
      (await post(s, '/api/admin/micro-duration', { seconds: '30', profit_ratio: '101' }, admin))
        .type,
    ).toBe('ok');
    const r = await fee('0');
    expect(r.type).toBe('error');
    expect(String(r.message)).toContain('gain 0.5 % of every stake');
    expect((await fee('0.5')).type).toBe('ok');
    expect((await fee('-1')).type).toBe('error');
    expect((await fee('100')).type).toBe('error');
    expect((await post(s, '/api/admin/micro-fee', { currency: 'BTC', fee: '1' }, admin)).type).toBe(
      'error',
    );
    expect((await fee('1')).type).toBe('ok');
    expect(
      (await post(s, '/api/admin/micro-duration', { seconds: '30', profit_ratio: '85' }, admin))
        .type,
    ).toBe('ok');
  });

  it('needs the operator token', async () => {
    const r = await post(s, '/api/admin/micro-duration', { seconds: '30', profit_ratio: '80' });
    expect(r.type).toBe('error');
  });

  it('names a payout set by hand in the database at start', async () => {
    await s.ctx.db.query('UPDATE micro_seconds SET profit_ratio = 120 WHERE seconds = 30');
    const lines = await unfairPayoutWarnings(s.ctx.db);
    expect(lines).toEqual([
      'UNFAIR SECOND-CONTRACT PAYOUT: 30 s pays 120 % with a 1 % USDT fee, so a bettor who guesses at random gains 9 % of every stake; set a ratio of at most 102 (npm run admin -- micro-payout 30 RATIO).',
    ]);
    await s.ctx.db.query('UPDATE micro_seconds SET profit_ratio = 85 WHERE seconds = 30');
  });
});
