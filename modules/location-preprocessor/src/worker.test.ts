import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '@portal/core';
import { startTestApp, type TestApp } from '@portal/testing';
import { createJob } from './services/jobs.js';
import { importKnownProviders } from './services/known-providers.js';
import { claimJob, processJob, runWorker } from './services/worker.js';

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
  it('resumes a job whose worker stopped mid-file after its lease expired, matching each row once', async () => {
    const { id } = await createJob(t.db, null, store, String(acme), { name: 'ship.csv', data: Buffer.from(FILE) });
    const first = await claimJob(t.db, 'worker-1');
    expect(first?.id).toBe(id);
    // The first worker commits one batch of 10, then "crashes" (stops without releasing its claim).
    expect(await processJob(t.db, store, first!, 'worker-1', { batchSize: 10, stopAfterBatches: 1 })).toBe('stopped');
    expect((await rowsOf(id)).map((r) => r.row_number)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(await t.db('preprocessor_jobs').where({ id }).first('status', 'processed_rows', 'total_rows')).toEqual({
      status: 'IN PROGRESS',
      processed_rows: 10,
      total_rows: 25,
    });

    // While the lease holds, nobody else takes the job.
    expect(await claimJob(t.db, 'worker-2')).toBeNull();
    await t
      .db('preprocessor_jobs')
      .where({ id })
      .update({ lease_until: t.db.raw(`now() - interval '1 second'`) });

    // A second worker resumes from the cursor and finishes.
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
    expect(await claimJob(t.db, 'worker-3')).toBeNull(); // matched jobs are not claimed again
  });

  it('lets only one of several workers claim a job (SKIP LOCKED)', async () => {
    const { id } = await createJob(t.db, null, store, String(acme), { name: 'ship2.csv', data: Buffer.from(FILE) });
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((w) => claimJob(t.db, w)));
    expect(claims.filter((c) => c?.id === id)).toHaveLength(1);
  });
});
