// What registration hands the login form (router state, never the URL): the account just
// registered, so that a new user types only the password.

export interface LoginPrefill {
  account: string;
}

/** The account in a navigation's state, if it carries one; '' otherwise. */
export function prefilledAccount(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('account' in state)) return '';
  const { account } = state;
  return typeof account === 'string' ? account : '';
}
