// News: list (GET and POST; c_id, page, lang) and detail (id). Content is stored HTML; the
// client renders it only through its sanitizing component.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toLang } from '../../src/shared/locales.ts';
import type { NewsDetail, NewsItem, NewsList } from '../../src/shared/wire.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf, ok, parse } from '../http/envelope.ts';
import { formatTime } from '../http/format.ts';
import { offsetOf, paged } from '../http/paging.ts';

export const NEWS_PAGE_SIZE = 10;

// Ids are SQL INTEGERs: a larger number is no id (and would fail the query).
const id = z.coerce.number().int().positive().max(2_147_483_647);
const listBody = z.object({
  c_id: id.optional(),
  page: z.coerce.number().int().positive().max(10000).default(1),
  lang: z.string().max(10).optional(),
});
const detailBody = z.object({ id });

interface NewsRow {
  id: number;
  c_id: number;
  title: string;
  abstract: string;
  thumbnail: string;
  update_time: Date;
  content?: string;
}

export function registerNewsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const list = async (req: FastifyRequest) => {
    const b = parse(listBody, req);
    const lang = b.lang !== undefined && b.lang !== '' ? toLang(b.lang) : langOf(req);
    return ok(await newsList(ctx, lang, b.c_id ?? null, b.page));
  };
  app.get('/api/news/list', list);
  app.post('/api/news/list', list);
  const detail = async (req: FastifyRequest) => {
    const b = parse(detailBody, req);
    const rows = await ctx.db.query<NewsRow & Record<string, unknown>>(
      'SELECT id, c_id, title, abstract, thumbnail, update_time, content FROM news WHERE id = $1',
      [b.id],
    );
    const row = rows[0];
    if (row === undefined) throw new ApiError('news.notFound');
    const out: NewsDetail = { ...toItem(row), content: row.content ?? '' };
    return ok(out);
  };
  app.post('/api/news/detail', detail);
  app.get('/api/news/detail', detail);
}

async function newsList(
  ctx: AppContext,
  lang: string,
  cId: number | null,
  page: number,
): Promise<NewsList> {
  const where = cId === null ? 'lang = $1' : 'lang = $1 AND c_id = $2';
  const params = cId === null ? [lang] : [lang, cId];
  const countRows = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM news WHERE ${where}`,
    params,
  );
  const total = countRows[0]?.n ?? 0;
  const rows = await ctx.db.query<NewsRow & Record<string, unknown>>(
    `SELECT id, c_id, title, abstract, thumbnail, update_time FROM news WHERE ${where}
     ORDER BY sort DESC, update_time DESC, id DESC LIMIT ${NEWS_PAGE_SIZE} OFFSET ${offsetOf(page, NEWS_PAGE_SIZE)}`,
    params,
  );
  return paged(rows.map(toItem), page, total, NEWS_PAGE_SIZE);
}

function toItem(r: NewsRow): NewsItem {
  return {
    id: r.id,
    c_id: r.c_id,
    title: r.title,
    abstract: r.abstract,
    thumbnail: r.thumbnail,
    update_time: formatTime(r.update_time),
  };
}
