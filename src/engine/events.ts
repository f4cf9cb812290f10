// The engine's events: the discriminated union every projection folds, derived from one table
// that names each event's kind and the schema of its body (EVENTS, below). Each is a LogEvent
// (src/shared/log-event.ts) whose body is validated and in domain form (decimals are canonical
// DecStr). Bodies never carry secrets: no password, token or code.
import { z } from 'zod';
import { TRADES_KEPT } from '../shared/constants.ts';
import type { DecStr } from '../shared/decimal.ts';
import type { LogEvent, LogKind } from '../shared/log-event.ts';
import type { KlinePeriod } from '../shared/constants.ts';
import type { CurrencyDetail } from '../shared/wire.ts';
import { isWorkspace, type Workspace } from '../shared/workspace.ts';
import type { NotificationRow } from '../shared/notifications.ts';
import type {
  C2cAdView,
  C2cDealView,
  C2cLimits,
  C2cType,
  MicroCurrencyView,
  MicroOrderView,
  MicroSecondsView,
  LeverDealView,
  LeverPositionView,
  LeverTab,
  AccountView,
  AccountName,
  ConnectionState,
  FilledOrderView,
  LogStatus,
  OpenOrderView,
  StorageIssue,
  Ticker,
  TradeView,
} from './api.ts';
import {
  account,
  bar,
  barFields,
  bool,
  c2cAd,
  c2cPayout,
  c2cType,
  c2cWay,
  change,
  dec,
  describeIssue,
  empty,
  filledOrder,
  id,
  isBookBody,
  isDaymarketBody,
  isKlineBody,
  isTradesPushBody,
  levels,
  message,
  microCurrency,
  notificationPrefs,
  notificationRow,
  num,
  oneOf,
  oneTwo,
  openOrder,
  period,
  position,
  priceNumber,
  str,
  tickerSeed,
  trade,
} from './event-shapes.ts';
import type { BookLevel } from './event-shapes.ts';

export type { BookLevel };

type Ev<K extends LogKind, N extends string, B> = LogEvent<B> & { kind: K; name: N };

/** A page of notifications: the newest (merged) or an older one (appended: `older`). */
export interface NoticesListBody {
  rows: NotificationRow[];
  hasMore: boolean;
  unread: number;
  older: boolean;
}

/** A ticker as a quotation reply describes it (the fold adds `at`). */
export type TickerSeed = Omit<Ticker, 'at'>;

export interface QuotationGroupBody {
  legalId: number;
  name: string;
  pairs: TickerSeed[];
}

export interface DaymarketBody {
  symbol: string;
  price: DecStr;
  change: DecStr;
  high: DecStr;
  low: DecStr;
  volume: DecStr;
  /** Stream sequence (reference-server extension), null when absent. */
  seq: number | null;
  serverTime: number | null;
  /** The mark price (extension), absent when the push has none. */
  markPrice?: DecStr;
  /** The day's turnover in the quote currency (extension); absent when the push has none. */
  turnover?: DecStr;
}

export interface KlineBody {
  symbol: string;
  period: string;
  /** Candle open time, ms. */
  time: number;
  open: DecStr;
  high: DecStr;
  low: DecStr;
  close: DecStr;
  volume: DecStr;
  seq: number | null;
  serverTime: number | null;
}

export interface HistoryBody {
  symbol: string;
  period: string;
  bars: { time: number; close: DecStr }[];
}

export interface UserBody {
  id: number;
  account: string;
  phone: string | null;
  email: string | null;
  extensionCode: string;
  isSeller: boolean;
  reviewStatus: number;
}

export interface ClockSyncBody {
  serverMs: number;
  sentAt: number;
  receivedAt: number;
}

// ---- Spot (issue 3) ------------------------------------------------------------------------

export interface BookLevelsBody {
  symbol: string;
  /** Stream sequence (extension); null when absent (legacy). */
  seq: number | null;
  /** Best first is NOT assumed: the fold orders levels itself. */
  bids: BookLevel[];
  asks: BookLevel[];
}

export interface BookDeltaBody extends BookLevelsBody {
  seq: number;
  prevSeq: number;
}

export interface SpotPair {
  legalId: number;
  currencyId: number;
  legalName: string;
  currencyName: string;
  pricePrecision: number;
  amountPrecision: number;
  /** The ticker's last price when the pair was opened. */
  price: DecStr;
}

