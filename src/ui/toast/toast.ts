// The one toast system. Texts arrive already localized (a t() result or the server's message,
// which the server writes in the user's language).
import { signal, type ReadonlySignal } from '@preact/signals-core';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  /** A bold first line (a notification's title). */
  title?: string;
}

const TOAST_MS = 3000;
const MAX_TOASTS = 4;
const list = signal<readonly Toast[]>([]);
let nextId = 1;

export const toasts: ReadonlySignal<readonly Toast[]> = list;

export function dismissToast(id: number): void {
  list.value = list.value.filter((t) => t.id !== id);
}

export function showToast(
  kind: ToastKind,
  text: string,
  opts: { title?: string; ms?: number } = {},
): void {
  if (text === '') return;
  const id = nextId++;
  const item: Toast =
    opts.title === undefined ? { id, kind, text } : { id, kind, text, title: opts.title };
  list.value = [...list.value, item].slice(-MAX_TOASTS);
  setTimeout(() => dismissToast(id), opts.ms ?? TOAST_MS);
}

export const toast = {
  success: (text: string): void => showToast('success', text),
  error: (text: string): void => showToast('error', text),
  info: (text: string): void => showToast('info', text),
};
