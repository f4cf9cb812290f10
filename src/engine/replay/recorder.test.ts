// Restoring the state from the stored log at start-up (recorder.ts): the stored events are
// checked like a recorded file's, and a log holding one that is not what its name says is
// cleared rather than half folded.
import { describe, expect, it } from 'vitest';
import { createEventLog } from '../log/event-log.ts';
import { initialEngineState, foldEngine } from '../store.ts';
import type { EngineEvent, NewEvent } from '../events.ts';
import { testServices } from '../testing/fakes.ts';
import { Checkpointer, restoreFromLog } from './recorder.ts';

const T = 1_700_000_000_000;
const login: NewEvent = { at: T, kind: 'reply', name: 'session.login', body: { restored: false } };
const user = {
  id: 42,
  account: 'ab@example.com',
  phone: null,
  email: 'ab@example.com',
  extensionCode: 'X1',
  isSeller: false,
  reviewStatus: 0,
};
const info: NewEvent = { at: T + 1, kind: 'reply', name: 'session.info', body: user };

async function storedLog(name: string, tail: readonly unknown[]) {
  const t = testServices();
  const log = createEventLog({ services: t.services, dbName: name });
  await log.open();
  const checkpointer = new Checkpointer(log, null);
  const first = log.append(login) as EngineEvent;
  checkpointer.after(first, foldEngine(initialEngineState, first));
  // written as a stored log would hold it, whatever its shape
  for (const e of tail) log.append(e as NewEvent);
  await log.flush();
  return { t, log };
}

describe('restoring from the stored log', () => {
  it('folds the checked tail after the checkpoint', async () => {
    const { t, log } = await storedLog('restore-good', [info]);
    const restored = await restoreFromLog(log, t.services.logger);
    expect(restored.tail).toBe(1);
    expect(restored.checkpoint?.seq).toBe(1);
    expect(restored.state.session.session.userId).toBe(42);
    expect(t.warnings).toEqual([]);
    await log.close();
  });

  it('clears a log holding an event that is not what its name says, and says why', async () => {
    const bad = { ...info, at: T + 2, body: { ...user, id: '42' } };
    const { t, log } = await storedLog('restore-bad', [info, bad]);
    const restored = await restoreFromLog(log, t.services.logger);
    expect(restored).toEqual({ state: initialEngineState, checkpoint: null, tail: 0 });
    expect(await log.read(1, 10)).toEqual([]);
    expect(log.checkpoints()).toEqual([]);
    expect(String((t.warnings[0] as unknown[])[1])).toContain('session.info: id');
    await log.close();
  });
});
