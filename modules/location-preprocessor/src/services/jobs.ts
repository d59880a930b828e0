import type { Knex } from 'knex';
import {
  type Actor,
  checkUpload,
  ConflictError,
  type FileResult,
  type FileStore,
  fileResult,
  type ListPage,
  type ListSpec,
  mimeOf,
  newFileKey,
  NotFoundError,
  parseListQuery,
  recordAudit,
  runList,
  ValidationError,
  transaction,
} from '@portal/core';
import {
  findOrganizationCard,
  organizationsView,
  resolveSupplierName,
  upsertPreprocessedLocations,
  usersView,
} from '@portal/organizations';
import { INPUT_MESSAGES, readInputRows, SUPPLIER_FIELDS, sheetExtension } from './input.js';
import type { LocationInput } from './matcher.js';
import { normalizeName } from './normalize.js';
import type { Decision } from './score.js';

export const JOB_STATUSES = ['PENDING', 'IN PROGRESS', 'COMPLETED', 'ERROR', 'DEACTIVATED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A supplier file is at most this large (a 100,000-row CSV is about 15 MB). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export const JOB_MESSAGES = {
  notFound: 'Pre-processor job not found.',
  rowNotFound: 'Row not found.',
  supplierRequired: 'Choose the supplier the file belongs to.',
  unknownSupplier: 'Unknown supplier.',
  fileRequired: 'Attach the location file (.csv or .xlsx).',
  fileType: INPUT_MESSAGES.fileType,
  notReviewable: 'The job is not open for review (it is still matching, completed, removed or failed).',
  unknownProvider: 'Unknown known provider.',
  decisionRequired: 'Give knownProviderId to accept a provider, or decision UNMATCHED.',
} as const;

export interface JobView {
  id: number;
  supplierId: number;
  supplierName: string;
  fileName: string;
  status: JobStatus;
  totalRows: number;
  processedRows: number;
  matchedRows: number;
  reviewRows: number;
  unmatchedRows: number;
  createdAt: string;
  createdBy: string | null;
  completedAt: string | null;
}

export interface CandidateView {
  knownProviderId: number;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  externalId: string | null;
  score: number;
}

