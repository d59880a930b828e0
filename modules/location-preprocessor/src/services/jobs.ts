import type { Knex } from 'knex';
import {
  type Actor,
  addJobs,
  checkUpload,
  type FileStore,
  type ListPage,
  type ListSpec,
  newFileKey,
  NotFoundError,
  parseListQuery,
  recordAudit,
  runList,
  ValidationError,
  transaction,
  type RowOf,
} from '@portal/core';
import { findOrganizationCard, organizationsView, resolveSupplierName, usersView } from '@portal/organizations';
import { readInputRows, SUPPLIER_FIELDS } from './input.js';
import type { candidateSchema, jobSchema, rowSchema } from '../schemas.js';

export const JOB_STATUSES = ['PENDING', 'IN PROGRESS', 'COMPLETED', 'ERROR', 'DEACTIVATED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A supplier file is at most this large (a 100,000-row CSV is about 15 MB). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export type JobView = RowOf<typeof jobSchema>;

export type CandidateView = RowOf<typeof candidateSchema>;

export type RowView = RowOf<typeof rowSchema>;

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type JobRecord = {
  id: number;
  supplier_id: number;
  supplier_name: string;
  file_name: string;
  file_key: string;
  status: JobStatus;
  total_rows: number;
  processed_rows: number;
  matched_rows: number;
  review_rows: number;
  unmatched_rows: number;
  error_message: string | null;
  matched_at: Date | null;
  created_at: Date;
  created_by_name: string | null;
  completed_at: Date | null;
};

export function jobView(j: JobRecord): JobView {
  return {
    id: Number(j.id),
    supplierId: Number(j.supplier_id),
    supplierName: j.supplier_name,
    fileName: j.file_name,
    status: j.status,
    totalRows: j.total_rows,
    processedRows: j.processed_rows,
    matchedRows: j.matched_rows,
    reviewRows: j.review_rows,
    unmatchedRows: j.unmatched_rows,
    createdAt: iso(j.created_at)!,
    createdBy: j.created_by_name,
    completedAt: iso(j.completed_at),
  };
}

function jobs(db: Knex): Knex.QueryBuilder {
  return db('preprocessor_jobs as j')
    .join(organizationsView(db).as('s'), 's.id', 'j.supplier_id')
    .leftJoin(usersView(db).as('u'), 'u.id', 'j.created_by');
}
const selectJob = (db: Knex) => (qb: Knex.QueryBuilder) =>
  qb.select(
    'j.*',
    's.name as supplier_name',
    db.raw(`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by_name`),
  );

export async function jobRecord(db: Knex, id: number): Promise<JobRecord> {
  const row = (await selectJob(db)(jobs(db).where('j.id', id)).first()) as JobRecord | undefined;
  if (!row) throw new NotFoundError('JOB_NOT_FOUND');
  return row;
}

const JOB_LIST: ListSpec = {
  fields: {
    id: 'j.id',
    fileName: 'j.file_name',
    supplierName: 's.name',
    status: 'j.status',
    totalRows: 'j.total_rows',
    createdAt: 'j.created_at',
    completedAt: 'j.completed_at',
  },
  searchColumns: ['j.file_name', 's.name'],
  defaultSort: [{ column: 'j.created_at', direction: 'desc' }],
};

export type JobListQuery = { status?: JobStatus; suppliername?: string } & Record<string, unknown>;

/** GET /notisphere/locationPreProcessor: removed (DEACTIVATED) jobs only when asked for by status. */
export async function listJobs(db: Knex, raw: JobListQuery): Promise<ListPage<JobView>> {
  const { status, suppliername, ...rest } = raw;
  const base = jobs(db);
  if (status) base.where('j.status', status);
  else base.whereNot('j.status', 'DEACTIVATED');
  const supplier = suppliername?.trim();
  if (supplier) base.where('s.name', 'ilike', `%${supplier.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const page = await runList<JobRecord>(
    base,
    parseListQuery(rest, JOB_LIST),
    JOB_LIST,
    'j.id',
    selectJob(db),
    'j.updated_at',
  );
  return { ...page, items: page.items.map(jobView) };
}

/** GET /locationPreProcessorSuppliers: the suppliers a file may belong to. */
export async function listSuppliers(db: Knex): Promise<{ id: number; name: string }[]> {
  const rows: { id: number; name: string }[] = await db
    .from(organizationsView(db).as('o'))
    .where('type', 'SUPPLIER')
    .whereNot('status', 'DEACTIVATED')
    .orderByRaw('lower(name)')
    .orderBy('id')
    .select('id', 'name');
  return rows.map((o) => ({ id: Number(o.id), name: o.name }));
}

/** The supplier organisation an upload names: an id, or a name (the supplier master resolves it). */
export async function resolveSupplier(db: Knex, value: string | undefined): Promise<number> {
  const text = value?.trim();
  if (!text) throw new ValidationError('SUPPLIER_REQUIRED');
  const id = /^\d{1,15}$/.test(text) ? Number(text) : await resolveSupplierName(db, text);
  const card = id ? await findOrganizationCard(db, id) : undefined;
  const org = card?.type === 'SUPPLIER' && card.status !== 'DEACTIVATED' ? card : null;
  if (!org) throw new ValidationError('UNKNOWN_SUPPLIER');
  return Number(org.id);
}

/**
 * Creates a PENDING job for a supplier's location file. The file is checked here (type, content, a name column in
 * its first row) so a wrong file is a 4xx at once; the rows are matched in the background (worker.ts).
 */
export async function createJob(
  db: Knex,
  actor: Actor | null,
  store: FileStore,
  supplierValue: string | undefined,
  upload: { name: string; data: Buffer } | undefined,
): Promise<{ id: number; status: 'PENDING' }> {
  const supplierId = await resolveSupplier(db, supplierValue);
  if (!upload) throw new ValidationError('LOCATION_FILE_REQUIRED');
  const file = await checkUpload(upload, ['csv', 'xlsx'], 'UNSUPPORTED_FILE_TYPE.spreadsheet', MAX_FILE_BYTES);
  try {
    const first = await readInputRows(file.extension as 'csv' | 'xlsx', file.data, SUPPLIER_FIELDS).next();
    void first;
  } catch (error) {
    // No name column, or no rows: the operator's mistake, said at once. Anything else the worker reports (ERROR).
    if (error instanceof ValidationError) throw error;
  }
  const key = newFileKey('location-preprocessor', file.name);
  await store.put(key, file.data);
  const id = await transaction(db, async (trx) => {
    const [row] = (await trx('preprocessor_jobs')
      .insert({ supplier_id: supplierId, file_name: file.name, file_key: key, created_by: actor?.userId ?? null })
      .returning('id')) as { id: number }[];
    // Its matching job, in the same transaction: the file is matched exactly when its upload commits.
    await addJobs(trx, [{ queue: 'location-preprocessor', data: { jobId: Number(row!.id) } }]);
    await recordAudit(trx, actor, {
      organizationId: supplierId,
      action: 'LOCATION_PREPROCESSOR_UPLOADED',
      entityType: 'preprocessor_job',
      entityId: row!.id,
      after: { fileName: file.name, size: file.size, supplierId },
    });
    return Number(row!.id);
  });
  return { id, status: 'PENDING' };
}

/** PUT /{id}: removes the job (DEACTIVATED); its rows stay for the record. Audited. */
export async function removeJob(db: Knex, actor: Actor, id: number): Promise<JobView> {
  await transaction(db, async (trx) => {
    const before = (await trx('preprocessor_jobs').where({ id }).forUpdate().first('status', 'supplier_id')) as
      | { status: JobStatus; supplier_id: number }
      | undefined;
    if (!before) throw new NotFoundError('JOB_NOT_FOUND');
    if (before.status === 'DEACTIVATED') return;
    await trx('preprocessor_jobs')
      .where({ id })
      .update({ status: 'DEACTIVATED', claimed_by: null, updated_at: trx.fn.now() });
    await recordAudit(trx, actor, {
      organizationId: Number(before.supplier_id),
      action: 'LOCATION_PREPROCESSOR_REMOVED',
      entityType: 'preprocessor_job',
      entityId: id,
      before: { status: before.status },
      after: { status: 'DEACTIVATED' },
    });
  });
  return jobView(await jobRecord(db, id));
}
