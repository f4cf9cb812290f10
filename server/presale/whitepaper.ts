// The pre-sale's default white paper (GET /api/iepn/whitepaper, ADR 0025): a short HTML page
// the server writes from the pre-sale settings in the reader's language (what the token is,
// the figures, how to subscribe, the risks), for as long as the operator links no document
// of the project's own. Every value is escaped (the token's name is operator text); the page
// carries its own Content-Security-Policy: no script, no request, only its one inline
// stylesheet (allowed by its hash).
import { createHash } from 'node:crypto';
import { BCP47 } from '../../src/shared/locales.ts';
import type { Lang } from '../../src/shared/locales.ts';
import { localDecimal, localNumber, t } from '../i18n/messages.ts';
import type { PresaleTerms } from './presale.ts';

const STYLE =
  'body{font:16px/1.6 system-ui,sans-serif;margin:0;padding:2rem 1.25rem}' +
  'main{max-width:44rem;margin:0 auto}' +
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 2rem}' +
  'dt{opacity:.75}dd{margin:0;font-variant-numeric:tabular-nums}small{opacity:.75}';

export const WHITEPAPER_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The page for the pre-sale `p`, in `lang`, with the figures as of `nowMs`. */
export function whitepaperHtml(p: PresaleTerms, lang: Lang, nowMs: number): string {
  const m = (id: string, values: Record<string, string> = {}) =>
    escapeHtml(t(lang, `presale.paper.${id}`, values));
  const named = { hasName: p.name === '' ? 'no' : 'yes', name: p.name };
  const amount = (v: string) => escapeHtml(localNumber(lang, localDecimal(v)));
  const when = (legacy: string) => (legacy === '' ? '—' : escapeHtml(dateTime(lang, legacy)));
  const unit = p.name === '' ? '' : ` ${escapeHtml(p.name)}`;
  const figures: Array<[string, string]> = [
    ['total', `${amount(p.total)}${unit}`],
    ['issued', `${amount(p.yfx)}${unit}`],
    ['remaining', `${amount(p.sy)}${unit}`],
    ['price', `${amount(p.price)} USDT`],
    ['start', when(p.start)],
    ['end', when(p.end)],
  ];
  const now = new Date(nowMs).toISOString().slice(0, 19).replace('T', ' ');
  return `<!doctype html>
<html lang="${BCP47[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${m('title', named)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${m('title', named)}</h1>
<h2>${m('overview')}</h2>
<p>${m('overviewText', named)}</p>
<h2>${m('figures')}</h2>
<dl>
${figures.map(([id, value]) => `<dt>${m(id)}</dt><dd>${value}</dd>`).join('\n')}
</dl>
<p><small>${m('asOf', { time: dateTime(lang, now, false) })}</small></p>
<h2>${m('subscribe')}</h2>
<p>${m('subscribeText')}</p>
<h2>${m('risks')}</h2>
<p>${m('risksText')}</p>
</main>
</body>
</html>
`;
}

/** A legacy `Y-m-d H:i:s` (UTC) moment as the reader's language writes it, in UTC. */
function dateTime(lang: Lang, legacy: string, zone = true): string {
  return new Intl.DateTimeFormat(BCP47[lang], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    ...(zone ? { timeZoneName: 'short' } : {}),
  }).format(new Date(`${legacy.replace(' ', 'T')}Z`));
}

function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
