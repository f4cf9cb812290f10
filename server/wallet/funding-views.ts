// Funding as the API answers it: a currency's withdrawal rules for the user, deposit addresses
// (made on first request: a reference server has no chain to derive them from) and the user's
// funding records.
import { randomBytes, randomInt } from 'node:crypto';
import { Decimal } from '../../src/shared/decimal.ts';
import { LOG_PAGE_SIZE } from '../../src/shared/wallet.ts';
import type { ReplyOut } from '../../src/shared/wire/call.ts';
import type {
  FundingRecordOut,
  withdrawInfo as withdrawInfoCall,
} from '../../src/shared/wire/funding.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { formatTime } from '../http/format.ts';
import { offsetOf, paged } from '../http/paging.ts';
import { currencyRules, fundingOpen, networksOf } from './funds.ts';

/** The withdrawal rules of a currency for the user: balance, bounds, fee, what is left today. */
export async function withdrawInfo(
  ctx: AppContext,
  userId: number,
  currencyId: number,
): Promise<ReplyOut<typeof withdrawInfoCall>> {
  const c = await currencyRules(ctx.db, currencyId);
  const rows = await ctx.db.query<{ change_balance: string }>(
    'SELECT change_balance FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [userId, currencyId],
  );
  const now = ctx.config.now();
  const used = await ctx.db.query<{ total: string | null }>(
    `SELECT SUM(number) AS total FROM withdrawals
     WHERE user_id = $1 AND currency_id = $2 AND status IN (0, 1) AND created_at >= $3`,
    [userId, currencyId, new Date(now - (now % 86_400_000))],
  );
  const limit = new Decimal(c.day_limit);
  const left = Decimal.max(limit.minus(used[0]?.total ?? '0'), 0);
  return {
    name: c.name,
    change_balance: new Decimal(rows[0]?.change_balance ?? '0').toFixed(),
    min_number: new Decimal(c.min_number).toFixed(),
    max_number: new Decimal(c.max_number).toFixed(),
    day_limit: limit.toFixed(),
    rate: new Decimal(c.withdraw_rate).toFixed(),
    // extension: the currency's decimals (amounts and the fee are kept to them)
    decimals: c.decimal_scale,
    day_left: left.toFixed(),
    networks: (await fundingOpen(ctx.db)) ? networksOf(c.withdraw_networks) : [],
  };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58 = (n: number): string =>
  Array.from({ length: n }, () => BASE58[randomInt(58)]).join('');

/** A fresh address in the network's format (a reference server has no chain to derive from). */
function newAddress(network: string): string {
  if (network === 'trc20') return `T${base58(33)}`;
  if (network === 'btc' || network === 'omni') return `1${base58(33)}`;
  return `0x${randomBytes(20).toString('hex')}`;
}

/** The user's deposit address on a network, made the first time it is asked for. */
export async function depositAddress(
  ctx: AppContext,
  userId: number,
  currencyId: number,
  network: string,
): Promise<string> {
  const find = () =>
    ctx.db.query<{ address: string }>(
      'SELECT address FROM deposit_addresses WHERE user_id = $1 AND currency_id = $2 AND network = $3',
      [userId, currencyId, network],
    );
  const found = (await find())[0];
  if (found !== undefined) return found.address;
  await ctx.db.query(
    `INSERT INTO deposit_addresses (user_id, currency_id, network, address, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, currency_id, network) DO NOTHING`,
    [userId, currencyId, network, newAddress(network), new Date(ctx.config.now())],
  );
  return (await find())[0]?.address ?? '';
}

interface RecordDbRow {
  id: number;
  currency_name: string;
  network: string;
  number: string;
  fee: string;
  received: string;
  address: string;
  status: number;
  reason: string;
  created_at: Date;
  handled_at: Date | null;
}

/** A page of the user's withdrawals or deposits, newest first. */
export async function fundingRecords(
  db: Queryable,
  userId: number,
  kind: 'withdraw' | 'deposit',
  pageNo: number,
) {
  const table =
    kind === 'withdraw'
      ? `SELECT w.id, c.name AS currency_name, w.network, w.number, w.fee, w.received,
                w.address, w.status, w.reason, w.created_at, w.handled_at
         FROM withdrawals w JOIN currencies c ON c.id = w.currency_id WHERE w.user_id = $1`
      : `SELECT d.id, c.name AS currency_name, d.network, d.amount AS number, 0 AS fee,
                d.amount AS received, d.source AS address, d.status, d.reason, d.created_at,
                d.handled_at
         FROM deposits d JOIN currencies c ON c.id = d.currency_id WHERE d.user_id = $1`;
  const total = await db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM (${table}) x`, [
    userId,
  ]);
  const rows = await db.query<RecordDbRow & Record<string, unknown>>(
    `${table} ORDER BY id DESC LIMIT ${LOG_PAGE_SIZE} OFFSET ${offsetOf(pageNo, LOG_PAGE_SIZE)}`,
    [userId],
  );
  const list: FundingRecordOut[] = rows.map((r) => ({
    id: r.id,
    kind,
    currency_name: r.currency_name,
    network: r.network,
    number: new Decimal(r.number).toFixed(),
    fee: new Decimal(r.fee).toFixed(),
    received: new Decimal(r.received).toFixed(),
    address: r.address,
    status: r.status,
    reason: r.reason,
    created_time: formatTime(new Date(r.created_at)),
    handled_time: r.handled_at === null ? '' : formatTime(new Date(r.handled_at)),
  }));
  return paged(list, pageNo, total[0]?.n ?? 0, LOG_PAGE_SIZE);
}
