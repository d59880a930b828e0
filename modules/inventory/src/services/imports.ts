import type { Knex } from 'knex';
import {
  type Actor,
  AppError,
  addJobs,
  cellText,
  checkUpload,
  ConflictError,
  type FileResult,
  type FileStore,
  messagePart,
  type MessagePart,
  newFileKey,
  NotFoundError,
  readSheet,
  recordAudit,
  type ReportFormat,
  reportFile,
  sheet,
  transaction,
  ValidationError,
} from '@portal/core';
import {
  type ColumnMapping,
  guessHeaderRow,
  type HeaderMapping,
  IDENTIFIER_FIELDS,
  type InventoryField,
  type InventoryKind,
  inventoryFields,
  proposeMapping,
} from '@portal/vocabulary';
import { ownerOf } from './scope.js';

export const INVENTORY_IMPORT_QUEUE = 'inventory-import';
/** An uploaded file is at most this large through the API (the CLI reads any size from disk). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** The first rows shown for choosing the header row. */
export const PREVIEW_ROWS = 10;
const PREVIEW_COLUMNS = 60;
const PREVIEW_CELL = 200;

export type ImportStatus = 'UPLOADED' | 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';

export interface ImportRecord {
  id: number;
  organization_id: number;
  kind: InventoryKind;
  status: ImportStatus;
  file_name: string;
  file_key: string;
  extension: 'csv' | 'xlsx';
  header_row: number;
  mapping: ColumnMapping | null;
  total_rows: number;
  processed_rows: number;
  created_rows: number;
  updated_rows: number;
  unchanged_rows: number;
  refused_rows: number;
  error_message: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface ImportView {
  id: number;
  kind: InventoryKind;
  status: ImportStatus;
  file_name: string;
  header_row: number;
  mapping: ColumnMapping | null;
  total_rows: number;
  processed_rows: number;
  created_rows: number;
  updated_rows: number;
  unchanged_rows: number;
  refused_rows: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

export function importView(r: ImportRecord): ImportView {
  return {
    id: Number(r.id),
    kind: r.kind,
    status: r.status,
    file_name: r.file_name,
    header_row: r.header_row,
    mapping: r.mapping,
    total_rows: r.total_rows,
    processed_rows: r.processed_rows,
    created_rows: r.created_rows,
    updated_rows: r.updated_rows,
    unchanged_rows: r.unchanged_rows,
    refused_rows: r.refused_rows,
    created_at: iso(r.created_at)!,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

/** One import of the caller's organisation, or the designed 404 (another organisation's included). */
export async function loadImport(
  db: Knex | Knex.Transaction,
  actor: Actor,
  id: number,
  lock = false,
): Promise<ImportRecord> {
  const q = db('inventory_imports').where({ id, organization_id: ownerOf(actor) });
  if (lock) q.forNoKeyUpdate();
  const row = (await q.first()) as ImportRecord | undefined;
  if (!row) throw new NotFoundError('INVENTORY_IMPORT_NOT_FOUND');
  return row;
}

/** The first rows of a file as text (for choosing the header row and the columns). */
export async function previewRows(extension: 'csv' | 'xlsx', data: Buffer, count = PREVIEW_ROWS): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readSheet(extension, data)) {
    rows.push(row.cells.slice(0, PREVIEW_COLUMNS).map((c) => cellText(c).slice(0, PREVIEW_CELL)));
    if (rows.length >= count) break;
  }
  return rows;
}

export async function rememberedMapping(
  db: Knex | Knex.Transaction,
  organizationId: number,
  kind: InventoryKind,
): Promise<HeaderMapping | null> {
  const row = (await db('inventory_mappings').where({ organization_id: organizationId, kind }).first('mapping')) as
    | { mapping: HeaderMapping }
    | undefined;
  return row?.mapping ?? null;
}

export interface UploadAnswer {
  import: ImportView;
  fields: InventoryField[];
  preview: string[][];
  header_row: number;
  mapping: ColumnMapping;
  remembered: HeaderMapping | null;
}

/**
 * POST /provider/inventory/imports: stores the file (CSV in any encoding a spreadsheet writes, or XLSX), and answers
 * its first rows, the header row found and the mapping proposed (the last confirmed mapping first, then the headers'
 * synonyms). Nothing is imported until the mapping is confirmed (`startImport`).
 */
export async function uploadImport(
  db: Knex,
  actor: Actor,
  store: FileStore,
  kind: InventoryKind,
  upload: { name: string; data: Buffer } | undefined,
  options: { maxBytes?: number } = {},
): Promise<UploadAnswer> {
  const organizationId = ownerOf(actor);
  if (!upload) throw new ValidationError('INVENTORY_FILE_REQUIRED');
  const file = await checkUpload(
    upload,
    ['csv', 'xlsx'],
    'UNSUPPORTED_FILE_TYPE.spreadsheet',
    options.maxBytes ?? MAX_UPLOAD_BYTES,
  );
  const extension = file.extension as 'csv' | 'xlsx';
  const preview = await previewRows(extension, file.data);
  if (preview.length === 0) throw new ValidationError('INVENTORY_FILE_EMPTY');
  const key = newFileKey('inventory', file.name);
  await store.put(key, file.data);
  const remembered = await rememberedMapping(db, organizationId, kind);
  const headerRow = guessHeaderRow(kind, preview);
  const mapping = proposeMapping(kind, preview[headerRow - 1] ?? [], remembered);
  const [row] = (await db('inventory_imports')
    .insert({
      organization_id: organizationId,
      kind,
      file_name: file.name,
      file_key: key,
      extension,
      header_row: headerRow,
      created_by: actor.userId,
    })
    .returning('*')) as ImportRecord[];
  return {
    import: importView(row!),
    fields: [...inventoryFields(kind)],
    preview,
    header_row: headerRow,
    mapping,
    remembered,
  };
}

/** A file read from disk (the CLI, the bench): the same as an upload, without the API's size cap. */
export function createImportFromFile(
  db: Knex,
  actor: Actor,
  store: FileStore,
  kind: InventoryKind,
  file: { name: string; data: Buffer },
): Promise<UploadAnswer> {
  return uploadImport(db, actor, store, kind, file, { maxBytes: Number.MAX_SAFE_INTEGER });
}

/** Checks a confirmed mapping against the header row: known columns, one field a column, an identifier. */
export function checkMapping(kind: InventoryKind, headers: readonly string[], mapping: ColumnMapping): ColumnMapping {
  const allowed = new Set<string>(inventoryFields(kind));
  const clean: ColumnMapping = {};
  const used = new Map<number, string>();
  for (const [field, column] of Object.entries(mapping)) {
    if (!allowed.has(field) || column === undefined || column === null) continue;
    if (column >= headers.length) throw new ValidationError('INVENTORY_MAPPING_COLUMN', { column: column + 1 });
    if (used.has(column))
      throw new ValidationError('INVENTORY_MAPPING_TWICE', { column: headers[column] || column + 1 });
    used.set(column, field);
    clean[field as InventoryField] = column;
  }
  if (!IDENTIFIER_FIELDS.some((f) => clean[f] !== undefined))
    throw new ValidationError('INVENTORY_MAPPING_NO_IDENTIFIER');
  return clean;
}

/**
 * POST /provider/inventory/imports/:id/start: the confirmed header row and mapping; remembers the mapping (by header)
 * for the organisation's next file of the kind and queues the import's job in the same transaction. Audited.
 * `queue: false` (the CLI, which runs the import itself) adds no job.
 */
export async function startImport(
  db: Knex,
  actor: Actor,
  store: FileStore,
  id: number,
  input: { header_row: number; mapping: ColumnMapping },
  options: { queue?: boolean } = {},
): Promise<ImportView> {
  const before = await loadImport(db, actor, id);
  if (before.status !== 'UPLOADED') throw new ConflictError('INVENTORY_IMPORT_STARTED');
  const rows = await previewRows(before.extension, await store.read(before.file_key), input.header_row);
  const headers = rows[input.header_row - 1];
  if (!headers) throw new ValidationError('INVENTORY_HEADER_ROW_MISSING', { row: input.header_row });
  const mapping = checkMapping(before.kind, headers, input.mapping);
  const byHeader: HeaderMapping = {};
  for (const [field, column] of Object.entries(mapping))
    if (headers[column]) byHeader[field as InventoryField] = headers[column];
  const row = await transaction(db, async (trx) => {
    const current = await loadImport(trx, actor, id, true);
    if (current.status !== 'UPLOADED') throw new ConflictError('INVENTORY_IMPORT_STARTED');
    const [updated] = (await trx('inventory_imports')
      .where({ id })
      .update({
        status: 'QUEUED',
        header_row: input.header_row,
        mapping: JSON.stringify(mapping),
        updated_at: trx.fn.now(),
      })
      .returning('*')) as ImportRecord[];
    await trx('inventory_mappings')
      .insert({
        organization_id: current.organization_id,
        kind: current.kind,
        mapping: JSON.stringify(byHeader),
        updated_by: actor.userId,
      })
      .onConflict(['organization_id', 'kind'])
      .merge({ mapping: JSON.stringify(byHeader), updated_by: actor.userId, updated_at: trx.fn.now() });
    if (options.queue !== false) await addJobs(trx, [{ queue: INVENTORY_IMPORT_QUEUE, data: { importId: id } }]);
    await recordAudit(trx, actor, {
      organizationId: current.organization_id,
      action: 'INVENTORY_IMPORT_STARTED',
      entityType: 'inventory_import',
      entityId: id,
      after: { kind: current.kind, fileName: current.file_name, headerRow: input.header_row, mapping: byHeader },
    });
    return updated!;
  });
  return importView(row);
}

export interface RefusalView {
  row_number: number;
  value: string | null;
  reason: MessagePart;
}

type RefusalRecord = {
  row_number: number;
  reason: string;
  params: Record<string, string | number>;
  value: string | null;
};

const refusalPart = (r: RefusalRecord): MessagePart =>
  // biome-ignore lint/suspicious/noExplicitAny: stored keys are the catalogue's INVENTORY_ROW.* keys
  (messagePart as any)(r.reason, r.params);

/** GET /provider/inventory/imports/:id: progress, counts and the first refused rows with their reasons. */
export async function getImport(db: Knex, actor: Actor, id: number): Promise<ImportView & { refusals: RefusalView[] }> {
  const row = await loadImport(db, actor, id);
  const refusals = (await db('inventory_import_refusals')
    .where({ import_id: id })
    .orderBy('row_number')
    .limit(20)
    .select('row_number', 'reason', 'params', 'value')) as RefusalRecord[];
  return {
    ...importView(row),
    refusals: refusals.map((r) => ({ row_number: r.row_number, value: r.value, reason: refusalPart(r) })),
  };
}

/** GET /provider/inventory/imports: the organisation's last 20 imports, newest first. */
export async function listImports(db: Knex, actor: Actor): Promise<ImportView[]> {
  const rows = (await db('inventory_imports')
    .where({ organization_id: ownerOf(actor) })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)) as ImportRecord[];
  return rows.map(importView);
}

/** GET /provider/inventory/imports/:id/refusals/:format: every refused row with its reason, as a file. */
export async function refusalsFile(
  db: Knex,
  actor: Actor,
  id: number,
  format: ReportFormat,
  timezone: string,
  onError: (err: unknown) => void,
): Promise<FileResult> {
  const imp = await loadImport(db, actor, id);
  async function* rows(): AsyncGenerator<RefusalRecord[]> {
    let after = 0;
    for (;;) {
      const batch = (await db('inventory_import_refusals')
        .where({ import_id: imp.id })
        .where('row_number', '>', after)
        .orderBy('row_number')
        .limit(1000)
        .select('row_number', 'reason', 'params', 'value')) as RefusalRecord[];
      if (batch.length) yield batch;
      if (batch.length < 1000) return;
      after = batch[batch.length - 1]!.row_number;
    }
  }
  return reportFile(
    'Refused Rows',
    format,
    [
      sheet<RefusalRecord>({
        name: 'Refused rows',
        columns: [
          { header: 'Row', value: (r) => r.row_number },
          { header: 'Reason', value: (r) => refusalPart(r).message },
          { header: 'Value', value: (r) => r.value },
        ],
        rows: rows(),
      }),
    ],
    timezone,
    onError,
  );
}

/** A stored file that cannot be read again (removed from the store) fails the import, not the server. */
export function importFailure(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return error instanceof Error ? error.message.slice(0, 500) : 'The import failed.';
}
