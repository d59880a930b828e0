import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '@portal/core';
import { jobsOf, startTestApp, type TestApp } from '@portal/testing';
import { createJob } from './services/jobs.js';
import { importKnownProviders } from './services/known-providers.js';
import { claimJob, processJob, recoverMatching, runWorker } from './services/worker.js';

let t: TestApp;
let store: LocalFileStore;
let acme = 0;

const CMS = [
  'Facility ID,Facility Name,Address,City/Town,State,ZIP Code,Telephone Number',
  ...Array.from(
    { length: 30 },
    (_, i) =>
      `${String(100000 + i)},GENERAL HOSPITAL NUMBER ${i},${i + 1} MAIN STREET,SPRINGFIELD,IL,627${String(i).padStart(2, '0')},217555${String(1000 + i)}`,
  ),
].join('\n');
const FILE = [
  'Name,Address,City,State,Zip',
  ...Array.from(
    { length: 25 },
    (_, i) => `General Hosp Number ${i},${i + 1} Main St,Springfield,IL,627${String(i).padStart(2, '0')}`,
  ),
].join('\n');

async function rowsOf(jobId: number) {
  return (await t.db('preprocessor_job_rows').where({ job_id: jobId }).orderBy('row_number')) as {
    row_number: number;
    decision: string;
  }[];
}

beforeAll(async () => {
  // The app is not asked to upload here (no kick): the test drives the workers itself.
  t = await startTestApp();
  store = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'lpp-files-')));
  acme = Number(
    ((await t.db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number }).id,
  );
  await importKnownProviders(t.db, 'csv', Buffer.from(CMS));
});
afterAll(() => t.close());

describe('pre-processor worker', () => {
  it('resumes a job whose worker stopped mid-file, matching each row once; the stopped worker then writes nothing', async () => {
    const { id } = await createJob(t.db, null, store, String(acme), { name: 'ship.csv', data: Buffer.from(FILE) });
    // The upload added its job in its own transaction.
    expect((await jobsOf(t.db, 'location-preprocessor')).filter((j) => j.data.jobId === id)).toHaveLength(1);
    const first = await claimJob(t.db, id, 'worker-1');
    expect(first?.id).toBe(id);
    // The first worker commits one batch of 10, then "crashes" (stops without finishing).
    expect(await processJob(t.db, store, first!, 'worker-1', { batchSize: 10, stopAfterBatches: 1 })).toBe('stopped');
    expect((await rowsOf(id)).map((r) => r.row_number)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(await t.db('preprocessor_jobs').where({ id }).first('status', 'processed_rows', 'total_rows')).toEqual({
      status: 'IN PROGRESS',
      processed_rows: 10,
      total_rows: 25,
    });

    // The queue hands the job to a second worker (its holder's time ran out): it resumes from the cursor and finishes.
    expect(await runWorker(t.db, store, { workerId: 'worker-2', batchSize: 10 })).toEqual({ jobs: 1, errors: 0 });
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.row_number)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const job = (await t.db('preprocessor_jobs').where({ id }).first()) as Record<string, unknown>;
    expect(job).toMatchObject({ status: 'IN PROGRESS', processed_rows: 25, total_rows: 25, claimed_by: 'worker-2' });
    expect(job.matched_at).not.toBeNull();
    expect(Number(job.matched_rows) + Number(job.review_rows) + Number(job.unmatched_rows)).toBe(25);
    expect(rows.filter((r) => r.decision === 'MATCHED')).toHaveLength(Number(job.matched_rows));

    // The first worker wakes up with its stale claim: it writes nothing.
    expect(await processJob(t.db, store, first!, 'worker-1', { batchSize: 10 })).toBe('lost');
    expect(await rowsOf(id)).toHaveLength(25);
    expect(await claimJob(t.db, id, 'worker-3')).toBeNull(); // matched jobs are not taken again
  });

  it('runs each file once when several workers drain the queue at once, and hands a long file to a new job', async () => {
    const { id } = await createJob(t.db, null, store, String(acme), { name: 'ship2.csv', data: Buffer.from(FILE) });
    const runs = await Promise.all(['a', 'b', 'c', 'd'].map((w) => runWorker(t.db, store, { workerId: w })));
    expect(runs.reduce((n, r) => n + r.jobs, 0)).toBe(1);
    expect(await rowsOf(id)).toHaveLength(25);

    // A file whose time slice ends after its first batch: the rest goes to the job it adds, until matched.
    const { id: long } = await createJob(t.db, null, store, String(acme), {
      name: 'ship3.csv',
      data: Buffer.from(FILE),
    });
    const queued = (await jobsOf(t.db, 'location-preprocessor')).filter((j) => j.data.jobId === long);
    expect(queued).toHaveLength(1);
    const job = (await claimJob(t.db, long, 'slicer'))!;
    expect(await processJob(t.db, store, job, 'slicer', { batchSize: 10, until: 0 })).toBe('paused');
    expect((await rowsOf(long)).length).toBeGreaterThan(0);
    expect((await rowsOf(long)).length).toBeLessThan(25);
    // Its job (the upload's, here) finishes it.
    expect(await runWorker(t.db, store)).toEqual({ jobs: 1, errors: 0 });
    expect(await rowsOf(long)).toHaveLength(25);
  });

  it('gives a job to a file waiting with none (uploaded before the job queue): the recovery sweep', async () => {
    const { id } = await createJob(t.db, null, store, String(acme), { name: 'old.csv', data: Buffer.from(FILE) });
    await t.db.raw(`DELETE FROM pgboss.job WHERE name = 'location-preprocessor' AND data->>'jobId' = ?`, [String(id)]);
    expect(await recoverMatching(t.db)).toEqual({ jobs: 1 });
    expect(await recoverMatching(t.db)).toEqual({ jobs: 0 });
    expect(await runWorker(t.db, store)).toEqual({ jobs: 1, errors: 0 });
    expect(await rowsOf(id)).toHaveLength(25);
  });
});
