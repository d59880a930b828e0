import type { Knex } from 'knex';
import {
  addJobs,
  cellText,
  copyInto,
  type CsvScan,
  type FileStore,
  type JobHandler,
  readSheet,
  recordAudit,
  scanCsv,
  type SheetSource,
  transaction,
} from '@portal/core';
import type { InventoryKind } from '@portal/vocabulary';
import { inventoryChanged } from './changes.js';
import { type ImportRecord, INVENTORY_IMPORT_QUEUE, importFailure, importView, type ImportView } from './imports.js';
import { COMPARED, type InventoryRecord, mapRow, type Refusal } from './rows.js';
import { sitesByName } from './scope.js';

/**
 * Rows written per transaction: one COPY, one upsert. Measured on a 1,000,000-row item master (bench:udi), one batch
 * at a time with a look-up of its keys: 5,000 took 74.5 s, 10,000 70.7 s, 20,000 62.0-62.7 s; two batches at a time,
 * 55.0-60.0 s (four runs), the upsert's index upkeep being most of it.
 */
export const IMPORT_BATCH = 20000;

const TABLE: Record<InventoryKind, { table: string; key: string; extra: string[] }> = {
  items: { table: 'inventory_items', key: 'item_key', extra: ['expiry_date', 'department'] },
  purchases: {
    table: 'purchase_history',
    key: 'purchase_key',
    extra: ['supplier_name', 'purchased_on', 'order_number'],
  },
};

const SHARED_COLUMNS = [
  'site_id',
  'location',
  'gtin',
  'udi_di',
  'manufacturer',
  'manufacturer_norm',
  'catalogue_number',
  'catalogue_norm',
  'model',
  'model_norm',
  'description',
  'lot',
  'lot_norm',
  'serial',
  'serial_norm',
  'quantity',
  'search_text',
  'import_id',
  'source_row',
] as const;

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
}

type Pending = { row: number; record: InventoryRecord };
type RefusedRow = { row: number; refusal: Refusal; value: string | null };

/**
 * Writes one batch in the caller's transaction: COPYs its rows into a temporary table and upserts them in one
 * INSERT ... ON CONFLICT whose update applies only to a row that changed (the compared columns) and that an earlier
 * batch of this import did not write; PostgreSQL counts what it created and updated, and the same statement looks up
 * only the rows that were neither: unchanged, or repeated (a key an earlier batch of this import committed, in this
 * run or before it was interrupted: refused). The batch's keys are unique within it and the batches in flight
 * (`runImport` refuses those as it reads them), and the rows are sent once.
 */
