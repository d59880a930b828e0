import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { repoRoot } from '@portal/core';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { importFda } from './services/import.js';
import { importDroppedFiles } from './services/import-job.js';
import { checkRecord, fdaDate } from './services/records.js';
import { shapeOf } from './services/reader.js';
import { ArraySplitter } from './services/split-array.js';

/** Import of every shape openFDA publishes, built from the real samples in data/openfda. */
const SAMPLES = path.join(repoRoot, 'data', 'openfda');
const sample = (name: string) => JSON.parse(readFileSync(path.join(SAMPLES, name), 'utf8'));
const deviceSample = sample('device-recall-examples.json');
const enforcementSample = sample('device-enforcement-examples.json');
const drugSample = sample('drug-enforcement-examples.json');

let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'fda-import-'));
});
afterAll(() => database.drop());

const db = () => database.db;
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
async function zip(name: string, entries: Record<string, string>): Promise<string> {
  const z = new yazl.ZipFile();
  for (const [entry, text] of Object.entries(entries)) z.addBuffer(Buffer.from(text), entry);
  z.end();
  const p = path.join(dir, name);
  await new Promise<void>((resolve, reject) =>
    z.outputStream.pipe(createWriteStream(p)).on('close', resolve).on('error', reject),
  );
  return p;
}

/** The device recall document: the sample's `{ meta, results }` with its second record (`record`) added. */
const deviceDocument = () => ({
  meta: deviceSample.anatomy.meta,
  results: [deviceSample.anatomy.results[0], deviceSample.record],
});
const drugReport = { ...drugSample.result, recall_number: 'D-0925-2013' };
const deviceReport = { ...enforcementSample.result, recall_number: 'Z-2105-2012' };

describe('reading one record', () => {
  it('takes YYYYMMDD, YYYY-MM-DD and MM/DD/YYYY dates and refuses impossible ones', () => {
    expect(fdaDate('20120716')).toBe('2012-07-16');
    expect(fdaDate('2013-02-19')).toBe('2013-02-19');
    expect(fdaDate('06/13/2012')).toBe('2012-06-13');
    expect(fdaDate('20120231')).toBeUndefined();
    expect(fdaDate('July 2012')).toBeUndefined();
  });

  it('guesses the kind, keeps the keys and the openfda block, and refuses what it cannot key', () => {
    const device = checkRecord(deviceSample.anatomy.results[0]);
    expect(device).toMatchObject({
      ok: true,
      kind: 'device-recall',
      key: 'Z-0053-2020',
      eventNumber: '82984',
      row: { status: 'Terminated', product_code: 'FOZ', initiation_date: '2019-05-17', termination_date: '2020-09-24' },
    });
    if (device.ok) expect(device.row.k_numbers).toContain('K900263');
    expect(checkRecord(deviceReport)).toMatchObject({ ok: true, kind: 'device-enforcement', eventNumber: '62561' });
    expect(checkRecord(drugReport)).toMatchObject({ ok: true, kind: 'drug-enforcement', key: 'D-0925-2013' });
    // The drug sample as published has no recall_number: refused with the reason.
    expect(checkRecord(drugSample.result)).toEqual({ ok: false, reason: 'recall_number is missing' });
    expect(checkRecord(drugReport, 'device-recall')).toEqual({
      ok: false,
      reason: 'a drug-enforcement record, not device-recall',
    });
    expect(checkRecord({ ...drugReport, recall_number: 'Z-0925-2013' })).toMatchObject({ ok: false });
    expect(checkRecord({ ...drugReport, report_date: '20131345' })).toEqual({
      ok: false,
      reason: 'report_date is not a date: 20131345',
    });
    expect(checkRecord([1, 2])).toEqual({ ok: false, reason: 'not a JSON object' });
  });

  it('tells a document from JSON lines by its head', () => {
    expect(shapeOf('{\n  "meta": {')).toBe('document');
    expect(shapeOf('\uFEFF{"results": [')).toBe('document');
    expect(shapeOf('{\n  "record": {')).toBe('document');
    expect(shapeOf('{"code-info": "x"}\n{"code-info": "y"}\n')).toBe('lines');
    expect(shapeOf('[{"a":1}]')).toBe('array');
    expect(shapeOf('<html>')).toBeUndefined();
  });
});

