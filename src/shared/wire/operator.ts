// The operator API (scripts/admin.ts drives it; `npm run admin -- help`): authenticated by the
// operator token (`x-admin-token`, server/http/admin-auth.ts), not a user session. The queue of
// what waits for a person, a user's sheet, decisions on withdrawals, deposits, identity
// submissions and acceptor deals, settings, second-contract durations and fees, notices and
// region agents. The engine does not call it.
import { z } from 'zod';
import { LANGS } from '../locales.ts';
import { call } from './call.ts';
import { text, wireDecimal, wireInt } from './primitives.ts';

/** The pre-sale's settings (GET /api/iepn reads them; wire/presale.ts). */
export const PRESALE_SETTINGS = [
  'presale_name',
  'presale_total',
  'presale_issued',
  'presale_price',
  'presale_start',
  'presale_end',
  'presale_site_url',
  'presale_whitepaper_url',
] as const;

/** The settings the operator may change (`POST /api/admin/setting`, `npm run admin -- set`). */
export const SETTINGS = [
  'is_open_CTbi',
  'ex_rate',
  'company_eth_address',
  'user_legal_deal_cancel',
  'user_legal_deal_cancel_time',
  'lever_burst_hazard_rate',
  'lending_min_amount',
  'lending_max_amount',
  'lending_address_btc',
  'lending_address_eth',
  'lending_address_usdt_erc20',
  'lending_address_usdt_trc20',
  ...PRESALE_SETTINGS,
  'cancel_deposit_fee',
] as const;
export type SettingKey = (typeof SETTINGS)[number];

/** A table row as the operator reads it (numbers and times tidied; its own columns). */
const row = z.record(z.string(), z.unknown()).describe('row');
const id = z.coerce.number().int().positive().max(2_147_483_647).describe('id');
const reason = text(200).default('');

/** A decision's answer: the row, its user (their room hears it) and what was done. */
const decided = <A extends readonly [string, ...string[]]>(actions: A) =>
  z.object({ id: wireInt, user_id: wireInt, action: z.enum(actions) });

const WITHDRAWAL_ACTIONS = ['approve', 'reject'] as const;
const DEPOSIT_ACTIONS = ['confirm', 'reject'] as const;
const IDENTITY_ACTIONS = ['approve', 'reject'] as const;
const DEAL_ACTIONS = ['paid', 'confirm', 'reject'] as const;

/** Every second-contract duration (offered or not) and each payable currency's fee. */
const microSettingsReply = z.object({
  durations: z.array(
    z.object({
      seconds: wireInt,
      /** Percent. */
      profit_ratio: wireDecimal,
      /** 1 offered, 0 not. */
      status: wireInt,
    }),
  ),
  currencies: z.array(
    z.object({
      name: z.string(),
      /** Percent of the stake. */
      micro_trade_fee: wireDecimal,
      /** The highest fair profit ratio with this fee. */
      fair_ratio_max: wireDecimal,
    }),
  ),
});

export const operatorQueue = call({
  method: 'GET',
  path: '/api/admin/queue',
  auth: 'operator',
  origin: 'extension',
  summary:
    'What waits for a person: withdrawals, deposits, identities, acceptor deals, loans, repayments.',
  request: z.object({}),
  reply: z.object({
    withdrawals: z.array(row),
    deposits: z.array(row),
    identities: z.array(row),
    acceptor_deals: z.array(row),
    loans: z.array(z.object({ id: wireInt }).describe('loan {id, …}')),
    loan_repayments: z.array(row),
  }),
  errors: [],
});

export const operatorCluster = call({
  method: 'GET',
  path: '/api/admin/cluster',
  auth: 'operator',
  origin: 'extension',
  summary:
    "The cluster's leases (issue 45, ADR 0069): who holds each market and job, at which epoch, how long since it renewed; and how full PostgreSQL's NOTIFY queue is.",
  request: z.object({}),
  reply: z.object({
    /** Empty on PGlite: one process holds everything. */
    leases: z.array(
      z.object({
        name: z.string(),
        epoch: wireInt,
        holder: z.string(),
        /** Milliseconds since the holder last renewed (a holder not renewed for 3 s is taken over). */
        renewed_ms_ago: wireInt,
      }),
    ),
    /** pg_notification_queue_usage(), 0 to 1; null where it cannot be read. */
    notify_queue: z.number().nullable(),
  }),
  errors: [],
});

