import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASELINE_FILE, checkTableOwnership, scanSource } from './table-ownership.js';

let root: string;

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

const owns = (mod: string, tables: string[]) =>
  write(`modules/${mod}/src/models/tables.ts`, `export const ownedTables = ${JSON.stringify(tables)};\n`);

// A small repository: `people` owns `people`, `orders` owns `orders` and reads only its own table.
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'table-ownership-'));
  write(
    'migrations/20260101000000_init.ts',
    `export async function up(knex) {
      await knex.schema.createTable('people', () => {});
      await knex.raw('CREATE TABLE orders (id bigint)');
      await knex.raw('CREATE UNLOGGED TABLE rate_limit_windows (k text)');
    }`,
  );
  owns('people', ['people']);
  owns('orders', ['orders']);
  write('modules/orders/src/services/orders.ts', "export const list = (db) => db('orders').select('id');\n");
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('table ownership check', () => {
  it('passes a module that reads only its own tables', async () => {
    const result = await checkTableOwnership(root);
    expect(result.ok).toBe(true);
    expect(result.lines).toContain('Cross-module table reads left: 0');
  });

  it("flags a planted read of another module's table, in a knex join and in raw SQL", async () => {
    write(
      'modules/orders/src/services/report.ts',
      `export const report = (db) =>
        db('orders as o').leftJoin('people as p', 'p.id', 'o.person_id').select('p.name');
      export const raw = (trx) => trx.raw('SELECT count(*) FROM orders o JOIN people p ON p.id = o.person_id');`,
    );
    const result = await checkTableOwnership(root);
    expect(result.ok).toBe(false);
    expect(result.counts).toEqual({ 'modules/orders/src/services/report.ts': { people: 2 } });
    expect(result.lines).toContain('  modules/orders/src/services/report.ts: people named 2 times (baseline 0)');
    expect(result.lines).toContain('  orders → people: 2');
  });

  it("flags a query through another module's objection model", async () => {
    write(
      'modules/people/src/models/Person.ts',
      "export class Person extends BaseModel {\n  static override tableName = 'people';\n}\n",
    );
    write('modules/orders/src/services/buyer.ts', 'export const buyer = (db, id) => Person.query(db).findById(id);\n');
    const result = await checkTableOwnership(root);
    expect(result.ok).toBe(false);
    expect(result.counts).toEqual({ 'modules/orders/src/services/buyer.ts': { people: 1 } });
  });

  it('ignores tests, comments and names that are not table access', async () => {
    write('modules/orders/src/orders.test.ts', "await db('people').del();\n");
    write(
      'modules/orders/src/services/notes.ts',
      `// db('people') would be wrong here
      export const schema = { required: ['id', 'people'] };
      export const mod = { name: 'people' };`,
    );
    expect((await checkTableOwnership(root)).ok).toBe(true);
  });

  it('holds the line at the baseline, and makes it shrink', async () => {
    write('modules/orders/src/services/report.ts', "export const q = (db) => db('people').first();\n");
    write(BASELINE_FILE, JSON.stringify({ 'modules/orders/src/services/report.ts': { people: 1 } }));
    expect((await checkTableOwnership(root)).ok).toBe(true);

    // One more read than the baseline allows fails.
    write(
      'modules/orders/src/services/report.ts',
      "export const q = (db) => db('people').first();\nexport const r = (trx) => trx('people').del();\n",
    );
    expect((await checkTableOwnership(root)).ok).toBe(false);
    expect((await checkTableOwnership(root, { update: true })).ok).toBe(false);
    expect(JSON.parse(readFileSync(join(root, BASELINE_FILE), 'utf8'))).toEqual({
      'modules/orders/src/services/report.ts': { people: 1 },
    });

    // Removing the read leaves the baseline too high: the check asks for it to be lowered, and --update lowers it.
    write('modules/orders/src/services/report.ts', 'export const q = () => null;\n');
    const stale = await checkTableOwnership(root);
    expect(stale.ok).toBe(false);
    expect(stale.lines.join('\n')).toContain('lower it with `pnpm lint:tables --update`');
    expect((await checkTableOwnership(root, { update: true })).ok).toBe(true);
    expect(JSON.parse(readFileSync(join(root, BASELINE_FILE), 'utf8'))).toEqual({});
  });

  it('fails on a table without an owner and on a table claimed twice', async () => {
    write('migrations/20260102000000_more.ts', "await knex.schema.createTable('invoices', () => {});");
    owns('people', ['people', 'orders']);
    const result = await checkTableOwnership(root);
    expect(result.ok).toBe(false);
    expect(result.lines).toContain('table invoices has no owner: add it to modules/<owner>/src/models/tables.ts');
    expect(
      result.lines.some((l) => /table orders is declared by both (people and orders|orders and people)/.test(l)),
    ).toBe(true);
  });
});

describe('scanSource', () => {
  it('counts helpers that take a table name, alias objects and table settings', () => {
    const text = `insertInBatches(trx, 'people', rows); db({ p: 'people' }); const spec = { table: 'people' };
      await trx.raw('UPDATE people SET x = 1'); await db.raw(\`INSERT INTO people (id) VALUES (1)\`);`;
    expect(scanSource(text, ['people'])).toEqual(new Map([['people', 5]]));
  });
});