export interface WatchSpotBody {
  symbol: string | null;
  /** The pair as the quotation describes it; null when unknown. */
  pair: SpotPair | null;
  period: KlinePeriod;
  loggedIn: boolean;
}

export interface SpotDealBody {
  symbol: string;
  lastPrice: DecStr;
  cnyPrice: DecStr;
  userLegal: DecStr;
  userCurrency: DecStr;
  /** Top bids and asks (any order). */
  bids: BookLevel[];
  asks: BookLevel[];
}

export interface SpotTransactionBody {
  legalId: number;
  currencyId: number;
  lastPrice: DecStr;
  bids: BookLevel[];
  asks: BookLevel[];
}

export interface OrdersPageBody<Row> {
  symbol: string;
  /** Pages fromPage..toPage (1-based) are in `rows`; fromPage 1 replaces, later pages append. */
  fromPage: number;
  toPage: number;
  rows: Row[];
  hasMore: boolean;
}

// ---- Leveraged contracts (issue 7) ---------------------------------------------------------

export interface WatchLeverBody {
  symbol: string | null;
  legalId: number | null;
  currencyId: number | null;
}

export interface LeverDealBody extends Omit<LeverDealView, 'symbol' | 'legalId' | 'currencyId'> {
  symbol: string;
}

export interface LeverPositionsBody {
  symbol: string;
  tab: LeverTab;
  /** Pages fromPage..toPage are in `rows`; page 1 replaces the list, later pages append. */
  fromPage: number;
  rows: LeverPositionView[];
  hasMore: boolean;
  /** The risk figures the list call answers with (null when absent). */
  hazardRate: DecStr | null;
  /** The list call's P&L over the quote currency's open positions (absent in older logs). */
  profitsAll?: DecStr;
  /** How many positions of the quote currency are open (extension; absent when not sent). */
  openPositions?: number;
}

export interface LeverTradeBody {
  legalId: number | null;
  currencyId: number | null;
  hazardRate: DecStr | null;
  profitsAll: DecStr;
  marginAll: DecStr;
  balance: DecStr | null;
  holding: LeverPositionView[];
  entrusts: LeverPositionView[];
  /** The push's `server_time` (extension; null without it): orders pushes that arrive reordered. */
  serverTime?: number | null;
}

// ---- Second contracts (issue 7) ------------------------------------------------------------

export interface MicroOrderBody extends Omit<MicroOrderView, 'deadline' | 'removeAt'> {
  /** Time left when the reply or push left the server (ms). */
  remainMs: number;
}

export interface MicroOrdersBody {
  tab: 'trading' | 'closed';
  fromPage: number;
  rows: MicroOrderBody[];
  hasMore: boolean;
}

// ---- C2C (issue 8) ---------------------------------------------------------------------------

export interface C2cDealBody extends Omit<C2cDealView, 'deadline'> {
  /** Time left before an unpaid deal cancels itself (ms), as the server said; null otherwise. */
  leftMs: number | null;
}

export interface C2cListBody<T> {
  list: 'market' | 'myAds' | 'deals';
  page: number;
  rows: T[];
  hasMore: boolean;
  /** The market's filter the list was asked with. */
  filter: { type: C2cType; currencyId: number | null } | null;
}

// ---- Wallets (issue 6) ---------------------------------------------------------------------

/** A wallet/list reply in domain form. */
export interface WalletBody {
  fundingOpen: boolean;
  exRate: DecStr;
  accounts: Record<AccountName, AccountView>;
}

