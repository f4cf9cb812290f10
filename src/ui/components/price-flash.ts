// A changed price flashes: the element gets the `is-flash` class for PRICE_FLASH_MS and loses
// it again. That is two style recalculations per flash, and one timer sweeps every row whose
// flash has ended, so a ticker push that moves twenty prices costs two recalculations in all.
// It replaced a CSS fade on a span keyed by the price: the remount built a node per change and the
// running animations recalculated style in every frame, about 1 s of main thread per 30 s on the
// home page at 4× CPU (issue 19). The book's canvas flashes the same way (book-canvas.ts).
import { useEffect, useRef, type RefObject } from 'react';

export const PRICE_FLASH_MS = 600;
const CLASS = 'is-flash';

/** What a flash needs of an element. */
export interface Flashable {
  readonly classList: Pick<DOMTokenList, 'add' | 'remove'>;
}

/** element → the time its flash ends */
const lit = new Map<Flashable, number>();
let timer: ReturnType<typeof setTimeout> | null = null;

function sweep(): void {
  timer = null;
  const now = performance.now();
  let next = Infinity;
  for (const [el, until] of lit) {
    if (until <= now + 16) {
      el.classList.remove(CLASS);
      lit.delete(el);
    } else next = Math.min(next, until);
  }
  if (next !== Infinity) timer = setTimeout(sweep, next - now);
}

/** Lights `el` for PRICE_FLASH_MS (again from now when it is lit already). */
export function flash(el: Flashable): void {
  el.classList.add(CLASS);
  lit.set(el, performance.now() + PRICE_FLASH_MS);
  timer ??= setTimeout(sweep, PRICE_FLASH_MS);
}

/** Forgets `el` (it left the page), so the sweep holds no detached node. */
export function unflash(el: Flashable): void {
  lit.delete(el);
}

/** A ref for the element that shows `value`; the element flashes when the value changes,
 *  not when it first appears. */
export function usePriceFlash<T extends HTMLElement>(
  value: string | null | undefined,
): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const shown = useRef(value);
  useEffect(() => {
    const el = ref.current;
    const was = shown.current;
    if (
      el !== null &&
      was !== value &&
      was !== null &&
      was !== undefined &&
      value !== null &&
      value !== undefined
    )
      flash(el);
    shown.current = value;
  }, [value]);
  useEffect(() => {
    const el = ref.current;
    return () => {
      if (el !== null) unflash(el);
    };
  }, []);
  return ref;
}
