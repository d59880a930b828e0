import type { Knex } from 'knex';
import type { QueueStatus } from '@portal/core';

/**
 * The notice fan-out's queue: sends whose later chunks are still to be queued. A fan-out being worked is claimed by a
 * row lock (FOR UPDATE SKIP LOCKED), which a plain read cannot see: in flight is not told.
 */
export async function fanoutQueueStatus(db: Knex): Promise<QueueStatus> {
  const { rows } = (await db.raw(
    `SELECT count(*) AS waiting, extract(epoch FROM now() - min(coalesce(not_before, created_at))) AS oldest
     FROM notice_fanouts WHERE finished_at IS NULL`,
  )) as { rows: { waiting: number; oldest: number | null }[] };
  const r = rows[0]!;
  return {
    waiting: Number(r.waiting),
    inFlight: null,
    failed: 0,
    oldestWaitingSeconds: r.oldest === null ? null : Math.max(0, Math.round(Number(r.oldest))),
  };
}
