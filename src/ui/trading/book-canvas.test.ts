// The book side's spacer (issue 19): its height follows the level count in steps, so that a
// live book whose count moves by a few levels each diff does not lay the side out each time.
import { describe, expect, it } from 'vitest';
import { SPACER_STEP, spacerRows } from './book-canvas.ts';

describe('spacerRows', () => {
  it('makes room for every level, rounded up to a step', () => {
    expect(spacerRows(0, 0)).toBe(0);
    expect(spacerRows(0, 1)).toBe(SPACER_STEP);
    expect(spacerRows(0, 1003)).toBe(Math.ceil(1003 / SPACER_STEP) * SPACER_STEP);
  });

  it('keeps its room while the count moves within it, and follows it beyond', () => {
    const room = spacerRows(0, 1003);
    for (const count of [1003, 1000, 990, room, room - SPACER_STEP - 1])
      expect(spacerRows(room, count)).toBe(room);
    expect(spacerRows(room, room + 1)).toBe(room + SPACER_STEP);
    expect(spacerRows(room, 10)).toBe(SPACER_STEP);
    expect(spacerRows(room, 0)).toBe(0);
  });

  it('never leaves a level without room', () => {
    let room = 0;
    for (let i = 0; i < 500; i += 1) {
      const count = (i * 7919) % 2000;
      room = spacerRows(room, count);
      expect(room).toBeGreaterThanOrEqual(count);
      expect(room - count).toBeLessThan(2 * SPACER_STEP);
    }
  });
});
