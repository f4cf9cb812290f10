// http/envelope.ts: an error the handler did not expect is the internal-error envelope, except a
// database out of reach (PostgreSQL restarting: refused, cut, its sessions ended), which says so.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { t } from '../i18n/messages.ts';
import { installErrorHandling } from './envelope.ts';

async function failingWith(err: Error) {
  const metrics = { internalErrors: 0, replyDrift: [] };
  const app = Fastify();
  installErrorHandling(app, false, metrics);
  app.post('/api/fail', () => Promise.reject(err));
  await app.ready();
  const res = await app.inject({ method: 'POST', url: '/api/fail', headers: { lang: 'ru' } });
  return { status: res.statusCode, body: res.json<{ type: string; message: string }>(), metrics };
}

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('error envelope', () => {
  it('a database out of reach: said as such, in the asker language', async () => {
    for (const err of [
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      coded('terminating connection due to administrator command', '57P01'),
      coded('the database system is starting up', '57P03'),
      coded('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      const { status, body, metrics } = await failingWith(err);
      expect(status).toBe(200);
      expect(body).toEqual({ type: 'error', message: t('ru', 'error.databaseUnreachable') });
      expect(metrics.internalErrors).toBe(1);
    }
  });

  it('any other unexpected error: the internal-error envelope', async () => {
    for (const err of [new TypeError('x is undefined'), coded('duplicate key', '23505')]) {
      const { body } = await failingWith(err);
      expect(body).toEqual({ type: 'error', message: t('ru', 'error.internal') });
    }
  });
});
