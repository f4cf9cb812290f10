// The lab page: exposes `window.lab` (protocol.ts) for the benchmarks to drive through
// Playwright. The event-log worker starts on first use, so chart runs have the page to
// themselves.
import * as Comlink from 'comlink';
import { chartLab } from './chart-lab.ts';
import type { LogWorkerApi } from './log-worker.ts';
import type { LabApi, LabWindow } from './protocol.ts';

let logWorker: Comlink.Remote<LogWorkerApi> | null = null;

const lab: LabApi = {
  log: {
    run: (spec) => {
      logWorker ??= Comlink.wrap<LogWorkerApi>(
        new Worker(new URL('./log-worker.ts', import.meta.url), { type: 'module' }),
      );
      return logWorker.run(spec);
    },
  },
  chart: chartLab,
};

(window as LabWindow).lab = lab;
