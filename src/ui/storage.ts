// The only module of the page that touches localStorage (ARCHITECTURE §5). Keys are the
// spec's keys (src/shared/storage-keys.ts); the auth token is not among them: it lives in
// the worker. Every access is guarded: private mode or a full quota must never break a page.
import { KEPT_ON_LOGOUT, STORAGE_KEYS, type StorageKey } from '../shared/storage-keys.ts';

/** The part of the Web Storage API this module needs (injectable for tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Storage {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string | number): void;
  remove(key: StorageKey): void;
  /** Logout: forget every key except KEPT_ON_LOGOUT (locale, lang, night_mode). */
  clearOnLogout(): void;
}

export function createStorage(backend: () => KeyValueStore | null): Storage {
  const safe = <T>(fn: (s: KeyValueStore) => T, fallback: T): T => {
    try {
      const s = backend();
      return s === null ? fallback : fn(s);
    } catch {
      return fallback;
    }
  };
  const remove = (key: StorageKey): void => safe((s) => s.removeItem(key), undefined);
  return {
    get: (key) => safe((s) => s.getItem(key), null),
    set: (key, value) => safe((s) => s.setItem(key, String(value)), undefined),
    remove,
    clearOnLogout: () => {
      for (const key of STORAGE_KEYS) if (!KEPT_ON_LOGOUT.includes(key)) remove(key);
      // The legacy client kept the token here; make sure no stale copy survives.
      safe((s) => s.removeItem('token'), undefined);
    },
  };
}

function browserStorage(): KeyValueStore | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

export const storage: Storage = createStorage(browserStorage);
