// GET /api/currency/sparklines (extension, issue 20 item 14): the home table's sparklines of
// every displayed pair in one small reply, the same closes new_timeshar gives for the last
// 60 minutes of the spec's 7-day window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARKLINE_POINTS, SPARKLINE_WINDOW_SECONDS } from '../../src/shared/constants.ts';
import type { KlineEnvelope, QuotationGroup, SparklineSeries } from '../../src/shared/wire.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, startTestServer } from '../testing/helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
}, 60_000);
afterAll(async () => {
  await s.close();
});

async function displayed(): Promise<string[]> {
  const groups = (await get(s, '/api/currency/quotation_new')).message as QuotationGroup[];
  return groups.flatMap((g) =>
    g.quotation.filter((q) => q.is_display === 1).map((q) => `${q.currency_name}/${q.legal_name}`),
  );
}

describe('sparklines of every displayed pair in one call', () => {
  it('answers each displayed pair with its last 60 one-minute closes, as new_timeshar does', async () => {
    const started = performance.now();
    const res = await fetch(`${s.url}/api/currency/sparklines`);
    const body = await res.text();
    const took = performance.now() - started;
    const reply = JSON.parse(body) as { type: string; message: SparklineSeries[] };
    expect(reply.type).toBe('ok');
    const symbols = await displayed();
    expect(symbols.length).toBeGreaterThan(3);
    expect(reply.message.map((l) => l.symbol)).toEqual(symbols);
    const to = Math.floor(s.clock.now / 1000);
    for (const line of reply.message) {
      expect(line.data).toHaveLength(SPARKLINE_POINTS);
      const ids = line.data.map((b) => b.id);
      expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0))).toBe(true);
      const k = (await (
        await fetch(
          `${s.url}/api/currency/new_timeshar?symbol=${line.symbol}&period=1min&from=${to - SPARKLINE_WINDOW_SECONDS}&to=${to}`,
        )
      ).json()) as KlineEnvelope;
      const last = k.data.slice(-SPARKLINE_POINTS).map((b) => ({ id: b.id, close: b.close }));
      expect(line.data).toEqual(last);
    }
    // one small reply (about 2 KB a pair) instead of one of about 340 KB per pair
    expect(body.length).toBeLessThan(4_000 * symbols.length);
    console.log(`sparklines: ${symbols.length} pairs, ${body.length} B, ${took.toFixed(0)} ms`);
  });
});
