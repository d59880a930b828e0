import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import {
  addJobs,
  decodeText,
  type FileStore,
  type JobHandler,
  JobQueue,
  liveJobs,
  type Logger,
  ValidationError,
  transaction,
  messageText,
} from '@portal/core';
import { readInputRows, SUPPLIER_FIELDS, sheetExtension } from './input.js';
import { syncPortalProviders } from './known-providers.js';
import { type LocationInput, Matcher, type MatchResult } from './matcher.js';

/** Rows matched and committed together; the job's cursor moves once per batch. */
export const WORKER_BATCH = 1000;
/** The job queue of matching: a job per file to match (`{ jobId }`). */
export const MATCHING_QUEUE = 'location-preprocessor';
/**
 * How long one queue job matches before handing the rest of the file to a new job: a job's run stays well within its
 * expiry, so a worker that dies mid-file is noticed (and its file resumed) in minutes.
 */
export const SLICE_SECONDS = 120;

export interface WorkerOptions {
  workerId?: string;
  batchSize?: number;
  /** For tests: stop a job after this many batches, as a crash would (its claim stays). */
  stopAfterBatches?: number;
  /** Stop after the batch that passes this moment ('paused'): the rest goes to a new job. */
  until?: number;
  logger?: Logger;
}

export const workerId = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

type Claimed = { id: number; supplier_id: number; file_name: string; file_key: string; processed_rows: number };

/**
 * Takes one pre-processor job for `worker`: PENDING, or IN PROGRESS and not yet matched (a job resumed). Who works a
 * job is the queue's decision; `claimed_by` only fences: a worker that finds another's name there at its next commit
 * stops ('lost'), so a job resumed elsewhere is never matched by two at once.
 */
export async function claimJob(db: Knex, jobId: number, worker: string): Promise<Claimed | null> {
  const res = (await db.raw(
    `UPDATE preprocessor_jobs SET status = 'IN PROGRESS', claimed_by = ?, attempts = attempts + 1, updated_at = now()
     WHERE id = ? AND (status = 'PENDING' OR (status = 'IN PROGRESS' AND matched_at IS NULL))
     RETURNING id, supplier_id, file_name, file_key, processed_rows`,
    [worker, jobId],
  )) as { rows: Claimed[] };
  return res.rows[0] ?? null;
}

export function toInput(values: Partial<Record<string, string>>): LocationInput {
  const address = [values.address, values.address2].filter(Boolean).join(', ');
  return {
    name: values.name ?? '',
    address,
    city: values.city ?? '',
    state: values.state ?? '',
    zip: values.zip ?? '',
    phone: values.phone ?? '',
    customerNumber: values.customerNumber ?? '',
  };
}

/**
 * Matches one claimed job from its cursor on. Each batch is committed with the cursor in one transaction, guarded by
 * the claim, and rows are unique per (job, row number): a resumed job starts after the last committed batch and never
 * matches a row twice. An unreadable file ends the job in ERROR with the reason.
 */
