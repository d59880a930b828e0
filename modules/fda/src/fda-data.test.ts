import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@portal/core';
import { startTestApp, type TestApp } from '@portal/testing';
import { importFda } from './services/import.js';
import { LIST_TEXT_CHARS, listFda } from './services/records-list.js';

/**
 * Issue 36 items 10, 11, 12 and 14, on real-shaped openFDA records (data/openfda): a device recall's classification
 * from its enforcement report, drug brand and generic names in the search, list pages without the long texts, and a
 * file whose `results` is empty.
 */
const SAMPLES = path.join(repoRoot, 'data', 'openfda');
const sample = (name: string) => JSON.parse(readFileSync(path.join(SAMPLES, name), 'utf8'));
const devices = sample('device-recall-examples.json');
const deviceReport = sample('device-enforcement-examples.json').result;
const drug = sample('drug-enforcement-examples.json').result;

let t: TestApp;
let operator = '';
const BASE = '/api/notisphere/fda';
const dir = mkdtempSync(path.join(os.tmpdir(), 'fda-data-'));
let n = 0;
/** Imports one openFDA document `{ meta, results }` of these records. */
const load = (results: unknown[], meta: unknown = { results: { total: results.length } }) => {
  const file = path.join(dir, `file-${++n}.json`);
  writeFileSync(file, JSON.stringify({ meta, results }));
  return importFda(t.db, file);
};
const get = (p: string) => t.call('GET', `${BASE}${p}`, { token: operator });
const numbers = async (p: string): Promise<string[]> => {
  const res = await get(p);
  expect(res.status, `${p}: ${res.body.m}`).toBe(200);
  return res.body.d.items.map((r: { recall_number: string }) => r.recall_number);
};

beforeAll(async () => {
  t = await startTestApp();
  operator = (await t.signIn('admin@operator.demo')).access_token;
});
afterAll(() => t.close());

