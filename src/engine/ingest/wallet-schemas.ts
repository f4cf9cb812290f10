// Schemas of the wallet and account replies (docs/api-extensions.md "Wallets"): wire form
// (decimals as strings or numbers, flags 0/1, legacy field names) → the domain views of
// api.ts. Optional extension fields fall back to what a legacy backend implies.
import type { z } from 'zod';
import type { DecStr } from '../../shared/decimal.ts';
import { DEPOSIT_CURRENCIES } from '../../shared/wallet.ts';
import * as accounts from '../../shared/wire/accounts.ts';
import * as funding from '../../shared/wire/funding.ts';
import * as wire from '../../shared/wire/wallet.ts';
import type { balanceItem, currencyItem, logItem, walletGroup } from '../../shared/wire/wallet.ts';
import { identity, upload } from '../../shared/wire/identity.ts';
import * as spot from '../../shared/wire/spot.ts';
import type { AccountName, AccountView, BalanceRowView, EntrustView, PageView } from '../api.ts';
import type { WalletBody } from '../events.ts';
import { orderOutcome } from './order-history-schemas.ts';

const ZERO = '0' as DecStr;
/** A 0/1 flag of the wire, undefined when absent. */
const isFlag = (v: number | undefined): boolean | undefined =>
  v === undefined ? undefined : v === 1;

const FIELDS: Record<AccountName, readonly [string, string]> = {
  legal: ['legal_balance', 'lock_legal_balance'],
  change: ['change_balance', 'lock_change_balance'],
  lever: ['lever_balance', 'lock_lever_balance'],
  micro: ['micro_balance', 'lock_micro_balance'],
};

type BalanceItem = z.output<typeof balanceItem>;
type WalletGroup = z.output<typeof walletGroup>;

function rowOf(item: BalanceItem, account: AccountName): BalanceRowView {
  const [field, lock] = FIELDS[account];
  const record = item as Record<string, unknown>;
  return {
    currencyId: item.currency,
    name: item.currency_name,
    type: item.currency_type,
    // a legacy list without flags: a row in an account's list belongs to it
    isLegal: isFlag(item.is_legal) ?? account === 'legal',
    isLever: isFlag(item.is_lever) ?? account === 'lever',
    isMatch: isFlag(item.is_match) ?? true,
    isMicro: isFlag(item.is_micro) ?? account === 'micro',
    available: (record[field] as DecStr | null | undefined) ?? ZERO,
    locked: (record[lock] as DecStr | null | undefined) ?? ZERO,
    usdtPrice: item.usdt_price ?? ZERO,
    cnyPrice: item.cny_price ?? ZERO,
    ...(item.decimals === undefined ? {} : { decimals: item.decimals }),
  };
}

const accountOf = (g: WalletGroup | undefined, account: AccountName): AccountView =>
  g === undefined
    ? { rows: [], totalUsdt: ZERO, totalCny: ZERO }
    : {
        rows: g.balance.map((item) => rowOf(item, account)),
        totalUsdt: g.usdt_totle ?? ZERO,
        totalCny: (g.CNY === '' ? null : g.CNY) ?? g.totle ?? ZERO,
      };

export const walletListReply = wire.walletList.reply.transform((w): WalletBody => ({
  fundingOpen: String(w.is_open_CTbi ?? '0') === '1',
  exRate: w.ExRate ?? ZERO,
  accounts: {
    legal: accountOf(w.legal_wallet, 'legal'),
    change: accountOf(w.change_wallet, 'change'),
    lever: accountOf(w.lever_wallet, 'lever'),
    micro: accountOf(w.micro_wallet, 'micro'),
  },
}));

/** A page of rows: `{rows, page, pages, total, hasMore}`. */
const pageView = <T>(
  rows: T[],
  page: number | undefined,
  pages: number | undefined,
  total: number | undefined,
): PageView<T> => {
  const p = page ?? 1;
  const last = pages ?? 1;
  return { rows, page: p, pages: last, total: total ?? rows.length, hasMore: p < last };
};

const toLog = (r: z.output<typeof logItem>) => ({
  id: r.id ?? 0,
  value: r.value,
  info: r.info,
  time: r.created_time,
  account: r.account,
  currency: r.currency_name,
  type: r.type ?? 0,
});

export const walletLogReply = wire.walletLog.reply.transform((p) =>
  pageView(p.list.map(toLog), p.page, p.pages, p.total),
);

export const accountLogReply = wire.accountLog.reply.transform((p) =>
  pageView(p.data.map(toLog), p.page, p.pages, p.total),
);

