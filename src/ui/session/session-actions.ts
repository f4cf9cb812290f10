// Login bookkeeping the spec keeps in local storage, and logout.
import type { SessionView } from '../../engine/api.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { storage } from '../storage.ts';

/** Keys stored on login (wallet-account-earn.md §4): user_id, accountNum, extension_code, is_seller. */
export function rememberSession(s: SessionView): void {
  if (!s.loggedIn) return;
  if (s.userId !== null) storage.set('user_id', s.userId);
  if (s.account !== null) storage.set('accountNum', s.account);
  if (s.extensionCode !== null) storage.set('extension_code', s.extensionCode);
  storage.set('is_seller', s.isSeller ? 1 : 0);
}

/** Logout: tell the engine, clear storage except locale/lang/night_mode, go to the login page. */
export async function logout(navigate: (path: string) => void): Promise<void> {
  await engine.logout();
  storage.clearOnLogout();
  navigate('/components/login');
}
