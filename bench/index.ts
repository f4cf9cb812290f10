// The registry of benchmarks that `bench/run.ts` runs, in this order. One line per module
// (`bench/<name>.bench.ts`, default export a Benchmark); add yours at the end of the list.
import type { Benchmark } from './types.ts';
import engineFold from './engine-fold.bench.ts';
import bookApply from './book-apply.bench.ts';
import bundle from './bundle.bench.ts';
import pageLive from './page-live.bench.ts';
import coldStart from './cold-start.bench.ts';
import idbLog from './idb-log.bench.ts';
import chart from './chart.bench.ts';
import replay from './replay.bench.ts';

export const benchmarks: Benchmark[] = [
  engineFold,
  bookApply,
  bundle,
  pageLive,
  coldStart,
  idbLog,
  chart,
  replay,
];