describe('a device recall takes its classification from the enforcement report of the same number (item 10)', () => {
  it('both ways round: a report arriving after its recall, a recall arriving after its report; none says none', async () => {
    // openFDA's device recall records carry no classification (the samples have none).
    expect(devices.anatomy.results[0].classification).toBeUndefined();
    await load([
      devices.anatomy.results[0], // Z-0053-2020
      { ...devices.record, recall_status: 'Open, Classified', event_date_initiated: '2012-10-01' }, // Z-0359-2013
    ]);
    expect((await get('/devices')).body.d.items.map((r: { classification: unknown }) => r.classification)).toEqual([
      null,
      null,
    ]);
    // The report of Z-0053-2020 comes later: the recall it names is classified by it.
    await load([{ ...deviceReport, recall_number: 'Z-0053-2020', classification: 'Class I' }]);
    // The report of Z-0777-2021 is in first; its recall, imported later, is classified at once.
    await load([{ ...deviceReport, recall_number: 'Z-0777-2021', classification: 'Class III' }]);
    await load([
      { ...devices.anatomy.results[0], product_res_number: 'Z-0777-2021', event_date_initiated: '2021-03-01' },
    ]);

    const rows = (await get('/devices')).body.d.items as { recall_number: string; classification: string | null }[];
    expect(Object.fromEntries(rows.map((r) => [r.recall_number, r.classification]))).toEqual({
      'Z-0777-2021': 'Class III',
      'Z-0053-2020': 'Class I',
      'Z-0359-2013': null,
    });
    // The list's filter finds them by it; `none` finds the recall with no report yet.
    expect(await numbers('/devices?classification=Class%20I')).toEqual(['Z-0053-2020']);
    expect(await numbers('/devices?classification=Class%20III')).toEqual(['Z-0777-2021']);
    expect(await numbers('/devices?classification=none')).toEqual(['Z-0359-2013']);
    expect((await get('/devices?classification=Class%20IV')).status).toBe(400);
    // The record view says the same.
    expect((await get('/devices/Z-0053-2020')).body.d).toMatchObject({ classification: 'Class I' });

    // A changed recall record (re-imported) keeps the classification of its report; a changed report moves it.
    await load([{ ...devices.anatomy.results[0], recall_status: 'Completed' }]);
    expect((await get('/devices/Z-0053-2020')).body.d).toMatchObject({
      status: 'Completed',
      classification: 'Class I',
    });
    await load([{ ...deviceReport, recall_number: 'Z-0053-2020', classification: 'Class II' }]);
    expect((await get('/devices/Z-0053-2020')).body.d).toMatchObject({ classification: 'Class II' });
    // The download has it too.
    const csv = await fetch(`${t.baseUrl}${BASE}/devices/csv-download?classification=Class%20II`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    const text = await csv.text();
    expect(text).toMatch(/\nZ-0053-2020,Completed,Class II,/);
    expect(text).not.toContain('Z-0359-2013');
  });

  it('filters by classification off an index', async () => {
    const plan = await planOf(t.db, /classification/, (db) => listFda(db, 'devices', { classification: 'Class I' }));
    expect(plan).toContain('fda_device_recalls_classification_idx');
    const none = await planOf(t.db, /classification/, (db) => listFda(db, 'devices', { classification: 'none' }));
    expect(none).toContain('fda_device_recalls_classification_idx');
  });
});

describe('drug brand and generic names are searchable (item 11)', () => {
  it('finds a drug by a word or a part of its brand or generic name, off the indexes', async () => {
    await load([
      {
        ...drug,
        recall_number: 'D-0421-2022',
        recalling_firm: 'Plain Labs',
        product_description: 'Tablets, 10 mg, 30 count bottle',
        reason_for_recall: 'Failed dissolution',
        code_info: 'Lot 7Q',
        openfda: { brand_name: ['Zorbexa XR'], generic_name: ['QUETRAZOLINE HYDROCHLORIDE'] },
      },
      { ...drug, recall_number: 'D-0422-2022', openfda: {} },
    ]);
    // The grid shows the brand name it is found by.
    const row = (await get('/drugs?search=zorbexa')).body.d.items;
    expect(row.map((r: { recall_number: string }) => r.recall_number)).toEqual(['D-0421-2022']);
    expect(row[0].brand_names).toEqual(['Zorbexa XR']);
    for (const search of ['Zorbexa', 'zorb', 'quetrazoline hydro', 'TRAZOLINE', 'bexa X', 'plain zorbexa'])
      expect(await numbers(`/drugs?search=${encodeURIComponent(search)}`), search).toEqual(['D-0421-2022']);
    expect(await numbers('/drugs?search=nosuchbrand')).toEqual([]);

    // Each way of the search, as the list sends it, can be served by its index (the only way left to the planner).
    const words = await branchPlan(
      t.db,
      /SELECT id FROM fda_enforcement_reports WHERE search_vector @@ [^)]+\)/,
      'zorb',
    );
    expect(words).toContain('fda_enforcement_reports_search_idx');
    const substring = await branchPlan(
      t.db,
      /SELECT id FROM fda_enforcement_reports WHERE [\s\S]+? ILIKE \$\d+/,
      'trazoline',
    );
    expect(substring).toContain('fda_enforcement_reports_search_trgm_idx');
  });
});

describe('list pages send only what the grids show; the record has the rest (item 12)', () => {
  it('keeps a 2 MB reason out of every list page that shows its record', async () => {
    const reason = `Sterility. ${'The seal may leak. '.repeat(110_000)}`; // about 2 MB
    const description = `Kit, long description ${'x'.repeat(5000)}`;
    await load([
      {
        ...deviceReport,
        recall_number: 'Z-0999-2025',
        reason_for_recall: reason,
        product_description: description,
        recall_initiation_date: '20250101',
      },
    ]);
    const page = await fetch(`${t.baseUrl}${BASE}/device-enforcement?pageSize=50`, {
      headers: { authorization: `Bearer ${operator}`, 'accept-encoding': 'identity' },
    });
    const raw = await page.text();
    expect(raw.length).toBeLessThan(20_000);
    const item = (JSON.parse(raw).d.items as Record<string, unknown>[]).find((r) => r.recall_number === 'Z-0999-2025')!;
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('reason_for_recall');
    expect(item).not.toHaveProperty('k_numbers');
    // What the grid shows of a long text: its beginning, marked as cut.
    expect(item.product_description).toBe(`${description.slice(0, LIST_TEXT_CHARS)}…`);
    const record = (await get('/device-enforcement/Z-0999-2025')).body.d;
    expect(record.reason_for_recall).toBe(reason);
    expect(record.product_description).toBe(description);
    // A search that finds it inside its long reason still answers a small page.
    const searched = await get('/device-enforcement?search=seal%20may%20leak');
    expect(searched.body.d.items.map((r: { recall_number: string }) => r.recall_number)).toEqual(['Z-0999-2025']);
    expect(JSON.stringify(searched.body).length).toBeLessThan(5_000);
  });
});

