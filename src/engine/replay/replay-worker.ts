// The replay worker's entry: a worker of its own, with no transport, started by the page's
// bridge when a recording is opened (src/ui/engine-bridge/replay-bridge.ts).
import * as Comlink from 'comlink';
import { createBrowserServices } from '../services.ts';
import { createReplayEngine } from './replay-engine.ts';

Comlink.expose(createReplayEngine(createBrowserServices()));
