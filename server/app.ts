// Builds the whole reference server and listens: storage (migrated and seeded), the market
// simulator and its pushes, HTTP routes, socket.io, and the built client with SPA fallback.
// Used by main.ts and by the tests (port 0, in-memory database).
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { registerAccountRoutes } from './accounts/account-routes.ts';
import { registerCashRoutes } from './accounts/cash-routes.ts';
import { NotificationPump } from './notify/notification-pump.ts';
import { registerNotificationRoutes } from './notify/notification-routes.ts';
import { PriceAlertService } from './alerts/price-alert-service.ts';
import { registerPriceAlertRoutes } from './alerts/price-alert-routes.ts';
import { registerWorkspaceRoutes } from './accounts/workspace-routes.ts';
import type { CodeSender } from './accounts/code-sender.ts';
import { DevCodeSender } from './accounts/code-sender.ts';
import { userIdOfToken } from './accounts/tokens.ts';
import { registerCodeRoutes } from './accounts/send-code-routes.ts';
import type { ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { Notifier } from './context.ts';
import { openDatabase } from './db/database.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { JOB_LEASES, LeaseKeeper } from './cluster/keeper.ts';
import { installErrorHandling } from './http/envelope.ts';
import { serveClient } from './http/serve-client.ts';
import { closeHub } from './socket/cluster-adapter.ts';
import { installInputGuard } from './http/input-guard.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import type { RouteEntry } from './http/route-table.ts';
import { collectRoutes } from './http/route-table.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { loadPairs } from './market/pairs.ts';
import { MarkPrices, serverMarkSources } from './market/mark-price.ts';
import { unfairPayoutWarnings } from './micro/micro-admin.ts';
import { MarketPublisher } from './market/publisher.ts';
import { registerMarketRoutes } from './market/routes.ts';
import { registerSparklineRoute } from './market/sparklines.ts';
import { MarketSimulator } from './market/simulator.ts';
import { registerDevRoutes } from './misc/dev-routes.ts';
import type { DevHub } from './misc/dev-routes.ts';
import { registerMiscRoutes } from './misc/routes.ts';
import { registerNewsRoutes } from './news/routes.ts';
import { seedNews } from './news/seed-news.ts';
import { createSocketHub, dropStaleSessions, startSessionSweep } from './socket/hub.ts';
import { MarketMakers } from './trading/market-makers.ts';
import { forwardMarketCalls, seatMarkets, steerOnOwner } from './trading/market-seats.ts';
import type { CallsRef, Steer } from './trading/market-seats.ts';
import { registerSpotRoutes } from './trading/routes.ts';
import { SpotTriggers } from './trading/spot-triggers.ts';
import { registerTriggerRoutes } from './trading/trigger-routes.ts';
import { registerScaleRoutes } from './trading/scale-routes.ts';
import { ensureSimAccounts } from './trading/sim-accounts.ts';
import type { SimAccountIds } from './trading/sim-accounts.ts';
import { SpotPublisher } from './trading/spot-publisher.ts';
import { SpotService } from './trading/spot-service.ts';
import { ensureDemoAccount, ensureDemoReady } from './seed/demo-account.ts';
import { Decimal } from '../src/shared/decimal.ts';
import { price } from './market/wire-format.ts';
import { IMAGE_MAX_BYTES } from '../src/shared/wallet.ts';
import { registerAcceptorRoutes } from './acceptors/acceptor-routes.ts';
import { registerRegionRoutes } from './accounts/region-routes.ts';
import { registerAdminRoutes } from './admin/admin-routes.ts';
import { registerIdentityRoutes } from './identity/identity.ts';
import { registerEntrustRoute } from './trading/entrust-route.ts';
import { registerUploadRoutes } from './uploads/uploads.ts';
import { registerFundingRoutes } from './wallet/funding-routes.ts';
import { registerUserCenterRoute } from './wallet/user-center-route.ts';
import { registerWalletRoutes } from './wallet/wallet-routes.ts';
import { loadLeverPairs } from './lever/lever-pairs.ts';
import { registerLeverRoutes } from './lever/lever-routes.ts';
import { LeverRunner } from './lever/lever-runner.ts';
import { LeverService } from './lever/lever-service.ts';
import { registerMicroRoutes } from './micro/micro-routes.ts';
import { MicroService } from './micro/micro-service.ts';
import { registerC2cRoutes } from './c2c/c2c-routes.ts';
import { registerPresaleRoutes } from './presale/presale-routes.ts';
import { C2cService } from './c2c/c2c-service.ts';
import { registerLockupRoutes } from './earn/lockup-routes.ts';
import { LockupService } from './earn/lockup-service.ts';
import { registerLendingRoutes } from './lending/lending-routes.ts';

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  io: Server;
  ctx: AppContext;
  /** The simulator behind `ctx.market` (tests advance it and read its fair value). */
  market: MarketSimulator;
  publisher: MarketPublisher;
  spot: SpotService;
  /** Spot conditional orders: their reload and the trigger checks (issue 44). */
  triggers: SpotTriggers;
  spotPublisher: SpotPublisher;
  makers: MarketMakers | null;
  lever: LeverService;
  leverRunner: LeverRunner;
  micro: MicroService;
  c2c: C2cService;
  lockup: LockupService;
  /** Pushes committed notifications (tests call `notes.pump()`; timed with `marketTimer`). */
  notes: NotificationPump;
  /** Fires crossed price alerts (tests call `alerts.check()`; timed with `marketTimer`). */
  alerts: PriceAlertService;
  /** Mark prices of every pair: the index, read when money moves (ADR 0040). */
  marks: MarkPrices;
  /** Every registered route (method, pattern), static files and HEAD twins included. */
  routes: readonly RouteEntry[];
  /** The leases this process holds (issue 45): which jobs it runs. */
  cluster: LeaseKeeper;
  close(): Promise<void>;
}

