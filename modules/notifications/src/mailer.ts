import { type JobHandler, JobQueue, type Logger } from '@portal/core';
import type { Knex } from 'knex';
import type { Transporter } from 'nodemailer';
import { createTransport, type DeliverySettings, type DrainResult, OutboxSender } from './outbox.js';
import type { EmailTracking } from './tracking.js';

/** `outbox` jobs one process runs at once: one sending while the next is started and the last one marked. */
export const OUTBOX_CONCURRENCY = 2;

/**
 * The sender of one process: the `outbox` job's handler over one pooled SMTP transport kept for the life of the
 * process. A worker replica registers `handler` on its job queue (`useQueue`), whose workers then send; `kick` after a commit
 * that queued mail makes this process's workers take it at once. Without SMTP_URL it sends nothing: mail stays in the
 * outbox, its jobs waiting.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly sender: OutboxSender | null;
  private queue: JobQueue | null = null;
  /** The queue is this mailer's own (drain mode: tests and the CLI), stopped with it. */
  private ownQueue = false;
  private stopping = false;

  constructor(
    private readonly db: Knex,
    smtpUrl: string | undefined,
    from: string,
    private readonly logger?: Logger,
    /** Signs the click and open tracking of bulk notices, rendered when sent. */
    tracking?: EmailTracking,
    /** SMTP_POOL_SIZE and SMTP_RATE_PER_SECOND. */
    delivery: DeliverySettings = {},
  ) {
    this.transport = smtpUrl ? createTransport(smtpUrl, delivery) : null;
    this.sender = this.transport ? new OutboxSender(db, this.transport, from, { ...delivery, logger, tracking }) : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /** The `outbox` job's handler (sends one job's emails), or null without SMTP_URL. */
  get handler(): JobHandler | null {
    return this.sender ? this.sender.sendJob : null;
  }

  /**
   * Works through the process's job queue, where `handler` is registered for `outbox` (a worker's: ROLE=worker or
   * all; a test app's): `drain` and `kick` go to it. Otherwise the mailer makes a queue of its own when asked.
   */
  useQueue(queue: JobQueue): void {
    this.queue = queue;
    this.ownQueue = false;
  }

  private jobQueue(): JobQueue | null {
    if (!this.sender) return null;
    if (!this.queue) {
      this.queue = new JobQueue(this.db, { logger: this.logger });
      this.queue.register('outbox', this.sender.sendJob);
      this.ownQueue = true;
    }
    return this.queue;
  }

  /** Sends, here, every `outbox` job due now; answers what this mailer sent meanwhile. */
  async drain(): Promise<DrainResult> {
    const queue = this.jobQueue();
    if (!queue || this.stopping) return { sent: 0, failed: 0, bounced: 0 };
    const before = { ...this.sender!.result };
    await queue.drain('outbox');
    const after = this.sender!.result;
    return {
      sent: after.sent - before.sent,
      failed: after.failed - before.failed,
      bounced: after.bounced - before.bounced,
    };
  }

  /** After a commit that queued mail: this process's workers take it at once (other replicas at their next poll). */
  kick(): void {
    if (this.stopping) return;
    this.jobQueue()?.wake('outbox');
  }

  /**
   * Graceful shutdown: no new job starts; a running one ends once the messages already handed to the relay are
   * answered and marked, and gives the emails it had not handed over to a new job, due at once for another replica.
   * (A queue given by `useQueue` is stopped by its owner.)
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.ownQueue) await this.queue?.stop();
  }

  close(): void {
    this.transport?.close();
  }
}
