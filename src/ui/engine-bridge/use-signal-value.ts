// Subscribe a component to exactly one signal (CONVENTIONS 15): the component re-renders when
// that signal changes and for nothing else. useSyncExternalStore keeps it tear-free.
import type { ReadonlySignal } from '@preact/signals-core';
import { useCallback, useSyncExternalStore } from 'react';

export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => source.subscribe(() => onChange()),
    [source],
  );
  const read = useCallback(() => source.peek(), [source]);
  return useSyncExternalStore(subscribe, read, read);
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
