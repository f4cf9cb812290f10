// Keeps the wallet list fresh while a wallet or account screen is open (watchWallet): fetch on
// watch, on `update_balance`, after a reconnect, after a login and after the user's own money
// commands; one request at a time (a change during a request asks for one more). While no
// screen watches, `update_balance` only marks the list stale. `update_user` refetches user/info.
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import { parseEdge } from '../ingest/ingest.ts';
import { walletList } from '../../shared/wire/wallet.ts';
import { walletListReply } from '../ingest/wallet-schemas.ts';
import { refreshUserInfo } from '../session-actions.ts';

export interface WalletSync {
  /** A screen opened (true) or closed (false); nested screens count. */
  watch(on: boolean): void;
  /** Fetch now when watched and logged in (else remember that the list is stale). */
  refresh(): Promise<void>;
  /** A pushed event (after it was dispatched). */
  pushed(event: NewEvent): void;
}

export function createWalletSync(ctx: EngineContext): WalletSync {
  let watchers = 0;
  let stale = true;
  let running: Promise<void> | null = null;
  let again = false;
  const now = () => ctx.services.clock.now();

  const fetchOnce = async (): Promise<void> => {
    const generation = ctx.auth.generation;
    const reply = await ctx.rest.post(walletList.path);
    if (generation !== ctx.auth.generation) return;
    if (!reply.ok) {
      if (reply.code === 'server' && reply.type === '999') return;
      ctx.store.dispatch({
        at: now(),
        kind: 'reply',
        name: 'wallet.failed',
        body: { message: reply.message },
      });
      return;
    }
    const parsed = parseEdge(walletListReply, reply.message, `reply:${walletList.path}`, now());
    if (!parsed.ok) {
      ctx.store.dispatch(parsed.event);
      ctx.store.dispatch({
        at: now(),
        kind: 'reply',
        name: 'wallet.failed',
        body: { message: 'malformed' },
      });
      return;
    }
    stale = false;
    ctx.store.dispatch({ at: now(), kind: 'reply', name: 'wallet.list', body: parsed.value });
  };

  const refresh = async (): Promise<void> => {
    if (watchers === 0 || ctx.auth.token === null) {
      stale = true;
      return;
    }
    if (running !== null) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await fetchOnce();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    watch(on) {
      watchers = Math.max(0, watchers + (on ? 1 : -1));
      if (on && (stale || watchers === 1)) void refresh();
    },
    refresh,
    pushed(event) {
      if (event.name === 'spot.balance') void refresh();
      if (event.name === 'session.user-changed') void refreshUserInfo(ctx);
    },
  };
}
