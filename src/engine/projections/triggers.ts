// The user's conditional orders as the server last listed them (TriggersView of api.ts; issue 44):
// each answer of the list query is logged (`triggers.listed`), so the log holds every state of
// them the user saw — placed, triggered, filled, cancelled, refused, as the list is asked again on
// each of those — and a replay shows the list as it was.
//
// Invariants (each has a fast-check property of the same name in triggers.test.ts):
//  TR1 firstPageStartsAgain: a first page's answer is the whole list of its status; a later
//      page's answer takes its place after the pages before it, which stay.
//  TR2 nothingAcrossSessions: after a logout, an expiry or a new page session the lists are empty.
import { INITIAL_VIEWS } from '../api.ts';
import type { SpotTriggerPage, TriggersView } from '../api.ts';
import type { EngineEvent } from '../events.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

export type TriggersState = TriggersView;

export const initialTriggersState: TriggersState = INITIAL_VIEWS.triggers;

const empty = (state: TriggersState): TriggersState =>
  state === initialTriggersState ? state : initialTriggersState;

/** The pages of a list with `page` answered: the pages before it, then it. */
function withPage(pages: readonly SpotTriggerPage[], page: SpotTriggerPage): SpotTriggerPage[] {
  const before = page.page <= 1 ? [] : pages.slice(0, page.page - 1);
  return [...before, page];
}

const on = {
  'triggers.listed': (state, event) => ({
    ...state,
    [event.body.status]: withPage(state[event.body.status], event.body.page),
    at: event.at,
  }),
  'session.logout': empty,
  'session.expired': empty,
  'engine.boot': empty,
} satisfies Handlers<TriggersState>;

export type TriggersEvent = HandledEvent<typeof on>;

export const foldTriggers = (state: TriggersState, event: EngineEvent): TriggersState =>
  foldWith(triggersProjection.table, state, event);

/** The answer a list query got for `page` of `status`, as the state holds it; null: none. */
export function listedPage(
  state: TriggersState,
  status: 'waiting' | 'done',
  page: number,
): SpotTriggerPage | null {
  const found = state[status][page - 1];
  return found !== undefined && found.page === page ? found : null;
}

export const triggersProjection = defineProjection({
  name: 'triggers',
  initial: initialTriggersState,
  on,
  view: (state: TriggersState) => state,
});
