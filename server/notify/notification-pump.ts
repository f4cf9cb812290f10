// Pushes each committed notification once to its user's room (`notification`), shortly after the
// transaction that wrote it committed. Polling the table, instead of pushing from each action,
// means no action can push a notification of work that then rolled back, and no action needs
// to remember to push. Ids are handed out before commit, so a row can become visible after a
// higher id was pushed: the pump keeps reading from the highest id it is sure of (every row at
// or below it older than SETTLE_MS) and remembers what it pushed above that. A row missed for
// all that (a transaction longer than SETTLE_MS) is still in the list the engine catches up on.
import type { NotificationRow } from '../../src/shared/notifications.ts';
import type { AppContext } from '../context.ts';
import { JOB_LEASES } from '../cluster/keeper.ts';
import { PeriodicJob } from '../jobs/periodic-job.ts';
import {
  maxNotificationId,
  notificationsAfter,
  pruneNotifications,
  type StoredNotification,
} from './notifications.ts';

export const PUMP_EVERY_MS = 200;
/** A row older than this is taken as committed in id order. */
const SETTLE_MS = 10_000;
const PRUNE_EVERY_MS = 3_600_000;
const BATCH = 5000;

/** The wire shape of a stored row (without its owner). */
export const wireNotification = (n: StoredNotification): NotificationRow => ({
  id: n.id,
  kind: n.kind,
  params: n.params,
  created_at: n.created_at,
  read: n.read,
});

export class NotificationPump {
  private readonly job: PeriodicJob<number>;
  /** Every row at or below is pushed or older than SETTLE_MS. */
  private floor: number | null = null;
  /** Ids above the floor already pushed. */
  private readonly pushed = new Set<number>();
  private prunedAt = 0;

  constructor(private readonly ctx: AppContext) {
    this.job = new PeriodicJob(
      'notification pump',
      PUMP_EVERY_MS,
      () => this.work(),
      ctx.config.log,
      () => this.holds(),
    );
  }

  /**
   * Whether this process pumps now: one process of the cluster does (its pushes reach every
   * process's sockets, ADR 0070). One that does not forgets where it was: when it takes the
   * pump over it starts from the newest row, never pushing again what the other one pushed.
   */
  private holds(): boolean {
    if (this.ctx.cluster.held(JOB_LEASES.notes)) return true;
    this.floor = null;
    this.pushed.clear();
    return false;
  }

  start(): void {
    this.job.start();
  }

  stop(): void {
    this.job.stop();
  }

  /** Pushes what committed since the last run; answers how many it pushed (tests call it). */
  pump(): Promise<number> {
    return this.job.run();
  }

  idle(): Promise<void> {
    return this.job.idle();
  }

  private async work(): Promise<number> {
    const { db, config } = this.ctx;
    const now = config.now();
    // rows written before the server started were pushed (or missed) by the one before
    this.floor ??= await maxNotificationId(db);
    let sent = 0;
    const found = await notificationsAfter(db, this.floor, BATCH);
    for (const n of found) {
      if (this.pushed.has(n.id)) continue;
      this.pushed.add(n.id);
      this.ctx.notify.push(n.userId, 'notification', {
        type: 'notification',
        notification: wireNotification(n),
      });
      sent += 1;
    }
    this.advance(found, now);
    if (now - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = now;
      await pruneNotifications(db);
    }
    return sent;
  }

  /** Moves the floor over the leading rows that are old enough, forgetting them. */
  private advance(found: readonly StoredNotification[], now: number): void {
    for (const n of found) {
      if (now - n.created_at < SETTLE_MS) break;
      this.floor = n.id;
    }
    for (const id of this.pushed)
      if (this.floor !== null && id <= this.floor) this.pushed.delete(id);
  }
}
