// What the operator API shows (admin-routes.ts): the queue of what waits for a person and a
// user's sheet (balances of every account, recent contracts), numbers and times tidied.
import { Decimal } from '../../src/shared/decimal.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { formatTime } from '../http/format.ts';
import { lendingQueue } from '../lending/lending-views.ts';

/** A user as support sees them: balances of every account, recent contracts. */
export async function userSheet(db: Queryable, id: number, account: string, reviewStatus: number) {
  const wallets = await db.query<Record<string, unknown>>(
    `SELECT c.name AS currency, w.legal_balance, w.lock_legal_balance, w.change_balance,
            w.lock_change_balance, w.lever_balance, w.lock_lever_balance, w.micro_balance,
            w.lock_micro_balance
     FROM users_wallet w JOIN currencies c ON c.id = w.currency_id WHERE w.user_id = $1 ORDER BY c.sort`,
    [id],
  );
  const lever = await db.query<Record<string, unknown>>(
    `SELECT id, type, match_id, status, share, price, update_price, caution_money, trade_fee,
            fact_profits, target_profit_price, stop_loss_price, trigger_by, trail_rate,
            reduce_only, split_from, origin_price, stop_price, stop_state
       FROM lever_transactions WHERE user_id = $1 ORDER BY id DESC LIMIT 20`,
    [id],
  );
  const micro = await db.query<Record<string, unknown>>(
    `SELECT id, type, seconds, number, fee, profit_ratio, status, profit_result, fact_profits,
            open_price, end_price FROM micro_orders WHERE user_id = $1 ORDER BY id DESC LIMIT 20`,
    [id],
  );
  return {
    id,
    account,
    review_status: reviewStatus,
    wallets: tidy(wallets),
    lever: tidy(lever),
    micro: tidy(micro),
  };
}

function tidy(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r))
      out[k] =
        v instanceof Date
          ? formatTime(v)
          : typeof v === 'string' && /^-?\d+\.\d+$/.test(v)
            ? new Decimal(v).toFixed()
            : v;
    return out;
  });
}

/** What waits for a person: withdrawals, deposits, identities, acceptor deals, loans. */
export async function queue(ctx: AppContext) {
  const q = ctx.db;
  const withdrawals = await q.query<Record<string, unknown>>(
    `SELECT w.id, u.account, c.name AS currency, w.network, w.address, w.real_name, w.bank_name,
            w.number, w.fee, w.received, w.created_at
     FROM withdrawals w JOIN users u ON u.id = w.user_id JOIN currencies c ON c.id = w.currency_id
     WHERE w.status = 0 ORDER BY w.id`,
  );
  const deposits = await q.query<Record<string, unknown>>(
    `SELECT d.id, u.account, c.name AS currency, d.network, d.amount, d.source, d.hash, d.pic, d.created_at
     FROM deposits d JOIN users u ON u.id = d.user_id JOIN currencies c ON c.id = d.currency_id
     WHERE d.status = 0 ORDER BY d.id`,
  );
  const identities = await q.query<Record<string, unknown>>(
    `SELECT s.id, u.account, s.name, s.card_id, s.card_type, s.front_pic, s.reverse_pic, s.hand_pic, s.created_at
     FROM identity_submissions s JOIN users u ON u.id = s.user_id WHERE s.status = 1 ORDER BY s.id`,
  );
  const deals = await q.query<Record<string, unknown>>(
    `SELECT d.id, u.account, a.name AS acceptor, d.type, d.way, d.money, d.number, d.paid_at, d.create_time AS created_at
     FROM acceptor_deals d JOIN users u ON u.id = d.user_id JOIN acceptors a ON a.id = d.acceptor_id
     WHERE d.is_sure = 0 ORDER BY d.id`,
  );
  return {
    withdrawals: tidy(withdrawals),
    deposits: tidy(deposits),
    identities: tidy(identities),
    acceptor_deals: tidy(deals),
    ...(await lendingQueue(q, ctx.config.now())),
  };
}

/** The cluster's leases and the NOTIFY queue (issue 45): what an operator watches. */
export async function clusterView(db: Queryable) {
  const leases = await db.query<{
    name: string;
    epoch: number;
    holder: string;
    renewed_ms_ago: number;
  }>(
    `SELECT name, epoch, holder,
            (EXTRACT(EPOCH FROM now() - renewed_at) * 1000)::int AS renewed_ms_ago
       FROM cluster_leases ORDER BY name`,
  );
  const usage = await db
    .query<{ u: number }>('SELECT pg_notification_queue_usage()::float8 AS u')
    .then(
      (r) => Number(r[0]?.u),
      () => null,
    );
  return { leases, notify_queue: usage };
}