export async function processJob(
  db: Knex,
  store: FileStore,
  job: Claimed,
  worker: string,
  options: WorkerOptions = {},
): Promise<'matched' | 'error' | 'lost' | 'stopped' | 'paused'> {
  const batchSize = options.batchSize ?? WORKER_BATCH;
  const fail = async (message: string) => {
    await db('preprocessor_jobs')
      .where({ id: job.id, claimed_by: worker })
      .update({ status: 'ERROR', error_message: message, updated_at: db.fn.now() });
    return 'error' as const;
  };
  const extension = sheetExtension(job.file_name);
  if (!extension) return fail(messageText('UNSUPPORTED_FILE_TYPE.spreadsheet'));
  let data: Buffer;
  try {
    data = await store.read(job.file_key);
  } catch {
    return fail(messageText('FILE_UNREADABLE'));
  }
  await syncPortalProviders(db);
  const matcher = new Matcher(db, Number(job.supplier_id));
  let cursor = job.processed_rows;
  let batches = 0;
  type Batch = { rowNumber: number; input: LocationInput }[];

  /** Commits a matched batch with the cursor; false when the claim was lost (another worker resumed the job). */
  const commit = async (batch: Batch, results: MatchResult[]): Promise<boolean> => {
    const last = batch.length ? batch[batch.length - 1]!.rowNumber : cursor;
    const ok = await transaction(db, async (trx) => {
      const mine = await trx('preprocessor_jobs')
        .where({ id: job.id, claimed_by: worker, status: 'IN PROGRESS' })
        .forUpdate()
        .first('id');
      if (!mine) return false;
      const counts = { MATCHED: 0, REVIEW: 0, UNMATCHED: 0 };
      if (batch.length) {
        const inserted = (await trx('preprocessor_job_rows')
          .insert(
            batch.map((b, i) => {
              const r = results[i]!;
              return {
                job_id: job.id,
                row_number: b.rowNumber,
                input: JSON.stringify(b.input),
                decision: r.decision,
                confidence: r.confidence,
                known_provider_id: r.knownProviderId,
                candidates: JSON.stringify(r.candidates.map((c) => ({ knownProviderId: c.id, score: c.score }))),
              };
            }),
          )
          .onConflict(['job_id', 'row_number'])
          .ignore()
          .returning('decision')) as { decision: keyof typeof counts }[];
        for (const r of inserted) counts[r.decision] += 1;
      }
      await trx('preprocessor_jobs')
        .where({ id: job.id })
        .update({
          processed_rows: last,
          total_rows: trx.raw('greatest(total_rows, ?)', [last]),
          matched_rows: trx.raw('matched_rows + ?', [counts.MATCHED]),
          review_rows: trx.raw('review_rows + ?', [counts.REVIEW]),
          unmatched_rows: trx.raw('unmatched_rows + ?', [counts.UNMATCHED]),
          updated_at: trx.fn.now(),
        });
      return true;
    });
    cursor = last;
    batches += 1;
    return ok;
  };

  // Batches commit in order; the next batch is matched while the previous one commits (two in flight at most).
  // The test hook (stopAfterBatches) runs them one by one, so a "crash" leaves exactly the committed batches.
  const pipelined = options.stopAfterBatches === undefined;
  let previous: Promise<boolean> = Promise.resolve(true);
  const enqueue = (batch: Batch): Promise<boolean> => {
    const results = matcher.matchBatch(batch.map((b) => b.input));
    results.catch(() => undefined);
    const before = previous;
    const done = before.then(async (ok) => ok && commit(batch, await results));
    done.catch(() => undefined);
    previous = done;
    return done;
  };

  try {
    // The total first, so progress reads as "n of total" from the first batch; exact once matching ends.
    const total = extension === 'csv' ? csvRecordCount(decodeText(data)) : await countRows(extension, data);
    await db('preprocessor_jobs').where({ id: job.id, claimed_by: worker }).update({ total_rows: total });
    let batch: Batch = [];
    for await (const row of readInputRows(extension, data, SUPPLIER_FIELDS)) {
      if (row.rowNumber <= cursor) continue;
      batch.push({ rowNumber: row.rowNumber, input: toInput(row.values) });
      if (batch.length >= batchSize) {
        const before = previous;
        const done = enqueue(batch);
        batch = [];
        if (!(await (pipelined ? before : done))) return 'lost';
        if (!pipelined && batches >= options.stopAfterBatches!) return 'stopped';
        if (options.until !== undefined && Date.now() >= options.until) return (await done) ? 'paused' : 'lost';
      }
    }
    if (!(await enqueue(batch))) return 'lost';
  } catch (error) {
    if (error instanceof ValidationError) return fail(error.message);
    if (typeof (error as { severity?: unknown }).severity === 'string') throw error; // the database's, not the file's
    options.logger?.warn({ err: error, jobId: job.id }, 'pre-processor file unreadable');
    return fail(messageText('FILE_UNREADABLE'));
  }
  await db('preprocessor_jobs')
    .where({ id: job.id, claimed_by: worker })
    .update({ matched_at: db.fn.now(), total_rows: cursor, updated_at: db.fn.now() });
  return 'matched';
}