export const operatorUser = call({
  method: 'GET',
  path: '/api/admin/user',
  auth: 'operator',
  origin: 'extension',
  summary: "A user's sheet: review status, every account's balances, recent contracts.",
  request: z.object({ account: text(120) }),
  reply: z.object({
    id: wireInt,
    account: z.string(),
    review_status: wireInt,
    wallets: z.array(row),
    lever: z.array(row),
    micro: z.array(row),
  }),
  errors: ['account.notFound'],
});

export const operatorWithdrawal = call({
  method: 'POST',
  path: '/api/admin/withdrawal',
  auth: 'operator',
  origin: 'extension',
  summary: 'Approves (sent) or rejects (refunded) a pending withdrawal.',
  request: z.object({ id, action: z.enum(WITHDRAWAL_ACTIONS), reason }),
  reply: decided(WITHDRAWAL_ACTIONS),
  errors: ['admin.notPending'],
});

export const operatorDeposit = call({
  method: 'POST',
  path: '/api/admin/deposit',
  auth: 'operator',
  origin: 'extension',
  summary: 'Confirms (credited) or rejects a pending deposit.',
  request: z.object({ id, action: z.enum(DEPOSIT_ACTIONS), reason }),
  reply: decided(DEPOSIT_ACTIONS),
  errors: ['admin.notPending'],
});

export const operatorIdentity = call({
  method: 'POST',
  path: '/api/admin/identity',
  auth: 'operator',
  origin: 'extension',
  summary: 'Approves or rejects an identity submission under review.',
  request: z.object({ id, action: z.enum(IDENTITY_ACTIONS), reason }),
  reply: decided(IDENTITY_ACTIONS),
  errors: ['admin.notPending'],
});

export const operatorAcceptorDeal = call({
  method: 'POST',
  path: '/api/admin/acceptor-deal',
  auth: 'operator',
  origin: 'extension',
  summary: 'Marks an acceptor deal paid, confirms it (the coins move) or rejects it.',
  request: z.object({ id, action: z.enum(DEAL_ACTIONS) }),
  reply: decided(DEAL_ACTIONS),
  errors: ['admin.notPending', 'acceptor.noFloat'],
});

export const operatorSetting = call({
  method: 'POST',
  path: '/api/admin/setting',
  auth: 'operator',
  origin: 'extension',
  summary: 'Changes a setting (a value that does not fit it is refused).',
  request: z.object({ key: z.enum(SETTINGS), value: text(200) }),
  reply: z.object({ key: z.enum(SETTINGS), value: z.string() }),
  errors: [],
});

export const operatorMicro = call({
  method: 'GET',
  path: '/api/admin/micro',
  auth: 'operator',
  origin: 'extension',
  summary: "The second contracts' durations (ratio, offered) and the payable currencies' fees.",
  request: z.object({}),
  reply: microSettingsReply,
  errors: [],
});

export const operatorMicroDuration = call({
  method: 'POST',
  path: '/api/admin/micro-duration',
  auth: 'operator',
  origin: 'extension',
  summary: "Sets a duration's profit ratio and whether it is offered (an unfair one is refused).",
  request: z.object({
    seconds: id,
    profit_ratio: text(40),
    status: z.enum(['on', 'off']).default('on'),
  }),
  reply: microSettingsReply,
  errors: ['admin.microUnfair'],
});

export const operatorMicroFee = call({
  method: 'POST',
  path: '/api/admin/micro-fee',
  auth: 'operator',
  origin: 'extension',
  summary: "Sets a payable currency's second-contract fee (an unfair one is refused).",
  request: z.object({ currency: text(20), fee: text(40) }),
  reply: microSettingsReply,
  errors: ['admin.microUnfair'],
});

export const operatorNews = call({
  method: 'POST',
  path: '/api/admin/news',
  auth: 'operator',
  origin: 'extension',
  summary: "Publishes a notice in one language's list (stored as given; the client sanitizes).",
  request: z.object({
    lang: z.enum(LANGS),
    c_id: id,
    title: text(200).pipe(z.string().min(1)),
    abstract: text(500).default(''),
    content: text(100_000).pipe(z.string().min(1)),
  }),
  reply: z.object({ id: wireInt }),
  errors: [],
});

export const operatorRegionAgent = call({
  method: 'POST',
  path: '/api/admin/region-agent',
  auth: 'operator',
  origin: 'extension',
  summary: "Makes a user the region agent of a city's district.",
  request: z.object({ account: text(120), city: text(60), district: text(60) }),
  reply: z.object({ user_id: wireInt, city: z.string(), district: z.string() }),
  errors: ['account.notFound'],
});
