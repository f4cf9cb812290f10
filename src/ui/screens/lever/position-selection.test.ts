import { describe, expect, it } from 'vitest';
import { positionToClose } from './position-selection.ts';

describe('the position the close key means', () => {
  const held = [{ id: 4 }, { id: 9 }];
  it('is the selected one while it is held', () => {
    expect(positionToClose(held, 9)).toBe(9);
  });
  it('is none when the selected one is gone and several are held', () => {
    expect(positionToClose(held, 5)).toBeNull();
    expect(positionToClose(held, null)).toBeNull();
  });
  it('is the only holding when nothing held is selected', () => {
    expect(positionToClose([{ id: 7 }], null)).toBe(7);
    expect(positionToClose([{ id: 7 }], 3)).toBe(7);
  });
  it('is none with nothing held', () => {
    expect(positionToClose([], 7)).toBeNull();
  });
});
