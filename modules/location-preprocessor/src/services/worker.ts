import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import { decodeText, type FileStore, type Logger, ValidationError, transaction } from '@portal/core';
import { INPUT_MESSAGES, readInputRows, SUPPLIER_FIELDS, sheetExtension } from './input.js';
import { syncPortalProviders } from './known-providers.js';
import { type LocationInput, Matcher, type MatchResult } from './matcher.js';

/** Rows matched and committed together; the job's cursor moves once per batch. */
export const WORKER_BATCH = 1000;
/** A claim lasts this long without a heartbeat (each committed batch renews it); then another worker may resume. */
export const LEASE_SECONDS = 120;

export interface WorkerOptions {
  workerId?: string;
  batchSize?: number;
  leaseSeconds?: number;
  /** Stop after this many jobs (the scheduler's run drains what is there). */
  maxJobs?: number;
  /** For tests: stop a job after this many batches, as a crash would (the claim stays until its lease expires). */
  stopAfterBatches?: number;
  logger?: Logger;
}

export const workerId = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

type Claimed = { id: number; supplier_id: number; file_name: string; file_key: string; processed_rows: number };

/**
 * Claims one job: a PENDING one, or one IN PROGRESS whose worker's lease expired before matching finished (a crash).
 * FOR UPDATE SKIP LOCKED, as the outbox does: several replicas never claim the same job.
 */
export async function claimJob(db: Knex, worker: string, leaseSeconds = LEASE_SECONDS): Promise<Claimed | null> {
  const res = (await db.raw(
    `UPDATE preprocessor_jobs SET status = 'IN PROGRESS', claimed_by = ?, attempts = attempts + 1,
       lease_until = now() + make_interval(secs => ?), updated_at = now()
     WHERE id = (
       SELECT id FROM preprocessor_jobs
       WHERE status = 'PENDING' OR (status = 'IN PROGRESS' AND matched_at IS NULL AND lease_until < now())
       ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, supplier_id, file_name, file_key, processed_rows`,
    [worker, leaseSeconds],
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
): Promise<'matched' | 'error' | 'lost' | 'stopped'> {
  const batchSize = options.batchSize ?? WORKER_BATCH;
  const lease = options.leaseSeconds ?? LEASE_SECONDS;
  const fail = async (message: string) => {
    await db('preprocessor_jobs')
      .where({ id: job.id, claimed_by: worker })
      .update({ status: 'ERROR', error_message: message, lease_until: null, updated_at: db.fn.now() });
    return 'error' as const;
  };
  const extension = sheetExtension(job.file_name);
  if (!extension) return fail(INPUT_MESSAGES.fileType);
  let data: Buffer;
  try {
    data = await store.read(job.file_key);
  } catch {
    return fail(INPUT_MESSAGES.unreadable);
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
          lease_until: trx.raw('now() + make_interval(secs => ?)', [lease]),
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
      }
    }
    if (!(await enqueue(batch))) return 'lost';
  } catch (error) {
    if (error instanceof ValidationError) return fail(error.message);
    if (typeof (error as { severity?: unknown }).severity === 'string') throw error; // the database's, not the file's
    options.logger?.warn({ err: error, jobId: job.id }, 'pre-processor file unreadable');
    return fail(INPUT_MESSAGES.unreadable);
  }
  await db('preprocessor_jobs')
    .where({ id: job.id, claimed_by: worker })
    .update({ matched_at: db.fn.now(), total_rows: cursor, lease_until: null, updated_at: db.fn.now() });
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

/** Claims and matches jobs until none is waiting (or maxJobs). Safe to run on every replica at once. */
export async function runWorker(
  db: Knex,
  store: FileStore,
  options: WorkerOptions = {},
): Promise<{ jobs: number; errors: number }> {
  const me = options.workerId ?? workerId();
  const result = { jobs: 0, errors: 0 };
  while (options.maxJobs === undefined || result.jobs < options.maxJobs) {
    const job = await claimJob(db, me, options.leaseSeconds);
    if (!job) break;
    result.jobs += 1;
    const outcome = await processJob(db, store, job, me, options);
    if (outcome === 'error') result.errors += 1;
    if (outcome === 'stopped') break;
  }
  return result;
}

/**
 * The in-process kick after an upload: one drain at a time per process; a kick during a drain runs another after it.
 * The scheduled job (services/bff jobs) picks up anything a kick missed or a crash left.
 */
export function createKicker(db: Knex, store: FileStore, logger?: Logger): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const drain = async (): Promise<void> => {
    do {
      again = false;
      try {
        await runWorker(db, store, { logger });
      } catch (err) {
        logger?.error({ err }, 'location pre-processor worker failed');
      }
    } while (again);
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
    });
    return running;
  };
}
