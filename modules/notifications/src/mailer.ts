import type { Logger } from '@portal/core';
import type { Knex } from 'knex';
import type { Transporter } from 'nodemailer';
import { createTransport, type DeliverySettings, type DrainResult, drainOutbox } from './outbox.js';
import type { EmailTracking } from './tracking.js';

/**
 * The sender of one process: drains the outbox when asked (`kick` after a commit that queued mail, and on the
 * cron schedule), over one pooled SMTP transport kept for the life of the process. Without SMTP_URL it does nothing
 * and mail stays readable in the outbox.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private running: Promise<DrainResult> | null = null;
  private again = false;
  private stopping = false;
  /**
   * The last drain sent nothing and something failed (the relay is down or refusing): kicks leave the next try to the
   * cron's drain rather than spend more attempts.
   */
  private failing = false;

  constructor(
    private readonly db: Knex,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly logger?: Logger,
    /** Signs the click and open tracking of bulk notices, rendered when sent. */
    private readonly tracking?: EmailTracking,
    /** SMTP_POOL_SIZE and SMTP_RATE_PER_SECOND. */
    private readonly delivery: DeliverySettings = {},
  ) {
    this.transport = smtpUrl ? createTransport(smtpUrl, delivery) : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Drains until nothing is due; concurrent calls share one run and schedule exactly one more. */
  async drain(): Promise<DrainResult> {
    if (!this.transport || this.stopping) return { sent: 0, failed: 0, bounced: 0 };
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      const total: DrainResult = { sent: 0, failed: 0, bounced: 0 };
      do {
        this.again = false;
        const r = await drainOutbox(this.db, this.transport!, this.from, {
          ...this.delivery,
          logger: this.logger,
          stopped: () => this.stopping,
          tracking: this.tracking,
        });
        total.sent += r.sent;
        total.failed += r.failed;
        total.bounced += r.bounced;
        this.failing = r.sent === 0 && r.failed > 0;
      } while (this.again && !this.stopping && !this.failing);
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Fire-and-forget drain after a commit; failures are logged, the cron retries. */
  kick(): void {
    if (!this.transport || this.failing) return;
    this.drain().catch((err: unknown) => this.logger?.error({ err }, 'outbox drain failed'));
  }

  /**
   * Graceful shutdown: no new drain starts, and a running one ends once the messages already handed to the relay
   * are answered and marked; the emails it claimed but had not handed over are given back, due at once for another
   * replica.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running?.catch(() => undefined);
  }

  close(): void {
    this.transport?.close();
  }
}