/**
 * The data rows of a CSV without parsing it: record ends outside quotes, less blank lines and the header. Parsing
 * 100,000 rows twice would cost seconds; this count is a scan. The exact count replaces it when matching ends.
 */
export function csvRecordCount(text: string): number {
  let records = 0;
  let quoted = false;
  let content = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      quoted = !quoted;
      content = true;
    } else if (!quoted && (c === 10 || c === 13)) {
      if (content) records++;
      content = false;
    } else if (c !== 44 && c !== 32 && c !== 9) content = true;
  }
  if (content) records++;
  return Math.max(0, records - 1);
}

async function countRows(extension: 'csv' | 'xlsx', data: Buffer): Promise<number> {
  let total = 0;
  for await (const _ of readInputRows(extension, data, SUPPLIER_FIELDS)) total += 1;
  return total;
}

/**
 * The `location-preprocessor` job: matches the file its job names for SLICE_SECONDS at most (or until the process
 * stops), then adds a job for the rest. A job that is no longer waiting (matched, removed, failed on its file) is done.
 */
export function matchingHandler(db: Knex, store: FileStore, options: WorkerOptions = {}): JobHandler {
  const me = options.workerId ?? workerId();
  return async (queued, context) => {
    const jobId = Number((queued.data as { jobId: number }).jobId);
    const job = await claimJob(db, jobId, me);
    if (!job) return { jobs: 0, errors: 0 };
    const outcome = await processJob(db, store, job, me, {
      ...options,
      logger: options.logger ?? context.logger,
      until: Math.min(Date.now() + SLICE_SECONDS * 1000, Date.now() + queued.expireInSeconds * 500),
    });
    if (outcome === 'paused') await addJobs(db, [{ queue: MATCHING_QUEUE, data: { jobId } }]);
    return { jobs: outcome === 'paused' ? 0 : 1, errors: outcome === 'error' ? 1 : 0 };
  };
}

/**
 * Matching's recovery sweep (the `recover` job, and `jobs run location-preprocessor`): a file waiting to be matched
 * (PENDING, or IN PROGRESS and not matched) that no live job names gets one. Such files were uploaded before the job
 * queue existed; a job whose worker died stays live until the queue expires it, then it is retried.
 */
export async function recoverMatching(db: Knex): Promise<{ jobs: number }> {
  const live = liveJobs(db, MATCHING_QUEUE);
  const { rows } = (await db.raw(
    `SELECT j.id FROM preprocessor_jobs j
     WHERE (j.status = 'PENDING' OR (j.status = 'IN PROGRESS' AND j.matched_at IS NULL))
       AND j.id NOT IN (
         SELECT (l.data->>'jobId')::bigint FROM (${live.toQuery()}) l WHERE l.data->>'jobId' IS NOT NULL)
     ORDER BY j.id`,
  )) as { rows: { id: number }[] };
  await addJobs(
    db,
    rows.map((r) => ({ queue: MATCHING_QUEUE, data: { jobId: Number(r.id) } })),
  );
  return { jobs: rows.length };
}

/**
 * Matches, here, every file whose job is due (the tests and the CLI: the queue's work done now, in this process).
 * Safe beside the workers: each job is taken by one.
 */
export async function runWorker(
  db: Knex,
  store: FileStore,
  options: WorkerOptions = {},
): Promise<{ jobs: number; errors: number }> {
  const queue = new JobQueue(db, { logger: options.logger });
  queue.register(MATCHING_QUEUE, matchingHandler(db, store, options));
  const done = await queue.drain(MATCHING_QUEUE);
  return { jobs: done.jobs ?? 0, errors: done.errors ?? 0 };
}
