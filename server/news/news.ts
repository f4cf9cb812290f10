// News: a page of a language's items (optionally of one category), one item with its content,
// and a notice the operator publishes. Content is stored HTML, as given; the client renders it
// only through its sanitizing component and shows title and abstract as text.
import type { NewsDetail, NewsItem, NewsList } from '../../src/shared/wire.ts';
import type { Queryable } from '../db/database.ts';
import { formatTime } from '../http/format.ts';
import { offsetOf, paged } from '../http/paging.ts';

export const NEWS_PAGE_SIZE = 10;

interface NewsRow {
  id: number;
  c_id: number;
  title: string;
  abstract: string;
  thumbnail: string;
  update_time: Date;
  content?: string;
}

/** A page of the items in `lang` (of category `cId` when given), newest and first-sorted first. */
export async function newsList(
  db: Queryable,
  lang: string,
  cId: number | null,
  page: number,
): Promise<NewsList> {
  const where = cId === null ? 'lang = $1' : 'lang = $1 AND c_id = $2';
  const params = cId === null ? [lang] : [lang, cId];
  const countRows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM news WHERE ${where}`,
    params,
  );
  const total = countRows[0]?.n ?? 0;
  const rows = await db.query<NewsRow & Record<string, unknown>>(
    `SELECT id, c_id, title, abstract, thumbnail, update_time FROM news WHERE ${where}
     ORDER BY sort DESC, update_time DESC, id DESC LIMIT ${NEWS_PAGE_SIZE} OFFSET ${offsetOf(page, NEWS_PAGE_SIZE)}`,
    params,
  );
  return paged(rows.map(toItem), page, total, NEWS_PAGE_SIZE);
}

/** One item with its content, or null when there is none with that id. */
export async function newsDetail(db: Queryable, id: number): Promise<NewsDetail | null> {
  const rows = await db.query<NewsRow & Record<string, unknown>>(
    'SELECT id, c_id, title, abstract, thumbnail, update_time, content FROM news WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row === undefined ? null : { ...toItem(row), content: row.content ?? '' };
}

export interface NewNotice {
  lang: string;
  c_id: number;
  title: string;
  abstract: string;
  content: string;
}

/** Stores a notice, newest first in its language's list; its id. */
export async function publishNews(db: Queryable, n: NewNotice, nowMs: number): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO news (c_id, lang, title, abstract, content, thumbnail, sort, update_time)
     VALUES ($1, $2, $3, $4, $5, '', 0, $6) RETURNING id`,
    [n.c_id, n.lang, n.title, n.abstract, n.content, new Date(nowMs)],
  );
  return rows[0]?.id ?? 0;
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
