// This browser's copy of the workspace: read through parseWorkspace (a broken copy is the
// default, never a broken page), and made once from the single settings kept before there was a
// workspace, so nobody loses the grouping or chart period they had chosen.
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE } from '../shared/workspace.ts';
import type { StorageKey } from '../shared/storage-keys.ts';
import { INITIAL_VIEWS } from '../engine/api.ts';
import { copyToTake, storedWorkspace } from './workspace.ts';

const store = (values: Partial<Record<StorageKey, string>>) => ({
  get: (key: StorageKey) => values[key] ?? null,
});

describe('storedWorkspace', () => {
  it('reads the stored copy, and gives the default for a broken one', () => {
    const w = { ...DEFAULT_WORKSPACE, favourites: ['ETH/USDT'] };
    expect(storedWorkspace(store({ workspace: JSON.stringify(w) }))).toEqual(w);
    expect(storedWorkspace(store({ workspace: '{"favourites": [' }))).toEqual(DEFAULT_WORKSPACE);
    expect(storedWorkspace(store({ workspace: 'null' }))).toEqual(DEFAULT_WORKSPACE);
    expect(storedWorkspace(store({}))).toEqual(DEFAULT_WORKSPACE);
  });

  it('takes the settings kept before the workspace, and drops wrong ones', () => {
    const w = storedWorkspace(
      store({ chart_period: '1day', book_grouping: '100', book_rate: '250', reduced_motion: '1' }),
    );
    expect(w.chart.period).toBe('1day');
    expect(w.book).toMatchObject({ grouping: 100, rate: 250, reducedMotion: true });
    const sloppy = storedWorkspace(
      store({ chart_period: 'x', book_grouping: '7', book_rate: '5', reduced_motion: '0' }),
    );
    expect(sloppy.chart.period).toBe(DEFAULT_WORKSPACE.chart.period);
    expect(sloppy.book).toMatchObject({ grouping: 1, rate: 'frame', reducedMotion: false });
    // a stored workspace wins over the old settings
    expect(
      storedWorkspace(store({ workspace: JSON.stringify(DEFAULT_WORKSPACE), book_grouping: '10' }))
        .book.grouping,
    ).toBe(1);
  });
});

describe('copyToTake', () => {
  const copy = { ...DEFAULT_WORKSPACE, favourites: ['ETH/USDT'] };
  const view = (copyAfter: number) => ({
    ...INITIAL_VIEWS.workspace,
    copy,
    copyAfter,
    loaded: true,
  });

  it('takes a copy read after every change the page sent', () => {
    expect(copyToTake(view(0), 0)).toBe(copy);
    expect(copyToTake(view(3), 3)).toBe(copy);
  });

  it('leaves a copy read before the page’s last change, however late it arrives', () => {
    // read at login, the user picked a grouping, then the read's view reached the page
    expect(copyToTake(view(0), 1)).toBeNull();
    expect(copyToTake(view(2), 3)).toBeNull();
  });

  it('has nothing to take when the server holds none', () => {
    expect(copyToTake({ ...INITIAL_VIEWS.workspace, loaded: true }, 0)).toBeNull();
  });
});
