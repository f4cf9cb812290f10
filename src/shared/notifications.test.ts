import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFS,
  NOTIFICATION_GROUPS,
  parseNotificationPrefs,
  samePrefs,
} from './notifications.ts';
import { parseJsonOr } from './json.ts';

const group = fc.record({ toast: fc.boolean(), sound: fc.boolean(), system: fc.boolean() });
const prefs = fc
  .tuple(...NOTIFICATION_GROUPS.map(() => group))
  .map((gs) =>
    parseNotificationPrefs(Object.fromEntries(NOTIFICATION_GROUPS.map((g, i) => [g, gs[i]]))),
  );

describe('notification preferences', () => {
  it('samePrefs: equal documents (a copy through JSON too) are the same; one flag changed is not', () => {
    fc.assert(
      fc.property(
        prefs,
        fc.constantFrom(...NOTIFICATION_GROUPS),
        fc.constantFrom('toast', 'sound', 'system'),
        (p, g, key) => {
          expect(samePrefs(p, parseNotificationPrefs(JSON.parse(JSON.stringify(p))))).toBe(true);
          const changed = { ...p, [g]: { ...p[g], [key]: !p[g][key] } };
          expect(samePrefs(p, changed)).toBe(false);
          expect(samePrefs(changed, p)).toBe(false);
        },
      ),
    );
  });

  it('a stored document that is not JSON reads as the defaults', () => {
    expect(parseNotificationPrefs(parseJsonOr('{"trade":', null))).toEqual(
      DEFAULT_NOTIFICATION_PREFS,
    );
    expect(parseJsonOr('[1, 2]', null)).toEqual([1, 2]);
    expect(parseJsonOr('', undefined)).toBeUndefined();
  });
});
