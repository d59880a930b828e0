import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { insertUnnest } from './bulk-insert.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.raw('CREATE TABLE bulk_probe (id bigint PRIMARY KEY, name text, at timestamptz NOT NULL DEFAULT now(), n int)');
});
afterAll(() => t.drop());

describe('insertUnnest', () => {
  it('inserts every row in one statement, text of any shape intact, NULLs and defaults included', async () => {
    const awkward = ['plain', 'a,b', 'quote " and \'', 'back\\slash', '{braces}', 'NULL', '', 'ünïcødé ✓', 'line\nbreak'];
    const at = new Date('2026-03-08T07:00:00.123Z');
    const rows = awkward.map((name, i) => ({ id: i + 1, name, at: i === 0 ? null : at, n: i % 2 ? i : null }));
    let statements = 0;
    const count = () => { statements += 1; };
    t.db.on('query', count);
    const returned = await insertUnnest<{ id: number }>(t.db, 'bulk_probe', { id: 'bigint', name: 'text', at: 'timestamptz', n: 'integer' }, rows,
      { returning: ['id'], defaults: { at: 'now()' } });
    t.db.off('query', count);
    expect(statements).toBe(1);
    expect(returned.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    const back = (await t.db('bulk_probe').orderBy('id').select('id', 'name', 'at', 'n')) as { id: number; name: string; at: Date; n: number | null }[];
    expect(back.map((r) => r.name)).toEqual(awkward);
    expect(back.map((r) => r.n)).toEqual(rows.map((r) => r.n));
    expect(back[0]!.at).toBeInstanceOf(Date);
    expect(back[1]!.at.toISOString()).toBe(at.toISOString());
    expect(await insertUnnest(t.db, 'bulk_probe', { id: 'bigint' }, [])).toEqual([]);
  });

  it('skips rows that conflict when asked, answering only the inserted ones', async () => {
    const returned = await insertUnnest<{ id: number }>(t.db, 'bulk_probe', { id: 'bigint', name: 'text' }, [{ id: 1, name: 'again' }, { id: 100, name: 'new' }],
      { returning: ['id'], onConflictDoNothing: ['id'] });
    expect(returned).toEqual([{ id: 100 }]);
    expect((await t.db('bulk_probe').where({ id: 1 }).first('name')).name).toBe('plain');
  });
});
