import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLEAR_MS, createAnnouncer, HOLD_MS, MERGE_MS } from './announcer.ts';

/** Every text the region held, in order (what a screen reader could have seen). */
function recorded(blocked: () => boolean = () => false) {
  const a = createAnnouncer(blocked);
  const seen: string[] = [];
  const stop = a.text.subscribe((v) => seen.push(v));
  return { a, seen, stop };
}

describe('announcer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('merges messages of one burst into one announcement, in order, each text once', () => {
    const { a, seen } = recorded();
    a.announce('Order placed.');
    vi.advanceTimersByTime(MERGE_MS - 50);
    a.announce('Order cancelled.');
    a.announce('Order placed.');
    expect(a.text.value).toBe('');
    vi.advanceTimersByTime(50);
    expect(a.text.value).toBe('Order placed. Order cancelled.');
    expect(seen.filter((s) => s !== '')).toEqual(['Order placed. Order cancelled.']);
  });

  it('announces the same message again later: emptied first, then written', () => {
    const { a, seen } = recorded();
    a.announce('Order placed.');
    vi.advanceTimersByTime(MERGE_MS);
    a.announce('Order placed.');
    expect(a.text.value).toBe('');
    vi.advanceTimersByTime(MERGE_MS);
    expect(a.text.value).toBe('Order placed.');
    expect(seen).toEqual(['', 'Order placed.', '', 'Order placed.']);
  });

  it('empties the region CLEAR_MS after writing, and ignores blank messages', () => {
    const { a, seen } = recorded();
    a.announce('   ');
    vi.advanceTimersByTime(MERGE_MS);
    expect(seen).toEqual(['']);
    a.announce('Transfer done.');
    vi.advanceTimersByTime(MERGE_MS + CLEAR_MS - 1);
    expect(a.text.value).toBe('Transfer done.');
    vi.advanceTimersByTime(1);
    expect(a.text.value).toBe('');
  });

  it('a later message keeps the region from being emptied under it', () => {
    const { a } = recorded();
    a.announce('First.');
    vi.advanceTimersByTime(MERGE_MS + CLEAR_MS - 100);
    a.announce('Second.');
    vi.advanceTimersByTime(MERGE_MS + 100);
    expect(a.text.value).toBe('Second.');
  });

  it('waits while a modal dialog is open, then announces; drops what waited too long', () => {
    let modal = true;
    const { a } = recorded(() => modal);
    a.announce('Contract opened.');
    vi.advanceTimersByTime(MERGE_MS * 4);
    expect(a.text.value).toBe('');
    modal = false;
    vi.advanceTimersByTime(MERGE_MS);
    expect(a.text.value).toBe('Contract opened.');

    modal = true;
    a.announce('Stale.');
    vi.advanceTimersByTime(HOLD_MS + MERGE_MS * 2);
    expect(a.text.value).toBe('');
    modal = false;
    a.announce('Fresh.');
    vi.advanceTimersByTime(MERGE_MS);
    expect(a.text.value).toBe('Fresh.');
  });
});
