// The engine's public module: the only file of src/engine the UI may import (types only).
// The engine runs in a dedicated worker; the page reaches it through Comlink
// (src/ui/engine-bridge) and receives at most one coalesced FrameDiff per animation frame.
// Everything crossing the boundary is structured-clonable: decimals travel as DecStr.
import type { DecStr } from '../shared/decimal.ts';
import type { Lang } from '../shared/locales.ts';
import type { AccountKind, ValidationId } from '../shared/validation.ts';
import type { CountryItem, NewsDetail, NewsItem } from '../shared/wire.ts';

export type ConnectionState = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'offline';
export type LogStatus = 'indexeddb' | 'memory' | 'opening';

export interface SessionView {
  loggedIn: boolean;
  userId: number | null;
  /** Masked account for the header menu, e.g. "ab***@mail.com" or "138****5678". */
  maskedAccount: string | null;
  account: string | null;
  extensionCode: string | null;
  isSeller: boolean;
  email: string | null;
  phone: string | null;
  reviewStatus: number;
  /** Set when the server answered 999; the page shows "Please login again" and routes to login. */
  expiredAt: number | null;
}

export interface ConnectionView {
  state: ConnectionState;
  /** Estimated server time − local time, ms (from /api/server/time and push server_time). */
  clockOffsetMs: number;
  reconnects: number;
  log: LogStatus;
}

export interface Ticker {
  matchId: number;
  symbol: string; // "BTC/USDT"
  legalId: number;
  currencyId: number;
  legalName: string;
  currencyName: string;
  logo: string;
  price: DecStr;
  /** Percent change, signed, 2 decimals, e.g. "1.23" or "-0.50". */
  change: DecStr;
  high: DecStr;
  low: DecStr;
  volume: DecStr;
  isDisplay: boolean;
  sort: number;
  /** Time of the last update (event time, ms). */
  at: number;
}

export interface QuotationGroupView {
  legalId: number;
  name: string;
  /** Symbols of the group's pairs, in the server's sort order. */
  symbols: string[];
}

export interface MarketView {
  groups: QuotationGroupView[];
  loaded: boolean;
  error: string | null;
}

/** One coalesced change set, at most one per animation frame, none while hidden. */
export interface FrameDiff {
  frame: number;
  session?: SessionView;
  connection?: ConnectionView;
  market?: MarketView;
  /** Changed tickers only, by symbol. */
  tickers?: Record<string, Ticker>;
  /** Changed sparklines only: the last closes (≤ 60), oldest first. */
  sparklines?: Record<string, DecStr[]>;
}

/** A full snapshot, used when the page (re)attaches. */
export interface EngineSnapshot {
  session: SessionView;
  connection: ConnectionView;
  market: MarketView;
  tickers: Record<string, Ticker>;
  sparklines: Record<string, DecStr[]>;
}

/** Result of a command. `message` is the server's text (already in the user's language). */
export type CommandResult<T = undefined> =
  | { ok: true; message: string; data: T }
  | { ok: false; code: 'invalid'; fields: Record<string, ValidationId> }
  | { ok: false; code: 'busy' }
  | { ok: false; code: 'network'; message: string }
  | { ok: false; code: 'server'; type: string; message: string };

export interface EngineConfig {
  /** Origin of the API, '' for same-origin. */
  baseUrl: string;
  lang: Lang;
  /** Whether the page is visible right now. */
  visible: boolean;
}

export interface SendCodeInput {
  kind: AccountKind;
  account: string;
  /** Area code without "+", for phones. */
  areaCode: string;
  /** What the code is for: register, forget, bind. */
  purpose: 'register' | 'forget' | 'bind';
}

export interface RegisterCommand {
  kind: AccountKind;
  account: string;
  code: string;
  password: string;
  confirm: string;
  agreement: boolean;
  extensionCode: string;
  areaCode: string;
  countryId: number | null;
}

export interface LoginCommand {
  account: string;
  password: string;
  areaCodeId: number | null;
}

export interface ForgetCommand {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

export interface BindEmailCommand {
  email: string;
  code: string;
}

/** Methods the page may call on the engine (through Comlink, so every result is a Promise). */
export interface EngineApi {
  /** Start (or re-attach to) the engine; `onFrame` receives the coalesced diffs. */
  start(config: EngineConfig, onFrame: (diff: FrameDiff) => void): Promise<EngineSnapshot>;
  setVisible(visible: boolean): Promise<void>;
  setLang(lang: Lang): Promise<void>;

  sendCode(input: SendCodeInput): Promise<CommandResult>;
  /** Checks a verification code before step 2 of forgot-password (check_mobile / check_email). */
  checkCode(input: { kind: AccountKind; account: string; code: string }): Promise<CommandResult>;
  register(cmd: RegisterCommand): Promise<CommandResult>;
  login(cmd: LoginCommand): Promise<CommandResult<{ userId: number }>>;
  forget(cmd: ForgetCommand): Promise<CommandResult>;
  bindEmail(cmd: BindEmailCommand): Promise<CommandResult>;
  logout(): Promise<void>;
  /** Acknowledge a 999 once the page has shown it (clears `session.expiredAt`). */
  ackExpired(): Promise<void>;

  countries(): Promise<CommandResult<CountryItem[]>>;
  newsList(cId?: number): Promise<CommandResult<NewsItem[]>>;
  newsDetail(id: number): Promise<CommandResult<NewsDetail>>;
  /** The customer-service URL with {id} and {name} filled, or '' when none is configured. */
  customerService(): Promise<CommandResult<string>>;
  /** Data URL of the app-download QR code. */
  appQrCode(text: string): Promise<CommandResult<string>>;
  /** Select the pair the trading screens open on (the page also stores it under the spec keys). */
  selectPair(symbol: string): Promise<void>;
}
