// The engine's events: the discriminated union every projection folds. Each is a LogEvent
// (src/shared/log-event.ts) whose body is already validated and in domain form (decimals
// are canonical DecStr). Bodies never carry secrets: no password, token or code.
import type { DecStr } from '../../shared/decimal.ts';
import type { LogEvent, LogKind } from '../../shared/log-event.ts';
import type { ConnectionState, LogStatus, Ticker } from '../api.ts';

type Ev<K extends LogKind, N extends string, B> = LogEvent<B> & { kind: K; name: N };

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
}

export interface KlineBody {
  symbol: string;
  period: string;
  /** Candle open time, ms. */
  time: number;
  close: DecStr;
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

export type CommandName =
  | 'send-code'
  | 'check-code'
  | 'register'
  | 'login'
  | 'forget'
  | 'bind-email'
  | 'countries'
  | 'news-list'
  | 'news-detail'
  | 'customer-service'
  | 'app-qrcode';

/** A command as logged: its name and non-secret fields only. */
export interface CommandBody {
  command: CommandName;
  fields: Record<string, string | number | boolean | null>;
}

export interface CommandResultBody {
  command: CommandName;
  ok: boolean;
  /** 'ok', a server type ('error', '999', …), 'network' or 'malformed'. */
  type: string;
  /** Server text; omitted where the reply is a secret (login token) or bulky (images). */
  message: string | null;
}

export type EngineEvent =
  | Ev<'reply', 'market.quotation', { groups: QuotationGroupBody[] }>
  | Ev<'reply', 'market.quotation-failed', { message: string }>
  | Ev<'push', 'market.daymarket', DaymarketBody>
  | Ev<'push', 'market.kline', KlineBody>
  | Ev<'reply', 'market.history', HistoryBody>
  | Ev<'reply', 'session.login', { restored: boolean }>
  | Ev<'reply', 'session.info', UserBody>
  | Ev<'reply', 'session.expired', Record<string, never>>
  | Ev<'command', 'session.logout', Record<string, never>>
  | Ev<'command', 'session.expired-ack', Record<string, never>>
  | Ev<'reply', 'clock.sync', ClockSyncBody>
  | Ev<'system', 'socket.state', { state: ConnectionState }>
  | Ev<'system', 'log.status', { status: LogStatus }>
  | Ev<'system', 'system.malformed', { source: string; reason: string }>
  | Ev<'command', 'command.issued', CommandBody>
  | Ev<'reply', 'command.result', CommandResultBody>
  | Ev<'command', 'ui.visible', { visible: boolean }>
  | Ev<'command', 'ui.lang', { lang: string }>
  | Ev<'command', 'ui.select-pair', { symbol: string }>;

export type EventName = EngineEvent['name'];
/** An event before the log has given it a seq. */
type WithoutSeq<E> = E extends unknown ? Omit<E, 'seq'> : never;
export type NewEvent = WithoutSeq<EngineEvent>;

/**
 * The end of every reducer's switch: a compile-time exhaustiveness check that stays total at
 * run time (an unknown event from an old recorded log leaves the state as it was).
 */
export function exhaustive<S>(_event: never, state: S): S {
  return state;
}
