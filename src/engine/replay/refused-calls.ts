// The engine's page calls a replay does not act on (issue 5). A replay has no transport and no
// log of its own: commands are refused ('replay'), content the live engine fetches fails as
// offline, the calls that only tell the engine what the page watches are accepted and ignored,
// and the engine's internal calls (export, statistics, bench) reject.
import type { EngineApi, ReplayApi } from '../api.ts';
import type { ReplayPageCalls } from './replay-frames.ts';

/** The calls the replay engine answers itself: the replay controls, the frames' calls, close. */
type AnsweredCall = Exclude<keyof ReplayApi, keyof EngineApi> | keyof ReplayPageCalls | 'close';

/** Every other call of the page's interface: a call added to EngineApi must be answered here. */
export type RefusedCalls = Omit<ReplayApi, AnsweredCall>;

const REFUSED = { ok: false, code: 'replay' } as const;
const OFFLINE = { ok: false, code: 'network', message: '' } as const;

export const refusedCalls: RefusedCalls = {
  setOnline: () => Promise.resolve(),
  setWorkspace: () => Promise.resolve(),
  loadMoreNotices: () => Promise.resolve(),
  readNotices: () => Promise.resolve(REFUSED),
  saveNoticePrefs: () => Promise.resolve(REFUSED),
  setLang: () => Promise.resolve(),
  sendCode: () => Promise.resolve(REFUSED),
  checkCode: () => Promise.resolve(REFUSED),
  register: () => Promise.resolve(REFUSED),
  login: () => Promise.resolve(REFUSED),
  forget: () => Promise.resolve(REFUSED),
  bindEmail: () => Promise.resolve(REFUSED),
  logout: () => Promise.resolve(),
  ackExpired: () => Promise.resolve(),
  countries: () => Promise.resolve(OFFLINE),
  newsList: () => Promise.resolve(OFFLINE),
  newsDetail: () => Promise.resolve(OFFLINE),
  customerService: () => Promise.resolve(OFFLINE),
  appQrCode: () => Promise.resolve(OFFLINE),
  selectPair: () => Promise.resolve(),
  // the recorded session decides what is watched
  watchSpot: () => Promise.resolve(),
  setChartPeriod: () => Promise.resolve(),
  placeSpotOrder: () => Promise.resolve(REFUSED),
  cancelSpotOrder: () => Promise.resolve(REFUSED),
  amendSpotOrder: () => Promise.resolve(REFUSED),
  loadMoreSpotOrders: () => Promise.resolve(),
  watchWallet: () => Promise.resolve(),
  // lists and details are not in the recording: the screens show what the projections hold
  accountQuery: () => Promise.resolve(REFUSED),
  accountCommand: () => Promise.resolve(REFUSED),
  earnQuery: () => Promise.resolve(REFUSED),
  earnCommand: () => Promise.resolve(REFUSED),
  uploadImage: () => Promise.resolve(REFUSED),
  watchLever: () => Promise.resolve(),
  leverCommand: () => Promise.resolve(REFUSED),
  loadMoreLever: () => Promise.resolve(),
  watchMicro: () => Promise.resolve(),
  submitMicro: () => Promise.resolve(REFUSED),
  loadMoreMicro: () => Promise.resolve(),
  watchC2c: () => Promise.resolve(),
  c2cCommand: () => Promise.resolve(REFUSED),
  priceAlerts: () => Promise.resolve(REFUSED),
  addPriceAlert: () => Promise.resolve(REFUSED),
  placeSpotTrigger: () => Promise.resolve(REFUSED),
  cancelSpotTrigger: () => Promise.resolve(REFUSED),
  amendSpotTrigger: () => Promise.resolve(REFUSED),
  placeSpotScale: () => Promise.resolve(REFUSED),
  cancelSpotScale: () => Promise.resolve(REFUSED),
  removePriceAlert: () => Promise.resolve(REFUSED),
  loadMoreC2c: () => Promise.resolve(),
  exportLog: () => Promise.reject(new Error('a replay exports nothing')),
  // a replay's page watches nothing of its own: what broke there is the recording's
  flightBreak: () => Promise.resolve(),
  flightReport: () => Promise.reject(new Error('a replay keeps no report')),
  flightDismiss: () => Promise.resolve(),
  // the replay desk has its own cursor
  momentOpen: () => Promise.resolve({ ok: false, reason: 'replay' }),
  momentSeek: () => Promise.resolve({ ok: false, reason: 'replay' }),
  momentClose: () => Promise.resolve(),
  stats: () => Promise.reject(new Error('a replay has no engine statistics')),
  benchFillLog: () => Promise.reject(new Error('a replay has no log')),
};
