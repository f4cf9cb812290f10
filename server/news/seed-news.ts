// Seeds the notices of news/data/<lang>.json (every language) when the news table is empty.
// One notice per language deliberately carries a <script>, an onerror attribute and a
// javascript: link, to prove the client sanitizes server HTML.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LANGS } from '../../src/shared/locales.ts';
import type { Lang } from '../../src/shared/locales.ts';
import type { Database } from '../db/database.ts';

const DATA_DIR = fileURLToPath(new URL('./data/', import.meta.url));
const seedSchema = z.array(
  z.object({
    c_id: z.number().int(),
    title: z.string().min(1),
    abstract: z.string(),
    content: z.string().min(1),
  }),
);
export type SeedNotice = z.infer<typeof seedSchema>[number];

export function seedNotices(lang: Lang): SeedNotice[] {
  return seedSchema.parse(JSON.parse(readFileSync(`${DATA_DIR}${lang}.json`, 'utf8')));
}

export async function seedNews(db: Database, nowMs: number): Promise<void> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM news');
  if ((rows[0]?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    for (const lang of LANGS) {
      for (const [i, n] of seedNotices(lang).entries()) {
        // Notices one day apart, the first of the file the newest.
        const updated = new Date(nowMs - i * 86400_000);
        await tx.query(
          `INSERT INTO news (c_id, lang, title, abstract, content, thumbnail, sort, update_time)
           VALUES ($1, $2, $3, $4, $5, '', 0, $6)`,
          [n.c_id, lang, n.title, n.abstract, n.content, updated],
        );
      }
    }
  });
}
