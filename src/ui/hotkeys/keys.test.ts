// Hotkey names: by the key's place (Alt+1 on a layout that types "¡"), modifiers in one order,
// the Meta key and unknown keys never a hotkey.
import { describe, expect, it } from 'vitest';
import { keyLabel, keyName } from './keys.ts';

const ev = (
  code: string,
  key: string,
  mods: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {},
) => ({
  code,
  key,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('keyName', () => {
  it('names letters and digits by their place, with the modifiers in order', () => {
    expect(keyName(ev('KeyB', 'b'))).toBe('b');
    expect(keyName(ev('KeyX', 'X', { shiftKey: true }))).toBe('Shift+x');
    expect(keyName(ev('Digit1', '¡', { altKey: true }))).toBe('Alt+1');
    expect(keyName(ev('KeyK', 'k', { shiftKey: true, ctrlKey: true, altKey: true }))).toBe(
      'Ctrl+Alt+Shift+k',
    );
    expect(keyName(ev('F2', 'F2'))).toBe('F2');
    expect(keyName(ev('BracketRight', ']'))).toBe(']');
  });

  it('leaves out Meta, keys it does not know and modifiers alone', () => {
    expect(keyName(ev('KeyC', 'c', { metaKey: true }))).toBeNull();
    expect(keyName(ev('ArrowUp', 'ArrowUp'))).toBeNull();
    expect(keyName(ev('ShiftLeft', 'Shift', { shiftKey: true }))).toBeNull();
    expect(keyName(ev('Enter', 'Enter'))).toBeNull();
  });

  it('reads as a person writes it', () => {
    expect(keyLabel('Alt+1')).toBe('Alt + 1');
    expect(keyLabel('Shift+x')).toBe('Shift + X');
    expect(keyLabel(']')).toBe(']');
  });
});
