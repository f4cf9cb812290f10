// The one polite announcer of the page (issue 26, ADR 0038): results a screen shows in place
// (not as a toast) reach a screen reader through one visually hidden status region that the
// layout mounts once, before anything is announced (`announcer-region.tsx`).
//
// - Messages arriving within MERGE_MS of the first are merged into one announcement (a burst of
//   results is read once, in order; the same text twice in one burst is read once).
// - Each announcement first empties the region, then writes the text MERGE_MS later, so the same
//   message announced again later is read again (a region whose text does not change is silent).
// - While a modal dialog is open everything outside it is inert and not read: the text waits for
//   the dialog to close, at most HOLD_MS (after that it is stale and dropped).
// - The text is emptied again CLEAR_MS after it was written, so nobody browsing finds old news.
// Never announce market data (prices, books, trades, tickers): they change many times a second.
import { signal, type ReadonlySignal } from '@preact/signals-core';

export const MERGE_MS = 150;
export const HOLD_MS = 3000;
export const CLEAR_MS = 7000;

export interface Announcer {
  /** The region's text now ('' between announcements). */
  readonly text: ReadonlySignal<string>;
  announce(message: string): void;
}

/** Whether a modal dialog is open (outside it the page is inert). */
const modalOpen = (): boolean =>
  typeof document !== 'undefined' && document.querySelector('dialog:modal') !== null;

export function createAnnouncer(blocked: () => boolean = modalOpen): Announcer {
  const text = signal('');
  let pending: string[] = [];
  let held = 0;
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let clearTimer: ReturnType<typeof setTimeout> | null = null;

  const flush = (): void => {
    flushTimer = null;
    if (blocked() && held < HOLD_MS) {
      held += MERGE_MS;
      flushTimer = setTimeout(flush, MERGE_MS);
      return;
    }
    const words = held < HOLD_MS ? pending.join(' ') : '';
    pending = [];
    held = 0;
    text.value = words;
    if (words !== '') clearTimer = setTimeout(() => (text.value = ''), CLEAR_MS);
  };

  const announce = (message: string): void => {
    const m = message.trim();
    if (m === '') return;
    if (!pending.includes(m)) pending.push(m);
    if (flushTimer !== null) return;
    if (clearTimer !== null) clearTimeout(clearTimer);
    clearTimer = null;
    text.value = '';
    flushTimer = setTimeout(flush, MERGE_MS);
  };

  return { text, announce };
}

const app = createAnnouncer();

/** The page's announcer text (read by the region only). */
export const announcement: ReadonlySignal<string> = app.text;

/** Reads `message` (already localized) to a screen reader, politely. */
export const announce = (message: string): void => app.announce(message);
