// The token pre-sale's figures (GET /api/iepn; wallet-account-earn.md "Pre-sale page";
// docs/api-extensions.md "Pre-sale"): the operator's settings, read and made safe to show, with
// `sy` (remaining) = total − issued. The routes (presale-routes.ts) and the default white paper
// (whitepaper.ts) both read them from here.
import { Decimal, parseDecimal } from '../../src/shared/decimal.ts';
import { safeLink } from '../../src/shared/links.ts';
import type { Lang } from '../../src/shared/locales.ts';
import { PRESALE_SETTINGS } from '../../src/shared/wire/operator.ts';
import { presaleWhitepaper } from '../../src/shared/wire/presale.ts';
import type { Queryable } from '../db/database.ts';

/** Where the server serves its default white paper; the seeded `presale_whitepaper_url` (migration 0014). */
export const WHITEPAPER_PATH = presaleWhitepaper.path;

/** The pre-sale's terms as this server writes them (the reply of `wire/presale.ts`). */
export interface PresaleTerms {
  name: string;
  total: string;
  yfx: string;
  sy: string;
  price: string;
  start: string;
  end: string;
  site_url: string;
  whitepaper_url: string;
}

const amount = (v: string | undefined): Decimal => {
  const d = parseDecimal(v ?? '');
  return d === null || d.isNegative() ? new Decimal(0) : d;
};
/** Only http(s) links and paths on this exchange leave the server (src/shared/links.ts). */
const link = (v: string | undefined): string => safeLink(v ?? '') ?? '';
/** The server's own white paper opens in the language the page asked in. */
const paperLink = (v: string | undefined, lang: Lang): string => {
  const href = link(v);
  return href === WHITEPAPER_PATH ? `${href}?lang=${lang}` : href;
};
/** An ISO moment as the legacy `Y-m-d H:i:s` (UTC), '' when unset or invalid. */
const moment = (v: string | undefined): string => {
  const ms = Date.parse(v ?? '');
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
};

export async function presaleOf(db: Queryable, lang: Lang = 'en'): Promise<PresaleTerms> {
  const rows = await db.query<{ key: string; value: string }>(
    "SELECT key, value FROM settings WHERE key = ANY(string_to_array($1, ','))",
    [PRESALE_SETTINGS.join(',')],
  );
  const s = new Map(rows.map((r) => [r.key, r.value]));
  const total = amount(s.get('presale_total'));
  const issued = Decimal.min(amount(s.get('presale_issued')), total);
  return {
    name: s.get('presale_name') ?? '',
    total: total.toFixed(),
    yfx: issued.toFixed(),
    sy: total.minus(issued).toFixed(),
    price: amount(s.get('presale_price')).toFixed(),
    start: moment(s.get('presale_start')),
    end: moment(s.get('presale_end')),
    site_url: link(s.get('presale_site_url')),
    whitepaper_url: paperLink(s.get('presale_whitepaper_url'), lang),
  };
}
