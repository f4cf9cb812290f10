// A box whose live content changes often (the home page's market table) but whose size rarely
// does: once its content has been measured, the box gets that height and `contain: strict`, so
// Chromium lays out the box alone when a figure in it changes, not the whole page (issue 19).
// A ResizeObserver follows the content (more rows, a narrower window, a horizontal scrollbar).
import { useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, RefObject } from 'react';

export interface ContainedHeight<B extends HTMLElement, C extends HTMLElement> {
  box: RefObject<B | null>;
  content: RefObject<C | null>;
  /** For the box: its height once measured (until then the box sizes to its content). */
  style: CSSProperties | undefined;
  /** Whether the box is contained yet (its class `is-contained`). */
  contained: boolean;
}

export function useContainedHeight<B extends HTMLElement, C extends HTMLElement>(): ContainedHeight<
  B,
  C
> {
  const box = useRef<B>(null);
  const content = useRef<C>(null);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const b = box.current;
    const c = content.current;
    if (b === null || c === null || typeof ResizeObserver !== 'function') return undefined;
    const measure = (): void => {
      // the box's own scrollbar (a table wider than a phone) is added to the content's height
      const next = c.offsetHeight + (b.offsetHeight - b.clientHeight);
      setHeight((prev) => (prev === next ? prev : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(c);
    observer.observe(b);
    return () => observer.disconnect();
  }, []);
  return {
    box,
    content,
    style: height === null ? undefined : { height },
    contained: height !== null,
  };
}
