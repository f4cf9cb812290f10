import { describe, expect, it } from 'vitest';
import { benchFlags } from './bench-hook.ts';

describe('bench flags', () => {
  it('are off unless asked for in the URL', () => {
    expect(benchFlags('')).toEqual({ mainThread: false, bench: false });
    expect(benchFlags('?symbol=BTC')).toEqual({ mainThread: false, bench: false });
  });

  it('read ?engine=main and ?bench=1', () => {
    expect(benchFlags('?engine=main')).toEqual({ mainThread: true, bench: false });
    expect(benchFlags('?bench=1&engine=main')).toEqual({ mainThread: true, bench: true });
    expect(benchFlags('?bench=0&engine=worker')).toEqual({ mainThread: false, bench: false });
  });
});
