// The engine's start (engine.ts calls it once): the log opened and the state restored from it,
// the context the calls share (REST client, socket), every domain's sync module, the socket's
// state, pushes and resyncs wired into them, the stored login adopted, and the first reads.
import type { Subscription } from 'rxjs';
import type { Lang } from '../shared/locales.ts';
import { APP_VERSION } from '../shared/version.ts';
import type { EngineConfig } from './api.ts';
import type { AuthHolder, EngineContext } from './context.ts';
import type { EngineCore } from './engine-core.ts';
import { logStatusEvent } from './engine-core.ts';
import type { Running } from './engine-calls.ts';
import type { NewEvent } from './events.ts';
import { ingestPush } from './ingest/ingest.ts';
import type { SessionStore } from './log/session-store.ts';
import { Checkpointer, restoreFromLog } from './replay/recorder.ts';
import type { Services } from './services.ts';
import { adoptToken, expireSession, refreshUserInfo } from './session-actions.ts';
import type { StatsMeter } from './stats.ts';
import type { Store } from './store.ts';
import { createC2cSync } from './sync/c2c-sync.ts';
import { createLeverSync } from './sync/lever-sync.ts';
import {
  createQuotationPoller,
  fetchQuotation,
  fetchSparklines,
  syncClock,
} from './sync/market-sync.ts';
import { createMicroSync } from './sync/micro-sync.ts';
import { createNoticesSync } from './sync/notices-sync.ts';
import { createSpotSync } from './sync/spot-sync.ts';
import type { SpotSync } from './sync/spot-sync.ts';
import { createWalletSync } from './sync/wallet-sync.ts';
import { createWorkspaceSync } from './sync/workspace-sync.ts';
import { createRestClient } from './transport/rest.ts';
import { createSocketTransport } from './transport/socket.ts';

/** What a started engine runs, and its socket subscriptions. */
export interface Started extends Running {
  subscriptions: Subscription[];
  /** The start-up reads (user, clock, market list), which the start does not wait for. */
  firstReads: Promise<void>;
}

export async function bootEngine(core: EngineCore, config: EngineConfig): Promise<Started> {
  const { services, store: s, log, page } = core;
  const ctx = buildContext(services, config, s, core.sessionStore, core.auth, () => page.lang);
  const status = await log.open();
  const restored = await restoreFromLog(log, services.logger);
  s.restore(restored.state);
  core.checkpointer = new Checkpointer(log, restored.checkpoint, (doc, event) =>
    core.flight.checkpointTaken(doc, event),
  );
  core.logOpen = true;
  s.dispatch({
    at: services.clock.now(),
    kind: 'system',
    name: 'engine.boot',
    body: { app: APP_VERSION },
  });
  s.dispatch(logStatusEvent(services.clock.now(), status, log.issue()));
  const poller = createQuotationPoller(ctx);
  const syncs = {
    spot: createSpotSync(ctx),
    wallet: createWalletSync(ctx),
    lever: createLeverSync(ctx),
    micro: createMicroSync(ctx),
    c2c: createC2cSync(ctx),
    workspace: createWorkspaceSync(ctx),
    notices: createNoticesSync(ctx, () => page.visible),
  };
  const { spot, ...others } = syncs;
  const subscriptions = wireSocket(ctx, spot, Object.values(others), core.meter, () =>
    poller.update(page.visible),
  );
  const token = await core.sessionStore.loadToken();
  if (token !== null) await adoptToken(ctx, token, true);
  // The socket first: it carries the live book, the critical path of a start (B10); on a busy
  // server its connect would otherwise queue behind the start-up requests below.
  ctx.socket.connect();
  // The first reads go on after the start has answered: the page shows the restored state and
  // watches its pair meanwhile, and their replies arrive as frames (B10).
  const firstReads = Promise.all([
    token === null ? null : refreshUserInfo(ctx),
    syncClock(ctx),
    fetchQuotation(ctx),
  ]).then(
    () => {
      poller.update(page.visible);
      void fetchSparklines(ctx);
      // the notifications are read when the socket is online (NoticesSync.online): a page
      // opened offline keeps the held ones, and none pushed before the socket joined is missed
      if (token !== null) void syncs.workspace.refresh();
    },
    (error: unknown) => services.logger.error('start-up reads failed', error),
  );
  return { ctx, poller, ...syncs, subscriptions, firstReads };
}

function buildContext(
  services: Services,
  config: EngineConfig,
  store: Store,
  sessionStore: SessionStore,
  auth: AuthHolder,
  lang: () => Lang,
): EngineContext {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const ctx: EngineContext = {
    services,
    config,
    store,
    sessionStore,
    auth,
    lang,
    rest: createRestClient({
      services,
      baseUrl,
      lang,
      auth: () => ({ token: auth.token, epoch: auth.epoch }),
      onExpired: (_path, sent) => void expireSession(ctx, sent),
    }),
    socket: createSocketTransport({
      services,
      url: baseUrl === '' ? services.origin : baseUrl,
      token: () => auth.token,
    }),
  };
  return ctx;
}

/** A domain's sync module as the socket sees it. */
interface SocketListener {
  pushed?(event: NewEvent): void;
  refresh(): Promise<void>;
  /** The socket is online (every connect): what a push may have missed meanwhile. */
  online?(): void;
}

/** Socket state, pushes and resync into the store. */
function wireSocket(
  ctx: EngineContext,
  spot: SpotSync,
  others: readonly SocketListener[],
  meter: StatsMeter,
  onState: () => void,
): Subscription[] {
  const { clock } = ctx.services;
  return [
    ctx.socket.state$.subscribe((state) => {
      ctx.store.dispatch({
        at: clock.now(),
        kind: 'system',
        name: 'socket.state',
        body: { state },
      });
      onState();
      if (state === 'online') {
        spot.online();
        for (const o of others) o.online?.();
      }
    }),
    ctx.socket.push$.subscribe(({ event, payload }) => {
      meter.socket(event);
      const parsed = ingestPush(event, payload, clock.now());
      spot.push(parsed);
      for (const o of others) o.pushed?.(parsed);
    }),
    ctx.socket.resync$.subscribe(() => {
      // who is logged in, too: a page opened offline adopted its stored login but not its info
      void refreshUserInfo(ctx);
      spot.resync();
      for (const o of others) void o.refresh();
      void fetchQuotation(ctx).then(() => fetchSparklines(ctx));
    }),
  ];
}
