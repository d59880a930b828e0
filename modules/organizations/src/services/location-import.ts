import type { Knex } from 'knex';
import {
  type Actor,
  AppError,
  cellText,
  type FileResult,
  type FileStore,
  fileResult,
  type ListPage,
  type ListSpec,
  mimeOf,
  newFileKey,
  NotFoundError,
  parseListQuery,
  readSheet,
  recordAudit,
  runList,
  sanitizeFileName,
  extensionOf,
  checkContent,
  messageText,
  ValidationError,
  transaction,
  type RowOf,
} from '@portal/core';
import { takeExactFilters } from './common.js';
import { locationValues, matchProviders } from './location-writes.js';
import type { SupplierLocationInput } from './locations.js';
import type { locationFileDetailSchema } from '../location-answer-schemas.js';
import type { locationFileSchema } from '../location-answer-schemas.js';

export const BATCH_SIZE = 1000;
/** At most this many row errors are kept on the file (error_count holds the full count). */
export const MAX_KEPT_ERRORS = 1000;

export type LocationFileError = RowOf<(typeof locationFileDetailSchema)['properties']['errors']['items']>;

export type LocationFile = RowOf<typeof locationFileSchema>;

export interface LocationFileDetail extends LocationFile {
  errors: LocationFileError[];
  location_count: number;
}

/** Header names a file may use for each column (compared lower-case, letters and digits only). */
const HEADERS: Record<string, keyof SupplierLocationInput> = {
  locationid: 'location_id',
  accountid: 'location_id',
  accountnumber: 'location_id',
  shiptoid: 'location_id',
  shipto: 'location_id',
  providerid: 'location_id',
  customerid: 'location_id',
  locationname: 'location_name',
  name: 'location_name',
  accountname: 'location_name',
  hospitalname: 'location_name',
  customername: 'location_name',
  idn: 'idn',
  address1: 'address1',
  address: 'address1',
  addressline1: 'address1',
  street: 'address1',
  address2: 'address2',
  addressline2: 'address2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  zipcode: 'zip',
  postalcode: 'zip',
  type: 'type',
  locationtype: 'type',
  hospitaltype: 'type',
  email: 'email',
  emails: 'email',
  emailaddress: 'email',
  recipientemail: 'email',
  recipientemails: 'email',
  notisphereid: 'notisphere_id',
};

const normalise = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Which input column each position of the header row feeds (null: ignored). */
function headerMap(header: string[]): (keyof SupplierLocationInput | null)[] {
  const seen = new Set<string>();
  return header.map((h) => {
    const key = HEADERS[normalise(h)] ?? null;
    if (!key || seen.has(key)) return null;
    seen.add(key);
    return key;
  });
}

interface RawRow {
  line: number;
  cells: string[];
}

/** The rows of a location file as text cells, from the one spreadsheet reader of core. */
async function* textRows(extension: 'csv' | 'xlsx', data: Buffer): AsyncGenerator<RawRow> {
  for await (const row of readSheet(extension, data)) yield { line: row.line, cells: row.cells.map(cellText) };
}

export interface ImportCounts {
  row_count: number;
  inserted_count: number;
  updated_count: number;
  error_count: number;
  errors: LocationFileError[];
}

type Row = Required<SupplierLocationInput>;

/**
 * Upserts one batch by (organization, location_id) among non-deleted locations; the last row of a location id wins.
 * Matches rows to provider organisations first. Answers how many were inserted and updated.
 */
async function upsertBatch(
  trx: Knex.Transaction,
  actor: Actor,
  fileId: number,
  batch: Row[],
): Promise<{ inserted: number; updated: number }> {
  const byId = new Map<string, Row>();
  for (const r of batch) byId.set(r.location_id, r);
  const rows = [...byId.values()];
  const providers = await matchProviders(trx, rows);
  const insert = trx('supplier_locations')
    .insert(
      rows.map((r, i) => ({
        ...r,
        organization_id: actor.organizationId,
        location_file_id: fileId,
        provider_organization_id: providers[i] ?? null,
        status: 'ACTIVE',
      })),
    )
    .toSQL();
  const updated = [
    'location_file_id',
    'location_name',
    'idn',
    'address1',
    'address2',
    'city',
    'state',
    'zip',
    'type',
    'email',
    'notisphere_id',
    'provider_organization_id',
  ]
    .map((c) => `"${c}" = EXCLUDED."${c}"`)
    .join(', ');
  const result = (await trx.raw(
    `${insert.sql} ON CONFLICT (organization_id, location_id) WHERE status <> 'DELETED' DO UPDATE SET ${updated}, updated_at = now() RETURNING (xmax = 0) AS inserted`,
    insert.bindings as readonly Knex.Value[],
  )) as { rows: { inserted: boolean }[] };
  const inserted = result.rows.filter((r) => r.inserted).length;
  return { inserted, updated: result.rows.length - inserted };
}