/** Every command the engine logs (command.issued, command.result, command.unknown). */
export const COMMAND_NAMES = [
  'send-code',
  'check-code',
  'register',
  'login',
  'forget',
  'bind-email',
  'countries',
  'news-list',
  'news-detail',
  'customer-service',
  'app-qrcode',
  'spot-place',
  'spot-cancel',
  'account-query',
  'wallet-transfer',
  'wallet-withdraw',
  'wallet-deposit',
  'wallet-address-add',
  'wallet-address-delete',
  'identity-submit',
  'acceptor-deal',
  'acceptor-confirm',
  'cash-save',
  'session-end',
  'upload-image',
  'lever-submit',
  'lever-close',
  'lever-cancel',
  'lever-set-stop',
  'lever-batch-close',
  'micro-submit',
  'c2c-publish',
  'c2c-take',
  'c2c-pay',
  'c2c-cancel',
  'c2c-confirm',
  'c2c-withdraw',
  'earn-query',
  'lock-buy',
  'lock-cancel',
  'loan-apply',
  'loan-repay',
  'notices-read',
  'notices-prefs',
  'alert-list',
  'alert-add',
  'alert-remove',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** A command as logged: its name and non-secret fields only. */
export interface CommandBody {
  command: CommandName;
  fields: Record<string, string | number | boolean | null>;
}

export interface CommandResultBody {
  command: CommandName;
  ok: boolean;
  /**
   * 'ok', a server type ('error', '999', …), 'network', 'malformed', 'unknown', or 'internal'
   * (an exception in the engine's code; `message` is then its cause).
   */
  type: string;
  /** Server text; omitted where the reply is a secret (login token) or bulky (images). */
  message: string | null;
}

/** A placement whose reply was lost or late (commands/idempotent.ts): its outcome is unknown. */
export interface CommandUnknownBody {
  command: CommandName;
  clientId: string;
  /** 1 for the first request, +1 per retry. */
  attempt: number;
  /** 'timeout', the network error, or 'no envelope'. */
  reason: string;
  /** The same request (same client_id) goes out again; false: the engine gave up. */
  retrying: boolean;
}

// ---- the events: each name with its kind and the schema of its body ------------------------
// The one definition of an event (CONVENTIONS 16): the union below is derived from this table,
// and an event read back (a recorded file, the stored log) is checked against it before a
// projection folds it (`eventIssue`), as a live push or reply is checked by the ingest's wire
// schemas before it becomes an event. A body with a named type is given it (`reply<WalletBody>`):
// a schema that does not describe it does not compile.

interface EventDef<K extends LogKind, B> {
  readonly kind: K;
  readonly body: z.ZodType<B>;
  /**
   * The hottest events' quick check (event-shapes.ts): true only for a body `body` accepts;
   * false sends the body on to `body`, which names the fault.
   */
  readonly quick?: (body: unknown) => boolean;
}
const reply = <B>(body: z.ZodType<B>): EventDef<'reply', B> => ({ kind: 'reply', body });
const push = <B>(body: z.ZodType<B>, quick?: (body: unknown) => boolean): EventDef<'push', B> =>
  quick === undefined ? { kind: 'push', body } : { kind: 'push', body, quick };
const system = <B>(body: z.ZodType<B>): EventDef<'system', B> => ({ kind: 'system', body });
const command = <B>(body: z.ZodType<B>): EventDef<'command', B> => ({ kind: 'command', body });

const commandName = z.enum(COMMAND_NAMES);
/** A workspace as parseWorkspace makes it (the page's and the server's go through it). */
const workspaceDoc = z.custom<Workspace>(isWorkspace);

const ordersPage = <Row>(row: z.ZodType<Row>) =>
  z.object({ symbol: str, fromPage: id, toPage: id, rows: z.array(row), hasMore: bool });

const c2cList = <Row>(row: z.ZodType<Row>) =>
  z.object({
    list: z.enum(['market', 'myAds', 'deals']),
    page: id,
    rows: z.array(row),
    hasMore: bool,
    filter: z.object({ type: c2cType, currencyId: id.nullable() }).nullable(),
  });

const microOrder: z.ZodType<MicroOrderBody> = z.object({
  id,
  showId: id,
  symbol: str,
  matchId: id,
  currency: str,
  side: oneTwo,
  seconds: num,
  number: dec,
  openPrice: dec,
  endPrice: dec,
  profitRatio: dec,
  fee: dec,
  status: id,
  result: id,
  profit: dec,
  createdAt: str,
  remainMs: num,
});

const c2cDeal: z.ZodType<C2cDealBody> = z.object({
  id,
  adId: id,
  type: c2cType,
  way: c2cWay,
  wayName: str,
  currency: str,
  number: dec,
  price: dec,
  money: dec,
  isSure: id,
  sellerName: str,
  userName: str,
  counterpartyName: str,
  isPublisher: bool,
  side: c2cType,
  payTo: c2cPayout.nullable(),
  createTime: str,
  updateTime: str,
  leftMs: num.nullable(),
});

const bookLevels = <Extra extends z.ZodRawShape>(extra: Extra) =>
  z.object({ symbol: str, bids: levels, asks: levels, ...extra });

const EVENTS = {
  'market.quotation': reply<{ groups: QuotationGroupBody[] }>(
    z.object({ groups: z.array(z.object({ legalId: id, name: str, pairs: z.array(tickerSeed) })) }),
  ),
  'market.quotation-failed': reply(message),
  'market.daymarket': push<DaymarketBody>(
    z.object({
      symbol: str,
      price: dec,
      change,
      high: dec,
      low: dec,
      volume: dec,
      seq: id.nullable(),
      serverTime: num.nullable(),
      markPrice: dec.exactOptional(),
    }),
    isDaymarketBody,
  ),
  'market.kline': push<KlineBody>(
    z.object({
      symbol: str,
      period: str,
      ...barFields,
      seq: id.nullable(),
      serverTime: num.nullable(),
    }),
    isKlineBody,
  ),
  'market.history': reply<HistoryBody>(
    z.object({ symbol: str, period: str, bars: z.array(z.object({ time: num, close: dec })) }),
  ),
  // tag: sessionTag of the token taken into use (absent in recordings made before issue 23's
  // held views): which session's figures a view held across a new page session belongs to
  'session.login': reply(z.object({ restored: bool, tag: str.optional() })),
  'session.info': reply<UserBody>(
    z.object({
      id,
      account: str,
      phone: str.nullable(),
      email: str.nullable(),
      extensionCode: str,
      isSeller: bool,
      reviewStatus: id,
    }),
  ),
  'session.expired': reply<Record<string, never>>(empty),
  'session.logout': command<Record<string, never>>(empty),
  'session.expired-ack': command<Record<string, never>>(empty),
  'clock.sync': reply<ClockSyncBody>(z.object({ serverMs: num, sentAt: num, receivedAt: num })),
  'socket.state': system<{ state: ConnectionState }>(
    z.object({
      state: oneOf({
        idle: true,
        connecting: true,
        online: true,
        reconnecting: true,
        offline: true,
      }),
    }),
  ),
  'log.status': system<{ status: LogStatus; reason?: StorageIssue }>(
    z.object({
      status: oneOf({ indexeddb: true, memory: true, opening: true }),
      reason: oneOf<StorageIssue>({
        unavailable: true,
        quota: true,
        blocked: true,
        'other-tab': true,
        failed: true,
        'newer-version': true,
      }).exactOptional(),
    }),
  ),
  /** A new engine session begins (page load): the stored state was restored before it. */
  'engine.boot': system(z.object({ app: str })),
  'system.malformed': system(z.object({ source: str, reason: str })),
  'command.issued': command<CommandBody>(
    z.object({
      command: commandName,
      fields: z.record(str, z.union([str, num, bool, z.null()])),
    }),
  ),
  'command.result': reply<CommandResultBody>(
    z.object({ command: commandName, ok: bool, type: str, message: str.nullable() }),
  ),
  'command.unknown': system<CommandUnknownBody>(
    z.object({ command: commandName, clientId: str, attempt: id, reason: str, retrying: bool }),
  ),
  'ui.visible': command(z.object({ visible: bool })),
  // the trader's workspace (issue 24, ADR 0033): the page's change, and the server's copy
  'workspace.changed': command(z.object({ workspace: workspaceDoc })),
  'workspace.loaded': reply(z.object({ workspace: workspaceDoc.nullable() })),
  'workspace.saved': reply(z.object({})),
  'workspace.failed': reply(z.object({ message: str })),
  // the user's notifications (issue 25, ADR 0034): lists and pushes from the server, and each
  // decision of this tab to show some (the tab that claimed them; replay shows the same)
  'notices.list': reply<NoticesListBody>(
    z.object({ rows: z.array(notificationRow), hasMore: bool, unread: id, older: bool }),
  ),
  'notices.pushed': push(z.object({ row: notificationRow })),
  'notices.read': push(z.object({ ids: z.array(id).nullable(), unread: id })),
  'notices.marked': reply(z.object({ ids: z.array(id).nullable(), unread: id })),
  'notices.toast': system(z.object({ ids: z.array(id), away: bool })),
  'notices.prefs': reply(z.object({ prefs: notificationPrefs })),
  'notices.failed': reply(z.object({ message: str })),
  'ui.lang': command(z.object({ lang: str })),
  'ui.select-pair': command(z.object({ symbol: str })),
  'ui.watch-spot': command<WatchSpotBody>(
    z.object({
      symbol: str.nullable(),
      pair: z
        .object({
          legalId: id,
          currencyId: id,
          legalName: str,
          currencyName: str,
          pricePrecision: id,
          amountPrecision: id,
          price: dec,
        })
        .nullable(),
      period,
      loggedIn: bool,
    }),
  ),
  'ui.chart-period': command<{ period: KlinePeriod }>(z.object({ period })),
  'book.top': push<BookLevelsBody>(bookLevels({ seq: id.nullable() }), (b) =>
    isBookBody(b, 'nullable'),
  ),
  'book.snapshot': push<BookLevelsBody & { seq: number }>(bookLevels({ seq: id }), (b) =>
    isBookBody(b, 'int'),
  ),
  'book.delta': push<BookDeltaBody>(bookLevels({ seq: id, prevSeq: id }), (b) =>
    isBookBody(b, 'delta'),
  ),
  'book.resync': system(z.object({ symbol: str, reason: z.enum(['gap', 'reconnect']) })),
  'spot.transaction': push<SpotTransactionBody>(
    z.object({ legalId: id, currencyId: id, lastPrice: dec, bids: levels, asks: levels }),
  ),
  'spot.balance': push(z.object({ userId: id.nullable() })),
  'spot.deal': reply<SpotDealBody>(
    bookLevels({
      lastPrice: dec,
      cnyPrice: dec,
      userLegal: dec,
      userCurrency: dec,
    }),
  ),
  'spot.detail': reply<{ symbol: string; detail: CurrencyDetail }>(
    z.object({ symbol: str, detail: z.object({ id, name: str, full_name: str, desc: str }) }),
  ),
  'trades.push': push(
    z.object({ symbol: str, seq: id.nullable(), trades: z.array(trade) }),
    isTradesPushBody,
  ),
  'trades.history': reply(z.object({ symbol: str, trades: z.array(trade) })),
  'chart.history': reply(z.object({ symbol: str, period, bars: z.array(bar) })),
  'chart.history-failed': reply(z.object({ symbol: str, period, message: str })),
  'orders.open': reply<OrdersPageBody<OpenOrderView>>(ordersPage(openOrder)),
  'orders.history': reply<OrdersPageBody<FilledOrderView>>(ordersPage(filledOrder)),
  'orders.failed': reply(z.object({ symbol: str, tab: z.enum(['open', 'history']), message: str })),
  'wallet.list': reply<WalletBody>(
    z.object({
      fundingOpen: bool,
      exRate: dec,
      accounts: z.object({ legal: account, change: account, lever: account, micro: account }),
    }),
  ),
  'wallet.failed': reply(message),
  /** `update_user` (extension): the user's profile changed; user/info is fetched again. */
  'session.user-changed': push(z.object({ userId: id.nullable() })),
  'ui.watch-lever': command<WatchLeverBody>(
    z.object({ symbol: str.nullable(), legalId: id.nullable(), currencyId: id.nullable() }),
  ),
  'lever.deal': reply<LeverDealBody>(
    z.object({
      symbol: str,
      multiples: z.array(num),
      shares: z.array(num),
      minShare: num,
      maxShare: num,
      shareNum: dec,
      spreadPct: dec,
      feePct: dec,
      overnightPct: dec,
      pricePrecision: id,
      burstLine: dec,
      entrustOpen: bool,
      lastPrice: dec,
      markPrice: dec.exactOptional(),
      balance: dec,
      longs: z.array(priceNumber),
      shorts: z.array(priceNumber),
      recent: z.array(z.object({ time: num, side: oneTwo, price: dec, number: dec })),
    }),
  ),
  'lever.positions': reply<LeverPositionsBody>(
    z.object({
      symbol: str,
      tab: oneOf<LeverTab>({ holding: true, entrusts: true, closed: true, revoked: true }),
      fromPage: id,
      rows: z.array(position),
      hasMore: bool,
      hazardRate: dec.nullable(),
      profitsAll: dec.exactOptional(),
      openPositions: id.exactOptional(),
    }),
  ),
  'lever.failed': reply(z.object({ symbol: str, message: str })),
  'lever.trade': push<LeverTradeBody>(
    z.object({
      legalId: id.nullable(),
      currencyId: id.nullable(),
      hazardRate: dec.nullable(),
      profitsAll: dec,
      marginAll: dec,
      balance: dec.nullable(),
      holding: z.array(position),
      entrusts: z.array(position),
      serverTime: num.nullable().exactOptional(),
    }),
  ),
  'micro.setup': reply<{ currencies: MicroCurrencyView[]; seconds: MicroSecondsView[] }>(
    z.object({
      currencies: z.array(microCurrency),
      seconds: z.array(z.object({ seconds: num, profitRatio: dec })),
    }),
  ),
  'micro.orders': reply<MicroOrdersBody>(
    z.object({
      tab: z.enum(['trading', 'closed']),
      fromPage: id,
      rows: z.array(microOrder),
      hasMore: bool,
    }),
  ),
  'micro.failed': reply(message),
  'micro.closed': push(microOrder),
  'c2c.currencies': reply(z.object({ currencies: z.array(z.object({ id, name: str })) })),
  'c2c.ads': reply<C2cListBody<C2cAdView>>(c2cList(c2cAd)),
  'c2c.deals': reply<C2cListBody<C2cDealBody>>(c2cList(c2cDeal)),
  'c2c.deal': push(c2cDeal),
  // the pay window is the operator's setting in minutes, which may be a fraction (0.05: 3 s)
  'c2c.limits': reply<C2cLimits>(
    z.object({ cancelToday: id, cancelLimit: id, payMinutes: z.number().positive() }),
  ),
  'c2c.failed': reply(message),
};

type Defs = typeof EVENTS;
export type EventName = keyof Defs;
/** Every event the engine logs: a LogEvent with the kind and body its name says. */
export type EngineEvent = {
  [N in EventName]: Ev<Defs[N]['kind'], N, z.output<Defs[N]['body']>>;
}[EventName];
/** An event before the log has given it a seq. */
type WithoutSeq<E> = E extends unknown ? Omit<E, 'seq'> : never;
export type NewEvent = WithoutSeq<EngineEvent>;

/**
 * Why an event read back (from a file or the stored log) is not an engine event, or null when it
 * is one. An event whose name the engine does not know (one a former version logged) is not
 * refused: no projection handles it, so it folds to nothing, as it would have live.
 */
export function eventIssue(event: LogEvent): string | null {
  if (!Object.hasOwn(EVENTS, event.name)) return null;
  const def: EventDef<LogKind, unknown> = EVENTS[event.name as EventName];
  if (event.kind !== def.kind) return `${event.name} is a ${def.kind}, not a ${event.kind}`;
  if (def.quick?.(event.body) === true) return null;
  const result = def.body.safeParse(event.body);
  return result.success ? null : `${event.name}: ${describeIssue(result.error)}`;
}

/** An event read back, as an engine event; throws a TypeError naming what is wrong otherwise. */
export function checkedEvent(event: LogEvent): EngineEvent {
  const issue = eventIssue(event);
  if (issue !== null) throw new TypeError(issue);
  // its kind and body were just checked against the definition of its name (or no projection
  // knows its name, and every fold leaves the state as it was)
  return event as EngineEvent;
}

/**
 * The end of every reducer's switch: a compile-time exhaustiveness check that stays total at
 * run time (an unknown event from an old recorded log leaves the state as it was).
 */
export function exhaustive<S>(_event: never, state: S): S {
  return state;
}

// ---- trade lists -----------------------------------------------------------------------------
// A trade list in an event body (`trades.history`, `trades.push`) and in the projection is
// newest first, without duplicates: the one rule both the ingest and the fold apply.

/** Newest first (time, then id, descending), without duplicate ids, at most TRADES_KEPT. */
export function newestTrades(trades: readonly TradeView[]): TradeView[] {
  // Pushes and merges usually arrive in this order already: then there is nothing to sort.
  const sorted = isNewestFirst(trades) ? trades : [...trades].sort(newerFirst);
  const seen = new Set<number>();
  const out: TradeView[] = [];
  for (const t of sorted) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    out.push(t);
    if (out.length === TRADES_KEPT) break;
  }
  return out;
}

const newerFirst = (a: TradeView, b: TradeView): number => b.time - a.time || b.id - a.id;

function isNewestFirst(trades: readonly TradeView[]): boolean {
  for (let i = 1; i < trades.length; i += 1)
    if (newerFirst(trades[i - 1] as TradeView, trades[i] as TradeView) > 0) return false;
  return true;
}

/** The definition of an event name (tests: the quick checks against the schemas). */
export function eventDefinition(name: EventName): EventDef<LogKind, unknown> {
  return EVENTS[name];
}
