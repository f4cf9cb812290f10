// Whether the connection to the server is down (offline, or reconnecting after a loss): the
// market panels then say what they last knew, as of when, or that they do not know; order
// buttons are disabled with the reason (issue 41). 'connecting' (a first connect) is not down:
// the panels are loading.
import type { ConnectionState } from '../../engine/api.ts';
import { connection, isDown } from '../engine-bridge/signals.ts';
import { useSignalSelect } from '../engine-bridge/use-signal-value.ts';

const down = (c: { state: ConnectionState }): boolean => isDown(c.state);

export function useConnectionDown(): boolean {
  return useSignalSelect(connection, down);
}
