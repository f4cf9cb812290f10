// The contract position a trader picked in the positions list (a click on its row), for the
// "close the selected position" hotkey (issue 24), and that hotkey's request, which the list
// turns into its own close flow (the spec's confirm, the same command as the Close button).
import { signal } from '@preact/signals-core';

/** The selected holding's id, or null. */
export const selectedPosition = signal<number | null>(null);

/** A request to close a position: a new object each time, so the same id can be asked again. */
export const closeRequest = signal<{ id: number } | null>(null);

/** The holding the close key means: the selected one while held, else the only one. */
export function positionToClose(held: readonly { id: number }[], selected: number | null) {
  if (selected !== null && held.some((p) => p.id === selected)) return selected;
  return held.length === 1 ? (held[0]?.id ?? null) : null;
}