export interface ServerDeps {
  /** Delivery of verification codes; the development sender when absent. */
  sender?: CodeSender;
}

export async function createServer(
  config: ServerConfig,
  deps: ServerDeps = {},
): Promise<RunningServer> {
  const sender = deps.sender ?? new DevCodeSender(config.log);
  if (config.production && sender.development) {
    throw new Error(
      'Refusing to start: NODE_ENV=production with the development code sender. ' +
        'Provide a real SMS / e-mail sender to createServer.',
    );
  }
  const db = await openDatabase(config);
  try {
    const prepared = await prepare(config, db, sender);
    return await start(prepared);
  } catch (err) {
    await db.close();
    throw err;
  }
}

interface Prepared {
  ctx: AppContext;
  market: MarketSimulator;
  spot: SpotService;
  triggers: SpotTriggers;
  sim: SimAccountIds;
  lever: LeverService;
  marks: MarkPrices;
  cluster: LeaseKeeper;
}

async function prepare(config: ServerConfig, db: Database, sender: CodeSender): Promise<Prepared> {
  await migrate(db);
  // the jobs' leases, held before any job starts (a single process holds them at once)
  const cluster = LeaseKeeper.of(db, config.databaseUrl);
  await cluster.tick();
  const now = config.now();
  await seedNews(db, now);
  const demoId = await ensureDemoAccount(db, config.demoUser, config.demoPassword, now);
  await ensureDemoReady(db, demoId, now);
  // a payout changed in the database by hand that hands the house's money to chance (ADR 0040)
  for (const line of await unfairPayoutWarnings(db)) console.warn(`\n!!! ${line}\n`);
  const pairs = await loadPairs(db);
  const market = new MarketSimulator(pairs, {
    seed: config.simSeed,
    speed: config.simSpeed,
    nowMs: now,
    hourHistoryDays: config.simHistoryDays.hours,
    minuteHistoryDays: config.simHistoryDays.minutes,
    ...(config.simLiveNormal === undefined ? {} : { liveNormal: config.simLiveNormal }),
  });
  const sim = await ensureSimAccounts(db, now);
  const feeRows = await db.query<{ id: number; spot_fee: string }>(
    'SELECT id, spot_fee FROM currency_matches',
  );
  const spot = new SpotService({
    db,
    market,
    pairs,
    fees: new Map(feeRows.map((r) => [r.id, new Decimal(r.spot_fee)])),
    now: config.now,
    feeAccount: sim.fees,
    simulatedUsers: [...sim.makers, sim.taker],
    recentTrades: config.loadProfile === null ? 60 : 1000,
  });
  const triggers = new SpotTriggers(spot, db, config.now);
  // in a cluster, each market's orders load where it is owned (market-seats.ts)
  if (!cluster.shared) await spot.loadResting();
  if (!cluster.shared) await triggers.start();
  const marks = new MarkPrices(pairs, serverMarkSources(market, config.simOff));
  const leverPairs = await loadLeverPairs(db, pairs);
  const lever = new LeverService(
    db,
    () => leverPairs,
    marks.priceOf,
    config.now,
    (matchId) => {
      // the pair's last trade in its decimals, for levels that watch it (ADR 0059)
      const spec = pairs.find((x) => x.matchId === matchId);
      const ticks = market.lastPrice(matchId);
      return spec === undefined || ticks === null ? null : new Decimal(price(spec, ticks));
    },
  );
  lever.fenceTicks((tx) => cluster.fence(JOB_LEASES.lever, tx));
  return {
    ctx: {
      config,
      db,
      sessions: { userOf: (token) => userIdOfToken(db, token, config.now()) },
      sender,
      market,
      notify: new Notifier(),
      metrics: { internalErrors: 0, replyDrift: [] },
      cluster,
    },
    market,
    spot,
    triggers,
    sim,
    lever,
    marks,
    cluster,
  };
}

