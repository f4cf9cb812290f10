// The token pre-sale (GET /api/iepn; wallet-account-earn.md "Pre-sale page"; docs/api-extensions.md
// "Pre-sale"): the operator's terms, with `sy` (remaining) = total − issued.
import { z } from 'zod';
import { call } from './call.ts';
import { wireDecimal, wireText } from './primitives.ts';

export const presale = call({
  method: 'GET',
  path: '/api/iepn',
  auth: 'visitor',
  origin: 'legacy',
  summary: "The pre-sale's terms: its name, amounts, price, dates and links.",
  request: z.object({}),
  reply: z.object({
    name: wireText,
    total: wireDecimal,
    /** Issued so far. */
    yfx: wireDecimal,
    /** Remaining: total − issued. */
    sy: wireDecimal,
    price: wireDecimal,
    start: wireText,
    end: wireText,
    site_url: wireText,
    whitepaper_url: wireText,
  }),
  errors: [],
});

export const presaleWhitepaper = call({
  method: 'GET',
  path: '/api/iepn/whitepaper',
  auth: 'visitor',
  origin: 'extension',
  summary:
    "The default white paper: an HTML page of the pre-sale's terms in the reader's language (`lang` field or header), with its own Content-Security-Policy.",
  request: z.object({}),
  reply: z.unknown(),
  form: 'file',
  errors: [],
});
