// The worker entry. The page (src/ui/engine-bridge) does:
//   const engine = Comlink.wrap<EngineApi>(new Worker(new URL('../../engine/worker.ts', import.meta.url), { type: 'module' }));
//   const snapshot = await engine.start(config, Comlink.proxy(onFrame));
import * as Comlink from 'comlink';
import type { EngineApi } from './api.ts';
import { createEngine } from './engine.ts';
import { createBrowserServices } from './services.ts';

const engine = createEngine(createBrowserServices());
const api: EngineApi = {
  ...engine,
  // an exported file moves to the page instead of being copied
  async exportLog(sinceMs, onProgress) {
    const file = await engine.exportLog(sinceMs, onProgress);
    return Comlink.transfer(file, [file.bytes.buffer]);
  },
  async flightReport(onProgress) {
    const file = await engine.flightReport(onProgress);
    return Comlink.transfer(file, [file.bytes.buffer]);
  },
};
Comlink.expose(api);

// the flight recorder hears what nothing else caught in this thread (issue 47)
self.addEventListener('error', (e) => engine.engineError(e.error ?? e.message));
self.addEventListener('unhandledrejection', (e) => engine.engineError(e.reason));
