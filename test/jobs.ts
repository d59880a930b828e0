import type { Knex } from 'knex';
import { JOB_SCHEMA } from '@portal/core';

/**
 * What the clock does to a job waiting for its retry: it is due now. (The queue's backoff is tens of seconds; a test
 * asks for the retry rather than wait for it.) `contains`: only the jobs whose data contains it.
 */
export async function retryJobsNow(db: Knex, queue: string, contains?: Record<string, unknown>): Promise<number> {
  const { rowCount } = (await db.raw(
    `UPDATE ${JOB_SCHEMA}.job SET start_after = now() - interval '1 second'
     WHERE name = ? AND state = 'retry' AND data @> ?::jsonb`,
    [queue, JSON.stringify(contains ?? {})],
  )) as { rowCount: number };
  return rowCount;
}

/** The jobs of `queue` by state, and the error of each failed one (what `pnpm cli jobs list` reads). */
export async function jobsOf(
  db: Knex,
  queue: string,
): Promise<
  { state: string; retry_count: number; data: Record<string, unknown>; output: { message?: string } | null }[]
> {
  return (await db
    .withSchema(JOB_SCHEMA)
    .from('job')
    .where({ name: queue })
    .orderBy('created_on')
    .select('state', 'retry_count', 'data', 'output')) as {
    state: string;
    retry_count: number;
    data: Record<string, unknown>;
    output: { message?: string } | null;
  }[];
}