export const transferLogReply = wire.transferLog.reply.transform((p) =>
  pageView(p.data.map(toLog), p.current_page, p.last_page, p.total),
);

export const walletDetailReply = wire.walletDetail.reply.transform((d) => ({
  currencyId: d.currency,
  name: d.currency_name,
  type: d.type ?? (d.legal_balance === undefined ? ('change' as const) : ('legal' as const)),
  available: d.balance ?? d.legal_balance ?? d.change_balance ?? ZERO,
  locked: d.lock_balance ?? d.lock_legal_balance ?? d.lock_change_balance ?? ZERO,
  usdtPrice: d.usdt_price ?? ZERO,
  cnyPrice: d.cny_price ?? ZERO,
}));

export const withdrawInfoReply = funding.withdrawInfo.reply.transform((w) => ({
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

/** The legacy "network:address,…" string, or the extension's list. */
export const depositAddressesReply = funding.depositAddresses.reply.transform((a) => {
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

export const fundingRecordsReply = funding.fundingRecords.reply.transform((p) =>
  pageView(
    p.list.map((r) => ({
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
    })),
    p.page,
    p.pages,
    p.total,
  ),
);

export const withdrawAddressesReply = funding.withdrawAddresses.reply.transform((list) =>
  list.map((a) => ({
    id: a.id,
    currencyId: a.currency ?? 0,
    currency: a.currency_name,
    address: a.address,
    notes: a.notes,
  })),
);

const toCurrency = (c: z.output<typeof currencyItem>) => ({
  id: c.id,
  name: c.name,
  type: c.currency_type,
  isLegal: isFlag(c.is_legal) ?? false,
  isLever: isFlag(c.is_lever) ?? false,
  isMatch: isFlag(c.is_match) ?? true,
  isMicro: isFlag(c.is_micro) ?? false,
  // legacy: the spec shows deposits only for BTC, USDT and ETH
  canDeposit: isFlag(c.can_deposit) ?? DEPOSIT_CURRENCIES.includes(c.name),
  canWithdraw: isFlag(c.can_withdraw) ?? true,
});

export const currencyListReply = wire.currencyList.reply.transform((list) => list.map(toCurrency));
export const withdrawCurrenciesReply = wire.withdrawCurrencies.reply.transform((list) =>
  list.map(toCurrency),
);

export const identityReply = identity.reply.transform((i) => ({
  reviewStatus: i.review_status,
  name: i.name,
  cardType: i.card_type,
  reason: i.reason,
  submittedTime: i.submitted_time,
}));

export const regionUsersReply = accounts.regionUsers.reply.transform((p) =>
  pageView(
    p.list.map((r) => ({
      city: r.city_name,
      district: r.district_name,
      phone: r.phone,
      time: r.time,
    })),
    p.page,
    p.pages,
    p.total,
  ),
);

/** A row of the entrust page (src/shared/wire/spot.ts), as the account area shows it. */
const toEntrust = (e: z.output<typeof spot.entrustItemRow>): EntrustView => ({
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
});
export const entrustItemRow = spot.entrustItemRow.transform(toEntrust);

/** `POST /api/transaction/entrust`: a page of the user's orders of every pair. */
export const entrustReply = spot.entrust.reply.transform((p): PageView<EntrustView> => ({
  rows: p.list.map(toEntrust),
  page: p.page,
  pages: p.pages,
  total: p.total,
  hasMore: p.page < p.pages,
}));

export const userCenterReply = wire.userCenter.reply.transform((u) => ({
  vipCode: u.vip_code ?? '',
  totalAssets: u.total_assets ?? ZERO,
}));

/** /api/user/sessions: the user's live sessions (ADR 0042). */
export const sessionsReply = accounts.sessions.reply.transform((list) =>
  list.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    browser: r.browser,
    os: r.os,
    current: r.current,
  })),
);

/** /api/user/cash_info: the payout details ('' for what was not given). */
export const payoutView = (c: z.output<typeof wire.cashInfoRow>) => ({
  realName: c.real_name,
  bankName: c.bank_name,
  bankAccount: c.bank_account,
  alipayAccount: c.alipay_account,
  wechatNickname: c.wechat_nickname,
  wechatAccount: c.wechat_account,
});
export const cashInfoReply = wire.cashInfo.reply.transform(payoutView);

/** /api/upload answers the image's URL (legacy: the message is the URL). */
export const uploadReply = upload.reply;
