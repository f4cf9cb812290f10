// The keyboard on a trading screen (issue 24): `?` opens the key sheet; when the trader has
// turned hotkeys on, a template's key places its order and an action's key does the action.
// Nothing fires while the user types in a field, while a dialog is open, for a key held down
// (its repeats), or for a key another handler already took.
import { useEffect, useRef } from 'react';
import {
  HOTKEY_ACTIONS,
  type HotkeyAction,
  type OrderTemplate,
  type Workspace,
} from '../../shared/workspace.ts';
import type { LeverTemplate } from '../../shared/lever-templates.ts';
import { useSignalSelect } from '../engine-bridge/use-signal-value.ts';
import { workspace } from '../workspace.ts';
import { HELP_KEY, isTyping, keyName } from './keys.ts';

export type HotkeyHandlers = Partial<Record<HotkeyAction, () => void>> & {
  /** A template's key (the spot screen places its order). */
  template?: (t: OrderTemplate) => void;
  /** A contract template's key (the contracts screen places its order, ADR 0066). */
  leverTemplate?: (t: LeverTemplate) => void;
  help: () => void;
};

export function useHotkeys(handlers: HotkeyHandlers): void {
  const settings = useSignalSelect(workspace, (w) => w.hotkeys);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.repeat || isTyping(e.target)) return;
      if (document.querySelector('dialog[open]') !== null) return;
      const h = latest.current;
      if (e.key === HELP_KEY) {
        e.preventDefault();
        h.help();
        return;
      }
      if (!settings.enabled) return;
      const name = keyName(e);
      if (name === null) return;
      if (placeTemplate(settings, name, h)) {
        e.preventDefault();
        return;
      }
      const action = HOTKEY_ACTIONS.find((a) => settings.keys[a] === name);
      const run = action === undefined ? undefined : h[action];
      if (run === undefined) return;
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [settings]);
}

/** A template's key (spot, or contracts): its order placed; false when no template has it. */
function placeTemplate(settings: Workspace['hotkeys'], name: string, h: HotkeyHandlers): boolean {
  const template = settings.templates.find((t) => t.key === name);
  if (template !== undefined && h.template !== undefined) {
    h.template(template);
    return true;
  }
  const lever = settings.leverTemplates?.find((t) => t.key === name);
  if (lever !== undefined && h.leverTemplate !== undefined) {
    h.leverTemplate(lever);
    return true;
  }
  return false;
}
