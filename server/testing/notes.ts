// What the notification tests share: a user's notifications as the centre lists them, and the
// `notification` pushes one pump run sends.
import { expect, vi } from 'vitest';
import type { TestServer } from './helpers.ts';
import { get } from './helpers.ts';

export interface Note {
  kind: string;
  params: Record<string, string>;
}

export interface PushedNote extends Note {
  userId: number;
}

/** The user's notifications, oldest first (the list answers newest first). */
export async function notesOf(s: TestServer, u: { token: string }): Promise<Note[]> {
  const r = await get(s, '/api/user/notifications?limit=100', { authorization: u.token });
  expect(r.type).toBe('ok');
  const list = (r.message as { list: Note[] }).list;
  return list.map((n) => ({ kind: n.kind, params: n.params })).reverse();
}

/** Runs the pump once and answers what it pushed, in order, with the room it went to. */
export async function pumpNotes(s: TestServer): Promise<PushedNote[]> {
  const push = vi.spyOn(s.ctx.notify, 'push');
  try {
    await s.notes.pump();
    return push.mock.calls
      .filter(([, event]) => event === 'notification')
      .map(([userId, , payload]) => {
        const n = (payload as { notification: Note }).notification;
        return { userId, kind: n.kind, params: n.params };
      });
  } finally {
    push.mockRestore();
  }
}
