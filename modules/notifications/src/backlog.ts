import type { Knex } from 'knex';
import type { QueueStatus } from '@portal/core';

export interface OutboxBacklog {
  /** Emails by status (DELIVERY: waiting or being sent; SENT; Bounce; ERROR; ERROR_MISSING_TEMPLATE; DRAFT). */
  byStatus: Record<string, number>;
  /** Of the DELIVERY ones: claimed by a sender right now (their lease runs). */
  inFlight: number;
  /** Of the DELIVERY ones: due now and not claimed (a backlog when it grows). */
  due: number;
  /** Seconds the oldest due email has waited, or null when none is due. */
  oldestDueSeconds: number | null;
}

/** The outbox at a glance, for the metrics endpoint and `pnpm cli jobs list`. */
export async function outboxBacklog(db: Knex): Promise<OutboxBacklog> {
  const statuses = (await db('outbox_emails')
    .select('status')
    .count<{ status: string; n: number }[]>({ n: '*' })
    .groupBy('status')) as {
    status: string;
    n: number;
  }[];
  const { rows } = (await db.raw(
    `SELECT count(*) FILTER (WHERE lease_until > now()) AS in_flight,
       count(*) FILTER (WHERE next_attempt_at <= now() AND (lease_until IS NULL OR lease_until <= now())) AS due,
       extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now() AND (lease_until IS NULL OR lease_until <= now()))) AS oldest
     FROM outbox_emails WHERE status = 'DELIVERY'`,
  )) as { rows: { in_flight: number; due: number; oldest: number | null }[] };
  const r = rows[0]!;
  return {
    byStatus: Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)])),
    inFlight: Number(r.in_flight),
    due: Number(r.due),
    oldestDueSeconds: r.oldest === null ? null : Math.max(0, Math.round(Number(r.oldest))),
  };
}

/** The outbox as a queue among the others: due, held by a sender, failed for good (ERROR) or refused (Bounce). */
export async function outboxQueueStatus(db: Knex): Promise<QueueStatus> {
  const b = await outboxBacklog(db);
  return {
    waiting: b.due,
    inFlight: b.inFlight,
    failed: (b.byStatus.ERROR ?? 0) + (b.byStatus.Bounce ?? 0),
    oldestWaitingSeconds: b.oldestDueSeconds,
  };
}
