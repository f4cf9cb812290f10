// Schemas of the wallet and account replies (docs/api-extensions.md "Wallets"): wire form
// (decimals as strings or numbers, flags 0/1, legacy field names) → the domain views of
// api.ts. Optional extension fields fall back to what a legacy backend implies.
import { z } from 'zod';
import type { DecStr } from '../../shared/decimal.ts';
import { DEPOSIT_CURRENCIES } from '../../shared/wallet.ts';
import type { AccountName, AccountView, BalanceRowView, EntrustView, PageView } from '../api.ts';
import type { WalletBody } from '../events.ts';
import { orderOutcome } from './order-history-schemas.ts';
import { wireDecimal, wireInt } from './schemas.ts';

const ZERO = '0' as DecStr;
const flag = wireInt.transform((v) => v === 1);
const optionalDecimal = wireDecimal.optional().nullable();
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === undefined || v === null ? '' : String(v)));

const FIELDS: Record<AccountName, readonly [string, string]> = {
  legal: ['legal_balance', 'lock_legal_balance'],
  change: ['change_balance', 'lock_change_balance'],
  lever: ['lever_balance', 'lock_lever_balance'],
  micro: ['micro_balance', 'lock_micro_balance'],
};

const balanceItem = z
  .object({
    currency: wireInt,
    currency_name: z.string(),
    currency_type: text,
    is_legal: flag.optional(),
    is_lever: flag.optional(),
    is_match: flag.optional(),
    is_micro: flag.optional(),
    decimals: z.number().int().min(0).max(18).optional(),
    usdt_price: optionalDecimal,
    cny_price: optionalDecimal,
    legal_balance: optionalDecimal,
    lock_legal_balance: optionalDecimal,
    change_balance: optionalDecimal,
    lock_change_balance: optionalDecimal,
    lever_balance: optionalDecimal,
    lock_lever_balance: optionalDecimal,
    micro_balance: optionalDecimal,
    lock_micro_balance: optionalDecimal,
  })
  .passthrough();

type BalanceItem = z.infer<typeof balanceItem>;

function rowOf(item: BalanceItem, account: AccountName): BalanceRowView {
  const [field, lock] = FIELDS[account];
  const record = item as Record<string, unknown>;
  return {
    currencyId: item.currency,
    name: item.currency_name,
    type: item.currency_type,
    // a legacy list without flags: a row in an account's list belongs to it
    isLegal: item.is_legal ?? account === 'legal',
    isLever: item.is_lever ?? account === 'lever',
    isMatch: item.is_match ?? true,
    isMicro: item.is_micro ?? account === 'micro',
    available: (record[field] as DecStr | null | undefined) ?? ZERO,
    locked: (record[lock] as DecStr | null | undefined) ?? ZERO,
    usdtPrice: item.usdt_price ?? ZERO,
    cnyPrice: item.cny_price ?? ZERO,
    ...(item.decimals === undefined ? {} : { decimals: item.decimals }),
  };
}

const group = (account: AccountName) =>
  z
    .object({
      balance: z.array(balanceItem),
      totle: optionalDecimal,
      usdt_totle: optionalDecimal,
      CNY: optionalDecimal.or(z.literal('')),
    })
    .transform((g): AccountView => ({
      rows: g.balance.map((item) => rowOf(item, account)),
      totalUsdt: g.usdt_totle ?? ZERO,
      totalCny: (g.CNY === '' ? null : g.CNY) ?? g.totle ?? ZERO,
    }));

const emptyGroup = (): AccountView => ({ rows: [], totalUsdt: ZERO, totalCny: ZERO });

export const walletListReply = z
  .object({
    legal_wallet: group('legal').default(emptyGroup),
    change_wallet: group('change').default(emptyGroup),
    lever_wallet: group('lever').default(emptyGroup),
    micro_wallet: group('micro').default(emptyGroup),
    ExRate: optionalDecimal,
    is_open_CTbi: z.union([z.string(), z.number()]).optional(),
  })
  .transform((w): WalletBody => ({
    fundingOpen: String(w.is_open_CTbi ?? '0') === '1',
    exRate: w.ExRate ?? ZERO,
    accounts: {
      legal: w.legal_wallet,
      change: w.change_wallet,
      lever: w.lever_wallet,
      micro: w.micro_wallet,
    },
  }));

