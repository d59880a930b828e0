import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { type ListSpec, parseListQuery } from './list-query.js';
import { runList } from './list-run.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.raw(
    `CREATE TABLE list_probe (id bigint PRIMARY KEY, name text NOT NULL, updated_at timestamptz NOT NULL)`,
  );
  await t.db.raw(
    `INSERT INTO list_probe SELECT g, 'Row ' || lpad(g::text, 2, '0'), now() - g * interval '1 minute'
       FROM generate_series(1, 12) g`,
  );
});
afterAll(() => t.drop());

const spec: ListSpec = {
  fields: { id: 'r.id', name: 'r.name', updated_at: 'r.updated_at' },
  searchColumns: ['r.name'],
  defaultSort: [{ column: 'r.updated_at', direction: 'desc' }],
  indexedSorts: ['updated_at:desc', 'name:asc'],
};

describe('runList with a per-page-row wrapper', () => {
  // SQL keeps no order across a subquery: a wrapper's join may return the page's rows in any order (CI met a LATERAL
  // read turned into a hash join, the page reversed). This wrapper returns them in reverse id order on purpose.
  const scrambling = (page: Knex.QueryBuilder) =>
    t.db
      .select('p.*', t.db.raw('length(p.name) AS extra'))
      .from(t.db.select('q.*').from(page.as('q')).orderBy('q.id', 'desc').as('p'));

  it.each([
    ['the default order', {}, ['Row 01', 'Row 02', 'Row 03', 'Row 04']],
    ['page 2', { pageNumber: 2 }, ['Row 05', 'Row 06', 'Row 07', 'Row 08']],
    [
      'a chosen order',
      { sortField: 'name', sortDirection: 'asc', pageNumber: 3 },
      ['Row 09', 'Row 10', 'Row 11', 'Row 12'],
    ],
    ['a search', { search: 'Row 1' }, ['Row 10', 'Row 11', 'Row 12']],
  ])('answers %s in the page order, whatever order the wrapper returns', async (_, raw, names) => {
    const page = await runList<{ name: string; extra: number }>(
      t.db('list_probe as r'),
      parseListQuery({ pageSize: 4, ...raw }, spec),
      spec,
      'r.id',
      (qb) => qb.select('r.id', 'r.name', 'r.updated_at'),
      'r.updated_at',
      { perPageRow: scrambling },
    );
    expect(page.items.map((r) => r.name)).toEqual(names);
    expect(page.items[0]!.extra).toBe(6);
  });
});
