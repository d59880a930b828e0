import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '@portal/core';
import { startTestApp, type TestApp } from '@portal/testing';
import { type ImportView, runImport } from './index.js';

// The import job itself, batch by batch: two batches are written at once but commit in file order, a key repeated in
// another batch (in flight, or committed before an interruption) is refused, and a resumed import ends exactly where a
// whole run would.

let t: TestApp;
let store: LocalFileStore;
let orgId = 0;
let userId = 0;

beforeAll(async () => {
  t = await startTestApp();
  store = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'inventory-batches-')));
  orgId = Number(
    ((await t.db('organizations').where({ name: 'Lakeshore Medical Center' }).first('id')) as { id: number }).id,
  );
  userId = Number(((await t.db('users').where({ email: 'admin@lakeshore.demo' }).first('id')) as { id: number }).id);
});
afterAll(() => t.close());

const GTIN = '00884521062859';
const row = (lot: string, qty: number, gtin = GTIN) => `${gtin},${lot},${qty}`;

async function queued(lines: string[]): Promise<number> {
  const key = `inventory/batches-${Date.now()}-${Math.random()}.csv`;
  await store.put(key, Buffer.from(['GTIN,Lot,Qty', ...lines].join('\n')));
  const [imp] = (await t
    .db('inventory_imports')
    .insert({
      organization_id: orgId,
      kind: 'items',
      status: 'QUEUED',
      file_name: 'batches.csv',
      file_key: key,
      extension: 'csv',
      header_row: 1,
      mapping: JSON.stringify({ gtin: 0, lot: 1, quantity: 2 }),
      created_by: userId,
    })
    .returning('id')) as { id: number }[];
  return Number(imp!.id);
}

describe('the import job, two batches at a time', () => {
  it('commits in file order, refuses keys repeated across batches, and resumes where it stopped', async () => {
    // Already in the item master: A (quantity 1) and B (quantity 1).
    const first = await runImport(t.db, store, await queued([row('A', 1), row('B', 1)]));
    expect(first).toMatchObject({ status: 'DONE', created_rows: 2 });

    const id = await queued([
      row('A', 1), // line 2: unchanged
      row('C', 1), // line 3: created
      row('B', 2), // line 4: updated
      row('A', 1, '00884521062857'), // line 5: wrong check digit
      row('C', 5), // line 6: repeats line 3, committed before the interruption
      row('D', 1), // line 7: created
      row('D', 2), // line 8: repeats line 7, whose batch may still be writing
      row('E', 1), // line 9: created
      row('F', 1), // line 10: created
      row('G', 1), // line 11: created
      row('H', 1), // line 12: created
      row('D', 3), // line 13: repeats line 7, whose batch this run has committed (the database refuses it)
    ]);
    // Interrupted as the job queue's deadline would: the deadline has passed, so the first batch is written and the
    // rest is handed to a new job.
    const progress: number[] = [];
    const onProgress = (view: ImportView) => progress.push(view.processed_rows);
    const stopped = await runImport(t.db, store, id, { batchSize: 2, deadline: AbortSignal.abort(), onProgress });
    expect(stopped).toMatchObject({ status: 'RUNNING', processed_rows: 2, created_rows: 1, unchanged_rows: 1 });
    expect(await t.db('inventory_items').where({ import_id: id }).pluck('source_row')).toEqual([3]);
    const handedOn = await t.db.raw(
      `SELECT 1 FROM pgboss.job WHERE name = 'inventory-import' AND data->>'importId' = ?`,
      [String(id)],
    );
    expect(handedOn.rows).toHaveLength(1);

    const done = await runImport(t.db, store, id, { batchSize: 2, onProgress });
    expect(progress).toEqual([2, 4, 6, 8, 10, 12, 12]);
    expect(done).toMatchObject({
      status: 'DONE',
      processed_rows: 12,
      total_rows: 12,
      created_rows: 6,
      updated_rows: 1,
      unchanged_rows: 1,
      refused_rows: 4,
    });
    const refusals = (await t
      .db('inventory_import_refusals')
      .where({ import_id: id })
      .orderBy('row_number')
      .select('row_number', 'reason', 'params')) as { row_number: number; reason: string; params: object }[];
    expect(refusals).toEqual([
      { row_number: 5, reason: 'INVENTORY_ROW.gtinCheckDigit', params: { value: '00884521062857', expected: '9' } },
      { row_number: 6, reason: 'INVENTORY_ROW.duplicate', params: { row: 3 } },
      { row_number: 8, reason: 'INVENTORY_ROW.duplicate', params: { row: 7 } },
      { row_number: 13, reason: 'INVENTORY_ROW.duplicate', params: { row: 7 } },
    ]);
    const items = (await t
      .db('inventory_items')
      .where({ organization_id: orgId })
      .orderBy('lot')
      .select('lot', 'quantity')) as { lot: string; quantity: number }[];
    expect(items).toEqual([
      { lot: 'A', quantity: 1 },
      { lot: 'B', quantity: 2 },
      { lot: 'C', quantity: 1 },
      { lot: 'D', quantity: 1 },
      { lot: 'E', quantity: 1 },
      { lot: 'F', quantity: 1 },
      { lot: 'G', quantity: 1 },
      { lot: 'H', quantity: 1 },
    ]);
  });

  it('fails the import when a batch fails, and the batch in flight behind it rolls back', async () => {
    const before = await t.db('inventory_items').where({ organization_id: orgId }).count({ n: '*' });
    // A constraint the mapper knows nothing of refuses lot I in the database: its batch (I, J) fails, and the batch
    // behind it (K) must not commit either.
    const id = await queued([row('M', 1), row('N', 1), row('I', 1), row('J', 1), row('K', 1)]);
    await t.ownerDb.raw(
      `ALTER TABLE inventory_items ADD CONSTRAINT batches_test_no_i CHECK (lot IS DISTINCT FROM 'I') NOT VALID`,
    );
    try {
      const failed = await runImport(t.db, store, id, { batchSize: 2 });
      expect(failed).toMatchObject({ status: 'FAILED', processed_rows: 2 });
    } finally {
      await t.ownerDb.raw('ALTER TABLE inventory_items DROP CONSTRAINT batches_test_no_i');
    }
    const lots = await t.db('inventory_items').where({ import_id: id }).orderBy('lot').pluck('lot');
    expect(lots).toEqual(['M', 'N']);
    const after = await t.db('inventory_items').where({ organization_id: orgId }).count({ n: '*' });
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 2);
  });
});
