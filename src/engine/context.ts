// What the engine's parts share: injected services, the REST client, the socket, the store,
// and the in-memory auth token (never returned to the page, never logged).
import type { Lang } from '../shared/locales.ts';
import type { EngineConfig } from './api.ts';
import type { SessionStore } from './log/session-store.ts';
import type { Services } from './services.ts';
import type { Store } from './store.ts';
import type { RestClient } from './transport/rest.ts';
import type { SocketTransport } from './transport/socket.ts';

export interface EngineContext {
  services: Services;
  config: EngineConfig;
  rest: RestClient;
  socket: SocketTransport;
  store: Store;
  sessionStore: SessionStore;
  auth: AuthHolder;
  lang(): Lang;
}

export interface AuthHolder {
  token: string | null;
  /** Increases on every login/logout/expiry, so late replies of an old session are dropped. */
  generation: number;
  /**
   * Increases with `generation` and when the page acknowledges an expiry notice: a 999 to a
   * request sent in an earlier epoch belongs to a session already ended (session-actions.ts).
   */
  epoch: number;
  /** An expiry notice the page has not acknowledged yet (no second one meanwhile). */
  expiryShown: boolean;
}
