// The socket's private rooms: without a live token of its own, a socket never receives
// another user's pushes (update_balance, lever_trade, closed_microorder, c2c_deal,
// update_user) and `login` answers the refusal `{type: "error", message}`. A control socket
// logged in as the victim receives every push, so the silence of the others means something.
import { randomBytes } from 'node:crypto';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS } from '../../src/shared/constants.ts';
import { issueToken, sha256 } from '../accounts/tokens.ts';
import { findUser } from '../accounts/users.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { post, startTestServer } from '../testing/helpers.ts';
import { ensureDemoAccount } from '../seed/demo-account.ts';
import { dropStaleSessions, SOCKET_PATH, userRoom } from './hub.ts';

const PRIVATE_EVENTS = [
  'update_balance',
  'lever_trade',
  'closed_microorder',
  'c2c_deal',
  'update_user',
] as const;
const PUBLIC_EVENTS = new Set(['daymarket', 'kline', 'market_depth', 'market_detail']);
const HOUR_MS = 3_600_000;

let s: TestServer;
let victim: { id: number; token: string };
let attacker: { id: number; token: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  const demo = await findUser(s.ctx.db, s.ctx.config.demoUser);
  if (demo === null) throw new Error('no demo user');
  victim = { id: demo.id, token: await issueToken(s.ctx.db, demo.id, s.clock.now) };
  await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [demo.id]);
  const a = await ensureDemoAccount(s.ctx.db, 'mallory@bourse.test', 'mallory123', s.clock.now);
  attacker = { id: a, token: await issueToken(s.ctx.db, a, s.clock.now) };
  // An expired token of the victim's, next to the live one (issueToken would delete it).
  await s.ctx.db.query(
    'INSERT INTO tokens (user_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)',
    [victim.id, sha256(EXPIRED), new Date(s.clock.now - HOUR_MS), new Date(s.clock.now - DAY)],
  );
  const lever = await post(
    s,
    '/api/lever/submit',
    {
      legal_id: String(CURRENCY_ID.USDT),
      currency_id: String(CURRENCY_ID.BTC),
      share: '1',
      multiple: '10',
    },
    { authorization: victim.token },
  );
  expect(lever.type).toBe('ok');
});
afterAll(async () => {
  for (const c of sockets) c.close();
  await s.close();
});

const DAY = 86_400_000;
const EXPIRED = randomBytes(16).toString('hex');

interface Listener {
  socket: Socket;
  got: Array<{ event: string; payload: unknown }>;
}

async function open(auth: Record<string, unknown> = {}): Promise<Listener> {
  const socket = connect(s.url, { path: SOCKET_PATH, transports: ['websocket'], auth });
  sockets.push(socket);
  const got: Listener['got'] = [];
  socket.onAny((event: string, payload: unknown) => {
    if (!PUBLIC_EVENTS.has(event)) got.push({ event, payload });
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, got };
}

const settle = () => new Promise((r) => setTimeout(r, 150));

/** Every kind of private push to the victim: real ones (lever tick) and each event by name. */
async function pushToVictim(): Promise<void> {
  await s.leverRunner.step();
  s.ctx.notify.balance(victim.id);
  s.ctx.notify.user(victim.id);
  s.ctx.notify.push(victim.id, 'closed_microorder', { type: 'closed_microorder', data: {} });
  s.ctx.notify.push(victim.id, 'c2c_deal', { type: 'c2c_deal', deal: {} });
  await settle();
}

const REFUSED = { type: 'error', message: 'Please log in again.' };

describe('socket private rooms', () => {
  it('refuse login without a live token and keep such sockets out of the victim’s pushes', async () => {
    const control = await open();
    expect(await control.socket.emitWithAck('login', { token: victim.token })).toEqual({
      type: 'ok',
      message: 'Logged in.',
    });
    const silent: Listener[] = [];
    // No login at all; handshake tokens that are missing, forged, expired or not strings.
    silent.push(await open());
    for (const token of ['', '0'.repeat(32), EXPIRED, victim.token.slice(1), 42, null]) {
      silent.push(await open({ token }));
    }
    // `login` with refused tokens: the contract's error answer.
    const forged = ['0'.repeat(32), randomBytes(16).toString('hex'), EXPIRED, `${victim.token}0`];
    for (const token of forged) {
      const l = await open();
      expect(await l.socket.emitWithAck('login', { token }), token).toEqual(REFUSED);
      silent.push(l);
    }
    const german = await open();
    expect(await german.socket.emitWithAck('login', { token: EXPIRED, lang: 'de' })).toEqual(
      REFUSED,
    );
    silent.push(german);
    // Legacy bare ids (the victim's!) and malformed payloads: public data only.
    for (const payload of [String(victim.id), victim.id, {}, { token: 7 }, null, [victim.token]]) {
      const l = await open();
      const ack = (await l.socket.emitWithAck('login', payload)) as { type: string };
      expect(ack.type, JSON.stringify(payload)).toBe('ok');
      silent.push(l);
    }
    // Another user's live token: its own room, not the victim's.
    const mallory = await open({ token: attacker.token });
    silent.push(mallory);
    await settle();

    await pushToVictim();
    const received = new Set(control.got.map((g) => g.event));
    for (const event of PRIVATE_EVENTS) expect(received, event).toContain(event);
    for (const [i, l] of silent.entries()) expect(l.got, `socket ${i}`).toEqual([]);
    const members = await s.io.in(userRoom(victim.id)).fetchSockets();
    expect(members.map((m) => m.id)).toEqual([control.socket.id]);
    expect(s.ctx.metrics.internalErrors).toBe(0);
  });

  it('a refused login does not hand over the room another token holds', async () => {
    const l = await open({ token: attacker.token });
    expect(await l.socket.emitWithAck('login', { token: EXPIRED })).toEqual(REFUSED);
    await pushToVictim();
    expect(l.got).toEqual([]);
    const rooms = await s.io.in(userRoom(attacker.id)).fetchSockets();
    expect(rooms.map((m) => m.id)).toContain(l.socket.id);
  });

  it('drops sockets whose token was ended (a logout, at once) or expired (the sweep)', async () => {
    const old = await open({ token: victim.token });
    await settle();
    const relogin = await post(s, '/api/user/login', {
      user_string: s.ctx.config.demoUser,
      password: s.ctx.config.demoPassword,
      type: '1',
    });
    const fresh = String(relogin.message);
    const current = await open({ token: fresh });
    await settle();
    // a second login leaves the first session alone (ADR 0042): both sockets stay
    expect(await dropStaleSessions(s.io, s.ctx)).toBe(0);
    expect((await post(s, '/api/user/logout', {}, { authorization: victim.token })).type).toBe(
      'ok',
    );
    // the logout took the socket of its session out at once, with no sweep
    await settle();
    await pushToVictim();
    expect(old.got).toEqual([]);
    expect(current.got.map((g) => g.event)).toContain('update_balance');
    expect(await dropStaleSessions(s.io, s.ctx)).toBe(0);

    s.clock.now += TOKEN_LIFETIME_SECONDS * 1000 + 1000;
    expect(await dropStaleSessions(s.io, s.ctx)).toBeGreaterThanOrEqual(1);
    current.got.length = 0;
    await pushToVictim();
    expect(current.got).toEqual([]);
    expect(await s.io.in(userRoom(victim.id)).fetchSockets()).toEqual([]);
    victim.token = fresh;
  });
});
