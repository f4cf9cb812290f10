// http/envelope.ts: an error the handler did not expect is the internal-error envelope, except a
// database out of reach (PostgreSQL restarting: refused, cut, its sessions ended), which says so.
// A route's second chance (recoverWith) answers the failure it takes; one it leaves, or one that
// fails again, is answered as any error.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { t } from '../i18n/messages.ts';
import { installErrorHandling, recoverWith } from './envelope.ts';

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

  it('a second chance answers the error it takes; one it leaves or fails is the envelope', async () => {
    class Moved extends Error {}
    const metrics = { internalErrors: 0, replyDrift: [] };
    const app = Fastify();
    installErrorHandling(app, false, metrics);
    app.post<{ Body: { how: string } }>('/api/call', (req) => {
      recoverWith(req, (err, reply) => {
        if (!(err instanceof Moved)) return null;
        if (req.body.how === 'fails-again') return Promise.reject(new TypeError('again'));
        return Promise.resolve(reply.code(200).send({ type: 'ok', message: 'elsewhere' }));
      });
      return Promise.reject(req.body.how === 'other' ? new TypeError('x') : new Moved('moved'));
    });
    await app.ready();
    const call = async (how: string) =>
      (await app.inject({ method: 'POST', url: '/api/call', payload: { how } })).json<unknown>();
    expect(await call('moved')).toEqual({ type: 'ok', message: 'elsewhere' });
    expect(await call('other')).toEqual({ type: 'error', message: t('en', 'error.internal') });
    expect(await call('fails-again')).toEqual({
      type: 'error',
      message: t('en', 'error.internal'),
    });
    expect(metrics.internalErrors).toBe(2);
  });
});
