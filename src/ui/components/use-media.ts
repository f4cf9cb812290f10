// A CSS media query as React state (issue 23): screens that are laid out differently on a
// phone render differently, not just restyle, so what a phone does not show is not mounted
// (and costs nothing). The breakpoints match the stylesheets' @media rules.
import { useSyncExternalStore } from 'react';

/** Below this width the header's links and tools move into the drawer. */
export const COMPACT_HEADER = '(max-width: 1023px)';
/** Below this width the trading screens show one panel at a time, with a Buy/Sell bar. */
export const PHONE = '(max-width: 767px)';

export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
