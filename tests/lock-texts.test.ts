// The lock-up page says what the server does (issue 20 item 13). The server compounds: each
// day's interest is added to the deposit and earns interest from the next day (api-contract
// §10, server/earn/lockup.ts; server/earn/lockup-api.test.ts checks it on a running server).
// The page's expected yield is the spec's simple estimate, amount × daily rate × days
// (src/shared/earn.ts). So every language's intro must name the daily compounding, and the
// purchase note must say that the expected yield is that simple estimate and why the interest
// credited can differ; neither text may claim the other's rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../src/shared/decimal.ts';
import { lockExpectedYield } from '../src/shared/earn.ts';
import { LANGS } from '../src/shared/locales.ts';
import type { Lang } from '../src/shared/locales.ts';
import { dailyInterest, expectedYield } from '../server/earn/lockup-rules.ts';

const catalogue = (lang: Lang): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'locales', `${lang}.json`), 'utf8'));

/** How each language names compounding, and the simple estimate of the expected yield. */
const WORDS: Record<Lang, { compound: RegExp; simple: RegExp }> = {
  en: { compound: /compound/i, simple: /simple estimate/ },
  zh: { compound: /复利/, simple: /单利/ },
  hk: { compound: /複利/, simple: /單利/ },
  jp: { compound: /複利/, simple: /単利/ },
  kr: { compound: /복리/, simple: /단리/ },
  spa: { compound: /interés compuesto/, simple: /estimación simple/ },
  de: { compound: /Zinseszins/, simple: /einfache Schätzung/ },
  pt: { compound: /juros compostos/, simple: /estimativa simples/ },
  ru: { compound: /капитализаци/, simple: /простая оценка/ },
};

describe('lock-up texts', () => {
  it('the server compounds while the expected yield is simple, so the two differ', () => {
    // 1,000 USDT at 1 % a day for 3 days, as the server settles it (6 decimals, rounded down)
    let amount = new Decimal(1000);
    for (let day = 0; day < 3; day++) amount = amount.plus(dailyInterest(amount, '0.01', 6));
    expect(amount.minus(1000).toFixed()).toBe('30.301');
    expect(expectedYield(1000, '0.01', 3, 6).toFixed()).toBe('30');
    expect(lockExpectedYield('1000', '1', 3)?.toFixed()).toBe('30');
  });

  it.each(LANGS)('%s: the intro names daily compounding, never simple interest', (lang) => {
    const lead = catalogue(lang)['lock.lead'] ?? '';
    expect(lead).toMatch(WORDS[lang].compound);
    expect(lead).not.toMatch(WORDS[lang].simple);
  });

  it.each(LANGS)('%s: the purchase note calls the expected yield a simple estimate', (lang) => {
    const note = catalogue(lang)['lock.buy.note'] ?? '';
    expect(note).toMatch(WORDS[lang].compound);
    expect(note).toMatch(WORDS[lang].simple);
    expect(note).toContain('×');
  });
});
