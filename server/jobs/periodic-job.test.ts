// PeriodicJob: runs never overlap, asked-for runs wait their turn, a tick is skipped while a
// run is pending, and a failing timed run neither throws out of the timer nor stops the job.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicJob } from './periodic-job.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('PeriodicJob', () => {
  it('runs one at a time, in the order asked', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    let n = 0;
    const job = new PeriodicJob(
      'test',
      1000,
      async () => {
        const mine = ++n;
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(mine);
        running -= 1;
        return mine;
      },
      false,
    );
    const results = await Promise.all([job.run(), job.run(), job.run()]);
    expect(results).toEqual([1, 2, 3]);
    expect(order).toEqual([1, 2, 3]);
    expect(most).toBe(1);
  });

  it('skips ticks while a run is pending, survives a failing run, stops', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let release: () => void = () => undefined;
    const job = new PeriodicJob(
      'test',
      100,
      () => {
        calls += 1;
        if (calls === 1) return new Promise<void>((r) => (release = r));
        if (calls === 2) return Promise.reject(new Error('boom'));
        return Promise.resolve();
      },
      false,
    );
    job.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(500); // pending: every tick skipped
    expect(calls).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(100); // the failing run: logged (off), not thrown
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(3);
    job.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(3);
    await job.idle();
  });
});
