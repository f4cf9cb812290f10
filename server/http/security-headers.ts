// Security headers on every HTTP answer (the built client's HTML, its assets, the API, the
// not-found fallback) through @fastify/helmet, and the same hardening headers on socket.io's
// own HTTP answers (engine.io answers before fastify sees the request).
//
// The page runs no inline script at all (index.html loads its theme bootstrap from
// /theme-boot.js), so script-src is 'self' alone: an injected <script> or event-handler
// attribute never runs. What the built client needs, and why each source is allowed:
// - script-src / worker-src 'self': the bundle and the engine's module workers (Vite emits
//   `new Worker(new URL('/assets/worker-….js', import.meta.url), {type: 'module'})`);
// - connect-src 'self' + ws(s)://<this host>: fetch to /api and socket.io's websocket to the
//   same origin (older browsers do not match ws: against 'self', so the host is named);
// - img-src data: (the QR code arrives as a data: URL, the favicon is one) and blob: (the
//   upload preview uses URL.createObjectURL); uploaded images come from /api/upload ('self');
// - style-src 'self': the built CSS files; React's `style` props go through the CSSOM, which
//   CSP does not restrict; DOMPurify drops `style` attributes from server HTML.
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy directives (connect-src gets the request's host added). */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Headers engine.io adds to its polling and handshake answers (no HTML is served there). */
export const SOCKET_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CSP_DIRECTIVES,
        'connect-src': [...(CSP_DIRECTIVES['connect-src'] ?? []), sameHostSockets],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Only honoured over HTTPS: a deployment behind TLS keeps browsers on it.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
}

/** A plain `host[:port]` (or `[v6]:port`); anything else is not trusted into a header. */
const HOST_RE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `ws://host wss://host` for the host the page was asked from, or `'self'` again. */
export function sameHostSockets(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return HOST_RE.test(host) ? `ws://${host} wss://${host}` : "'self'";
}
