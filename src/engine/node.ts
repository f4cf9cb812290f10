// The engine under Node (integration tests against a real server process, replay later):
// the same createEngine with Node services (global fetch, socket.io-client, fake-indexeddb
// or a memory log).
import type { EngineConfig, EngineSnapshot, FrameDiff } from './api.ts';
import { createEngine } from './engine.ts';
import type { EngineHandle, EngineOptions } from './engine.ts';
import { createNodeServices } from './services-node.ts';
import type { NodeServicesOptions } from './services-node.ts';

export interface NodeEngineOptions extends NodeServicesOptions, EngineOptions {
  /** Absolute origin of the server, e.g. "http://127.0.0.1:8080". */
  baseUrl: string;
}

export function createNodeEngine(opts: NodeEngineOptions): EngineHandle {
  const services = createNodeServices({
    ...opts,
    overrides: { origin: opts.baseUrl, ...opts.overrides },
  });
  return createEngine(services, opts);
}

/** Create and start in one step; frames are collected into `frames`. */
export async function startNodeEngine(
  opts: NodeEngineOptions & Partial<Omit<EngineConfig, 'baseUrl'>>,
): Promise<{ engine: EngineHandle; snapshot: EngineSnapshot; frames: FrameDiff[] }> {
  const engine = createNodeEngine(opts);
  const frames: FrameDiff[] = [];
  await engine.start(
    { baseUrl: opts.baseUrl, lang: opts.lang ?? 'en', visible: opts.visible ?? true },
    (diff) => {
      frames.push(diff);
    },
  );
  // the state with the start-up reads in (start() answers before them)
  const snapshot = await engine.firstReads();
  return { engine, snapshot, frames };
}