/** `{list|data, page, pages|last_page, total}` (our pages, legacy pageData and paginators). */
export const pageOf = <R extends z.ZodType>(row: R) =>
  z
    .object({
      list: z.array(row).optional(),
      data: z.array(row).optional(),
      page: wireInt.optional(),
      current_page: wireInt.optional(),
      pages: wireInt.optional(),
      last_page: wireInt.optional(),
      total: wireInt.optional(),
    })
    .transform((p): PageView<z.output<R>> => {
      const rows = p.list ?? p.data ?? [];
      const page = p.page ?? p.current_page ?? 1;
      const pages = p.pages ?? p.last_page ?? 1;
      return { rows, page, pages, total: p.total ?? rows.length, hasMore: page < pages };
    });

export const logRow = z
  .object({
    id: wireInt.optional(),
    value: wireDecimal,
    info: text,
    created_time: text,
    account: text,
    type: wireInt.optional(),
    currency_name: text,
  })
  .transform((r) => ({
    id: r.id ?? 0,
    value: r.value,
    info: r.info,
    time: r.created_time,
    account: r.account,
    currency: r.currency_name,
    type: r.type ?? 0,
  }));

export const walletDetailReply = z
  .object({
    currency: wireInt,
    currency_name: z.string(),
    type: z.enum(['legal', 'change']).optional(),
    balance: wireDecimal.optional(),
    lock_balance: wireDecimal.optional(),
    legal_balance: wireDecimal.optional(),
    lock_legal_balance: wireDecimal.optional(),
    change_balance: wireDecimal.optional(),
    lock_change_balance: wireDecimal.optional(),
    usdt_price: optionalDecimal,
    cny_price: optionalDecimal,
  })
  .transform((d) => ({
    currencyId: d.currency,
    name: d.currency_name,
    type: d.type ?? (d.legal_balance === undefined ? ('change' as const) : ('legal' as const)),
    available: d.balance ?? d.legal_balance ?? d.change_balance ?? ZERO,
    locked: d.lock_balance ?? d.lock_legal_balance ?? d.lock_change_balance ?? ZERO,
    usdtPrice: d.usdt_price ?? ZERO,
    cnyPrice: d.cny_price ?? ZERO,
  }));

export const withdrawInfoReply = z
  .object({
    name: text,
    change_balance: wireDecimal.optional(),
    legal_balance: wireDecimal.optional(),
    min_number: wireDecimal,
    max_number: optionalDecimal,
    day_limit: optionalDecimal,
    day_left: optionalDecimal,
    rate: wireDecimal,
    decimals: z.number().int().min(0).max(18).optional(),
    networks: z.array(z.string()).optional(),
  })
  .transform((w) => ({
    name: w.name,
    available: w.change_balance ?? w.legal_balance ?? ZERO,
    min: w.min_number,
    max: w.max_number ?? ZERO,
    dayLimit: w.day_limit ?? ZERO,
    dayLeft: w.day_left ?? null,
    rate: w.rate,
    decimals: w.decimals ?? null,
    networks: w.networks ?? null,
  }));

const addressPair = z.object({ network: z.string(), address: z.string() });

/** The legacy "network:address,…" string, or the extension's list. */
export const depositAddressesReply = z
  .object({ address: z.string().optional(), list: z.array(addressPair).optional() })
  .transform((a) => {
    if (a.list !== undefined) return a.list;
    return (a.address ?? '')
      .split(',')
      .filter((part) => part.trim() !== '')
      .map((part) => {
        const at = part.indexOf(':');
        return at < 0
          ? { network: 'default', address: part.trim() }
          : { network: part.slice(0, at).trim(), address: part.slice(at + 1).trim() };
      });
  });

export const fundingRecordRow = z
  .object({
    id: wireInt,
    kind: z.enum(['withdraw', 'deposit']),
    currency_name: text,
    network: text,
    number: wireDecimal,
    fee: wireDecimal,
    received: wireDecimal,
    address: text,
    status: wireInt,
    reason: text,
    created_time: text,
    handled_time: text,
  })
  .transform((r) => ({
    id: r.id,
    kind: r.kind,
    currency: r.currency_name,
    network: r.network,
    number: r.number,
    fee: r.fee,
    received: r.received,
    address: r.address,
    status: r.status,
    reason: r.reason,
    time: r.created_time,
    handledTime: r.handled_time,
  }));

export const withdrawAddressesReply = z.array(
  z
    .object({
      id: wireInt,
      currency: wireInt.optional(),
      currency_name: text,
      address: z.string(),
      notes: text,
    })
    .transform((a) => ({
      id: a.id,
      currencyId: a.currency ?? 0,
      currency: a.currency_name,
      address: a.address,
      notes: a.notes,
    })),
);

