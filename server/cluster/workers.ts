// Several server processes on one port (issue 45, ADR 0072): `WORKERS=N` (or `--workers=N`) with
// DATABASE_URL makes this process the primary of Node's cluster module. It forks the first
// worker, and the others once it listens (the migrations and the demo account are done once, in
// order); the workers share the port (the primary hands each new connection to one of them). A
// worker that dies is replaced a second later: its markets and jobs have meanwhile gone to the
// others (ADR 0069, 0071), and the new one takes its share back. A worker that dies before it
// ever listened stops the whole server: a second one would fail the same way. SIGINT or SIGTERM
// stops every worker, and the primary exits when they have.
import cluster, { type Worker } from 'node:cluster';

export const RESTART_DELAY_MS = 1000;

export function runPrimary(workers: number, log: (line: string) => void): void {
  let stopping = false;
  const listened = new WeakSet<Worker>();
  const fork = (): Worker => {
    const w = cluster.fork();
    w.once('listening', () => listened.add(w));
    return w;
  };
  fork().once('listening', () => {
    for (let i = 1; i < workers; i += 1) fork();
  });
  cluster.on('exit', (w, code, signal) => {
    const alive = Object.values(cluster.workers ?? {}).filter((x) => x !== undefined).length;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    if (!listened.has(w)) {
      log(`bourse: a worker failed to start (exit ${signal ?? code}); stopping the server`);
      stopAll('SIGTERM');
      process.exitCode = 1;
      return;
    }
    log(`bourse: worker ${w.process.pid} ended (${signal ?? code}); a new one starts in 1 s`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });
  const stopAll = (signal: NodeJS.Signals): void => {
    stopping = true;
    const all = Object.values(cluster.workers ?? {});
    if (all.length === 0) process.exit(process.exitCode ?? 0);
    for (const w of all) w?.process.kill(signal);
  };
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
}

/** Whether this process is the primary of a cluster of `workers` (it serves nothing itself). */
export const isPrimaryOf = (workers: number): boolean => workers > 1 && cluster.isPrimary;

/** The first worker (or the only process) prints the whole greeting; the others one line. */
export const greetsInFull = (): boolean => !cluster.isWorker || cluster.worker?.id === 1;
