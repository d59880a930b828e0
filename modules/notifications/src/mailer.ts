import type { Knex } from 'knex';
import type { Transporter } from 'nodemailer';
import type { Logger } from '@portal/core';
import { createTransport, drainOutbox, type DrainResult } from './outbox.js';
import type { EmailTracking } from './tracking.js';

/**
 * The sender of one process: drains the outbox when asked (`kick` after a commit that queued mail, and on the
 * cron schedule). Without SMTP_URL it does nothing and mail stays readable in the outbox.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private running: Promise<DrainResult> | null = null;
  private again = false;
  private stopping = false;

  constructor(
    private readonly db: Knex,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly logger?: Logger,
    /** Signs the click and open tracking of bulk notices, rendered when sent. */
    private readonly tracking?: EmailTracking,
  ) {
    this.transport = smtpUrl ? createTransport(smtpUrl) : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Drains now; concurrent calls share one run and schedule exactly one more. */
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
        const r = await drainOutbox(
          this.db,
          this.transport!,
          this.from,
          this.logger,
          100,
          () => this.stopping,
          this.tracking,
        );
        total.sent += r.sent;
        total.failed += r.failed;
        total.bounced += r.bounced;
      } while (this.again && !this.stopping);
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Fire-and-forget drain after a commit; failures are logged, the cron retries. */
  kick(): void {
    if (!this.transport) return;
    this.drain().catch((err: unknown) => this.logger?.error({ err }, 'outbox drain failed'));
  }

  /**
   * Graceful shutdown: no new drain starts, and a running one ends after the email it holds (its claim is a
   * transaction: the row is either SENT and committed, or released for another replica).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running?.catch(() => undefined);
  }

  close(): void {
    this.transport?.close();
  }
}