export const currencyListReply = z.array(
  z
    .object({
      id: wireInt,
      name: z.string(),
      currency_type: text,
      is_legal: flag.optional(),
      is_lever: flag.optional(),
      is_match: flag.optional(),
      is_micro: flag.optional(),
      can_deposit: flag.optional(),
      can_withdraw: flag.optional(),
    })
    .transform((c) => ({
      id: c.id,
      name: c.name,
      type: c.currency_type,
      isLegal: c.is_legal ?? false,
      isLever: c.is_lever ?? false,
      isMatch: c.is_match ?? true,
      isMicro: c.is_micro ?? false,
      // legacy: the spec shows deposits only for BTC, USDT and ETH
      canDeposit: c.can_deposit ?? DEPOSIT_CURRENCIES.includes(c.name),
      canWithdraw: c.can_withdraw ?? true,
    })),
);

export const identityReply = z
  .object({
    review_status: wireInt,
    name: text,
    card_type: wireInt.nullish(),
    reason: text,
    submitted_time: text,
  })
  .transform((i) => ({
    reviewStatus: i.review_status,
    name: i.name,
    cardType: i.card_type ?? null,
    reason: i.reason,
    submittedTime: i.submitted_time,
  }));

export const regionUserRow = z
  .object({ city_name: text, district_name: text, phone: text, time: text })
  .transform((r) => ({
    city: r.city_name,
    district: r.district_name,
    phone: r.phone,
    time: r.time,
  }));

export const entrustItemRow = z
  .object({
    id: wireInt,
    create_time: text,
    legal_name: text,
    currency_name: text,
    number: wireDecimal,
    price: wireDecimal,
    account_number: text,
    type: z.enum(['in', 'out']),
    // extensions (issue 20): what the order really did
    total_number: wireDecimal.optional(),
    status: wireInt.optional(),
    complete_number: wireDecimal.optional(),
    avg_price: wireDecimal.optional(),
    limit_price: wireDecimal.optional(),
    mode: wireInt.optional(),
    fee: wireDecimal.optional(),
    notional: wireDecimal.optional(),
  })
  .transform((e): EntrustView => ({
    id: e.id,
    time: e.create_time,
    legal: e.legal_name,
    currency: e.currency_name,
    number: e.number,
    price: e.price,
    account: e.account_number,
    type: e.type,
    ...(e.total_number === undefined ? {} : { total: e.total_number }),
    ...(e.complete_number === undefined ? {} : { filled: e.complete_number }),
    ...(e.avg_price === undefined ? {} : { avgPrice: e.avg_price }),
    ...(e.limit_price === undefined ? {} : { limitPrice: e.limit_price }),
    ...(e.mode === 1 || e.mode === 2 ? { mode: e.mode } : {}),
    ...(e.fee === undefined ? {} : { fee: e.fee }),
    ...(e.notional === undefined ? {} : { notional: e.notional }),
    ...(e.status === 1 || e.status === 2
      ? { outcome: orderOutcome(e.status, e.complete_number ?? e.number) }
      : {}),
  }));

export const userCenterReply = z
  .object({ vip_code: text, total_assets: optionalDecimal })
  .passthrough()
  .transform((u) => ({ vipCode: u.vip_code, totalAssets: u.total_assets ?? ZERO }));

/** /api/user/sessions: the user's live sessions (ADR 0042). */
export const sessionsReply = z
  .object({
    id: wireInt,
    created_at: wireInt,
    last_used_at: wireInt,
    browser: z.string().max(80).nullable(),
    os: z.string().max(80).nullable(),
    current: z.boolean(),
  })
  .transform((r) => ({
    id: r.id,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    browser: r.browser,
    os: r.os,
    current: r.current,
  }))
  .array()
  .max(100);

/** /api/user/cash_info: the payout details ('' for what was not given). */
export const cashInfoReply = z
  .object({
    real_name: text,
    bank_name: text,
    bank_account: text,
    alipay_account: text,
    wechat_nickname: text,
    wechat_account: text,
  })
  .passthrough()
  .transform((c) => ({
    realName: c.real_name,
    bankName: c.bank_name,
    bankAccount: c.bank_account,
    alipayAccount: c.alipay_account,
    wechatNickname: c.wechat_nickname,
    wechatAccount: c.wechat_account,
  }));

/** /api/upload answers the image's URL (legacy: the message is the URL). */
export const uploadReply = z
  .string()
  .max(500)
  .regex(/^(\/|https?:\/\/)[^\s"'<>]*$/);
