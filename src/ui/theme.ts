// Day/night mode: stored under `night_mode` ('1' night, '0' day, spec §4). index.html applies
// the stored mode before the first paint (public/theme-boot.js); this module is the same rule
// for the running page. The spec's toggle stores the mode and reloads; Bourse restyles in place
// (issue 24, ADR 0033): the CSS follows `data-theme`, and the worker-drawn canvases, whose
// colours are read from the theme's variables, repaint at once (they follow `theme`), so no
// typed amount, open dialog or chart position is lost. Another tab's toggle is followed too.
// Night is the default of a trading terminal.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { storage } from './storage.ts';

export type Theme = 'day' | 'night';

export function themeFromStored(value: string | null): Theme {
  return value === '0' ? 'day' : 'night';
}

export function currentTheme(): Theme {
  return themeFromStored(storage.get('night_mode'));
}

const current = signal<Theme>(currentTheme());

/** The mode in effect; canvases repaint when it changes. */
export const theme: ReadonlySignal<Theme> = current;

/** The browser's bar colour of each mode (the header's panel). */
const BAR: Record<Theme, string> = { night: '#181a20', day: '#ffffff' };

let followingOtherTabs = false;

export function applyTheme(): void {
  const next = currentTheme();
  document.documentElement.dataset['theme'] = next;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BAR[next]);
  current.value = next;
  if (followingOtherTabs) return;
  followingOtherTabs = true;
  window.addEventListener('storage', (e) => {
    if (e.key === 'night_mode') applyTheme();
  });
}

export function toggleTheme(): void {
  storage.set('night_mode', currentTheme() === 'night' ? '0' : '1');
  applyTheme();
}
