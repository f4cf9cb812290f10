// Day/night mode (spec §4): stored under `night_mode` ('1' night, '0' day); a toggle stores the
// mode and reloads. index.html applies the stored mode before the first paint; this module is
// the same rule for the running page. Night is the default of a trading terminal.
import { storage } from './storage.ts';

export type Theme = 'day' | 'night';

export function themeFromStored(value: string | null): Theme {
  return value === '0' ? 'day' : 'night';
}

export function currentTheme(): Theme {
  return themeFromStored(storage.get('night_mode'));
}

export function applyTheme(): void {
  document.documentElement.dataset['theme'] = currentTheme();
}

export function toggleTheme(): void {
  storage.set('night_mode', currentTheme() === 'night' ? '0' : '1');
  window.location.reload();
}