/** Reads, validates and upserts every row of a location file in batches; a bad row is reported with its line and reason. */
async function importRows(
  trx: Knex.Transaction,
  actor: Actor,
  fileId: number,
  source: AsyncGenerator<RawRow>,
): Promise<ImportCounts> {
  const counts: ImportCounts = { row_count: 0, inserted_count: 0, updated_count: 0, error_count: 0, errors: [] };
  let columns: (keyof SupplierLocationInput | null)[] | null = null;
  let batch: Row[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const done = await upsertBatch(trx, actor, fileId, batch);
    counts.inserted_count += done.inserted;
    counts.updated_count += done.updated;
    batch = [];
  };
  for await (const { line, cells } of source) {
    if (!columns) {
      columns = headerMap(cells);
      if (!columns.includes('location_id') || !columns.includes('location_name'))
        throw new ValidationError('LOCATION_COLUMNS_MISSING');
      continue;
    }
    counts.row_count += 1;
    const input: Partial<Record<keyof SupplierLocationInput, string>> = {};
    columns.forEach((key, i) => {
      if (key) input[key] = cells[i] ?? '';
    });
    const { values, errors } = locationValues(input as SupplierLocationInput);
    if (errors.length) {
      counts.error_count += 1;
      if (counts.errors.length < MAX_KEPT_ERRORS)
        counts.errors.push({
          line,
          location_id: values.location_id || null,
          message: errors.map((e) => e.message).join('; '),
        });
      continue;
    }
    batch.push(values);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  if (!columns) throw new ValidationError('LOCATION_FILE_NO_ROWS');
  await flush();
  return counts;
}

/**
 * Uploads a location file (CSV or XLSX): the original is stored, a file row records the job, then every row is
 * imported in one transaction (so a failure leaves no half import) and the file row receives the counts and the
 * row errors. A file that cannot be read at all ends in status ERROR with the reason.
 */
export async function uploadLocationFile(
  db: Knex,
  actor: Actor,
  store: FileStore,
  files: { field: string; name: string; data: Buffer }[],
): Promise<LocationFileDetail> {
  const file = files[0];
  if (!file) throw new ValidationError('UPLOAD_FAILED');
  const name = sanitizeFileName(file.name);
  const extension = extensionOf(name);
  if (file.data.length === 0) throw new ValidationError('UPLOAD_FAILED');
  if (extension !== 'csv' && extension !== 'xlsx') throw new AppError(415, 'UNSUPPORTED_FILE_TYPE.locationFile');
  await checkContent(extension, file.data);
  const key = newFileKey(`organizations/${actor.organizationId}/location-files`, name);
  await store.put(key, file.data);
  const fileId = await transaction(db, async (trx) => {
    const [row] = await trx('supplier_location_files')
      .insert({
        organization_id: actor.organizationId,
        name,
        file_key: key,
        status: 'IN PROGRESS',
        uploaded_by: actor.userId,
      })
      .returning('id');
    const id = (row as { id: number }).id;
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'LOCATION_FILE_UPLOADED',
      entityType: 'supplier_location_file',
      entityId: id,
      after: { name, size: file.data.length },
    });
    return id;
  });
  try {
    await transaction(db, async (trx) => {
      const counts = await importRows(trx, actor, fileId, textRows(extension, file.data));
      const status =
        counts.error_count > 0 && counts.inserted_count + counts.updated_count === 0 ? 'ERROR' : 'COMPLETED';
      await trx('supplier_location_files')
        .where({ id: fileId })
        .update({
          ...counts,
          errors: JSON.stringify(counts.errors),
          status,
          completed_at: trx.fn.now(),
          updated_at: trx.fn.now(),
        });
      await recordAudit(trx, actor, {
        organizationId: actor.organizationId,
        action: 'LOCATION_FILE_IMPORTED',
        entityType: 'supplier_location_file',
        entityId: fileId,
        before: { status: 'IN PROGRESS' },
        after: { status, ...counts, errors: undefined },
      });
    });
  } catch (error) {
    const message = error instanceof ValidationError ? error.message : messageText('FILE_UNREADABLE');
    await transaction(db, async (trx) => {
      await trx('supplier_location_files')
        .where({ id: fileId })
        .update({
          status: 'ERROR',
          errors: JSON.stringify([{ line: 0, location_id: null, message }]),
          error_count: 1,
          completed_at: trx.fn.now(),
          updated_at: trx.fn.now(),
        });
      await recordAudit(trx, actor, {
        organizationId: actor.organizationId,
        action: 'LOCATION_FILE_FAILED',
        entityType: 'supplier_location_file',
        entityId: fileId,
        before: { status: 'IN PROGRESS' },
        after: { status: 'ERROR', message },
      });
    });
    // A database failure is the server's problem, not the file's: it still answers a 500.
    if (typeof (error as { severity?: unknown }).severity === 'string') throw error;
  }
  return getLocationFile(db, actor, fileId);
}

