// News: list (GET and POST; c_id, page, lang) and detail (id). The queries and the answers'
// shapes are in news.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toLang } from '../../src/shared/locales.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf, ok, parse } from '../http/envelope.ts';
import { newsDetail, newsList } from './news.ts';

// Ids are SQL INTEGERs: a larger number is no id (and would fail the query).
const id = z.coerce.number().int().positive().max(2_147_483_647);
const listBody = z.object({
  c_id: id.optional(),
  page: z.coerce.number().int().positive().max(10000).default(1),
  lang: z.string().max(10).optional(),
});
const detailBody = z.object({ id });

export function registerNewsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const list = async (req: FastifyRequest) => {
    const b = parse(listBody, req);
    const lang = b.lang !== undefined && b.lang !== '' ? toLang(b.lang) : langOf(req);
    return ok(await newsList(ctx.db, lang, b.c_id ?? null, b.page));
  };
  app.get('/api/news/list', list);
  app.post('/api/news/list', list);
  const detail = async (req: FastifyRequest) => {
    const item = await newsDetail(ctx.db, parse(detailBody, req).id);
    if (item === null) throw new ApiError('news.notFound');
    return ok(item);
  };
  app.post('/api/news/detail', detail);
  app.get('/api/news/detail', detail);
}
