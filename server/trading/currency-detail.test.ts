// GET /api/currency/detail answers a currency's description in the reader's language (issue 20
// item 13): every seeded currency is described in all nine languages, asked by the `lang`
// header or field; a currency the catalogues do not describe keeps the text stored with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/shared/locales.ts';
import type { CurrencyDetail } from '../../src/shared/wire.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import { get, startTestServer, type TestServer } from '../testing/helpers.ts';

const BTC = CURRENCY_ID.BTC;
let s: TestServer;
let seeded: Array<{ id: number; name: string; description: string }>;
beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  seeded = await s.ctx.db.query('SELECT id, name, description FROM currencies ORDER BY id');
});
afterAll(async () => {
  await s.close();
});

const detail = async (query: string, headers: Record<string, string> = {}) => {
  const r = await get(s, `/api/currency/detail?${query}`, headers);
  expect(r.type).toBe('ok');
  return r.message as CurrencyDetail;
};

describe('GET /api/currency/detail in the reader’s language', () => {
  it('answers German by the lang header and Russian by the lang field', async () => {
    const de = await detail(`id=${BTC}`, { lang: 'de' });
    expect(de.desc).toBe(
      'Bitcoin (BTC) ist die erste dezentrale Digitalwährung, 2009 gestartet, mit einem festen ' +
        'Angebot von 21 Millionen Coins.',
    );
    const ru = await detail(`id=${CURRENCY_ID.USDT}&lang=ru`);
    expect(ru.desc).toMatch(/^Tether USD \(USDT\) — стейблкоин/);
    expect((await detail(`id=${CURRENCY_ID.ETH}`, { lang: 'jp' })).desc).toContain('イーサリアム');
  });

  it('describes every seeded currency in all nine languages, each really translated', async () => {
    expect(seeded.length).toBeGreaterThanOrEqual(11);
    for (const c of seeded) {
      const en = (await detail(`id=${c.id}`, { lang: 'en' })).desc;
      // English is the text the migration stores with the currency.
      expect(en, c.name).toBe(c.description);
      for (const lang of LANGS.filter((l) => l !== 'en')) {
        const text = (await detail(`id=${c.id}`, { lang })).desc;
        expect(text, `${c.name} ${lang}`).not.toBe('');
        expect(text, `${c.name} ${lang}`).not.toBe(en);
      }
    }
  });

  it('answers English without a language, and for an unknown one', async () => {
    const en = seeded.find((c) => c.id === BTC)?.description;
    expect((await detail(`id=${BTC}`)).desc).toBe(en);
    expect((await detail(`id=${BTC}`, { lang: 'xx' })).desc).toBe(en);
  });

  it('keeps the stored text of a currency the catalogues do not describe', async () => {
    await s.ctx.db.query(
      `INSERT INTO currencies (id, name, full_name, is_legal, is_display, is_lever, is_micro,
         decimal_scale, sort, description) VALUES (90, 'NEWC', 'New coin', 0, 0, 0, 0, 8, 90, $1)`,
      ['Listed by the operator.'],
    );
    expect((await detail('id=90', { lang: 'de' })).desc).toBe('Listed by the operator.');
  });
});
