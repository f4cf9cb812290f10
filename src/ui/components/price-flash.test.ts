// A price flash (issue 19): an element is lit for PRICE_FLASH_MS after its last change and then
// unlit, by one sweeping timer for all elements; a forgotten element is never touched again.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICE_FLASH_MS, flash, unflash, type Flashable } from './price-flash.ts';

function cell(): Flashable & { lit: () => boolean; writes: () => number } {
  const classes = new Set<string>();
  let writes = 0;
  return {
    classList: {
      add: (c: string) => {
        writes++;
        classes.add(c);
      },
      remove: (c: string) => {
        writes++;
        classes.delete(c);
      },
    },
    lit: () => classes.has('is-flash'),
    writes: () => writes,
  };
}

describe('price flash', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('lights an element for the flash time and then unlights it', () => {
    const a = cell();
    flash(a);
    expect(a.lit()).toBe(true);
    vi.advanceTimersByTime(PRICE_FLASH_MS - 50);
    expect(a.lit()).toBe(true);
    vi.advanceTimersByTime(50);
    expect(a.lit()).toBe(false);
  });

  it('a change during a flash lights it again from that moment', () => {
    const a = cell();
    flash(a);
    vi.advanceTimersByTime(400);
    flash(a);
    vi.advanceTimersByTime(400);
    expect(a.lit()).toBe(true);
    vi.advanceTimersByTime(PRICE_FLASH_MS - 400);
    expect(a.lit()).toBe(false);
  });

  it('one timer sweeps many elements flashed together', () => {
    const cells = Array.from({ length: 20 }, cell);
    for (const c of cells) flash(c);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(PRICE_FLASH_MS);
    expect(cells.every((c) => !c.lit())).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a forgotten element is not written to again', () => {
    const a = cell();
    flash(a);
    unflash(a);
    const writes = a.writes();
    vi.advanceTimersByTime(PRICE_FLASH_MS * 2);
    expect(a.writes()).toBe(writes);
  });

  it('P1: at any moment an element is lit exactly when it changed within the flash time', () => {
    fc.assert(
      fc.property(
        // a cell to change (4 = none: only look) after a wait
        fc.array(fc.tuple(fc.nat(4), fc.integer({ min: 0, max: 900 })), { maxLength: 40 }),
        (changes) => {
          const cells = Array.from({ length: 4 }, cell);
          const last: (number | null)[] = [null, null, null, null];
          let now = 0;
          for (const [i, wait] of changes) {
            vi.advanceTimersByTime(wait);
            now += wait;
            const changed = cells[i];
            if (changed !== undefined) {
              flash(changed);
              last[i] = now;
            }
            for (const [j, c] of cells.entries()) {
              const at = last[j] ?? null;
              // lit within the flash; unlit after it (a sweep may end a flash one frame early)
              if (at === null || now - at >= PRICE_FLASH_MS) expect(c.lit()).toBe(false);
              else if (now - at < PRICE_FLASH_MS - 16) expect(c.lit()).toBe(true);
            }
          }
          vi.advanceTimersByTime(PRICE_FLASH_MS);
          expect(cells.every((c) => !c.lit())).toBe(true);
        },
      ),
    );
  });
});
