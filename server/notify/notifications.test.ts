// The notification store, its pump and its calls, on PGlite and on PostgreSQL: a notification
// exists only if the action's transaction committed; the pump pushes each committed row once, to
// its owner's room only; lists page newest first and filter by group; read marks touch only the
// caller's rows and tell the other tabs; preferences are normalized; hostile input is refused.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFS } from '../../src/shared/notifications.ts';
import { backends } from '../db/test-databases.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer, testUser } from '../testing/helpers.ts';
import { addNotification } from './notifications.ts';

interface Listed {
  list: { id: number; kind: string; params: Record<string, string>; read: boolean }[];
  has_more: boolean;
  unread: number;
}

describe.each(backends())('notifications on %s', (backend) => {
  let s: TestServer;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  const auth = (u: { token: string }) => ({ authorization: u.token });

  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
    alice = await testUser(s, 'nt-alice@bourse.test');
    bob = await testUser(s, 'nt-bob@bourse.test');
    await s.notes.pump(); // the floor: rows before this run are not pushed
  }, 60_000);
  afterAll(async () => {
    await s.close();
  });

  const deposit = (userId: number, amount: string) =>
    s.ctx.db.transaction((tx) =>
      addNotification(
        tx,
        userId,
        'wallet.deposit',
        { currency: 'USDT', amount, result: 'approved' },
        s.clock.now,
      ),
    );
  const list = async (u: { token: string }, query = '') => {
    const r = await get(s, `/api/user/notifications${query}`, auth(u));
    expect(r.type).toBe('ok');
    return r.message as Listed;
  };

  it('needs a login', async () => {
    expect((await get(s, '/api/user/notifications')).type).toBe('999');
    expect((await post(s, '/api/user/notifications_read', { all: '1' })).type).toBe('999');
    expect((await get(s, '/api/user/notification_prefs')).type).toBe('999');
  });

  it('writes only what committed, and pushes it once to its owner', async () => {
    const push = vi.spyOn(s.ctx.notify, 'push');
    await deposit(alice.id, '12.5');
    await expect(
      s.ctx.db.transaction(async (tx) => {
        await addNotification(
          tx,
          alice.id,
          'wallet.deposit',
          { currency: 'USDT', amount: '99', result: 'approved' },
          s.clock.now,
        );
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await s.notes.pump()).toBe(1);
    expect(await s.notes.pump()).toBe(0);
    const pushed = push.mock.calls.filter(([, event]) => event === 'notification');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.[0]).toBe(alice.id);
    expect(pushed[0]?.[2]).toMatchObject({
      type: 'notification',
      notification: { kind: 'wallet.deposit', params: { amount: '12.5' }, read: false },
    });
    push.mockRestore();
    const mine = await list(alice);
    expect(mine.list.map((n) => n.params.amount)).toEqual(['12.5']);
    expect(mine.unread).toBe(1);
    expect((await list(bob)).list).toEqual([]);
  });

  it('refuses parameters that do not fit the kind (the action rolls back)', async () => {
    for (const amount of ['1e3', '-0', '1,5', '', ' 1', 'NaN', `1${'0'.repeat(40)}`])
      await expect(deposit(alice.id, amount)).rejects.toThrow(/params.amount/);
    await expect(
      s.ctx.db.transaction((tx) =>
        addNotification(
          tx,
          alice.id,
          'wallet.deposit',
          // @ts-expect-error an extra parameter
          { currency: 'USDT', amount: '1', result: 'approved', note: 'x' },
          s.clock.now,
        ),
      ),
    ).rejects.toThrow(/params.note/);
  });

  it('pages newest first and filters by group and unread', async () => {
    for (let i = 1; i <= 5; i += 1) await deposit(bob.id, String(i));
    await s.ctx.db.transaction((tx) =>
      addNotification(tx, bob.id, 'identity.review', { result: 'approved' }, s.clock.now),
    );
    const first = await list(bob, '?limit=4');
    expect(first.list.map((n) => n.kind)).toEqual([
      'identity.review',
      'wallet.deposit',
      'wallet.deposit',
      'wallet.deposit',
    ]);
    expect(first.has_more).toBe(true);
    const next = await list(bob, `?limit=4&before=${first.list[3]?.id}`);
    expect(next.list.map((n) => n.params.amount)).toEqual(['2', '1']);
    expect(next.has_more).toBe(false);
    expect((await list(bob, '?group=identity')).list).toHaveLength(1);
    expect((await list(bob, '?group=wallet')).list).toHaveLength(5);
    expect(first.unread).toBe(6);
  });

  it('marks read only the caller’s rows, tells the other tabs, and counts', async () => {
    const push = vi.spyOn(s.ctx.notify, 'push');
    const bobs = (await list(bob)).list.map((n) => n.id);
    const alices = (await list(alice)).list.map((n) => n.id);
    // alice names bob's ids and one of her own: only hers is marked
    const r = await post(
      s,
      '/api/user/notifications_read',
      { ids: [...bobs.slice(0, 2), ...alices].join(',') },
      auth(alice),
    );
    expect(r.message).toEqual({ ids: alices, unread: 0 });
    expect((await list(bob)).unread).toBe(6);
    expect(push).toHaveBeenCalledWith(alice.id, 'notification_read', {
      type: 'notification_read',
      ids: alices,
      unread: 0,
    });
    push.mockClear();
    // again: nothing changes, nothing is pushed
    const again = await post(
      s,
      '/api/user/notifications_read',
      { ids: alices.join(',') },
      auth(alice),
    );
    expect(again.message).toEqual({ ids: [], unread: 0 });
    expect(push).not.toHaveBeenCalled();
    const all = await post(s, '/api/user/notifications_read', { all: '1' }, auth(bob));
    expect((all.message as { unread: number }).unread).toBe(0);
    expect((await list(bob, '?unread=1')).list).toEqual([]);
    push.mockRestore();
  });

  it('refuses hostile list and read input with the envelope', async () => {
    for (const q of [
      '?before=-1',
      '?before=1e3',
      '?before=99999999999',
      '?group=admin',
      '?unread=2',
    ])
      expect((await get(s, `/api/user/notifications${q}`, auth(alice))).type).toBe('error');
    for (const body of [
      { ids: '' },
      { ids: '1,,2' },
      { ids: '1;DROP TABLE users' },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1).join(',') },
      { ids: '99999999999' },
      { all: '0' },
      {},
    ])
      expect((await post(s, '/api/user/notifications_read', body, auth(alice))).type).toBe('error');
    expect(s.ctx.metrics.internalErrors).toBe(0);
  });

  it('keeps normalized preferences per user', async () => {
    const read = async (u: { token: string }) =>
      (await get(s, '/api/user/notification_prefs', auth(u))).message as { prefs: unknown };
    expect((await read(alice)).prefs).toEqual(DEFAULT_NOTIFICATION_PREFS);
    const sent = { spot: { toast: false, sound: true, system: 'yes' }, admin: { toast: true } };
    const r = await post(
      s,
      '/api/user/notification_prefs_save',
      { prefs: JSON.stringify(sent) },
      auth(alice),
    );
    const expected = {
      ...DEFAULT_NOTIFICATION_PREFS,
      spot: { toast: false, sound: true, system: false },
    };
    expect(r.message).toEqual({ prefs: expected });
    expect((await read(alice)).prefs).toEqual(expected);
    expect((await read(bob)).prefs).toEqual(DEFAULT_NOTIFICATION_PREFS);
    for (const prefs of ['not json', 'x'.repeat(5000), 'null'])
      expect(
        (await post(s, '/api/user/notification_prefs_save', { prefs }, auth(alice))).type,
      ).toBe('error');
  });
});
