import type { Knex } from 'knex';
import type { QueueStatus } from '@portal/core';

/** Location matching's queue: uploaded files waiting to be matched, held by a worker (its lease runs), or failed. */
export async function matchingQueueStatus(db: Knex): Promise<QueueStatus> {
  const { rows } = (await db.raw(
    `SELECT count(*) FILTER (WHERE status = 'PENDING') AS waiting,
       count(*) FILTER (WHERE status = 'IN PROGRESS' AND lease_until > now()) AS in_flight,
       count(*) FILTER (WHERE status = 'ERROR') AS failed,
       extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'PENDING')) AS oldest
     FROM preprocessor_jobs`,
  )) as { rows: { waiting: number; in_flight: number; failed: number; oldest: number | null }[] };
  const r = rows[0]!;
  return {
    waiting: Number(r.waiting),
    inFlight: Number(r.in_flight),
    failed: Number(r.failed),
    oldestWaitingSeconds: r.oldest === null ? null : Math.max(0, Math.round(Number(r.oldest))),
  };
}
