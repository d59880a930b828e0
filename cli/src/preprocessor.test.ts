import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@portal/core';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { CliError } from './context.js';
import { importKnown, importLocations, matchLocations } from './commands/preprocessor.js';

let t: TestDatabase;
const dir = mkdtempSync(path.join(os.tmpdir(), 'lpp-cli-'));
const CMS_FILE = path.resolve(import.meta.dirname, '../../data/cms-hospitals/Hospital General Information.csv');
/** The header and the first 40 hospitals of the CMS file, bytes as they are. */
const slice = (() => {
  const lines = readFileSync(CMS_FILE, 'latin1').split(/\r?\n/).slice(0, 41);
  const file = path.join(dir, 'cms-slice.csv');
  writeFileSync(file, Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
  return file;
})();

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('pnpm cli providers import-known', () => {
  it('loads a CMS slice, and a second run changes nothing', async () => {
    const first = await importKnown(t.db, slice);
    expect(first).toContain('40 rows: 40 created, 0 updated, 0 unchanged, 0 refused');
    expect(await importKnown(t.db, slice)).toContain('40 rows: 0 created, 0 updated, 40 unchanged, 0 refused');
    const one = await t
      .db('known_providers as k')
      .join('known_provider_identifiers as x', 'x.known_provider_id', 'k.id')
      .where({ 'x.kind': 'CCN', 'x.value': '010001' })
      .first('k.name', 'k.zip5', 'k.phone', 'k.name_norm');
    expect(one).toEqual({
      name: 'SOUTHEAST ALABAMA MEDICAL CENTER',
      zip5: '36301',
      phone: '3347938701',
      name_norm: 'southeast alabama medical center',
    });
  });

  it('reads other layouts: Windows-1252 with other column names (updates by Facility ID), XLSX, and refuses bad rows', async () => {
    const cp1252 = path.join(dir, 'other.csv');
    writeFileSync(
      cp1252,
      // Windows-1252 (these letters have the same bytes in Latin-1).
      Buffer.from(
        [
          'Facility ID;Facility Name;Address;City/Town;State;ZIP Code;Telephone Number',
          '010001;SOUTHEAST ALABAMA MEDICAL CENTER;1108 ROSS CLARK CIRCLE;DOTHAN;AL;36301;(334) 793-8702',
          '999001;HÔPITAL SAINT-JÉRÔME;1 RUE PRINCIPALE;SPRINGFIELD;IL;62701;',
          ';NO ID HOSPITAL;1 MAIN;X;IL;62701;',
          '999002;BAD STATE;1 MAIN;X;Illinois;62701;',
        ]
          .join('\r\n')
          .replace(/;/g, ','),
        'latin1',
      ),
    );
    const out = await importKnown(t.db, cp1252);
    expect(out).toContain('4 rows: 1 created, 1 updated, 0 unchanged, 2 refused');
    expect(out).toContain('line 4: No identifier');
    expect(out).toContain('line 5: The state is not a two-letter code.');
    expect(await t.db('known_providers').where({ name: 'HÔPITAL SAINT-JÉRÔME' }).first('id')).toBeTruthy();

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Providers');
    sheet.addRow(['CCN', 'Hospital Name', 'Address', 'City', 'State', 'ZIP', 'Phone Number', 'NPI']);
    sheet.addRow(['999003', 'LAKE VIEW HOSPITAL', '5 LAKE RD', 'SPRINGFIELD', 'IL', 62702, '2175550000', '1234567890']);
    const xlsx = path.join(dir, 'providers.xlsx');
    await book.xlsx.writeFile(xlsx);
    expect(await importKnown(t.db, xlsx)).toContain('1 rows: 1 created');
    const ids = await t
      .db('known_provider_identifiers as x')
      .join('known_providers as k', 'k.id', 'x.known_provider_id')
      .where('k.name', 'LAKE VIEW HOSPITAL')
      .orderBy('x.kind')
      .select('x.kind', 'x.value');
    expect(ids).toEqual([
      { kind: 'CCN', value: '999003' },
      { kind: 'NPI', value: '1234567890' },
    ]);
  });
});

describe('pnpm cli locations match / import', () => {
  it('writes one line per data row: row, provider_id, confidence, decision, candidates', async () => {
    const file = path.join(dir, 'shipto.csv');
    writeFileSync(
      file,
      [
        'Customer Name,Street,City,State,Zip,Phone',
        'Southeast Alabama Med Ctr,1108 Ross Clark Cir,Dothan,AL,36301-0000,',
        'Somewhere Unknown Clinic,1 Nowhere Rd,Nome,AK,99762,',
      ].join('\n'),
    );
    const output = path.join(dir, 'out.csv');
    const summary = await matchLocations(t.db, file, { output });
    expect(summary).toContain('2 rows: 1 matched, 0 to review, 1 unmatched');
    const lines = readFileSync(output, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('row,provider_id,confidence,decision,candidates');
    expect(lines[1]).toMatch(/^1,010001,(0|1)\.\d{3},MATCHED,010001:\d\.\d{3}( \S+:\d\.\d{3}){0,2}$/);
    expect(lines[2]).toMatch(/^2,,\d\.\d{3},UNMATCHED,/);
    expect(lines).toHaveLength(3);
  });

  it('refuses an unreadable file, a wrong type and a file without a name column, clearly', async () => {
    const output = path.join(dir, 'never.csv');
    await expect(matchLocations(t.db, path.join(dir, 'missing.csv'), { output })).rejects.toThrow(
      /missing\.csv: cannot read the file \(ENOENT\)/,
    );
    await expect(matchLocations(t.db, path.join(dir, 'x.txt'), { output })).rejects.toThrow(/\.csv or \.xlsx/);
    const noName = path.join(dir, 'noname.csv');
    writeFileSync(noName, 'Street,City\n1 Main,Dothan\n');
    await expect(matchLocations(t.db, noName, { output })).rejects.toThrow(CliError);
    await expect(matchLocations(t.db, noName, { output })).rejects.toThrow(/no name column/);
  });

  it('creates a PENDING job for a supplier named on the command line', async () => {
    await t.db('organizations').insert({ type: 'SUPPLIER', name: 'Test Supplies Inc' });
    const file = path.join(dir, 'shipto.csv');
    const config = loadConfig({ DATABASE_URL: t.url, DATA_DIR: dir });
    const out = await importLocations(t.db, config, file, 'Test Supplies Inc');
    expect(out).toMatch(/^Pre-processor job \d+ created \(PENDING\)/);
    expect(await t.db('preprocessor_jobs').first('status', 'file_name')).toEqual({
      status: 'PENDING',
      file_name: 'shipto.csv',
    });
    await expect(importLocations(t.db, config, file, 'No Such Supplier')).rejects.toThrow(/Unknown supplier/);
  });

  it('exits non-zero with the message when run as a command', async () => {
    const run = promisify(execFile);
    const result = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        path.resolve(import.meta.dirname, 'index.ts'),
        'locations',
        'match',
        path.join(dir, 'missing.csv'),
        '--output',
        path.join(dir, 'o.csv'),
      ],
      { env: { ...process.env, DATABASE_URL: t.url } },
    ).catch((e: { code: number; stderr: string }) => e);
    expect((result as { code: number }).code).toBe(1);
    expect((result as { stderr: string }).stderr).toContain('cannot read the file');
  });
});
