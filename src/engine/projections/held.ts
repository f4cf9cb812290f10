// What a page session knew of a login, held across a new page session for that login only
// (issue 23, ADR 0032). A projection whose state belongs to the user keeps, beside it, the tag
// of the login in use (`session.login` carries sessionTag of the token). At `engine.boot` it
// puts what it knew aside with that tag and starts empty; when the same login is restored (the
// stored token taken into use again) the held value comes back, for the projection to show as
// of its time until the server answers; any other login, a logout or an expiry drops it. So a
// page opened offline shows the last known figures of its own user, and never another's.
//
// Lists that belong to a watched pair (spot orders, contract positions; issue 25) come back
// only when the page watches that pair again, which may be after the login: they stay held
// through a restored login of their tag (`keptForLogin`) and are read with `heldOfLogin`. Such
// a projection also sets its lists aside when the watch moves to another pair (`setAside`), so
// the last pair the login looked at is what a new page session holds, whatever came between.
//
// Pure helpers for the projections' handlers: no clock, no I/O.

/** The login part of a user projection's state. */
export interface LoginScope<V> {
  /** The tag of the login in use; null before one (and in recordings older than issue 23). */
  tag: string | null;
  /**
   * What the login knew and no longer shows, with the login's tag: from a new page session
   * until its login, and (watched lists) after the watch moved on.
   */
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

/**
 * At `session.login`, for lists given back later (when their pair is watched): the held value
 * stays for the same login restored, and is dropped for any other.
 */
export function keptForLogin<V>(
  scope: LoginScope<V>,
  restored: boolean,
  tag: string | null,
): LoginScope<V> {
  const value = heldFor(scope, restored, tag);
  return value === null || tag === null ? { tag, held: null } : { tag, held: { value, tag } };
}

/** The value held for the login in use (null before its login, and for another login). */
export function heldOfLogin<V>(scope: LoginScope<V>): V | null {
  const { held } = scope;
  return held !== null && held.tag === scope.tag ? held.value : null;
}

/**
 * The watch moves on: what the login knows now (null: nothing) is set aside for it, in place of
 * what was; with nothing known, what was held stays. Without a login nothing is set aside.
 */
export function setAside<V>(scope: LoginScope<V>, value: V | null): LoginScope<V> {
  return value === null || scope.tag === null
    ? scope
    : { tag: scope.tag, held: { value, tag: scope.tag } };
}
