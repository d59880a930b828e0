import type { Knex } from 'knex';
import { liveJobs, transaction } from '@portal/core';
import { addOutboxJobs } from './outbox-queue.js';

export interface OutboxBacklog {
  /** Emails by status (DELIVERY: waiting or being sent; SENT; Bounce; ERROR; ERROR_MISSING_TEMPLATE; DRAFT). */
  byStatus: Record<string, number>;
  /** Of the DELIVERY ones: in an `outbox` job a worker is running right now. */
  inFlight: number;
  /** Of the DELIVERY ones: due now (waiting for a worker, being sent, or waiting for a retry). */
  due: number;
  /** Seconds the oldest due email has waited, or null when none is due. */
  oldestDueSeconds: number | null;
}

/** The outbox at a glance, for the metrics endpoint. */
export async function outboxBacklog(db: Knex): Promise<OutboxBacklog> {
  const statuses = (await db('outbox_emails')
    .select('status')
    .count<{ status: string; n: number }[]>({ n: '*' })
    .groupBy('status')) as {
    status: string;
    n: number;
  }[];
  const { rows } = (await db.raw(
    `SELECT count(*) AS due, extract(epoch FROM now() - min(next_attempt_at)) AS oldest
     FROM outbox_emails WHERE status = 'DELIVERY' AND next_attempt_at <= now()`,
  )) as { rows: { due: number; oldest: number | null }[] };
  const active = liveJobs(db, 'outbox').where({ state: 'active' }).clearSelect().select('data');
  const { rows: held } = (await db.raw(
    `SELECT coalesce(sum(jsonb_array_length(a.data->'ids')), 0) AS n FROM (${active.toQuery()}) a`,
  )) as { rows: { n: number }[] };
  const r = rows[0]!;
  return {
    byStatus: Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)])),
    inFlight: Number(held[0]!.n),
    due: Number(r.due),
    oldestDueSeconds: r.oldest === null ? null : Math.max(0, Math.round(Number(r.oldest))),
  };
}

/** A fixed number: the advisory lock that keeps two sweeps of the outbox from giving one email two jobs. */
const RECOVER_LOCK = 72_610_031;

/**
 * The outbox's recovery sweep (the `recover` job): every email waiting to be sent (DELIVERY) and due that no live
 * `outbox` job names gets one, OUTBOX_JOB_SIZE a job. Such emails were queued before the job queue existed, or their
 * job failed for good (it stays listed as failed); normally there are none. One sweep at a time (advisory lock).
 */
export async function recoverOutbox(db: Knex): Promise<{ emails: number }> {
  return transaction(db, async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [RECOVER_LOCK]);
    const queued = liveJobs(trx, 'outbox');
    const { rows } = (await trx.raw(
      `WITH queued AS (SELECT DISTINCT (jsonb_array_elements_text(q.data->'ids'))::bigint AS id FROM (${queued.toQuery()}) q)
       SELECT o.id FROM outbox_emails o
       WHERE o.status = 'DELIVERY' AND o.next_attempt_at <= now() AND o.id NOT IN (SELECT id FROM queued)
       ORDER BY o.next_attempt_at, o.id`,
    )) as { rows: { id: number }[] };
    await addOutboxJobs(
      trx,
      rows.map((r) => Number(r.id)),
    );
    return { emails: rows.length };
  });
}
