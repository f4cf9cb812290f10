// The engine's events: the discriminated union every projection folds, derived from one table
// that names each event's kind and the schema of its body (EVENTS, below). Each is a LogEvent
// (src/shared/log-event.ts) whose body is validated and in domain form (decimals are canonical
// DecStr). Bodies never carry secrets: no password, token or code; their shapes are in
// event-bodies.ts.
import { z } from 'zod';
import { TRADES_KEPT } from '../shared/constants.ts';
import type { LogEvent, LogKind } from '../shared/log-event.ts';
import type { KlinePeriod } from '../shared/constants.ts';
import type { CurrencyDetail } from '../shared/wire.ts';
import { isWorkspace, type Workspace } from '../shared/workspace.ts';
import type {
  C2cAdView,
  C2cLimits,
  MicroCurrencyView,
  MicroSecondsView,
  LeverTab,
  ConnectionState,
  FilledOrderView,
  Incident,
  LogStatus,
  OpenOrderView,
  StorageIssue,
  TradeView,
} from './api.ts';
import {
  account,
  bar,
  barFields,
  bool,
  c2cAd,
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
  spotTriggerPage,
  str,
  tickerSeed,
  trade,
} from './event-shapes.ts';
import type { BookLevel } from './event-shapes.ts';
import { INVARIANTS } from './api/flight.ts';

import {
  COMMAND_NAMES,
  ordersPage,
  c2cList,
  microOrder,
  c2cDeal,
  bookLevels,
} from './event-bodies.ts';
import type {
  NoticesListBody,
  QuotationGroupBody,
  DaymarketBody,
  KlineBody,
  HistoryBody,
  UserBody,
  ClockSyncBody,
  BookLevelsBody,
  BookDeltaBody,
  WatchSpotBody,
  SpotDealBody,
  SpotTransactionBody,
  OrdersPageBody,
  WatchLeverBody,
  LeverDealBody,
  LeverPositionsBody,
  LeverTradeBody,
  MicroOrdersBody,
  C2cDealBody,
  C2cListBody,
  WalletBody,
  CommandBody,
  CommandResultBody,
  CommandUnknownBody,
} from './event-bodies.ts';

export type { BookLevel };
export * from './event-bodies.ts';

type Ev<K extends LogKind, N extends string, B> = LogEvent<B> & { kind: K; name: N };

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
  // the flight recorder (issue 47): an invariant broke at event `seq`; its report declined
  'flight.break': system<Incident>(
    z.object({ invariant: z.enum(INVARIANTS), seq: id.nullable(), detail: str }),
  ),
  'flight.dismiss': command<Record<string, never>>(empty),
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
  // the user's conditional orders as listed (issue 44): each answer, so a replay shows them
  'triggers.listed': reply(
    z.object({ status: oneOf({ waiting: true, done: true }), page: spotTriggerPage }),
  ),
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