describe('a file whose results array is empty (item 14)', () => {
  it('says the file holds no records, without refusing anything', async () => {
    const meta = { disclaimer: 'openFDA', results: { skip: 0, limit: 0, total: 0 } };
    const empty = await load([], meta);
    expect(empty).toMatchObject({ created: 0, updated: 0, unchanged: 0, refused: 0, refusals: [] });
    expect(empty.empty).toEqual([`file-${n}.json`]);
    // A bare empty array and a JSON lines file without a line hold none either.
    const bare = path.join(dir, 'bare.json');
    writeFileSync(bare, '[]');
    expect(await importFda(t.db, bare)).toMatchObject({ refused: 0, empty: ['bare.json'] });
    const lines = path.join(dir, 'none.jsonl');
    writeFileSync(lines, '\n\n');
    expect(await importFda(t.db, lines)).toMatchObject({ refused: 0, empty: ['none.jsonl'] });
    // A document with no results array at all is still refused as such.
    const noResults = path.join(dir, 'no-results.json');
    writeFileSync(noResults, JSON.stringify({ meta }));
    expect(await importFda(t.db, noResults)).toMatchObject({
      refused: 1,
      empty: [],
      refusals: [{ position: 'no-results.json', reason: 'no "results" array of records' }],
    });
  });
});

/** The plan PostgreSQL chooses for the list's page query when a sequential scan is its last resort (tiny tables). */
async function planOf(db: Knex, marker: RegExp, run: (trx: Knex.Transaction) => Promise<unknown>): Promise<string> {
  const plans: string[] = [];
  await db
    .transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const queries: { sql: string; bindings: readonly unknown[] }[] = [];
      const listen = (q: { sql: string; bindings?: readonly unknown[] }) =>
        queries.push({ sql: q.sql, bindings: q.bindings ?? [] });
      db.on('query', listen);
      try {
        await run(trx);
      } finally {
        db.removeListener('query', listen);
      }
      // The first query of the list that applies the filter or search (the count or the page's ids).
      const page = queries.find((q) => marker.test(q.sql));
      expect(page, queries.map((q) => q.sql).join('\n')).toBeDefined();
      // pg's positional $n become knex's ?, with the bindings in the order they appear.
      const order: number[] = [];
      const sql = page!.sql.replace(/\$(\d+)/g, (_, i: string) => {
        order.push(Number(i) - 1);
        return '?';
      });
      const bindings = order.map((i) => page!.bindings[i]) as Knex.RawBinding[];
      const { rows } = (await trx.raw(`EXPLAIN ${sql}`, bindings)) as {
        rows: { 'QUERY PLAN': string }[];
      };
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
  return plans.join('\n');
}

/**
 * The plan of one branch of the list's search (cut out of the SQL the list sent) when only an index can serve it:
 * sequential and plain index scans are off, so a bitmap scan of a matching index is the one way left.
 */
async function branchPlan(db: Knex, branch: RegExp, search: string): Promise<string> {
  const queries: { sql: string; bindings: readonly unknown[] }[] = [];
  const listen = (q: { sql: string; bindings?: readonly unknown[] }) =>
    queries.push({ sql: q.sql, bindings: q.bindings ?? [] });
  db.on('query', listen);
  try {
    await listFda(db, 'drugs', { search });
  } finally {
    db.removeListener('query', listen);
  }
  const query = queries.find((q) => branch.test(q.sql));
  expect(query, queries.map((q) => q.sql).join('\n')).toBeDefined();
  const text = branch.exec(query!.sql)![0];
  const bindings: Knex.RawBinding[] = [];
  const sql = text.replace(/\$(\d+)/g, (_, i: string) => {
    bindings.push(query!.bindings[Number(i) - 1] as Knex.RawBinding);
    return '?';
  });
  return db.transaction(async (trx) => {
    await trx.raw('SET LOCAL enable_seqscan = off');
    await trx.raw('SET LOCAL enable_indexscan = off');
    const { rows } = (await trx.raw(`EXPLAIN ${sql}`, bindings)) as { rows: { 'QUERY PLAN': string }[] };
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}
