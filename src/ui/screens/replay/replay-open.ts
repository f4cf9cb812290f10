// Opening a recording from anywhere (the /replay screen's file input, or a file dropped on any
// page): one loading state for the whole page, so the screen shows the progress and the error
// whichever way the file came.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { openReplay } from '../../engine-bridge/replay-bridge.ts';
import type { MessageId } from '../../i18n/i18n.ts';

export type OpenState =
  | { phase: 'idle' }
  | { phase: 'loading'; name: string; progress: number }
  | { phase: 'error'; name: string; code: string; params: Record<string, string | number> };

const state = signal<OpenState>({ phase: 'idle' });
export const openState: ReadonlySignal<OpenState> = state;

export const REPLAY_PATH = '/replay';

const ERRORS: Readonly<Record<string, MessageId>> = {
  empty: 'replay.error.empty',
  'not-a-log': 'replay.error.not-a-log',
  corrupt: 'replay.error.corrupt',
  'newer-version': 'replay.error.newer-version',
  'bad-header': 'replay.error.bad-header',
  'bad-event': 'replay.error.bad-event',
  truncated: 'replay.error.truncated',
  'fold-failed': 'replay.error.fold-failed',
};

/** The message of a load error (an unknown code reads as a damaged file). */
export function errorMessageId(code: string): MessageId {
  return ERRORS[code] ?? 'replay.error.corrupt';
}

export async function openRecording(file: File): Promise<boolean> {
  if (state.value.phase === 'loading') return false;
  state.value = { phase: 'loading', name: file.name, progress: 0 };
  const result = await openReplay(file, (done, total) => {
    state.value = { phase: 'loading', name: file.name, progress: total > 0 ? done / total : 0 };
  });
  state.value = result.ok
    ? { phase: 'idle' }
    : { phase: 'error', name: file.name, code: result.code, params: result.params };
  return result.ok;
}
