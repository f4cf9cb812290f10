// POST /api/admin/news: the operator publishes a notice; it leads its language's list, is
// stored exactly as given (markup included: the client shows title and abstract as text and
// sanitizes the content), and bad input or a missing operator token gets the envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../config.ts';
import { get, post, startTestServer, type TestServer } from '../testing/helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const ADMIN = { 'x-admin-token': TEST_ADMIN_TOKEN };
const NOTICE = {
  lang: 'de',
  c_id: '1',
  title: 'Wartung <img src=x onerror=alert(1)>',
  abstract: '<script>alert(2)</script>',
  content: '<p>Am <b>Sonntag</b></p>',
};

describe('POST /api/admin/news', () => {
  it('publishes a notice verbatim at the head of its language', async () => {
    const r = await post(s, '/api/admin/news', NOTICE, ADMIN);
    expect(r.type).toBe('ok');
    const { id } = r.message as { id: number };
    const list = (await get(s, '/api/news/list?lang=de')).message as {
      list: { id: number; title: string; abstract: string }[];
    };
    expect(list.list[0]).toMatchObject({ id, title: NOTICE.title, abstract: NOTICE.abstract });
    const detail = (await get(s, `/api/news/detail?id=${id}`)).message as { content: string };
    expect(detail.content).toBe(NOTICE.content);
    // other languages do not get it
    const en = (await get(s, '/api/news/list?lang=en')).message as { list: { id: number }[] };
    expect(en.list.map((n) => n.id)).not.toContain(id);
  });

  it('refuses a missing token, an unknown language and an empty title with the envelope', async () => {
    expect((await post(s, '/api/admin/news', NOTICE)).type).toBe('error');
    expect((await post(s, '/api/admin/news', { ...NOTICE, lang: 'xx' }, ADMIN)).type).toBe('error');
    expect((await post(s, '/api/admin/news', { ...NOTICE, title: ' ' }, ADMIN)).type).toBe('error');
  });
});
