// The engine's calls that act on the exchange, by how they reach it (issue 22): account and
// content calls take the started engine's context; the domain calls go to the watched screen's
// sync module, or run a command with the refresh that command needs. `createEngine` (engine.ts)
// keeps what belongs to its own lifetime: start, visibility, language, the book's page
// settings, the log export, statistics and close. ENGINE_CALLS (api.ts) says how a page makes
// each call.
import type { EngineApi } from './api.ts';
import * as account from './commands/account.ts';
import * as alertCommands from './commands/alerts.ts';
import * as c2cCommands from './commands/c2c.ts';
import * as content from './commands/content.ts';
import * as earnCommands from './commands/earn.ts';
import * as leverCommands from './commands/lever.ts';
import * as microCommands from './commands/micro.ts';
import * as spotCommands from './commands/spot.ts';
import * as triggerCommands from './commands/spot-triggers.ts';
import * as scaleCommands from './commands/spot-scale.ts';
import * as walletCommands from './commands/wallet.ts';
import type { EngineContext } from './context.ts';
import { logout } from './session-actions.ts';
import type { C2cSync } from './sync/c2c-sync.ts';
import type { LeverSync } from './sync/lever-sync.ts';
import type { Poller } from './sync/market-sync.ts';
import type { MicroSync } from './sync/micro-sync.ts';
import type { SpotSync } from './sync/spot-sync.ts';
import type { WalletSync } from './sync/wallet-sync.ts';
import type { NoticesSync } from './sync/notices-sync.ts';
import type { WorkspaceSync } from './sync/workspace-sync.ts';

/** What a started engine runs (engine.ts `boot`). */
export interface Running {
  ctx: EngineContext;
  poller: Poller;
  spot: SpotSync;
  wallet: WalletSync;
  lever: LeverSync;
  micro: MicroSync;
  c2c: C2cSync;
  workspace: WorkspaceSync;
  notices: NoticesSync;
}

export interface CallDeps {
  /** The started engine's context (waits for the start; rejects before it). */
  ready(): Promise<EngineContext>;
  /** The started engine's sync modules (the same wait). */
  running(): Promise<Running>;
  /** After a login or a logout: every watched screen fetches the new session's data. */
  sessionChanged(): Promise<void>;
}

export type AccountCalls = Pick<
  EngineApi,
  | 'sendCode'
  | 'checkCode'
  | 'register'
  | 'login'
  | 'forget'
  | 'bindEmail'
  | 'logout'
  | 'countries'
  | 'newsList'
  | 'newsDetail'
  | 'customerService'
  | 'appQrCode'
  | 'accountQuery'
  | 'earnQuery'
  | 'uploadImage'
  | 'priceAlerts'
  | 'addPriceAlert'
  | 'removePriceAlert'
>;

/** Sign-in, content and read-only queries: each takes the context. */
export function accountCalls({ ready, sessionChanged }: CallDeps): AccountCalls {
  return {
    sendCode: async (input) => account.sendCode(await ready(), input),
    checkCode: async (input) => account.checkCode(await ready(), input),
    register: async (cmd) => account.register(await ready(), cmd),
    async login(cmd) {
      const result = await account.login(await ready(), cmd);
      if (result.ok) void sessionChanged();
      return result;
    },
    forget: async (cmd) => account.forget(await ready(), cmd),
    bindEmail: async (cmd) => account.bindEmail(await ready(), cmd),
    async logout() {
      await logout(await ready());
      await sessionChanged();
    },
    countries: async () => content.countries(await ready()),
    newsList: async (cId) => content.newsList(await ready(), cId),
    newsDetail: async (id) => content.newsDetail(await ready(), id),
    customerService: async () => content.customerService(await ready()),
    appQrCode: async (text) => content.appQrCode(await ready(), text),
    accountQuery: async (kind, input) => walletCommands.accountQuery(await ready(), kind, input),
    earnQuery: async (kind, input) => earnCommands.earnQuery(await ready(), kind, input),
    uploadImage: async (file, onProgress) =>
      walletCommands.uploadImage(await ready(), file, onProgress ?? (() => undefined)),
    priceAlerts: async () => alertCommands.priceAlerts(await ready()),
    addPriceAlert: async (input) => alertCommands.addPriceAlert(await ready(), input),
    removePriceAlert: async (input) => alertCommands.removePriceAlert(await ready(), input),
  };
}

