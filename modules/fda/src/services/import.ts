import { transaction } from '@portal/core';
import type { Knex } from 'knex';
import { checkRecord, type FdaKind, type FdaRow } from './records.js';
import { type ReadProgress, readRecords } from './reader.js';

export interface Refusal {
  position: string;
  reason: string;
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  /** Each refused record's position and reason (the first MAX_REFUSALS; `refused` counts them all). */
  refusals: Refusal[];
  /** The files (or zip entries) that hold no records: an empty `results` array, an empty array, no lines. */
  empty: string[];
  byKind: Record<FdaKind, number>;
}

export interface ImportOptions {
  kind?: FdaKind;
  batchSize?: number;
  onProgress?: (p: ReadProgress & { file: string; records: number }) => void;
}

export const MAX_REFUSALS = 1000;
const BATCH = 1000;

const TABLES = {
  device: { table: 'fda_device_recalls', key: 'product_res_number', event: 'res_event_number' },
  enforcement: { table: 'fda_enforcement_reports', key: 'recall_number', event: 'event_id' },
} as const;

type Pending = Record<string, unknown> & FdaRow;

/**
 * A device recall's classification is its enforcement report's (openFDA's device recall records carry none; issue 36
 * item 10), kept in its column for the devices list's column and filter: set for the recalls of a batch of recalls
 * (their reports may be in already) and for the recalls of a batch of device reports (the report came later). A
 * recall whose own record has a classification keeps it. Both sides by their unique keys.
 */
async function classifyDeviceRecalls(trx: Knex.Transaction, which: keyof typeof TABLES, keys: string[]): Promise<void> {
  const batch = which === 'device' ? 'd.product_res_number' : 'e.recall_number';
  await trx.raw(
    `UPDATE fda_device_recalls d SET classification = e.classification
     FROM fda_enforcement_reports e
     WHERE ${batch} = ANY(?) AND e.recall_number = d.product_res_number AND e.kind = 'device'
       AND d.record->>'classification' IS NULL AND d.classification IS DISTINCT FROM e.classification`,
    [keys],
  );
}

/**
 * Upserts one batch of one table: a row whose record did not change is left alone (the WHERE of DO UPDATE), so a
 * re-import counts it unchanged and keeps its `updated_at`. The unfiltered totals move in the same transaction.
 */
async function flush(db: Knex, which: keyof typeof TABLES, rows: Pending[], summary: ImportSummary): Promise<void> {
  if (!rows.length) return;
  const { table, key } = TABLES[which];
  // One parameter per batch: the rows travel as one JSON array that PostgreSQL turns into rows of the table's type
  // (arrays to text[], objects to jsonb), instead of 25 bound values per row. Column names are this file's own.
  const columns = Object.keys(rows[0]!);
  const list = columns.map((c) => `"${c}"`).join(', ');
  const set = columns
    .filter((c) => c !== key)
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(', ');
  const kind = which === 'device' ? `'device-recall'` : `kind || '-enforcement'`;
  const changed = await transaction(db, async (trx) => {
    // A crash can lose the last batches' commits, never mix them: a re-import puts them back (the upsert is idempotent).
    await trx.raw('SET LOCAL synchronous_commit = off');
    const result = await trx.raw(
      `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, ?::jsonb)
       ON CONFLICT (${key}) DO UPDATE SET ${set}, updated_at = now()
       WHERE ${table}.record IS DISTINCT FROM excluded.record
       RETURNING (xmax = 0) AS inserted, ${kind} AS list`,
      [JSON.stringify(rows)],
    );
    const changed = (result as { rows: { inserted: boolean; list: FdaKind }[] }).rows;
    const created = new Map<FdaKind, number>();
    for (const row of changed) if (row.inserted) created.set(row.list, (created.get(row.list) ?? 0) + 1);
    for (const [list, n] of [...created].sort()) {
      await trx('fda_counts').where({ list }).increment('total', n);
    }
    await classifyDeviceRecalls(
      trx,
      which,
      rows.map((row) => String(row[key])),
    );
    return changed;
  });
  // Counted once committed: a rerun of the transaction (after a deadlock) must not count its rows twice.
  const inserted = changed.filter((row) => row.inserted).length;
  summary.created += inserted;
  summary.updated += changed.length - inserted;
  summary.unchanged += rows.length - changed.length;
}

/**
 * `pnpm cli fda import` and the scheduled job: reads every record under `target`, checks each (a bad one is refused
 * with its position and reason; the rest goes in) and upserts them in batches, one transaction per batch. A batch is
 * sent early when a key repeats inside it (one statement cannot update a row twice).
 */
export async function importFda(db: Knex, target: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const summary: ImportSummary = {
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: 0,
    refusals: [],
    empty: [],
    byKind: { 'device-recall': 0, 'device-enforcement': 0, 'drug-enforcement': 0 },
  };
  const size = options.batchSize ?? BATCH;
  const pending = { device: new Map<string, Pending>(), enforcement: new Map<string, Pending>() };
  let records = 0;
  let last: ReadProgress & { file: string } = { bytes: 0, totalBytes: 0, file: target };
  const refuse = (position: string, reason: string) => {
    summary.refused += 1;
    if (summary.refusals.length < MAX_REFUSALS) summary.refusals.push({ position, reason });
  };
  for await (const item of readRecords(target, (p) => {
    last = p;
  })) {
    if ('empty' in item) {
      summary.empty.push(item.position);
      continue;
    }
    records += 1;
    if ('error' in item) refuse(item.position, item.error);
    else {
      const checked = checkRecord(item.value, options.kind);
      if (!checked.ok) refuse(item.position, checked.reason);
      else {
        const which = checked.kind === 'device-recall' ? 'device' : 'enforcement';
        const { key, event } = TABLES[which];
        const batch = pending[which];
        if (batch.has(checked.key)) {
          await flush(db, which, [...batch.values()], summary);
          batch.clear();
        }
        batch.set(checked.key, {
          [key]: checked.key,
          [event]: checked.eventNumber,
          ...(which === 'enforcement' ? { kind: checked.kind === 'device-enforcement' ? 'device' : 'drug' } : {}),
          ...checked.row,
        });
        summary.byKind[checked.kind] += 1;
        if (batch.size >= size) {
          await flush(db, which, [...batch.values()], summary);
          batch.clear();
        }
      }
    }
    if (records % 500 === 0) options.onProgress?.({ ...last, records });
  }
  await flush(db, 'device', [...pending.device.values()], summary);
  await flush(db, 'enforcement', [...pending.enforcement.values()], summary);
  options.onProgress?.({ ...last, bytes: last.totalBytes, records });
  return summary;
}
