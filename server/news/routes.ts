// News: list (GET and POST; c_id, page, lang) and detail (id), declared in
// src/shared/wire/news.ts. The queries and the answers' shapes are in news.ts.
import type { FastifyInstance } from 'fastify';
import { toLang } from '../../src/shared/locales.ts';
import { newsDetail as detailCall, newsList as listCall } from '../../src/shared/wire/news.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { newsDetail, newsList } from './news.ts';

export function registerNewsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listCall, ({ req, body: b }) => {
    const lang = b.lang !== undefined && b.lang !== '' ? toLang(b.lang) : langOf(req);
    return newsList(ctx.db, lang, b.c_id ?? null, b.page);
  });
  route(app, ctx, detailCall, async ({ body }) => {
    const item = await newsDetail(ctx.db, body.id);
    if (item === null) throw new ApiError('news.notFound');
    return item;
  });
}