async function writeBatch(
  trx: Knex.Transaction,
  imp: ImportRecord,
  pending: Pending[],
  refused: RefusedRow[],
): Promise<Counts> {
  const { table, key, extra } = TABLE[imp.kind];
  const compared = COMPARED[imp.kind];
  const counts: Counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  if (pending.length) {
    const columns = ['organization_id', key, ...SHARED_COLUMNS, ...extra];
    const stage = `inventory_stage_${imp.kind}`;
    await trx.raw(`CREATE TEMP TABLE ${stage} (LIKE ${table} INCLUDING DEFAULTS) ON COMMIT DROP`);
    // Each value read from the mapped record as COPY writes it: no second object per row.
    await copyInto(trx, stage, columns, pending, (p, column) => {
      if (column === 'organization_id') return imp.organization_id;
      if (column === key) return p.record.key;
      if (column === 'import_id') return imp.id;
      if (column === 'source_row') return p.row;
      return (p.record as unknown as Record<string, unknown>)[column] ?? null;
    });
    const list = columns.map((c) => `"${c}"`).join(', ');
    const set = columns
      .filter((c) => c !== 'organization_id' && c !== key)
      .map((c) => `"${c}" = EXCLUDED."${c}"`)
      .join(', ');
    const mine = compared.map((c) => `t."${c}"`).join(', ');
    const theirs = compared.map((c) => `EXCLUDED."${c}"`).join(', ');
    // One statement: xmax is 0 on a row it inserted and set on one it updated (PostgreSQL's upsert idiom); a staged row
    // it neither inserted nor updated existed before it (the statement's snapshot still shows that row), and only those
    // are looked up, one probe of the key's unique index each (LIMIT 1 keeps the planner from joining the item master
    // as a whole: the temporary table has no statistics). Found with this import's id under another row: repeated.
    const written = (await trx.raw(
      `WITH w AS (
         INSERT INTO ${table} AS t (${list}) SELECT ${list} FROM ${stage}
         ON CONFLICT (organization_id, ${key}) DO UPDATE SET ${set}, updated_at = now(), imported_at = now()
         WHERE t.import_id IS DISTINCT FROM EXCLUDED.import_id AND (${mine}) IS DISTINCT FROM (${theirs})
         RETURNING t."${key}" AS k, (t.xmax = 0) AS created),
       missed AS MATERIALIZED (
         SELECT s.organization_id, s."${key}" AS k, s.import_id, s.source_row FROM ${stage} s
         WHERE NOT EXISTS (SELECT 1 FROM w WHERE w.k = s."${key}"))
       SELECT (SELECT count(*) FILTER (WHERE created) FROM w)::int AS created,
              (SELECT count(*) FILTER (WHERE NOT created) FROM w)::int AS updated,
              (SELECT count(*) FROM missed)::int AS missed,
              (SELECT coalesce(json_agg(json_build_array(m.source_row, r.first)), '[]'::json) FROM missed m
               CROSS JOIN LATERAL (
                 SELECT t.source_row AS first FROM ${table} t
                 WHERE t.organization_id = m.organization_id AND t."${key}" = m.k
                   AND t.import_id = m.import_id AND t.source_row <> m.source_row
                 LIMIT 1) r) AS repeated`,
    )) as { rows: { created: number; updated: number; missed: number; repeated: [number, number][] }[] };
    const result = written.rows[0]!;
    counts.created = result.created;
    counts.updated = result.updated;
    for (const [row, first] of result.repeated)
      refused.push({ row, refusal: { key: 'INVENTORY_ROW.duplicate', params: { row: first } }, value: null });
    counts.unchanged = result.missed - result.repeated.length;
  }
  counts.refused = refused.length;
  if (refused.length)
    await copyInto(
      trx,
      'inventory_import_refusals',
      ['import_id', 'row_number', 'reason', 'params', 'value'],
      refused.map((r) => ({
        import_id: imp.id,
        row_number: r.row,
        reason: r.refusal.key,
        params: JSON.stringify(r.refusal.params ?? {}),
        value: r.value?.slice(0, 500) ?? null,
      })),
    );
  return counts;
}

/** Rows in a file, for the progress bar before the rows are read: CSV lines (a quoted line break counts twice). */
async function estimateRows(imp: ImportRecord, source: SheetSource, scan: CsvScan | null): Promise<number> {
  if (scan) return Math.max(0, scan.lines - imp.header_row);
  let n = 0;
  for await (const _ of readSheet('xlsx', source)) n++;
  return Math.max(0, n - imp.header_row);
}

export interface RunOptions {
  /** Called after each batch commits (the CLI's progress bar). */
  onProgress?: (view: ImportView) => void;
  /** Stop between batches and hand the rest to a new job (the job queue's deadline). */
  deadline?: AbortSignal;
  batchSize?: number;
}

/**
 * Runs a QUEUED (or interrupted RUNNING) import: reads the stored file from its header row, skips the rows already
 * committed (`processed_rows`), maps and writes them a batch a transaction, and finishes it DONE with an audit row and
 * the change listeners (matching again) in the last transaction. A file that cannot be read fails the import (FAILED,
 * with the reason); the rows already written stay. Answers the import as it ends, or null when there was nothing to do.
 */