describe('cutting records out of a streamed document', () => {
  const split = (shape: 'document' | 'array', text: string, chunk: number) => {
    const s = new ArraySplitter(shape);
    const bytes = Buffer.from(text);
    const out = [];
    for (let i = 0; i < bytes.length; i += chunk) out.push(...s.push(bytes.subarray(i, i + chunk)));
    return [...out, ...s.end()];
  };
  const doc = JSON.stringify({
    meta: { results: [{ not: 'a record' }], note: 'a "results" string', n: [1, [2]] },
    results: [{ a: 'x]}{"\\', b: [1, { c: 'é ü 😀' }] }, { d: null }, 7, 'text'],
    after: [{ ignored: true }],
  });
  it('finds the results array after meta, whatever the chunk size, with strings, escapes and UTF-8 intact', () => {
    for (const size of [1, 2, 3, 7, 64, 100_000]) {
      const parsed = split('document', doc, size).map((e) => ('text' in e ? JSON.parse(e.text) : e));
      expect(parsed, String(size)).toEqual([{ a: 'x]}{"\\', b: [1, { c: 'é ü 😀' }] }, { d: null }, 7, 'text']);
    }
    expect(split('array', ' [ {"a":1} , {"b":2} ] ', 3).map((e) => ('text' in e ? JSON.parse(e.text) : e))).toEqual([
      { a: 1 },
      { b: 2 },
    ]);
  });
  it('reports a truncated file and hands a malformed record on (JSON.parse refuses it alone)', () => {
    expect(split('document', '{"results": [{"a": 1}, {"b": ', 5)).toEqual([
      { text: '{"a": 1}' },
      { error: 'the file ended inside a record (truncated JSON)' },
    ]);
    expect(split('document', '{"results": [{"a": 1}, {"b" 2}, {"c": 3}]}', 4)).toEqual([
      { text: '{"a": 1}' },
      { text: '{"b" 2}' },
      { text: '{"c": 3}' },
    ]);
  });
});