export interface RowView {
  id: number;
  rowNumber: number;
  input: LocationInput;
  decision: Decision;
  confidence: number;
  knownProviderId: number | null;
  knownProviderName: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  candidates: CandidateView[];
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

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

function jobView(j: JobRecord): JobView {
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

async function jobRecord(db: Knex, id: number): Promise<JobRecord> {
  const row = (await selectJob(db)(jobs(db).where('j.id', id)).first()) as JobRecord | undefined;
  if (!row) throw new NotFoundError(JOB_MESSAGES.notFound);
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

type RowRecord = {
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

async function rowViews(db: Knex, rows: RowRecord[]): Promise<RowView[]> {
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

function rowQuery(db: Knex, jobId: number): Knex.QueryBuilder {
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
  if ((await store.size(job.file_key)) === null) throw new NotFoundError('File not found.');
  return fileResult(job.file_name, mimeOf(sheetExtension(job.file_name) ?? 'csv'), store.stream(job.file_key));
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
  if (!text) throw new ValidationError(JOB_MESSAGES.supplierRequired);
  const id = /^\d{1,15}$/.test(text) ? Number(text) : await resolveSupplierName(db, text);
  const card = id ? await findOrganizationCard(db, id) : undefined;
  const org = card?.type === 'SUPPLIER' && card.status !== 'DEACTIVATED' ? card : null;
  if (!org) throw new ValidationError(JOB_MESSAGES.unknownSupplier);
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
  if (!upload) throw new ValidationError(JOB_MESSAGES.fileRequired);
  const file = checkUpload(upload, ['csv', 'xlsx'], JOB_MESSAGES.fileType, MAX_FILE_BYTES);
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
    if (!before) throw new NotFoundError(JOB_MESSAGES.notFound);
    if (before.status === 'DEACTIVATED') return;
    await trx('preprocessor_jobs')
      .where({ id })
      .update({ status: 'DEACTIVATED', lease_until: null, claimed_by: null, updated_at: trx.fn.now() });
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

/** A job the operator may review: matching finished, not completed, removed or failed. */
async function lockReviewable(trx: Knex.Transaction, id: number): Promise<{ supplier_id: number }> {
  const job = (await trx('preprocessor_jobs').where({ id }).forUpdate().first('status', 'matched_at', 'supplier_id')) as
    | { status: JobStatus; matched_at: Date | null; supplier_id: number }
    | undefined;
  if (!job) throw new NotFoundError(JOB_MESSAGES.notFound);
  if (job.status !== 'IN PROGRESS' || !job.matched_at) throw new ConflictError(JOB_MESSAGES.notReviewable);
  return job;
}

const COUNT_COLUMN: Record<Decision, string> = {
  MATCHED: 'matched_rows',
  REVIEW: 'review_rows',
  UNMATCHED: 'unmatched_rows',
};

/** Moves the job's counters after rows changed decision. */
async function moveCounts(trx: Knex.Transaction, jobId: number, moves: { from: Decision; to: Decision }[]) {
  const delta: Record<string, number> = { matched_rows: 0, review_rows: 0, unmatched_rows: 0 };
  for (const m of moves) {
    delta[COUNT_COLUMN[m.from]]! -= 1;
    delta[COUNT_COLUMN[m.to]]! += 1;
  }
  await trx('preprocessor_jobs')
    .where({ id: jobId })
    .update({
      matched_rows: trx.raw('matched_rows + ?', [delta.matched_rows!]),
      review_rows: trx.raw('review_rows + ?', [delta.review_rows!]),
      unmatched_rows: trx.raw('unmatched_rows + ?', [delta.unmatched_rows!]),
      updated_at: trx.fn.now(),
    });
}

/**
 * Decisions feed the registry: the row's name becomes an alias of the provider for this supplier, and its customer
 * number the supplier's CUSTOMER identifier of the provider, so the supplier's next file matches at once.
 */
async function learn(
  trx: Knex.Transaction,
  supplierId: number,
  accepted: { knownProviderId: number; input: LocationInput }[],
): Promise<void> {
  const aliases = accepted
    .filter((a) => a.input.name?.trim())
    .map((a) => ({
      known_provider_id: a.knownProviderId,
      supplier_id: supplierId,
      alias: a.input.name.trim(),
      alias_norm: normalizeName(a.input.name),
    }))
    .filter((a) => a.alias_norm);
  for (let i = 0; i < aliases.length; i += 1000)
    await trx('known_provider_aliases')
      .insert(aliases.slice(i, i + 1000))
      .onConflict(trx.raw('(known_provider_id, coalesce(supplier_id, 0), alias_norm)') as unknown as string)
      .ignore();
  const numbers = new Map<string, number>();
  for (const a of accepted)
    if (a.input.customerNumber?.trim()) numbers.set(a.input.customerNumber.trim(), a.knownProviderId);
  const ids = [...numbers].map(([value, known_provider_id]) => ({
    kind: 'CUSTOMER',
    value,
    supplier_id: supplierId,
    known_provider_id,
  }));
  for (let i = 0; i < ids.length; i += 1000)
    await trx('known_provider_identifiers')
      .insert(ids.slice(i, i + 1000))
      .onConflict(trx.raw('(kind, value, coalesce(supplier_id, 0))') as unknown as string)
      .merge(['known_provider_id']);
}

/** PUT /{id}/rows/{rowId}: accept a provider (a candidate or any other) or mark the row unmatched. Audited. */
export async function decideRow(
  db: Knex,
  actor: Actor,
  jobId: number,
  rowId: number,
  body: { knownProviderId?: number; decision?: 'UNMATCHED' },
): Promise<RowView> {
  if (body.knownProviderId === undefined && body.decision !== 'UNMATCHED')
    throw new ValidationError(JOB_MESSAGES.decisionRequired);
  await transaction(db, async (trx) => {
    const job = await lockReviewable(trx, jobId);
    const row = (await trx('preprocessor_job_rows').where({ id: rowId, job_id: jobId }).forUpdate().first()) as
      | (RowRecord & { known_provider_id: number | null })
      | undefined;
    if (!row) throw new NotFoundError(JOB_MESSAGES.rowNotFound);
    let after: { decision: Decision; known_provider_id: number | null; confidence: number };
    if (body.knownProviderId !== undefined) {
      const known = await trx('known_providers').where({ id: body.knownProviderId }).first('id');
      if (!known) throw new ValidationError(JOB_MESSAGES.unknownProvider);
      const candidate = row.candidates.find((c) => Number(c.knownProviderId) === body.knownProviderId);
      after = {
        decision: 'MATCHED',
        known_provider_id: body.knownProviderId,
        // A provider the operator found by search is as certain as the operator.
        confidence: candidate ? candidate.score : 1,
      };
      await learn(trx, Number(job.supplier_id), [{ knownProviderId: body.knownProviderId, input: row.input }]);
    } else {
      after = { decision: 'UNMATCHED', known_provider_id: null, confidence: Number(row.confidence) };
    }
    await trx('preprocessor_job_rows')
      .where({ id: rowId })
      .update({ ...after, decided_by: actor.userId, decided_at: trx.fn.now() });
    await moveCounts(trx, jobId, [{ from: row.decision, to: after.decision }]);
    await recordAudit(trx, actor, {
      organizationId: Number(job.supplier_id),
      action: 'LOCATION_PREPROCESSOR_ROW_DECIDED',
      entityType: 'preprocessor_job_row',
      entityId: rowId,
      before: { decision: row.decision, knownProviderId: row.known_provider_id },
      after: { jobId, decision: after.decision, knownProviderId: after.known_provider_id },
    });
  });
  const [record] = (await rowQuery(db, jobId).where('r.id', rowId)) as RowRecord[];
  return (await rowViews(db, [record!]))[0]!;
}

/** POST /{id}/bulk-accept: every REVIEW row whose best candidate scores at least minConfidence takes it. Audited. */
export async function bulkAccept(
  db: Knex,
  actor: Actor,
  jobId: number,
  minConfidence: number,
): Promise<{ accepted: number }> {
  return transaction(db, async (trx) => {
    const job = await lockReviewable(trx, jobId);
    const updated = (
      (await trx.raw(
        `UPDATE preprocessor_job_rows SET decision = 'MATCHED',
           known_provider_id = (candidates->0->>'knownProviderId')::bigint,
           decided_by = ?, decided_at = now()
         WHERE job_id = ? AND decision = 'REVIEW' AND confidence >= ? AND jsonb_array_length(candidates) > 0
           AND EXISTS (SELECT 1 FROM known_providers k WHERE k.id = (candidates->0->>'knownProviderId')::bigint)
         RETURNING id, known_provider_id, input`,
        [actor.userId, jobId, minConfidence],
      )) as { rows: { id: number; known_provider_id: number; input: LocationInput }[] }
    ).rows;
    await learn(
      trx,
      Number(job.supplier_id),
      updated.map((r) => ({ knownProviderId: Number(r.known_provider_id), input: r.input })),
    );
    await moveCounts(
      trx,
      jobId,
      updated.map(() => ({ from: 'REVIEW' as const, to: 'MATCHED' as const })),
    );
    await recordAudit(trx, actor, {
      organizationId: Number(job.supplier_id),
      action: 'LOCATION_PREPROCESSOR_BULK_ACCEPTED',
      entityType: 'preprocessor_job',
      entityId: jobId,
      after: { minConfidence, accepted: updated.length, rowIds: updated.slice(0, 1000).map((r) => Number(r.id)) },
    });
    return { accepted: updated.length };
  });
}

/**
 * POST /{id}/complete: the MATCHED rows become the supplier's locations (organisations module), mapped to the
 * provider organisation or site of the known provider, verification PENDING; REVIEW and UNMATCHED rows are skipped.
 * A row's Location ID is its customer number, or LPP-<job>-<row> when the file has none. The job is COMPLETED.
 */
export async function completeJob(
  db: Knex,
  actor: Actor,
  jobId: number,
): Promise<{ created: number; updated: number; skipped: number }> {
  const job = await transaction(db, async (trx) => {
    const locked = await lockReviewable(trx, jobId);
    // Claim the completion so a second call (or replica) cannot run it twice.
    await trx('preprocessor_jobs').where({ id: jobId }).update({ status: 'COMPLETED', completed_at: trx.fn.now() });
    return locked;
  });
  try {
    const rows = (await db('preprocessor_job_rows as r')
      .join('known_providers as k', 'k.id', 'r.known_provider_id')
      .where({ 'r.job_id': jobId, 'r.decision': 'MATCHED' })
      .orderBy('r.row_number')
      .select('r.row_number', 'r.input', 'k.organization_id', 'k.site_id')) as {
      row_number: number;
      input: LocationInput;
      organization_id: number | null;
      site_id: number | null;
    }[];
    const byLocationId = new Map<string, Parameters<typeof upsertPreprocessedLocations>[3][number]>();
    for (const r of rows) {
      const locationId = (r.input.customerNumber?.trim() || `LPP-${jobId}-${r.row_number}`).slice(0, 100);
      byLocationId.set(locationId, {
        location_id: locationId,
        location_name: (r.input.name?.trim() || locationId).slice(0, 300),
        address1: r.input.address?.trim() || null,
        city: r.input.city?.trim() || null,
        state: r.input.state?.trim().toUpperCase() || null,
        zip: r.input.zip?.trim() || null,
        provider_organization_id: r.site_id ? Number(r.site_id) : r.organization_id ? Number(r.organization_id) : null,
      });
    }
    const done = await upsertPreprocessedLocations(db, actor, Number(job.supplier_id), [...byLocationId.values()], {
      jobId,
    });
    const total = (await db('preprocessor_jobs').where({ id: jobId }).first('total_rows', 'matched_rows')) as {
      total_rows: number;
      matched_rows: number;
    };
    const skipped = total.total_rows - total.matched_rows;
    await recordAudit(db, actor, {
      organizationId: Number(job.supplier_id),
      action: 'LOCATION_PREPROCESSOR_COMPLETED',
      entityType: 'preprocessor_job',
      entityId: jobId,
      before: { status: 'IN PROGRESS' },
      after: { status: 'COMPLETED', ...done, skipped },
    });
    return { ...done, skipped };
  } catch (error) {
    await db('preprocessor_jobs').where({ id: jobId }).update({ status: 'IN PROGRESS', completed_at: null });
    throw error;
  }
}