export const locationFileList: ListSpec = {
  fields: {
    id: 'f.id',
    name: 'f.name',
    status: 'f.status',
    row_count: 'f.row_count',
    error_count: 'f.error_count',
    created_at: 'f.created_at',
    uploaded_by_name: 'u.last_name',
  },
  searchColumns: ['f.name'],
  defaultSort: [{ column: 'f.created_at', direction: 'desc' }],
};

const FILE_COLUMNS = [
  'f.id',
  'f.organization_id',
  'f.name',
  'f.status',
  'f.row_count',
  'f.inserted_count',
  'f.updated_count',
  'f.error_count',
  'f.uploaded_by',
  'f.completed_at',
  'f.created_at',
  'f.updated_at',
];

function fileRows(db: Knex, actor: Actor): Knex.QueryBuilder {
  return db('supplier_location_files as f')
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .where('f.organization_id', actor.organizationId);
}

const selectFile = (db: Knex) => (qb: Knex.QueryBuilder) =>
  qb.select(...FILE_COLUMNS, db.raw(`trim(u.first_name || ' ' || u.last_name) as uploaded_by_name`));

export async function listLocationFiles(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
): Promise<ListPage<LocationFile>> {
  const { rest, exact } = takeExactFilters(raw, ['status']);
  const base = fileRows(db, actor);
  if (exact.status) base.whereRaw('upper(f.status) = upper(?)', [exact.status]);
  return runList<LocationFile>(
    base,
    parseListQuery(rest, locationFileList),
    locationFileList,
    'f.id',
    selectFile(db),
    'f.updated_at',
  );
}

export async function getLocationFile(db: Knex, actor: Actor, id: number): Promise<LocationFileDetail> {
  const row = (await selectFile(db)(fileRows(db, actor).where('f.id', id))
    .select(
      'f.errors',
      db.raw(
        `(SELECT count(*)::int FROM supplier_locations sl WHERE sl.location_file_id = f.id AND sl.status <> 'DELETED') as location_count`,
      ),
    )
    .first()) as LocationFileDetail | undefined;
  if (!row) throw new NotFoundError('LOCATION_FILE_NOT_FOUND');
  return row;
}

/** The original upload, as it was sent. */
export async function downloadLocationFile(db: Knex, actor: Actor, store: FileStore, id: number): Promise<FileResult> {
  const row = (await db('supplier_location_files')
    .where({ id, organization_id: actor.organizationId })
    .first('name', 'file_key')) as { name: string; file_key: string } | undefined;
  if (!row) throw new NotFoundError('LOCATION_FILE_NOT_FOUND');
  if ((await store.size(row.file_key)) === null) throw new NotFoundError('FILE_NOT_FOUND');
  return fileResult(row.name, mimeOf(extensionOf(row.name)), store.stream(row.file_key));
}