describe('pnpm cli fda import', () => {
  it('imports the JSON document, then re-imports it without duplicates, then counts a changed record as updated', async () => {
    const doc = file('device-recalls.json', JSON.stringify(deviceDocument(), null, 2));
    expect(await importFda(db(), doc)).toMatchObject({ created: 2, updated: 0, unchanged: 0, refused: 0 });
    const again = await importFda(db(), doc);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, refused: 0 });
    expect(await db()('fda_device_recalls').count({ n: '*' })).toEqual([{ n: 2 }]);
    const changed = deviceDocument();
    changed.results[0] = { ...changed.results[0], recall_status: 'Open, Classified' };
    const res = await importFda(db(), file('device-recalls-2.json', JSON.stringify(changed)));
    expect(res).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const row = await db()('fda_device_recalls').where({ product_res_number: 'Z-0053-2020' }).first();
    expect(row).toMatchObject({
      res_event_number: '82984',
      status: 'Open Classified',
      initiation_date: '2019-05-17',
      recalling_firm: 'Arrow International Inc',
      device_name: expect.any(String),
    });
    expect(row.openfda.k_number).toContain('K833092');
    expect(row.record.product_res_number).toBe('Z-0053-2020');
    expect(await db()('fda_counts').where({ list: 'device-recall' }).first('total')).toEqual({ total: 2 });
  });

  it('imports the bulk-download zip, reporting bad records by position and reason and keeping the rest', async () => {
    const results = [
      drugReport,
      drugSample.result,
      { ...drugReport, recall_number: 'D-0926-2013', report_date: 'soon' },
    ];
    const z = await zip('drug-enforcement-0001-of-0001.json.zip', {
      'drug-enforcement-0001-of-0001.json': JSON.stringify({ meta: drugSample.meta.meta, results }),
    });
    const res = await importFda(db(), z);
    expect(res).toMatchObject({ created: 1, updated: 0, unchanged: 0, refused: 2 });
    expect(res.refusals).toEqual([
      {
        position: 'drug-enforcement-0001-of-0001.json.zip:drug-enforcement-0001-of-0001.json record 2',
        reason: 'recall_number is missing',
      },
      {
        position: 'drug-enforcement-0001-of-0001.json.zip:drug-enforcement-0001-of-0001.json record 3',
        reason: 'report_date is not a date: soon',
      },
    ]);
    const row = await db()('fda_enforcement_reports').where({ recall_number: 'D-0925-2013' }).first();
    expect(row).toMatchObject({ kind: 'drug', event_id: '64372', status: 'Ongoing', initiation_date: '2013-02-19' });
  });

  it('imports JSON lines with the older hyphenated keys, devices and drugs only, and --kind keeps one kind', async () => {
    const lines = path.join(SAMPLES, 'ucm308307.json');
    const onlyDevices = await importFda(db(), lines, { kind: 'device-enforcement' });
    expect(onlyDevices.byKind).toEqual({ 'device-recall': 0, 'device-enforcement': 7, 'drug-enforcement': 0 });
    expect(onlyDevices.created).toBe(7);
    expect(onlyDevices.refusals).toContainEqual({
      position: 'ucm308307.json line 17',
      reason: 'a drug-enforcement record, not device-enforcement',
    });
    const all = await importFda(db(), lines);
    expect(all).toMatchObject({ created: 5, unchanged: 7 });
    expect(all.refusals).toContainEqual({
      position: 'ucm308307.json line 1',
      reason: 'a Food record (only devices and drugs are imported)',
    });
    expect(all.created + all.unchanged + all.refused).toBe(72);
    // The number comes out of the description; the hyphenated keys are stored underscored.
    const row = await db()('fda_enforcement_reports').where({ recall_number: 'Z-1707-2012' }).first();
    expect(row).toMatchObject({ kind: 'device', classification: 'Class II', report_date: '2012-06-13' });
    expect(row.code_info).toMatch(/513602/);
    expect(row.record).toMatchObject({ recall_number: 'Z-1707-2012', product_type: 'Devices' });
  });

  it('imports a folder of every shape, refusing a line that is not JSON, and a second run changes nothing', async () => {
    const folder = path.join(dir, 'drop');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'a-device-recalls.json'), JSON.stringify(deviceDocument(), null, 2));
    writeFileSync(path.join(folder, 'b-device-enforcement.json'), JSON.stringify({ results: [deviceReport] }));
    writeFileSync(
      path.join(folder, 'c-old.jsonl'),
      `${readFileSync(path.join(SAMPLES, 'one-recall.json'), 'utf8').trim()}\n{"recall_number": \n`,
    );
    writeFileSync(path.join(folder, 'notes.txt'), 'not read');
    const first = await importFda(db(), folder);
    expect(first.refusals).toEqual([{ position: 'c-old.jsonl line 2', reason: expect.stringMatching(/^not JSON/) }]);
    // The device recalls were changed by the test above: the sample's own status comes back as an update.
    expect(first).toMatchObject({ created: 2, updated: 1, unchanged: 1, refused: 1 });
    expect(await db()('fda_enforcement_reports').where({ recall_number: 'Z-1004-04' }).first('kind')).toEqual({
      kind: 'device',
    });
    const second = await importFda(db(), folder);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 4, refused: 1 });
  });

  it('sends a batch early when a key repeats in it, and counts the later copy as the update', async () => {
    const twice = {
      results: [
        { ...deviceReport, status: 'Completed' },
        { ...deviceReport, status: 'Terminated' },
      ],
    };
    const res = await importFda(db(), file('twice.json', JSON.stringify(twice)));
    expect(res).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    expect(await db()('fda_enforcement_reports').where({ recall_number: 'Z-2105-2012' }).first('status')).toEqual({
      status: 'Terminated',
    });
  });
});

describe('the fda-import job (FDA_IMPORT_DIR)', () => {
  it('imports each dropped file once even when two replicas run at the same time, recording its checksum', async () => {
    const drop = path.join(dir, 'watched');
    mkdirSync(drop);
    const doc = {
      results: [
        { ...drugReport, recall_number: 'D-0101-2024' },
        { ...drugReport, recall_number: 'D-0102-2024' },
      ],
    };
    writeFileSync(path.join(drop, 'drugs.json'), JSON.stringify(doc));
    const [a, b] = await Promise.all([importDroppedFiles(db(), drop), importDroppedFiles(db(), drop)]);
    expect(a.files + b.files).toBe(1);
    expect(a.created + b.created).toBe(2);
    const [row] = await db()('fda_import_files').where({ name: 'drugs.json' });
    expect(row).toMatchObject({ status: 'DONE', checksum: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(row.summary).toMatchObject({ created: 2, refused: 0 });
    // Nothing new: the next run reads nothing; a new file (other bytes) is imported.
    expect(await importDroppedFiles(db(), drop)).toMatchObject({ files: 0 });
    writeFileSync(
      path.join(drop, 'drugs-2.json'),
      JSON.stringify({ results: [{ ...drugReport, recall_number: 'D-0103-2024' }] }),
    );
    expect(await importDroppedFiles(db(), drop)).toMatchObject({ files: 1, created: 1 });
  });
});
