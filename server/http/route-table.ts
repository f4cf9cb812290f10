// The table of registered routes (method and pattern), collected with an `onRoute` hook so
// that tests walk every route, including ones added later, without a hand-kept list.
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/** Call before any route is registered; the returned list fills as routes are added. */
export function collectRoutes(app: FastifyInstance): readonly RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: String(method), url: route.url });
  });
  return routes;
}
