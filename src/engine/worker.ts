// The worker entry. The page (src/ui/engine-bridge) does:
//   const engine = Comlink.wrap<EngineApi>(new Worker(new URL('../../engine/worker.ts', import.meta.url), { type: 'module' }));
//   const snapshot = await engine.start(config, Comlink.proxy(onFrame));
import * as Comlink from 'comlink';
import type { EngineApi } from './api.ts';
import { createEngine } from './engine.ts';
import { createBrowserServices } from './services.ts';

const engine: EngineApi = createEngine(createBrowserServices());
Comlink.expose(engine);
