import type { Knex } from 'knex';
import { type FileResult, type FileStore, fileResult, mimeOf, NotFoundError } from '@portal/core';
import { usersView } from '@portal/organizations';
import { sheetExtension } from './input.js';
import type { LocationInput } from './matcher.js';
import type { Decision } from './score.js';
import { iso, jobRecord, type JobView, jobView, type RowView } from './jobs.js';

export type RowRecord = {
  id: number;
  row_number: number;
  input: LocationInput;
  decision: Decision;
  confidence: number;
  known_provider_id: number | null;
  known_provider_name: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  candidates: { knownProviderId: number; score: number }[];
};

export async function rowViews(db: Knex, rows: RowRecord[]): Promise<RowView[]> {
  const ids = [...new Set(rows.flatMap((r) => r.candidates.map((c) => Number(c.knownProviderId))))];
  const known = ids.length
    ? ((await db('known_providers as k')
        .whereIn('k.id', ids)
        .select(
          'k.id',
          'k.name',
          'k.address',
          'k.city',
          'k.state',
          'k.zip',
          db.raw(
            `(SELECT x.value FROM known_provider_identifiers x WHERE x.known_provider_id = k.id AND x.kind <> 'CUSTOMER'
              ORDER BY array_position(ARRAY['CCN','NPI','GLN'], x.kind), x.id LIMIT 1) AS external_id`,
          ),
        )) as {
        id: number;
        name: string;
        address: string | null;
        city: string | null;
        state: string | null;
        zip: string | null;
        external_id: string | null;
      }[])
    : [];
  const byId = new Map(known.map((k) => [Number(k.id), k]));
  return rows.map((r) => ({
    id: Number(r.id),
    rowNumber: r.row_number,
    input: r.input,
    decision: r.decision,
    confidence: Number(r.confidence),
    knownProviderId: r.known_provider_id === null ? null : Number(r.known_provider_id),
    knownProviderName: r.known_provider_name,
    decidedBy: r.decided_by_name,
    decidedAt: iso(r.decided_at),
    candidates: r.candidates.flatMap((c) => {
      const k = byId.get(Number(c.knownProviderId));
      return k
        ? [
            {
              knownProviderId: Number(k.id),
              name: k.name,
              address: k.address,
              city: k.city,
              state: k.state,
              zip: k.zip,
              externalId: k.external_id,
              score: c.score,
            },
          ]
        : [];
    }),
  }));
}

export function rowQuery(db: Knex, jobId: number): Knex.QueryBuilder {
  return db('preprocessor_job_rows as r')
    .leftJoin('known_providers as k', 'k.id', 'r.known_provider_id')
    .leftJoin(usersView(db).as('u'), 'u.id', 'r.decided_by')
    .where('r.job_id', jobId)
    .select(
      'r.id',
      'r.row_number',
      'r.input',
      'r.decision',
      'r.confidence',
      'r.known_provider_id',
      'k.name as known_provider_name',
      db.raw(`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as decided_by_name`),
      'r.decided_at',
      'r.candidates',
    );
}

export interface JobDetailQuery {
  pageNumber?: number;
  pageSize?: number;
  decision?: Decision;
  search?: string;
  minConfidence?: number;
}

/** GET /{id}: the job with its progress and a page of its rows (filtered by decision, search, minimum confidence). */
export async function getJob(
  db: Knex,
  id: number,
  q: JobDetailQuery = {},
): Promise<{ job: JobView & { errorMessage: string | null }; rows: { items: RowView[]; total: number } }> {
  const job = await jobRecord(db, id);
  const pageSize = q.pageSize ?? 50;
  const pageNumber = q.pageNumber ?? 1;
  const base = db('preprocessor_job_rows as r').where('r.job_id', id);
  if (q.decision) base.where('r.decision', q.decision);
  if (q.minConfidence !== undefined) base.where('r.confidence', '>=', q.minConfidence);
  const search = q.search?.trim();
  if (search) base.whereRaw(`r.input->>'name' ILIKE ?`, [`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  const total = Number(((await base.clone().count<{ n: string }[]>({ n: '*' }).first()) as { n: string }).n);
  const ids = (await base
    .clone()
    .orderBy('r.row_number')
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)
    .select('r.id')) as { id: number }[];
  const records = ids.length
    ? ((await rowQuery(db, id)
        .whereIn(
          'r.id',
          ids.map((r) => r.id),
        )
        .orderBy('r.row_number')) as RowRecord[])
    : [];
  return {
    job: { ...jobView(job), errorMessage: job.error_message },
    rows: { items: await rowViews(db, records), total },
  };
}

/** GET /document/{id}: the original upload. */
export async function jobDocument(db: Knex, store: FileStore, id: number): Promise<FileResult> {
  const job = await jobRecord(db, id);
  if ((await store.size(job.file_key)) === null) throw new NotFoundError('FILE_NOT_FOUND');
  return fileResult(job.file_name, mimeOf(sheetExtension(job.file_name) ?? 'csv'), store.stream(job.file_key));
}
