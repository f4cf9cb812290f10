// The built client, served by the reference server on the API's port: its files with their cache
// rules, and index.html for every other GET outside /api and /wss (the client's routes).
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { t } from '../i18n/messages.ts';
import { langOf, pathOf } from './envelope.ts';

/**
 * How long a browser keeps a file of the built client. Vite names every file under assets/ by
 * its content's hash, so such a file never changes: a year, and `immutable` (a reload does not
 * even ask whether it changed). Everything else (index.html, the service worker, the manifest,
 * the theme bootstrap, icons) is asked for again each time (`no-cache` still lets the browser
 * keep it and get a 304), so a new build is seen at once.
 */
export function cacheControlOf(pathInDist: string): string {
  return /^assets[\\/]/.test(pathInDist) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Static files of the built client; other GETs outside /api and /wss get index.html. */
export async function serveClient(app: FastifyInstance, distDir: string | null): Promise<void> {
  const root = distDir === null ? null : resolve(distDir);
  const spa = root !== null && existsSync(resolve(root, 'index.html'));
  if (spa)
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: 'index.html',
      cacheControl: false,
      setHeaders: (reply, path) =>
        void reply.header('cache-control', cacheControlOf(relative(root, path))),
    });
  app.setNotFoundHandler((req, reply) => {
    const path = pathOf(req);
    const isApi = path.startsWith('/api') || path.startsWith('/wss');
    // A missing file (a name with an extension) is not a client route: answer the envelope.
    const isFile = /\.[A-Za-z0-9]+$/.test(path);
    if (spa && req.method === 'GET' && !isApi && !isFile) return reply.sendFile('index.html');
    return reply
      .code(200)
      .send({ type: 'error', message: t(langOf(req), 'error.notFound', { path }) });
  });
}