export async function runImport(
  db: Knex,
  store: FileStore,
  importId: number,
  options: RunOptions = {},
): Promise<ImportView | null> {
  const claimed = (await db('inventory_imports')
    .where({ id: importId })
    .whereIn('status', ['QUEUED', 'RUNNING'])
    .update({ status: 'RUNNING', started_at: db.raw('coalesce(started_at, now())'), updated_at: db.fn.now() })
    .returning('*')) as ImportRecord[];
  let imp = claimed[0];
  if (!imp) return null;
  const batchSize = options.batchSize ?? IMPORT_BATCH;
  const inFlight: Promise<void>[] = [];
  try {
    // The stored file is streamed, never held: a CSV is scanned once for its encoding and lines, then read.
    const fileKey = imp.file_key;
    const open = () => store.stream(fileKey);
    const scan = imp.extension === 'csv' ? await scanCsv(open()) : null;
    const data: SheetSource = { open, encoding: scan?.encoding };
    if (imp.total_rows === 0) {
      const total = await estimateRows(imp, data, scan);
      await db('inventory_imports').where({ id: imp.id }).update({ total_rows: total });
      imp = { ...imp, total_rows: total };
    }
    const sites = await sitesByName(db, imp.organization_id);
    let headers: string[] = [];
    let rowIndex = 0;
    let dataIndex = 0;
    let pending: Pending[] = [];
    let refused: RefusedRow[] = [];
    // Two batches are written at once on two connections (PostgreSQL's index upkeep is the import's bottleneck, and
    // the machine has two cores), but they commit in file order: a batch waits for the one before it to commit before
    // it counts its rows, so `processed_rows` always names a committed prefix of the file and a resumed import skips
    // exactly that. Keys are unique across the batches in flight (`firstRowOf`), so the two never write the same row.
    const flush = async (before: Promise<void> | undefined) => {
      const batchRows = pending.length + refused.length;
      const p = pending;
      const r = refused;
      pending = [];
      refused = [];
      const current = imp!;
      const updated = await transaction(db, async (trx) => {
        const counts = await writeBatch(trx, current, p, [...r]);
        if (before) await before; // a failure there rolls this batch back too
        const [row] = (await trx('inventory_imports')
          .where({ id: current.id })
          .update({
            processed_rows: trx.raw('processed_rows + ?', [batchRows]),
            created_rows: trx.raw('created_rows + ?', [counts.created]),
            updated_rows: trx.raw('updated_rows + ?', [counts.updated]),
            unchanged_rows: trx.raw('unchanged_rows + ?', [counts.unchanged]),
            refused_rows: trx.raw('refused_rows + ?', [counts.refused]),
            updated_at: trx.fn.now(),
          })
          .returning('*')) as ImportRecord[];
        return row!;
      });
      imp = updated;
      options.onProgress?.(importView(updated));
    };
    const ctx = { kind: imp.kind, mapping: imp.mapping ?? {}, headers, sites };
    const resumeAfter = imp.processed_rows;
    // The first row of each key in the batch being read and in the batches still writing, so that no key is in two
    // uncommitted batches (one would wait on the other's row) nor twice in one upsert. A key repeated from a batch
    // that has committed is refused by the database instead (writeBatch), which keeps this set at three batches
    // whatever the file's length.
    let batchKeys = new Map<string, number>();
    const inFlightKeys: Map<string, number>[] = [];
    const firstRowOf = (key: string) => batchKeys.get(key) ?? inFlightKeys.find((m) => m.has(key))?.get(key);
    // Up to two batches are in flight while the next is read and mapped.
    const write = async () => {
      if (inFlight.length >= 2) {
        await inFlight.shift();
        inFlightKeys.shift();
      }
      const writing = flush(inFlight.at(-1));
      writing.catch(() => undefined); // awaited below; marked handled so a failure waits for its turn
      inFlight.push(writing);
      inFlightKeys.push(batchKeys);
      batchKeys = new Map();
    };
    const settle = async () => {
      while (inFlight.length) {
        await inFlight.shift();
        inFlightKeys.shift();
      }
    };
    for await (const row of readSheet(imp.extension, data)) {
      rowIndex++;
      if (rowIndex < imp.header_row) continue;
      if (rowIndex === imp.header_row) {
        headers = row.cells.map((c) => cellText(c));
        ctx.headers = headers;
        continue;
      }
      dataIndex++;
      if (dataIndex <= resumeAfter) continue;
      const mapped = mapRow(row.cells, ctx);
      if (mapped.ok) {
        const first = firstRowOf(mapped.record.key);
        if (first === undefined) {
          batchKeys.set(mapped.record.key, row.line);
          pending.push({ row: row.line, record: mapped.record });
        } else
          refused.push({
            row: row.line,
            refusal: { key: 'INVENTORY_ROW.duplicate', params: { row: first } },
            value: null,
          });
      } else refused.push({ row: row.line, refusal: mapped.refusal, value: mapped.value });
      if (pending.length + refused.length >= batchSize) {
        await write();
        if (options.deadline?.aborted) {
          await settle();
          await addJobs(db, [{ queue: INVENTORY_IMPORT_QUEUE, data: { importId: imp.id } }]);
          return importView(imp);
        }
      }
    }
    if (pending.length + refused.length) await write();
    await settle();
    const done = imp;
    return await transaction(db, async (trx) => {
      const [row] = (await trx('inventory_imports')
        .where({ id: done.id })
        .update({
          status: 'DONE',
          total_rows: done.processed_rows,
          finished_at: trx.fn.now(),
          updated_at: trx.fn.now(),
        })
        .returning('*')) as ImportRecord[];
      await recordAudit(trx, null, {
        organizationId: done.organization_id,
        action: 'INVENTORY_IMPORT_FINISHED',
        entityType: 'inventory_import',
        entityId: done.id,
        after: {
          kind: done.kind,
          fileName: done.file_name,
          rows: done.processed_rows,
          created: done.created_rows,
          updated: done.updated_rows,
          unchanged: done.unchanged_rows,
          refused: done.refused_rows,
        },
      });
      if (done.created_rows + done.updated_rows > 0)
        await inventoryChanged(trx, {
          organizationId: Number(done.organization_id),
          kind: done.kind,
          importId: Number(done.id),
          created: done.created_rows,
          updated: done.updated_rows,
        });
      const view = importView(row!);
      options.onProgress?.(view);
      return view;
    });
  } catch (error) {
    await Promise.allSettled(inFlight); // the batches still writing roll back before the import is marked failed
    const message = importFailure(error);
    const current = imp;
    await transaction(db, async (trx) => {
      await trx('inventory_imports')
        .where({ id: current.id })
        .update({ status: 'FAILED', error_message: message, finished_at: trx.fn.now(), updated_at: trx.fn.now() });
      await recordAudit(trx, null, {
        organizationId: current.organization_id,
        action: 'INVENTORY_IMPORT_FAILED',
        entityType: 'inventory_import',
        entityId: current.id,
        after: { kind: current.kind, fileName: current.file_name, error: message, rows: current.processed_rows },
      });
    });
    const failed = (await db('inventory_imports').where({ id: current.id }).first()) as ImportRecord;
    options.onProgress?.(importView(failed));
    return importView(failed);
  }
}

/** The job queue's handler of `inventory-import` (a job per import, added when its mapping is confirmed). */
export function inventoryImportHandler(db: Knex, store: FileStore): JobHandler {
  return async (job, context) => {
    const importId = Number((job.data as { importId?: unknown }).importId);
    if (!Number.isSafeInteger(importId)) return { skipped: 1 } as Record<string, number>;
    const view = await runImport(db, store, importId, { deadline: context.deadline });
    const out: Record<string, number> = view
      ? { processed: view.processed_rows, refused: view.refused_rows }
      : { skipped: 1 };
    return out;
  };
}
