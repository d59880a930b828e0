import type { Knex } from 'knex';
import type { QueueStatus } from '@portal/core';

/**
 * The FDA import's queue: files being imported, and those whose import failed. Files waiting in FDA_IMPORT_DIR are
 * not in the database until claimed, so waiting counts none.
 */
export async function fdaImportQueueStatus(db: Knex): Promise<QueueStatus> {
  const { rows } = (await db.raw(
    `SELECT count(*) FILTER (WHERE status = 'RUNNING') AS in_flight, count(*) FILTER (WHERE status = 'FAILED') AS failed
     FROM fda_import_files`,
  )) as { rows: { in_flight: number; failed: number }[] };
  return {
    waiting: 0,
    inFlight: Number(rows[0]!.in_flight),
    failed: Number(rows[0]!.failed),
    oldestWaitingSeconds: null,
  };
}
