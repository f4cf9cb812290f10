// The projection registry (issue 22, ADR 0030): a handler map folds only what it handles, the
// registry folds, compares and reads every view projection from one table, and the page's
// signals start from the very views the projections start from.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import { INITIAL_VIEWS, PROJECTION_NAMES, VIEW_NAMES } from '../api.ts';
import type { EngineEvent } from '../events.ts';
import { decodeState, encodeState, projectionValue } from '../replay/codec.ts';
import { foldEngine, initialEngineState } from '../store.ts';
import {
  anyBookEventArb,
  marketEventArb,
  sessionEventArb,
  watchBookEvent,
  withSeq,
} from '../testing/arbitraries.ts';
import { foldMarket } from './market.ts';
import { foldSession } from './session.ts';
import { foldSpot } from './spot.ts';
import { defineProjection, foldWith, handlerTable } from './projection.ts';
import type { HandledEvent } from './projection.ts';
import { allViews, eachChangedView, initialViewStates, viewOf } from './registry.ts';
import type { ViewName } from './registry.ts';

const at = 1_700_000_000_000;
const d = (text: string): DecStr => text as DecStr;
const none = { rows: [], totalUsdt: d('0'), totalCny: d('0') };

const walletList: EngineEvent = {
  seq: 1,
  at,
  kind: 'reply',
  name: 'wallet.list',
  body: {
    fundingOpen: true,
    exRate: d('7.1'),
    accounts: {
      legal: none,
      change: { rows: [], totalUsdt: d('5'), totalCny: d('35.5') },
      lever: none,
      micro: none,
    },
  },
};
const bookDelta: EngineEvent = {
  seq: 2,
  at,
  kind: 'push',
  name: 'book.delta',
  body: { symbol: 'BTC/USDT', seq: 2, prevSeq: 1, bids: [], asks: [] },
};
const logout: EngineEvent = { seq: 3, at, kind: 'command', name: 'session.logout', body: {} };

/** A toy projection, as a new one would be written: it counts logins and logouts. */
const toy = defineProjection({
  name: 'toy',
  initial: { logins: 0, logouts: 0 },
  on: {
    'session.login': (s) => ({ ...s, logins: s.logins + 1 }),
    'session.logout': (s) => ({ ...s, logouts: s.logouts + 1 }),
  },
  view: (s: { logins: number; logouts: number }) => s.logins - s.logouts,
});

describe('a projection is one definition with a handler map', () => {
  it('folds the events it has a handler for, and leaves the state itself for any other', () => {
    const login: EngineEvent = {
      seq: 4,
      at,
      kind: 'reply',
      name: 'session.login',
      body: { restored: false },
    };
    const after = foldWith(handlerTable(toy.on), toy.initial, login);
    expect(after).toEqual({ logins: 1, logouts: 0 });
    expect(toy.view(foldWith(handlerTable(toy.on), after, logout))).toBe(0);
    // no list of ignored events: anything else is the same object, not a copy
    expect(foldWith(handlerTable(toy.on), toy.initial, bookDelta)).toBe(toy.initial);
    expect(foldWith(handlerTable(toy.on), toy.initial, walletList)).toBe(toy.initial);
    // the events a map handles, as a type (what a property test draws from)
    const handled: HandledEvent<typeof toy.on>['name'][] = ['session.login', 'session.logout'];
    expect(handled).toHaveLength(2);
  });
});

describe('the registry derives the view projections', () => {
  it('starts every projection from the view the page starts from (one definition)', () => {
    for (const name of VIEW_NAMES)
      expect(viewOf(name, initialViewStates)).toBe(INITIAL_VIEWS[name]);
    expect(allViews(initialViewStates)).toEqual(INITIAL_VIEWS);
  });

  it('folds into the one projection that handles the event; the same object when none does', () => {
    const unwatched = foldEngine(initialEngineState, bookDelta);
    for (const name of VIEW_NAMES) expect(unwatched[name]).toBe(initialEngineState[name]);
    const next = foldEngine(initialEngineState, walletList);
    expect(next.wallet.view.loaded).toBe(true);
    for (const name of ['lever', 'micro', 'c2c'] as const)
      expect(next[name]).toBe(initialEngineState[name]);
  });

  it('reports exactly the views that changed, for the frame marks', () => {
    const changed = (a: typeof initialEngineState, b: typeof initialEngineState): ViewName[] => {
      const out: ViewName[] = [];
      eachChangedView(a, b, (name) => out.push(name));
      return out;
    };
    const listed = foldEngine(initialEngineState, walletList);
    expect(changed(initialEngineState, listed)).toEqual(['wallet']);
    expect(changed(listed, listed)).toEqual([]);
    expect(changed(listed, foldEngine(listed, logout))).toEqual(['wallet']);
  });

  it('the engine state, its checkpoint document and its hashes take the views from the table', () => {
    const state = foldEngine(initialEngineState, walletList);
    expect(state.wallet).not.toBe(initialEngineState.wallet);
    expect(state.session).toBe(initialEngineState.session);
    const doc = encodeState(state);
    for (const name of VIEW_NAMES) expect(doc[name]).toBe(state[name]);
    expect(projectionValue(state, 'wallet')).toBe(state.wallet);
    expect(decodeState(JSON.parse(JSON.stringify(doc)))).toEqual(state);
  });
});

describe('the registry folds the parted projections too (session, market, spot)', () => {
  const events = fc.array(fc.oneof(marketEventArb, sessionEventArb, anyBookEventArb), {
    maxLength: 60,
  });

  it('R1: folding through the registry equals folding each projection on its own', () => {
    fc.assert(
      fc.property(events, (generated) => {
        let state = initialEngineState;
        let session = initialEngineState.session;
        let market = initialEngineState.market;
        let spot = initialEngineState.spot;
        for (const e of withSeq([watchBookEvent, ...generated])) {
          state = foldEngine(state, e);
          const before = market;
          session = foldSession(session, e);
          market = foldMarket(market, e);
          // a daymarket the tickers refused moves the spot panel neither
          if (!(e.name === 'market.daymarket' && market === before)) spot = foldSpot(spot, e);
          expect(state.session).toEqual(session);
          expect(state.market).toEqual(market);
          expect(state.spot).toEqual(spot);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('R2: an event no projection handles leaves the state itself, and every part round-trips a checkpoint', () => {
    const state = foldEngine(initialEngineState, withSeq([watchBookEvent])[0] as EngineEvent);
    expect(state.spot).not.toBe(initialEngineState.spot);
    const unknown = { ...logout, name: 'ui.lang', kind: 'command', body: { lang: 'ru' } } as const;
    expect(foldEngine(state, unknown)).toBe(state);
    const doc = encodeState(state);
    expect(Object.keys(doc).sort()).toEqual([...PROJECTION_NAMES].sort());
    expect(decodeState(JSON.parse(JSON.stringify(doc)))).toEqual(state);
  });
});
