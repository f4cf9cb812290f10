// Delivery of verification codes. Pluggable: a real deployment provides an SMS / e-mail
// sender; the development sender logs the message and keeps it in an in-memory outbox
// (GET /api/dev/outbox?to=<account>). The server refuses the development sender in production.
import type { CodeSender, OutgoingCode } from '../context.ts';

export type { CodeSender, OutgoingCode };

export class DevCodeSender implements CodeSender {
  readonly development = true;
  private readonly outbox: OutgoingCode[] = [];
  private readonly log: boolean;

  constructor(log: boolean) {
    this.log = log;
  }

  send(message: OutgoingCode): Promise<void> {
    this.outbox.unshift(message);
    if (this.outbox.length > 500) this.outbox.length = 500;
    if (this.log) console.log(`[dev sender] ${message.channel} to ${message.to}: ${message.text}`);
    return Promise.resolve();
  }

  /** Messages sent to `to` (case-insensitive), newest first. */
  messagesTo(to: string): OutgoingCode[] {
    const key = to.trim().toLowerCase();
    return this.outbox.filter((m) => m.to === key);
  }
}