export type DomainCalls = Pick<
  EngineApi,
  | 'watchSpot'
  | 'setChartPeriod'
  | 'placeSpotOrder'
  | 'cancelSpotOrder'
  | 'amendSpotOrder'
  | 'spotTriggers'
  | 'placeSpotTrigger'
  | 'cancelSpotTrigger'
  | 'amendSpotTrigger'
  | 'placeSpotScale'
  | 'cancelSpotScale'
  | 'loadMoreSpotOrders'
  | 'watchWallet'
  | 'accountCommand'
  | 'earnCommand'
  | 'watchLever'
  | 'leverCommand'
  | 'loadMoreLever'
  | 'watchMicro'
  | 'submitMicro'
  | 'loadMoreMicro'
  | 'watchC2c'
  | 'c2cCommand'
  | 'loadMoreC2c'
  | 'setWorkspace'
  | 'loadMoreNotices'
  | 'readNotices'
  | 'saveNoticePrefs'
>;

/** The screens' live data (a sync module each) and the commands that change it. */
export function domainCalls({ running }: CallDeps): DomainCalls {
  return {
    watchSpot: async (symbol) => (await running()).spot.watch(symbol),
    setChartPeriod: async (period) => (await running()).spot.setChartPeriod(period),
    async placeSpotOrder(order, onUnknown) {
      const r = await running();
      return spotCommands.placeSpotOrder(r.ctx, () => r.spot.refresh(), order, onUnknown);
    },
    async cancelSpotOrder(input) {
      const r = await running();
      return spotCommands.cancelSpotOrder(r.ctx, () => r.spot.refresh(), input);
    },
    async amendSpotOrder(input) {
      const r = await running();
      return spotCommands.amendSpotOrder(r.ctx, () => r.spot.refresh(), input);
    },
    spotTriggers: async (status, page) =>
      triggerCommands.spotTriggerList((await running()).ctx, status, page),
    async placeSpotTrigger(input) {
      const r = await running();
      return triggerCommands.placeSpotTrigger(r.ctx, () => r.spot.refresh(), input);
    },
    async cancelSpotTrigger(input) {
      const r = await running();
      return triggerCommands.cancelSpotTrigger(r.ctx, () => r.spot.refresh(), input);
    },
    async amendSpotTrigger(input) {
      const r = await running();
      return triggerCommands.amendSpotTrigger(r.ctx, () => r.spot.refresh(), input);
    },
    async placeSpotScale(input) {
      const r = await running();
      return scaleCommands.placeSpotScale(r.ctx, () => r.spot.refresh(), input);
    },
    async cancelSpotScale(input) {
      const r = await running();
      return scaleCommands.cancelSpotScale(r.ctx, () => r.spot.refresh(), input);
    },
    loadMoreSpotOrders: async (tab) => (await running()).spot.loadMore(tab),
    watchWallet: async (on) => (await running()).wallet.watch(on),
    async accountCommand(kind, input) {
      const r = await running();
      return walletCommands.accountCommand(r.ctx, kind, input, () => r.wallet.refresh());
    },
    async earnCommand(kind, input) {
      const r = await running();
      return earnCommands.earnCommand(r.ctx, kind, input, () => r.wallet.refresh());
    },
    watchLever: async (symbol) => (await running()).lever.watch(symbol),
    async leverCommand(kind, input, onUnknown) {
      const r = await running();
      return leverCommands.leverCommand(r.ctx, r.lever, kind, input, onUnknown);
    },
    loadMoreLever: async (tab) => (await running()).lever.loadMore(tab),
    watchMicro: async (on) => (await running()).micro.watch(on),
    async submitMicro(order, onUnknown) {
      const r = await running();
      return microCommands.submitMicro(r.ctx, () => r.micro.refresh(), order, onUnknown);
    },
    loadMoreMicro: async (tab) => (await running()).micro.loadMore(tab),
    watchC2c: async (filter) => (await running()).c2c.watch(filter),
    async c2cCommand(kind, input) {
      const r = await running();
      return c2cCommands.c2cCommand(r.ctx, () => r.c2c.refresh(), kind, input);
    },
    loadMoreC2c: async (list) => (await running()).c2c.loadMore(list),
    setWorkspace: async (workspace) => (await running()).workspace.set(workspace),
    loadMoreNotices: async () => (await running()).notices.loadMore(),
    readNotices: async (ids) => (await running()).notices.read(ids),
    saveNoticePrefs: async (prefs) => (await running()).notices.savePrefs(prefs),
  };
}
