import { describe, expect, it } from 'vitest';
import { createStorage, type KeyValueStore } from './storage.ts';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('storage', () => {
  it('stores strings and numbers as strings', () => {
    const m = memory();
    const s = createStorage(() => m);
    s.set('legal_id', 3);
    expect(s.get('legal_id')).toBe('3');
    s.remove('legal_id');
    expect(s.get('legal_id')).toBeNull();
  });

  it('clearOnLogout keeps locale, lang and night_mode only', () => {
    const m = memory();
    const s = createStorage(() => m);
    s.set('locale', 'de');
    s.set('lang', 'de');
    s.set('night_mode', '1');
    s.set('user_id', 7);
    s.set('accountNum', 'a@b.co');
    s.set('symbol', 'BTC/USDT');
    m.data.set('token', 'x');
    s.clearOnLogout();
    expect([...m.data.keys()].sort()).toEqual(['lang', 'locale', 'night_mode']);
  });

  it('never throws when storage is unavailable', () => {
    const s = createStorage(() => {
      throw new Error('SecurityError');
    });
    expect(s.get('lang')).toBeNull();
    expect(() => s.set('lang', 'en')).not.toThrow();
    expect(() => s.clearOnLogout()).not.toThrow();
    const none = createStorage(() => null);
    expect(none.get('lang')).toBeNull();
  });
});
