// Local storage keys of the spec (trading-c2c-market.md §3, wallet-account-earn.md §3).
// The page reaches local storage only through src/ui/storage.ts, with these keys.
// `token` is deliberately absent: the auth token lives in the worker (ADR 0003).
export const STORAGE_KEYS = [
  'user_id',
  'accountNum',
  'extension_code',
  'is_seller',
  'night_mode',
  'locale',
  'lang',
  'legal_id',
  'currency_id',
  'legal_name',
  'currency_name',
  'symbol',
  'priceScale',
  'shareNum',
  'downUp',
  'legal_id_cur',
  'index1',
  'index2',
  'lastPrice',
  // Bourse's own display preferences (not in the legacy list; kept on logout): the workspace
  // (src/shared/workspace.ts, issue 24), and the single settings kept before it, read once to
  // make a first workspace.
  'workspace',
  'chart_period',
  'book_grouping',
  'book_rate',
  'reduced_motion',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];
/** Keys that survive logout (spec §8: clear local storage, keep the locale). */
export const KEPT_ON_LOGOUT: readonly StorageKey[] = [
  'locale',
  'lang',
  'night_mode',
  'workspace',
  'chart_period',
  'book_grouping',
  'book_rate',
  'reduced_motion',
];
