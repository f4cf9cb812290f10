// A server job run on a timer and on demand (tests call it after moving the clock): one run at
// a time, runs asked for meanwhile wait their turn, and a tick is skipped while a run is
// pending, and while another process of the cluster holds the job's lease. Failures of a timed
// run are logged (with `log`), never thrown out of the timer.

export class PeriodicJob<T> {
  private timer: ReturnType<typeof setInterval> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = false;

  constructor(
    /** Named in the log when a timed run fails ("lock-up settlement"). */
    private readonly name: string,
    private readonly everyMs: number,
    private readonly work: () => Promise<T>,
    private readonly log: boolean,
    /** Whether this process runs the timed runs now: it holds the job's lease (issue 45). */
    private readonly may: () => boolean = () => true,
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      if (this.pending || !this.may()) return;
      this.run().catch((err: unknown) => {
        if (this.log) console.error(`${this.name} failed`, err);
      });
    }, this.everyMs);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs the work after any run under way; resolves (or rejects) with this run's outcome. */
  run(): Promise<T> {
    this.pending = true;
    const next = this.queue.then(async () => {
      try {
        return await this.work();
      } finally {
        this.pending = false;
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Resolves once no run is going on (server close). */
  async idle(): Promise<void> {
    await this.queue;
  }
}
