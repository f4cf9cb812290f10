// http/wire-route.ts: a declared call's route asks for the user first, parses the declared
// request, and records a reply that drifts from the declared reply.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../../src/shared/wire/call.ts';
import { wireInt } from '../../src/shared/wire/primitives.ts';
import { TEST_ADMIN_TOKEN, testConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { ADMIN_HEADER } from './admin-auth.ts';
import { installErrorHandling } from './envelope.ts';
import { route } from './wire-route.ts';

const echo = call({
  method: 'POST',
  path: '/api/test/echo',
  auth: 'user',
  origin: 'extension',
  summary: 'Answers the number it was given.',
  request: z.object({ n: wireInt }),
  reply: z.object({ n: wireInt }),
  errors: [],
});

async function serve(reply: (n: number) => unknown) {
  const ctx = {
    config: testConfig(),
    metrics: { internalErrors: 0, replyDrift: [] },
    sessions: { userOf: (token: unknown) => Promise.resolve(token === 'good' ? 7 : null) },
  } as unknown as AppContext;
  const app = Fastify();
  installErrorHandling(app, false, ctx.metrics);
  route(app, ctx, echo, ({ body, userId }) => {
    expect(userId).toBe(7);
    return reply(body.n) as { n: number };
  });
  await app.ready();
  const post = async (payload: object, authorization?: string) =>
    (
      await app.inject({
        method: 'POST',
        url: echo.path,
        payload,
        headers: authorization === undefined ? {} : { authorization },
      })
    ).json<{ type: string; message: unknown }>();
  return { ctx, post };
}

describe('route of a declared call', () => {
  it('asks for the user before it reads a field, then parses the declared request', async () => {
    const { post } = await serve((n) => ({ n }));
    expect((await post({ n: 'x' })).type).toBe('999');
    expect((await post({ n: 'x' }, 'good')).type).toBe('error');
    expect(await post({ n: 3 }, 'good')).toEqual({ type: 'ok', message: { n: 3 } });
  });

  it('records a reply that drifts from its declaration, and still sends it', async () => {
    const { ctx, post } = await serve((n) => ({ n: `${n} apples` }));
    expect(await post({ n: 3 }, 'good')).toEqual({ type: 'ok', message: { n: '3 apples' } });
    expect(ctx.metrics.replyDrift).toEqual([
      { path: '/api/test/echo', issue: expect.stringMatching(/^n: /) as unknown },
    ]);
  });

  it('answers on its other method too, and a bare reply goes out without the envelope', async () => {
    const ctx = {
      config: testConfig(),
      metrics: { internalErrors: 0, replyDrift: [] },
      sessions: { userOf: () => Promise.resolve(null) },
    } as unknown as AppContext;
    const app = Fastify();
    installErrorHandling(app, false, ctx.metrics);
    const both = call({
      method: 'GET',
      also: 'POST',
      path: '/api/test/both',
      auth: 'visitor',
      origin: 'legacy',
      form: 'bare',
      summary: 'Answers on GET and POST, no envelope.',
      request: z.object({}),
      reply: z.object({ port: wireInt }),
      errors: [],
    });
    route(app, ctx, both, () => ({ port: 1 }));
    await app.ready();
    for (const method of ['GET', 'POST'] as const)
      expect((await app.inject({ method, url: both.path })).json()).toEqual({ port: 1 });
    expect(ctx.metrics.replyDrift).toEqual([]);
  });

  it("asks for the operator token before it reads a field of an operator's call", async () => {
    const ctx = {
      config: testConfig(),
      metrics: { internalErrors: 0, replyDrift: [] },
      sessions: { userOf: () => Promise.resolve(7) },
    } as unknown as AppContext;
    const app = Fastify();
    installErrorHandling(app, false, ctx.metrics);
    const op = call({
      method: 'POST',
      path: '/api/test/operator',
      auth: 'operator',
      origin: 'extension',
      summary: 'Answers the number it was given, to the operator.',
      request: z.object({ n: wireInt }),
      reply: z.object({ n: wireInt }),
      errors: [],
    });
    route(app, ctx, op, ({ body, userId }) => {
      expect(userId).toBeNull();
      return { n: body.n };
    });
    await app.ready();
    const post = async (payload: object, headers: Record<string, string>) =>
      (await app.inject({ method: 'POST', url: op.path, payload, headers })).json<{
        type: string;
        message: unknown;
      }>();
    const user = { authorization: 'good' };
    const refused = await post({ n: 'x' }, user);
    expect(refused.type).toBe('error');
    expect(refused.message).toBe(
      await post({ n: 3 }, { [ADMIN_HEADER]: 'wrong' }).then((r) => r.message),
    );
    const operator = { [ADMIN_HEADER]: TEST_ADMIN_TOKEN };
    expect((await post({ n: 'x' }, operator)).type).toBe('error');
    expect(await post({ n: 3 }, operator)).toEqual({ type: 'ok', message: { n: 3 } });
  });
});