async function start({
  ctx,
  market,
  spot,
  triggers,
  sim,
  lever,
  marks,
  cluster,
}: Prepared): Promise<RunningServer> {
  const { config } = ctx;
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  const routes = collectRoutes(app);
  await registerSecurityHeaders(app);
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1 },
  });
  installErrorHandling(app, config.log, ctx.metrics);
  installInputGuard(app);
  registerRateLimits(app, ctx);
  registerCodeRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerMarketRoutes(app, ctx);
  registerSparklineRoute(app, ctx);
  registerNewsRoutes(app, ctx);
  registerMiscRoutes(app, ctx);
  registerSpotRoutes(app, ctx, spot);
  registerTriggerRoutes(app, ctx, spot, triggers);
  registerScaleRoutes(app, ctx, spot);
  registerLeverRoutes(app, ctx, lever);
  const micro = new MicroService(ctx, marks.priceOf);
  registerMicroRoutes(app, ctx, micro);
  registerEntrustRoute(app, ctx);
  registerWalletRoutes(app, ctx);
  registerUserCenterRoute(app, ctx);
  registerFundingRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
  registerIdentityRoutes(app, ctx);
  registerCashRoutes(app, ctx);
  registerWorkspaceRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  const alerts = new PriceAlertService(ctx, spot);
  registerPriceAlertRoutes(app, ctx, alerts);
  registerAcceptorRoutes(app, ctx);
  registerC2cRoutes(app, ctx);
  registerPresaleRoutes(app, ctx);
  const c2c = new C2cService(ctx);
  registerLockupRoutes(app, ctx);
  const lockup = new LockupService(ctx);
  registerLendingRoutes(app, ctx);
  registerRegionRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
  const hub: DevHub = { io: null, market: null };
  registerDevRoutes(app, ctx, hub);
  const calls: CallsRef = { calls: null };
  forwardMarketCalls(app, ctx.db, spot, calls);
  await serveClient(app, config.distDir);
  await app.ready();
  const io = createSocketHub(app.server, ctx);
  const stopSessionSweep = startSessionSweep(io, ctx);
  hub.io = io;
  ctx.notify.attach(
    (room, event, payload) => io.to(room).emit(event, payload),
    (userId) => {
      dropStaleSessions(io, ctx, userId).catch(() => {
        ctx.metrics.internalErrors += 1;
      });
    },
  );
  const publisher = new MarketPublisher(
    market,
    io,
    config.now,
    config.simOff ? 'off' : 'fair',
    marks.priceOf,
    cluster,
  );
  const makers = config.simOff
    ? null
    : new MarketMakers(
        spot,
        market,
        { makers: sim.makers, taker: sim.taker },
        {
          seed: config.simSeed,
          profile: config.loadProfile,
        },
      );
  const focus = makers?.focusPair ?? null;
  const spotPublisher = new SpotPublisher(spot, io, config.now, {
    intervalMs: config.loadProfile === null ? 1000 : 100,
    deltaForAll: new Set(config.loadProfile !== null && focus !== null ? [focus] : []),
    detailMax: config.loadProfile === null ? 30 : 1000,
  });
  const steer = steering(makers, cluster, calls);
  const seats = {
    ...{ app, io, db: ctx.db, cluster, spot, triggers, market, spotPublisher },
    steer: steer.steer,
  };
  const unseat = await seatMarkets(seats, calls);
  await app.listen({ port: config.port, host: config.host });
  cluster.start();
  const leverRunner = new LeverRunner(ctx, lever);
  hub.market = marketSwitch(
    [leverRunner, micro, alerts, publisher, spotPublisher],
    makers,
    steer.anywhere,
  );
  const notes = new NotificationPump(ctx);
  if (config.marketTimer) {
    hub.market.start();
    // not part of the market: a held market (development call) still delivers notifications,
    // expires unpaid c2c deals and pays lock-up interest (they move no price; a test of one user's
    // c2c deal ran beside another's held market and its deal never expired)
    notes.start();
    c2c.start();
    lockup.start();
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  return {
    url,
    port,
    app,
    io,
    ctx,
    market,
    publisher,
    spot,
    triggers,
    spotPublisher,
    makers,
    lever,
    leverRunner,
    micro,
    c2c,
    lockup,
    notes,
    alerts,
    marks,
    routes,
    cluster,
    async close() {
      stopSessionSweep();
      notes.stop();
      await notes.idle();
      leverRunner.stop();
      // a tick's pushes read the database after the lever queue: wait for them too
      await leverRunner.idle();
      await lever.run(() => Promise.resolve());
      micro.stop();
      await micro.idle();
      c2c.stop();
      await c2c.idle();
      lockup.stop();
      await lockup.idle();
      alerts.stop();
      await alerts.idle();
      makers?.stop();
      unseat();
      spotPublisher.stop();
      publisher.stop();
      await spot.idle();
      await closeHub(io);
      await app.close().catch(() => undefined);
      await cluster.stop();
      await ctx.db.close();
    },
  };
}

/** The makers' price control: here (`steer`, for the markets owned here) and on any process. */
function steering(makers: MarketMakers | null, cluster: LeaseKeeper, calls: CallsRef) {
  if (makers === null) return { steer: null, anywhere: null };
  const steer: Steer = (m, price) => makers.steer(m, price);
  return { steer, anywhere: steerOnOwner(steer, cluster, calls) };
}

/**
 * The market's development switch (ADR 0020) and price control (ADR 0053): the parts that follow
 * prices start in order and stop in the reverse order, the makers last to start and first to stop.
 */
function marketSwitch(
  /** `hold`, where a part has it, holds it still instead of stopping it (the tickers go on). */
  parts: readonly { start(): void; stop(): void; hold?(): void }[],
  makers: MarketMakers | null,
  steer: Steer | null,
): NonNullable<DevHub['market']> {
  return {
    start() {
      for (const p of parts) p.start();
      makers?.start();
    },
    stop() {
      makers?.stop();
      for (const p of [...parts].reverse()) {
        if (p.hold === undefined) p.stop();
        else p.hold();
      }
    },
    steer,
  };
}
