// The engine on the page's main thread instead of the dedicated worker: the peer that
// benchmarks B4/B5 compare the worker against (`/dealCenter?engine=main`, ADR 0011). The
// bridge reaches this module through a dynamic import only, so the normal bundle never
// contains the engine. Same services as the worker: requestAnimationFrame, IndexedDB, fetch
// and socket.io exist on the main thread too.
import type { EngineApi } from './api.ts';
import { createEngine } from './engine.ts';
import { createBrowserServices } from './services.ts';

export function createMainThreadEngine(): EngineApi {
  return createEngine(createBrowserServices());
}
