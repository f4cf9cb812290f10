// Subscribe a component to exactly one signal (CONVENTIONS 15): the component re-renders when
// that signal changes and for nothing else. useSyncExternalStore keeps it tear-free.
import type { ReadonlySignal } from '@preact/signals-core';
import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';

export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => source.subscribe(() => onChange()),
    [source],
  );
  const read = useCallback(() => source.peek(), [source]);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * Like `useSignalValue`, but the re-render a change causes is a transition: React renders it in
 * slices and yields to the browser between them, instead of inside the task that applied the
 * engine's diff. For many independent rows that all change at once (every market row at each
 * tickers diff: 20–26 ms of 4× time in one task on the home page, issue 19); a row may show its
 * previous value one frame longer. Not for what must track another signal exactly.
 */
export function useSignalDeferred<T>(source: ReadonlySignal<T>): T {
  const [state, setState] = useState(() => ({ source, value: source.peek() }));
  useEffect(
    () =>
      source.subscribe((value) => {
        startTransition(() => setState({ source, value }));
      }),
    [source],
  );
  // another signal (a row given a new symbol): its value now, not the old signal's
  return state.source === source ? state.value : source.peek();
}

/**
 * Subscribe to a part of a signal: the component re-renders only when `select` returns a
 * different value (Object.is), not on every change of the signal. `select` must be stable.
 */
export function useSignalSelect<T, R>(source: ReadonlySignal<T>, select: (value: T) => R): R {
  const subscribe = useCallback(
    (onChange: () => void) => source.subscribe(() => onChange()),
    [source],
  );
  const read = useCallback(() => select(source.peek()), [source, select]);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * A slow copy of a part of a signal, for what people read rather than watch (a list for
 * assistive technology beside a canvas): `select(value)` at once when it first holds
 * something, then at most once every `intervalMs`. `select` must be stable.
 */
export function useSignalSampled<T, R extends { readonly length: number }>(
  source: ReadonlySignal<T>,
  select: (value: T) => R,
  intervalMs: number,
): R {
  const [sampled, setSampled] = useState<R>(() => select(source.peek()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let latest = select(source.peek());
    let shown = latest.length > 0;
    const show = (): void => {
      timer = null;
      shown = latest.length > 0;
      // a list of tens of rows, each an ICU message: rendered in slices, not in one task
      startTransition(() => setSampled(latest));
    };
    const stop = source.subscribe((value) => {
      latest = select(value);
      if (!shown && latest.length > 0) show();
      else timer ??= setTimeout(show, intervalMs);
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
    };
  }, [source, select, intervalMs]);
  return sampled;
}
