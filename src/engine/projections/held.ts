// What a page session knew of a login, held across a new page session for that login only
// (issue 23, ADR 0032). A projection whose state belongs to the user keeps, beside it, the tag
// of the login in use (`session.login` carries sessionTag of the token). At `engine.boot` it
// puts what it knew aside with that tag and starts empty; when the same login is restored (the
// stored token taken into use again) the held value comes back, for the projection to show as
// of its time until the server answers; any other login, a logout or an expiry drops it. So a
// page opened offline shows the last known figures of its own user, and never another's.
//
// Pure helpers for the projections' handlers: no clock, no I/O.

/** The login part of a user projection's state. */
export interface LoginScope<V> {
  /** The tag of the login in use; null before one (and in recordings older than issue 23). */
  tag: string | null;
  /** From a new page session until its login: the last value of the one before, its tag. */
  held: { value: V; tag: string } | null;
}

/** No login, nothing held (logged out, expired, or a visitor's page session). */
export const NO_LOGIN: LoginScope<never> = { tag: null, held: null };

/** At `engine.boot`: hold `value` (null: nothing worth holding) for the login that was in use. */
export function holdAtBoot<V>(scope: LoginScope<V>, value: V | null): LoginScope<V> {
  return value === null || scope.tag === null
    ? NO_LOGIN
    : { tag: null, held: { value, tag: scope.tag } };
}

/** At `session.login`: the held value if this is the same login restored, else null. */
export function heldFor<V>(scope: LoginScope<V>, restored: boolean, tag: string | null): V | null {
  const { held } = scope;
  return restored && held !== null && held.tag === tag ? held.value : null;
}
