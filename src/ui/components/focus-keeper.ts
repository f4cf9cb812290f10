// Focus that does not fall to the page's body (issue 26, ADR 0037). Two cases:
// - a list's row goes away with the control that had focus (an order cancelled, a position
//   closed): `useFocusKeeper` puts focus on the same control of the row that took its place (or
//   the one before), else on the list's first stop (its tab);
// - a screen is mounted again around the control that had focus (the pair switched from the
//   market list): `useRefocusAfter` finds the control's twin by its `data-focus-key`.
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const STOPS =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Lost {
  el: Element;
  testId: string | null;
  index: number;
}

/** Keeps focus inside `box` when the focused control is removed from it. */
export function useFocusKeeper(box: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = box.current;
    if (root === null) return undefined;
    let last: Lost | null = null;
    const onIn = (e: FocusEvent): void => {
      if (e.target instanceof Element) last = describe(root, e.target);
    };
    const onOut = (e: FocusEvent): void => {
      const from = e.target;
      // focus moved on (or was dropped by a click outside) while the control stays: forget it
      if (e.relatedTarget !== null) last = null;
      else queueMicrotask(() => from instanceof Element && from.isConnected && (last = null));
    };
    const watch = new MutationObserver(() => {
      if (last === null || last.el.isConnected) return;
      const active = document.activeElement;
      if (active !== null && active !== document.body) return;
      const next = successor(root, last);
      last = null;
      next?.focus({ preventScroll: true });
    });
    root.addEventListener('focusin', onIn);
    root.addEventListener('focusout', onOut);
    watch.observe(root, { childList: true, subtree: true });
    return () => {
      root.removeEventListener('focusin', onIn);
      root.removeEventListener('focusout', onOut);
      watch.disconnect();
    };
  }, [box]);
}

/**
 * Returns `capture`: call it before a change that mounts the screen again (the `key` changes);
 * once `key` has changed, focus goes to the element with the same `data-focus-key` as the one
 * that had focus when `capture` ran.
 */
export function useRefocusAfter(key: unknown): () => void {
  const pending = useRef<string | null>(null);
  useLayoutEffect(() => {
    const k = pending.current;
    pending.current = null;
    if (k === null) return;
    const twin = document.querySelector(`[data-focus-key="${CSS.escape(k)}"]`);
    if (twin instanceof HTMLElement) twin.focus({ preventScroll: true });
  }, [key]);
  return useCallback(() => {
    const el = document.activeElement?.closest('[data-focus-key]');
    pending.current = el?.getAttribute('data-focus-key') ?? null;
  }, []);
}

function sameControls(root: Element, testId: string | null): Element[] {
  if (testId === null) return [];
  return [...root.querySelectorAll(`[data-testid="${CSS.escape(testId)}"]`)];
}

function describe(root: Element, el: Element): Lost {
  const testId = el.getAttribute('data-testid');
  return { el, testId, index: sameControls(root, testId).indexOf(el) };
}

function successor(root: Element, lost: Lost): HTMLElement | null {
  const same = sameControls(root, lost.testId).filter(
    (e): e is HTMLElement => e instanceof HTMLElement && !e.matches(':disabled'),
  );
  const twin = same[Math.min(Math.max(lost.index, 0), same.length - 1)];
  if (twin !== undefined) return twin;
  const first = root.querySelector(STOPS);
  return first instanceof HTMLElement ? first : null;
}
