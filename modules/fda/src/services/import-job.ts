import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { addJobs, type JobHandler, JobQueue, transaction } from '@portal/core';
import { importFda } from './import.js';
import { importFiles } from './reader.js';

/** The job queue of the FDA import: a job per tick of FDA_IMPORT_CRON (`{}`, a scan) and per new file (`{ file }`). */
export const FDA_IMPORT_QUEUE = 'fda-import';

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The scan: each file in `dir` no replica recorded yet is recorded QUEUED by its checksum and gets an import job, in
 * one transaction; the first replica to insert the row queues it, every other one skips it. The same bytes under
 * another name are the same file (imported once); a changed file is a new one.
 */
async function queueDroppedFiles(db: Knex, dir: string): Promise<number> {
  let queued = 0;
  for (const file of await importFiles(dir)) {
    const checksum = await sha256(file);
    const added = await transaction(db, async (trx) => {
      const inserted = await trx('fda_import_files')
        .insert({ name: path.basename(file), checksum, status: 'QUEUED' })
        .onConflict('checksum')
        .ignore()
        .returning('id');
      if (!inserted.length) return false;
      await addJobs(trx, [{ queue: FDA_IMPORT_QUEUE, data: { file, checksum }, singletonKey: checksum }]);
      return true;
    });
    if (added) queued += 1;
  }
  return queued;
}

export interface DroppedFilesResult {
  files: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  failed: number;
  [k: string]: number;
}

/**
 * Imports one recorded file (its job), RUNNING while it runs, then DONE with its summary. A failure is recorded
 * FAILED with its reason and the job throws: the queue retries it, and after the last try it stays failed
 * (`pnpm cli jobs list`; `pnpm cli fda import <file>` imports it by hand).
 */
async function importRecordedFile(db: Knex, file: string, checksum: string): Promise<DroppedFilesResult> {
  await db('fda_import_files').where({ checksum }).update({ status: 'RUNNING', started_at: db.fn.now() });
  try {
    const summary = await importFda(db, file);
    await db('fda_import_files')
      .where({ checksum })
      .update({ status: 'DONE', summary: JSON.stringify(summary), error: null, finished_at: db.fn.now() });
    const { created, updated, unchanged, refused } = summary;
    return { files: 1, created, updated, unchanged, refused, failed: 0 };
  } catch (error) {
    await db('fda_import_files')
      .where({ checksum })
      .update({
        status: 'FAILED',
        error: String((error as Error).message ?? error).slice(0, 2000),
        finished_at: db.fn.now(),
      });
    throw error;
  }
}

/** The `fda-import` job: a scan of `dir` (a tick) or the import of one file. Off (nothing to do) without `dir`. */
export function fdaImportHandler(db: Knex, dir: string | undefined): JobHandler {
  return async (job) => {
    const { file, checksum } = job.data as { file?: string; checksum?: string };
    if (file && checksum) return importRecordedFile(db, file, checksum);
    return { queued: dir ? await queueDroppedFiles(db, dir) : 0 };
  };
}

/**
 * Imports, here and now, the files dropped into `dir` that no replica imported yet (a scan, then every file job due):
 * what the `fda-import` jobs do, for the tests and the CLI. Two replicas at once import each file once.
 */
export async function importDroppedFiles(db: Knex, dir: string): Promise<DroppedFilesResult> {
  const queue = new JobQueue(db);
  queue.register(FDA_IMPORT_QUEUE, fdaImportHandler(db, dir));
  await addJobs(db, [{ queue: FDA_IMPORT_QUEUE, singletonKey: 'scan' }]);
  const done = await queue.drain(FDA_IMPORT_QUEUE);
  return {
    files: done.files ?? 0,
    created: done.created ?? 0,
    updated: done.updated ?? 0,
    unchanged: done.unchanged ?? 0,
    refused: done.refused ?? 0,
    failed: done.jobsFailed ?? 0,
  };
}
