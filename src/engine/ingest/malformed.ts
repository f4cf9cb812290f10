// The one shape of rejected input: a `system.malformed` event (source and a short reason).
import type { NewEvent } from '../events.ts';

export function malformed(source: string, reason: string, at: number): NewEvent {
  return {
    at,
    kind: 'system',
    name: 'system.malformed',
    body: { source, reason: reason.slice(0, 200) },
  };
}
