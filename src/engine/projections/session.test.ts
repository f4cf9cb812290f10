import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldSession, foldSessionAll, initialSessionState } from './session.ts';
import type { SessionState } from './session.ts';
import { maskAccount } from './mask.ts';
import { chunk, sessionEventArb, withSeq } from '../testing/arbitraries.ts';
import type { EngineEvent } from '../events.ts';

const eventsArb = fc.array(sessionEventArb, { maxLength: 60 }).map(withSeq);

function states(events: EngineEvent[]): SessionState[] {
  const out = [initialSessionState];
  for (const e of events) out.push(foldSession(out[out.length - 1] ?? initialSessionState, e));
  return out;
}

describe('session projection', () => {
  it('S1 loggedOutHasNoUser', () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        for (const { session } of states(events)) {
          if (session.loggedIn) continue;
          expect([
            session.userId,
            session.account,
            session.maskedAccount,
            session.email,
            session.phone,
            session.extensionCode,
          ]).toEqual([null, null, null, null, null, null]);
          expect(session.isSeller).toBe(false);
        }
      }),
    );
  });

  it('S2 maskedHidesAccount', () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        for (const { session } of states(events)) {
          expect(session.maskedAccount === null).toBe(session.account === null);
          if (session.account !== null)
            expect(session.maskedAccount).toBe(maskAccount(session.account));
        }
      }),
    );
  });

  it('S3 expiredMeansLoggedOut', () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        for (const { session } of states(events))
          if (session.expiredAt !== null) expect(session.loggedIn).toBe(false);
      }),
    );
  });

  it('S4 reconnectsMonotone', () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        const counts = states(events).map((s) => s.connection.reconnects);
        counts.forEach((c, i) => expect(c).toBeGreaterThanOrEqual(counts[i - 1] ?? 0));
      }),
    );
  });

  it('S5 chunkedFoldEqualsWholeFold (and checkpoint + tail equals whole)', () => {
    fc.assert(
      fc.property(eventsArb, fc.array(fc.nat(), { maxLength: 6 }), (events, cuts) => {
        const whole = foldSessionAll(initialSessionState, events);
        expect(chunk(events, cuts).reduce(foldSessionAll, initialSessionState)).toEqual(whole);
        const [head = [], ...rest] = chunk(events, cuts.slice(0, 1));
        expect(
          foldSessionAll(structuredClone(foldSessionAll(initialSessionState, head)), rest.flat()),
        ).toEqual(whole);
      }),
    );
  });

  it('S6 heldOnlyForItsLogin', () => {
    const boot: EngineEvent = {
      seq: 0,
      at: 1,
      kind: 'system',
      name: 'engine.boot',
      body: { app: '' },
    };
    fc.assert(
      fc.property(
        eventsArb,
        fc.boolean(),
        fc.option(fc.constantFrom('t1', 't2'), { nil: undefined }),
        (events, restored, tag) => {
          const before = foldSessionAll(initialSessionState, events);
          const login: EngineEvent = {
            seq: 0,
            at: 2,
            kind: 'reply',
            name: 'session.login',
            body: tag === undefined ? { restored } : { restored, tag },
          };
          const after = foldSessionAll(before, [boot, login]).session;
          const same =
            restored && tag !== undefined && before.tag === tag && before.session.userId !== null;
          expect(after.loggedIn).toBe(true);
          expect(after.userId).toBe(same ? before.session.userId : null);
          expect(after.account).toBe(same ? before.session.account : null);
        },
      ),
    );
  });

  it('masks e-mails and phones as the header shows them', () => {
    expect(maskAccount('abcdef@mail.com')).toBe('ab***@mail.com');
    expect(maskAccount('13812345678')).toBe('138****5678');
  });

  it('clock offset is server time minus the request midpoint', () => {
    const s = foldSession(initialSessionState, {
      seq: 1,
      at: 0,
      kind: 'reply',
      name: 'clock.sync',
      body: { serverMs: 10_500, sentAt: 1_000, receivedAt: 1_200 },
    });
    expect(s.connection.clockOffsetMs).toBe(9_400);
  });
});
