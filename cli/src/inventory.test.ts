import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@portal/core';
import { seedDemo } from '@portal/migrations';
import { createTestDatabase, DEMO_PASSWORD, type TestDatabase } from '@portal/testing';
import { CliError } from './context.js';
import { inventoryImport } from './commands/inventory.js';

let t: TestDatabase;
const dir = mkdtempSync(path.join(os.tmpdir(), 'inv-cli-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dir }) };

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, DEMO_PASSWORD);
});
afterAll(() => t.drop());

describe('pnpm cli inventory import', () => {
  it('imports a provider’s item master with the proposed mapping, then a second run changes nothing', async () => {
    const file = path.join(dir, 'master.csv');
    writeFileSync(
      file,
      [
        'Primary DI,Manufacturer,REF,Lot,Qty,Department',
        '00884521062859,Medtronic,CAT-100,L1,2,OR',
        '00884521062859,Medtronic,CAT-100,L2,1,ICU',
        '00884521062850,Medtronic,CAT-100,L3,1,ICU',
      ].join('\n'),
    );
    const first = await inventoryImport(t.db, config, file, { org: 'Riverside Health', batch: '2' });
    expect(first).toContain('DONE, 3 rows: 2 created, 0 updated, 0 unchanged, 1 refused');
    const second = await inventoryImport(t.db, config, file, { org: 'Riverside Health' });
    expect(second).toContain('3 rows: 0 created, 0 updated, 2 unchanged, 1 refused');
    const rows = await t.db('inventory_items').orderBy('lot').select('lot', 'department', 'quantity');
    expect(rows).toEqual([
      { lot: 'L1', department: 'OR', quantity: 2 },
      { lot: 'L2', department: 'ICU', quantity: 1 },
    ]);
    const audit = await t.db('audit_events').where({ entity_type: 'inventory_import' }).pluck('action');
    expect(audit.filter((a) => a === 'INVENTORY_IMPORT_FINISHED')).toHaveLength(2);
  });

  it('says what is wrong: an unknown provider, a supplier, a file without identifiers', async () => {
    const file = path.join(dir, 'x.csv');
    writeFileSync(file, 'Description,Qty\nStent,1\n');
    await expect(inventoryImport(t.db, config, file, { org: 'Nobody' })).rejects.toThrow(CliError);
    await expect(inventoryImport(t.db, config, file, { org: 'Acme Medical Devices' })).rejects.toThrow(/No provider/);
    await expect(inventoryImport(t.db, config, file, { org: 'Riverside Health' })).rejects.toThrow(
      /Map at least one of GTIN/,
    );
    await expect(
      inventoryImport(t.db, config, path.join(dir, 'missing.csv'), { org: 'Riverside Health' }),
    ).rejects.toThrow(/cannot read/);
  });
});
