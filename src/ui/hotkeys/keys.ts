// Keys as hotkeys name them (src/shared/workspace.ts `isHotkey`): the modifiers Ctrl, Alt and
// Shift, in that order, then the key — a letter or digit by its place on the keyboard (Alt+1 is
// Alt+1 whatever character the layout makes of it), F1–F12, or a few signs by their character.
// A key pressed while the user types in a field, or repeated by holding it, is not a hotkey.
import { isHotkey } from '../../shared/workspace.ts';

/** The help key: it opens the key sheet (and is not given to anything else). */
export const HELP_KEY = '?';

export function keyName(
  e: Pick<KeyboardEvent, 'code' | 'key' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>,
): string | null {
  if (e.metaKey) return null;
  const base = baseKey(e.code, e.key);
  if (base === null) return null;
  const name = `${e.ctrlKey ? 'Ctrl+' : ''}${e.altKey ? 'Alt+' : ''}${e.shiftKey ? 'Shift+' : ''}${base}`;
  return isHotkey(name) ? name : null;
}

function baseKey(code: string, key: string): string | null {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3).toLowerCase();
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (/^F([1-9]|1[0-2])$/.test(key)) return key;
  const sign = SIGNS[code];
  return sign ?? null;
}

/** Signs by their place on a US keyboard (the character differs by layout and with Shift). */
const SIGNS: Readonly<Record<string, string>> = {
  BracketLeft: '[',
  BracketRight: ']',
  Comma: ',',
  Period: '.',
  Slash: '/',
  Semicolon: ';',
  Quote: "'",
  Equal: '=',
  Minus: '-',
};

/** Whether a key event belongs to typing: a text field, a select, an editable element. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TEXT.has(target.type);
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

const NOT_TEXT = new Set(['checkbox', 'radio', 'range', 'button', 'submit', 'reset']);

/** A key as a person reads it: "Alt + 1", "Shift + X". */
export function keyLabel(name: string): string {
  return name
    .split('+')
    .map((part) => (part.length === 1 ? part.toUpperCase() : part))
    .join(' + ');
}
