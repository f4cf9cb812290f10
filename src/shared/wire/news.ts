// News (docs/api-extensions.md "News and misc"; the spec's notice pages): a page of a
// language's items and one item with its content. Both answer GET and POST.
import { z } from 'zod';
import { call } from './call.ts';
import { wireInt, wireText } from './primitives.ts';

// Ids are SQL INTEGERs: a larger number is no id (and would fail the query).
const id = z.coerce.number().int().positive().max(2_147_483_647).describe('id');

/** A news item of a list. */
export const newsItemRow = z.object({
  id: wireInt,
  /** The category. */
  c_id: wireInt,
  title: z.string(),
  abstract: wireText,
  thumbnail: wireText,
  /** "Y-m-d H:i:s". */
  update_time: wireText,
});

export const newsList = call({
  method: 'POST',
  also: 'GET',
  path: '/api/news/list',
  auth: 'visitor',
  origin: 'legacy',
  summary:
    "A page of the items in `lang` (else the request's language), of category `c_id` when given.",
  request: z.object({
    c_id: id.optional(),
    page: z.coerce.number().int().positive().max(10000).default(1).describe('page'),
    lang: z.string().max(10).optional(),
  }),
  // `{list, page, pages, total}`, or the legacy pageData `{data, page, pages, total}`
  reply: z.object({
    list: z.array(newsItemRow).optional(),
    data: z.array(newsItemRow).optional(),
    page: wireInt.optional(),
    pages: wireInt.optional(),
    total: wireInt.optional(),
  }),
  errors: [],
});

export const newsDetail = call({
  method: 'POST',
  also: 'GET',
  path: '/api/news/detail',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'One item with its content (server HTML: rendered only through the sanitizer).',
  request: z.object({ id }),
  reply: newsItemRow.extend({ content: wireText }),
  errors: ['news.notFound'],
});
